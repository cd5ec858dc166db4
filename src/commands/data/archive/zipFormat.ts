import { Effect } from "effect"
import { crc32 as nativeCrc32, deflateRawSync } from "node:zlib"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { crc32 } from "./gzipFormat.js"
import { inflateRawInPieces } from "./inflatePieces.js"

/** The zip format (PKWARE APPNOTE), without zip64 or encryption: write, and read with caps. */

export interface ZipEntry {
  readonly name: string
  readonly data: Uint8Array
  readonly mode: number
  readonly mtimeMs: number
  readonly isDirectory: boolean
}

export interface ZipMember {
  readonly name: string
  readonly method: number
  readonly crc: number
  readonly compressedSize: number
  readonly size: number
  readonly mtimeMs: number
  readonly mode: number
  readonly isDirectory: boolean
  readonly dataOffset: number
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const dosDateTime = (ms: number): { readonly time: number; readonly date: number } => {
  const d = new Date(ms)
  const year = Math.max(1980, d.getUTCFullYear())
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate()
  }
}

const fromDos = (time: number, date: number): number =>
  Date.UTC(((date >> 9) & 0x7f) + 1980, ((date >> 5) & 0xf) - 1, date & 0x1f, (time >> 11) & 0x1f, (time >> 5) & 0x3f, (time & 0x1f) * 2)

export interface WrittenEntry {
  readonly name: string
  readonly method: number
  readonly size: number
  readonly compressedSize: number
}

export const writeZip = (entries: ReadonlyArray<ZipEntry>, level: number): { readonly archive: Uint8Array; readonly written: ReadonlyArray<WrittenEntry> } => {
  const locals: Array<Uint8Array> = []
  const centrals: Array<Uint8Array> = []
  const written: Array<WrittenEntry> = []
  let offset = 0
  for (const entry of entries) {
    const name = encoder.encode(entry.isDirectory && !entry.name.endsWith("/") ? `${entry.name}/` : entry.name)
    const deflated = entry.isDirectory || level === 0 ? undefined : deflateRawSync(entry.data, { level })
    const useDeflate = deflated !== undefined && deflated.length < entry.data.length
    const body = useDeflate ? deflated : entry.data
    const method = useDeflate ? 8 : 0
    const crc = crc32(entry.data)
    const { time, date } = dosDateTime(entry.mtimeMs)
    const utf8 = /[^\x00-\x7f]/.test(entry.name) ? 0x800 : 0
    const local = new Uint8Array(30 + name.length)
    const lv = new DataView(local.buffer)
    lv.setUint32(0, 0x04034b50, true)
    lv.setUint16(4, useDeflate ? 20 : 10, true)
    lv.setUint16(6, utf8, true)
    lv.setUint16(8, method, true)
    lv.setUint16(10, time, true)
    lv.setUint16(12, date, true)
    lv.setUint32(14, crc, true)
    lv.setUint32(18, body.length, true)
    lv.setUint32(22, entry.data.length, true)
    lv.setUint16(26, name.length, true)
    local.set(name, 30)
    const central = new Uint8Array(46 + name.length)
    const cv = new DataView(central.buffer)
    cv.setUint32(0, 0x02014b50, true)
    cv.setUint16(4, (3 << 8) | 30, true)
    cv.setUint16(6, useDeflate ? 20 : 10, true)
    cv.setUint16(8, utf8, true)
    cv.setUint16(10, method, true)
    cv.setUint16(12, time, true)
    cv.setUint16(14, date, true)
    cv.setUint32(16, crc, true)
    cv.setUint32(20, body.length, true)
    cv.setUint32(24, entry.data.length, true)
    cv.setUint16(28, name.length, true)
    cv.setUint32(38, (((entry.isDirectory ? 0o040000 : 0o100000) | (entry.mode & 0o7777)) << 16 | (entry.isDirectory ? 0x10 : 0)) >>> 0, true)
    cv.setUint32(42, offset, true)
    central.set(name, 46)
    locals.push(local, body)
    centrals.push(central)
    offset += local.length + body.length
    written.push({ name: decoder.decode(name), method, size: entry.data.length, compressedSize: body.length })
  }
  const centralSize = centrals.reduce((sum, c) => sum + c.length, 0)
  const end = new Uint8Array(22)
  const ev = new DataView(end.buffer)
  ev.setUint32(0, 0x06054b50, true)
  ev.setUint16(8, entries.length, true)
  ev.setUint16(10, entries.length, true)
  ev.setUint32(12, centralSize, true)
  ev.setUint32(16, offset, true)
  const parts = [...locals, ...centrals, end]
  const archive = new Uint8Array(offset + centralSize + 22)
  let at = 0
  for (const part of parts) {
    archive.set(part, at)
    at += part.length
  }
  return { archive, written }
}

export type ZipReadResult = { readonly _tag: "Ok"; readonly members: ReadonlyArray<ZipMember> } | { readonly _tag: "Error"; readonly message: string }

export const readZipDirectory = (archive: Uint8Array): ZipReadResult => {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength)
  let end = -1
  for (let i = archive.length - 22; i >= Math.max(0, archive.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end === -1) return { _tag: "Error", message: "End-of-central-directory signature not found." }
  const count = view.getUint16(end + 10, true)
  let offset = view.getUint32(end + 16, true)
  if (count === 0xffff || offset === 0xffffffff) return { _tag: "Error", message: "zip64 archives are not supported." }
  const members: Array<ZipMember> = []
  for (let i = 0; i < count; i++) {
    if (offset + 46 > archive.length || view.getUint32(offset, true) !== 0x02014b50) {
      return { _tag: "Error", message: "bad zipfile offset (central directory)." }
    }
    const nameLength = view.getUint16(offset + 28, true)
    const extraLength = view.getUint16(offset + 30, true)
    const commentLength = view.getUint16(offset + 32, true)
    const name = decoder.decode(archive.subarray(offset + 46, offset + 46 + nameLength))
    const external = view.getUint32(offset + 38, true)
    const madeBy = view.getUint16(offset + 4, true) >> 8
    const localOffset = view.getUint32(offset + 42, true)
    if (localOffset + 30 > archive.length) return { _tag: "Error", message: "bad zipfile offset (local header)." }
    const dataOffset = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true)
    const unixMode = madeBy === 3 ? (external >>> 16) & 0o7777 : 0
    members.push({
      name,
      method: view.getUint16(offset + 10, true),
      crc: view.getUint32(offset + 16, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      mtimeMs: fromDos(view.getUint16(offset + 12, true), view.getUint16(offset + 14, true)),
      mode: unixMode === 0 ? (name.endsWith("/") ? 0o755 : 0o644) : unixMode,
      isDirectory: name.endsWith("/"),
      dataOffset
    })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return { _tag: "Ok", members }
}

/**
 * A member's bytes, passed to `take` piece by piece as they are inflated (at most its declared
 * size: a lying header cannot blow up); undefined when whole and intact, else the problem.
 */
export const readZipMemberInPieces = (
  ctx: CommandContext,
  archive: Uint8Array,
  member: ZipMember,
  take: (piece: Uint8Array) => Effect.Effect<void, CommandFailure>
): Effect.Effect<string | undefined, CommandFailure> =>
  Effect.gen(function* () {
    const body = archive.subarray(member.dataOffset, member.dataOffset + member.compressedSize)
    if (member.method === 0) {
      if (body.length !== member.size || nativeCrc32(body) !== member.crc) return "bad CRC"
      yield* take(body)
      return undefined
    }
    if (member.method !== 8) return `unsupported compression method ${member.method}`
    const inflated = yield* inflateRawInPieces(ctx, body, member.size, take)
    if (inflated._tag === "Corrupt") return "invalid compressed data to inflate"
    if (inflated._tag === "TooLarge" || inflated.size !== member.size || inflated.crc !== member.crc) return "bad CRC"
    return undefined
  })

export const dosStamp = (ms: number): string => {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}
