/**
 * The tar format: ustar headers as GNU tar writes them (GNU `L`/`K` records for names that do
 * not fit, archive padded to 10240-byte records), and a reader for ustar, GNU and pax archives.
 */
import { unmetered, type WorkMeter } from "../../../limits/Budget.js"

export type TarEntryType = "file" | "directory" | "symlink" | "hardlink"

export interface TarEntry {
  readonly name: string
  readonly type: TarEntryType
  readonly mode: number
  readonly uid: number
  readonly gid: number
  readonly uname: string
  readonly gname: string
  readonly size: number
  readonly mtime: number
  readonly linkname: string
  readonly data: Uint8Array
}

const BLOCK = 512
const RECORD = 10240
const encoder = new TextEncoder()
const decoder = new TextDecoder()

const writeString = (block: Uint8Array, offset: number, length: number, text: string): void => {
  block.set(encoder.encode(text).subarray(0, length), offset)
}

const writeOctal = (block: Uint8Array, offset: number, length: number, value: number): void => {
  const digits = Math.max(0, Math.floor(value)).toString(8)
  if (digits.length <= length - 1) {
    writeString(block, offset, length, `${digits.padStart(length - 1, "0")}\0`)
    return
  }
  // GNU base-256 for values that do not fit in octal.
  block[offset] = 0x80
  let rest = BigInt(Math.floor(value))
  for (let i = length - 1; i > 0; i--) {
    block[offset + i] = Number(rest & 0xffn)
    rest >>= 8n
  }
}

const typeFlag: Record<TarEntryType, string> = { file: "0", directory: "5", symlink: "2", hardlink: "1" }

const header = (entry: TarEntry, name: string, linkname: string, type: string, size: number): Uint8Array => {
  const block = new Uint8Array(BLOCK)
  writeString(block, 0, 100, name)
  writeOctal(block, 100, 8, entry.mode & 0o7777)
  writeOctal(block, 108, 8, entry.uid)
  writeOctal(block, 116, 8, entry.gid)
  writeOctal(block, 124, 12, size)
  writeOctal(block, 136, 12, entry.mtime)
  block.fill(0x20, 148, 156)
  block[156] = type.charCodeAt(0)
  writeString(block, 157, 100, linkname)
  writeString(block, 257, 8, "ustar  \0")
  writeString(block, 265, 32, entry.uname)
  writeString(block, 297, 32, entry.gname)
  let sum = 0
  for (const byte of block) sum += byte
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `)
  return block
}

const padded = (data: Uint8Array): Array<Uint8Array> => {
  const rest = data.length % BLOCK
  return rest === 0 ? [data] : [data, new Uint8Array(BLOCK - rest)]
}

/** A GNU long-name record (`././@LongLink`) for a name longer than 100 bytes. */
const longRecord = (entry: TarEntry, kind: "L" | "K", value: string): Array<Uint8Array> => {
  const bytes = encoder.encode(`${value}\0`)
  return [header({ ...entry, mode: 0o644, uid: 0, gid: 0, uname: "root", gname: "root", mtime: 0 }, "././@LongLink", "", kind, bytes.length), ...padded(bytes)]
}

export const writeTar = (entries: ReadonlyArray<TarEntry>): Uint8Array => {
  const parts: Array<Uint8Array> = []
  for (const entry of entries) {
    const name = entry.type === "directory" && !entry.name.endsWith("/") ? `${entry.name}/` : entry.name
    if (encoder.encode(entry.linkname).length > 100) parts.push(...longRecord(entry, "K", entry.linkname))
    if (encoder.encode(name).length > 100) parts.push(...longRecord(entry, "L", name))
    const size = entry.type === "file" ? entry.data.length : 0
    parts.push(header(entry, name, entry.linkname, typeFlag[entry.type], size))
    if (size > 0) parts.push(...padded(entry.data))
  }
  parts.push(new Uint8Array(BLOCK * 2))
  let length = 0
  for (const part of parts) length += part.length
  const total = Math.ceil(length / RECORD) * RECORD
  const out = new Uint8Array(total)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

const readString = (block: Uint8Array, offset: number, length: number): string => {
  const field = block.subarray(offset, offset + length)
  const end = field.indexOf(0)
  return decoder.decode(end === -1 ? field : field.subarray(0, end))
}

const readNumber = (block: Uint8Array, offset: number, length: number): number => {
  if ((block[offset] ?? 0) & 0x80) {
    let value = BigInt(block[offset]! & 0x7f)
    for (let i = 1; i < length; i++) value = (value << 8n) | BigInt(block[offset + i]!)
    return Number(value)
  }
  const text = readString(block, offset, length).trim()
  return text === "" ? 0 : parseInt(text, 8)
}

const parsePax = (data: Uint8Array): Map<string, string> => {
  const records = new Map<string, string>()
  let offset = 0
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset)
    if (space === -1) break
    const length = Number(decoder.decode(data.subarray(offset, space)))
    if (!Number.isFinite(length) || length <= 0) break
    const record = decoder.decode(data.subarray(space + 1, offset + length - 1))
    const eq = record.indexOf("=")
    if (eq !== -1) records.set(record.slice(0, eq), record.slice(eq + 1))
    offset += length
  }
  return records
}

export type TarReadResult =
  | { readonly _tag: "Ok"; readonly entries: ReadonlyArray<TarEntry> }
  | { readonly _tag: "Error"; readonly message: string; readonly entries: ReadonlyArray<TarEntry> }

export const readTar = (archive: Uint8Array, meter: WorkMeter = unmetered): TarReadResult => {
  const entries: Array<TarEntry> = []
  let offset = 0
  let longName: string | undefined
  let longLink: string | undefined
  let pax = new Map<string, string>()
  while (offset + BLOCK <= archive.length) {
    meter.step(BLOCK >> 4)
    const block = archive.subarray(offset, offset + BLOCK)
    if (block.every((byte) => byte === 0)) return { _tag: "Ok", entries }
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!
    if (sum !== readNumber(block, 148, 8)) {
      return { _tag: "Error", message: entries.length === 0 ? "This does not look like a tar archive" : "Skipping to next header", entries }
    }
    const type = String.fromCharCode(block[156] ?? 0x30)
    let size = readNumber(block, 124, 12)
    if (pax.has("size")) size = Number(pax.get("size"))
    const dataStart = offset + BLOCK
    if (dataStart + size > archive.length) return { _tag: "Error", message: "Unexpected EOF in archive", entries }
    const data = archive.subarray(dataStart, dataStart + size)
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK
    if (type === "L") {
      longName = readString(data, 0, data.length)
      continue
    }
    if (type === "K") {
      longLink = readString(data, 0, data.length)
      continue
    }
    if (type === "x") {
      pax = parsePax(data)
      continue
    }
    if (type === "g") continue
    const prefix = readString(block, 345, 155)
    const magic = readString(block, 257, 6)
    const baseName = readString(block, 0, 100)
    const name = longName ?? pax.get("path") ?? (magic === "ustar" && prefix !== "" ? `${prefix}/${baseName}` : baseName)
    const entryType: TarEntryType | undefined =
      type === "5" ? "directory" : type === "2" ? "symlink" : type === "1" ? "hardlink" : type === "0" || type === "\0" || type === "7" ? "file" : undefined
    longName = undefined
    const linkname = longLink ?? pax.get("linkpath") ?? readString(block, 157, 100)
    longLink = undefined
    const mtime = pax.has("mtime") ? Number(pax.get("mtime")) : readNumber(block, 136, 12)
    pax = new Map()
    if (entryType === undefined) continue
    entries.push({
      name,
      type: entryType,
      mode: readNumber(block, 100, 8),
      uid: readNumber(block, 108, 8),
      gid: readNumber(block, 116, 8),
      uname: readString(block, 265, 32),
      gname: readString(block, 297, 32),
      size: entryType === "file" ? size : 0,
      mtime,
      linkname,
      data: entryType === "file" ? data : new Uint8Array(0)
    })
  }
  return entries.length === 0 && archive.length > 0
    ? { _tag: "Error", message: "This does not look like a tar archive", entries }
    : { _tag: "Ok", entries }
}
