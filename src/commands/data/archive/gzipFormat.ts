import { deflateRawSync, inflateRawSync } from "node:zlib"
import { concatBytes } from "../../support/io.js"

/**
 * The gzip container (RFC 1952) written as GNU gzip writes it (name and mtime unless `-n`,
 * XFL by level, OS = Unix), and read through node:zlib with a cap on the decompressed size so
 * that a gzip bomb fails before it is materialised.
 */

const crcTable = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

export const crc32 = (data: Uint8Array): number => {
  let crc = 0xffffffff
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

export interface GzipOptions {
  readonly level: number
  /** Stored original name (omitted with `-n` or for stdin). */
  readonly name?: string
  /** Modification time in seconds (0 with `-n`). */
  readonly mtime: number
}

export const gzipCompress = (data: Uint8Array, options: GzipOptions): Uint8Array => {
  const body = deflateRawSync(data, { level: options.level })
  const name = options.name === undefined ? undefined : Uint8Array.from(Buffer.from(options.name, "utf8"))
  const headerLength = 10 + (name === undefined ? 0 : name.length + 1)
  const out = new Uint8Array(headerLength + body.length + 8)
  const view = new DataView(out.buffer)
  out.set([0x1f, 0x8b, 8, name === undefined ? 0 : 8])
  view.setUint32(4, options.mtime >>> 0, true)
  out[8] = options.level >= 9 ? 2 : options.level === 1 ? 4 : 0
  out[9] = 3
  if (name !== undefined) out.set(name, 10)
  out.set(body, headerLength)
  view.setUint32(headerLength + body.length, crc32(data), true)
  view.setUint32(headerLength + body.length + 4, data.length >>> 0, true)
  return out
}

export const isGzip = (data: Uint8Array): boolean => data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b

/** Header facts for `-l` and `-N`: the header's length and the stored name, if any. */
export const gzipHeaderInfo = (data: Uint8Array): { readonly headerLength: number; readonly name?: string; readonly mtime: number } => {
  const flags = data[3] ?? 0
  const mtime = (data[4] ?? 0) | ((data[5] ?? 0) << 8) | ((data[6] ?? 0) << 16) | (((data[7] ?? 0) << 24) >>> 0)
  let offset = 10
  if (flags & 4) offset += 2 + ((data[offset] ?? 0) | ((data[offset + 1] ?? 0) << 8))
  let name: string | undefined
  if (flags & 8) {
    const end = data.indexOf(0, offset)
    name = Buffer.from(data.subarray(offset, end === -1 ? data.length : end)).toString("latin1")
    offset = end === -1 ? data.length : end + 1
  }
  if (flags & 16) {
    const end = data.indexOf(0, offset)
    offset = end === -1 ? data.length : end + 1
  }
  if (flags & 2) offset += 2
  return { headerLength: offset, mtime: mtime >>> 0, ...(name === undefined ? {} : { name }) }
}

export type GunzipResult =
  | { readonly _tag: "Ok"; readonly data: Uint8Array; readonly trailingGarbage: boolean }
  | { readonly _tag: "NotGzip" }
  | { readonly _tag: "TooLarge" }
  | { readonly _tag: "Corrupt"; readonly message: string }

/** Decompress every member (as GNU gzip does); stop once the output would pass `maxBytes`. */
export const gzipDecompress = (data: Uint8Array, maxBytes: number): GunzipResult => {
  if (!isGzip(data)) return { _tag: "NotGzip" }
  const parts: Array<Uint8Array> = []
  let total = 0
  let offset = 0
  while (offset < data.length) {
    const member = data.subarray(offset)
    if (!isGzip(member)) return { _tag: "Ok", data: concatBytes(parts), trailingGarbage: true }
    if (member[2] !== 8) return { _tag: "Corrupt", message: "unknown method 0 -- not supported" }
    const { headerLength } = gzipHeaderInfo(member)
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } }
    try {
      inflated = inflateRawSync(member.subarray(headerLength), {
        info: true,
        maxOutputLength: Math.max(1, maxBytes - total)
      }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } }
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) return { _tag: "TooLarge" }
      const message = String((error as Error).message)
      return { _tag: "Corrupt", message: /unexpected end/.test(message) ? "unexpected end of file" : "invalid compressed data--format violated" }
    }
    const trailer = headerLength + inflated.engine.bytesWritten
    if (member.length < trailer + 8) return { _tag: "Corrupt", message: "unexpected end of file" }
    const view = new DataView(member.buffer, member.byteOffset + trailer, 8)
    const out = new Uint8Array(inflated.buffer.buffer, inflated.buffer.byteOffset, inflated.buffer.byteLength)
    if (view.getUint32(0, true) !== crc32(out)) return { _tag: "Corrupt", message: "invalid compressed data--crc error" }
    if (view.getUint32(4, true) !== out.length >>> 0) return { _tag: "Corrupt", message: "invalid compressed data--length error" }
    parts.push(out)
    total += out.length
    offset += trailer + 8
  }
  return { _tag: "Ok", data: concatBytes(parts), trailingGarbage: false }
}
