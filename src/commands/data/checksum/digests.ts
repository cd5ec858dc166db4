import { Effect } from "effect"
import { createHash, getHashes } from "node:crypto"
import type { Budget } from "../../../limits/Budget.js"
import type { LimitExceeded } from "../../../limits/ExecutionLimits.js"

/** A digest algorithm of the `*sum` family: node:crypto name, `--tag` label, hex length. */
export interface DigestAlgorithm {
  readonly command: string
  readonly tag: string
  readonly nodeName: string
  readonly hexLength: number
}

export const digestAlgorithms: ReadonlyArray<DigestAlgorithm> = [
  { command: "md5sum", tag: "MD5", nodeName: "md5", hexLength: 32 },
  { command: "sha1sum", tag: "SHA1", nodeName: "sha1", hexLength: 40 },
  { command: "sha224sum", tag: "SHA224", nodeName: "sha224", hexLength: 56 },
  { command: "sha256sum", tag: "SHA256", nodeName: "sha256", hexLength: 64 },
  { command: "sha384sum", tag: "SHA384", nodeName: "sha384", hexLength: 96 },
  { command: "sha512sum", tag: "SHA512", nodeName: "sha512", hexLength: 128 },
  { command: "b2sum", tag: "BLAKE2b", nodeName: "blake2b512", hexLength: 128 }
].filter((algorithm) => getHashes().includes(algorithm.nodeName))

export const hexDigest = (algorithm: DigestAlgorithm, data: Uint8Array): string =>
  createHash(algorithm.nodeName).update(data).digest("hex")

const crcTable = (() => {
  const table = new Uint32Array(256)
  for (let i = 0; i < 256; i++) {
    let crc = i << 24
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1
    table[i] = crc >>> 0
  }
  return table
})()

/** Bytes hashed between two checkpoints (~1-5 ms of work). */
const PIECE = 1024 * 1024

/** `hexDigest` in pieces, with a checkpoint after each: hashing a big file stays fair. */
export const hexDigestInPieces = (budget: Budget, algorithm: DigestAlgorithm, data: Uint8Array): Effect.Effect<string, LimitExceeded> =>
  Effect.gen(function* () {
    const hash = createHash(algorithm.nodeName)
    for (let offset = 0; offset < data.length; offset += PIECE) {
      hash.update(data.subarray(offset, offset + PIECE))
      budget.step(PIECE >> 6)
      yield* budget.checkpoint
    }
    return hash.digest("hex")
  })

/** `posixCrc` in pieces, with a checkpoint after each. */
export const posixCrcInPieces = (budget: Budget, data: Uint8Array): Effect.Effect<number, LimitExceeded> =>
  Effect.gen(function* () {
    let crc = 0
    for (let offset = 0; offset < data.length; offset += PIECE) {
      crc = crcUpdate(crc, data.subarray(offset, offset + PIECE))
      budget.step(PIECE >> 4)
      yield* budget.checkpoint
    }
    return crcFinish(crc, data.length)
  })

const crcUpdate = (crc: number, data: Uint8Array): number => {
  for (let i = 0; i < data.length; i++) crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ data[i]!) & 0xff]!) >>> 0
  return crc
}

const crcFinish = (crc: number, length: number): number => {
  for (; length > 0; length = Math.floor(length / 256)) crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ (length & 0xff)) & 0xff]!) >>> 0
  return ~crc >>> 0
}

/** The POSIX `cksum` CRC: CRC-32/CKSUM over the data followed by its length bytes. */
export const posixCrc = (data: Uint8Array): number => {
  let crc = 0
  const step = (byte: number) => {
    crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ byte) & 0xff]!) >>> 0
  }
  for (const byte of data) step(byte)
  for (let length = data.length; length > 0; length = Math.floor(length / 256)) step(length & 0xff)
  return ~crc >>> 0
}
