import { decodeText } from "../../support/io.js"
import { ctimeText } from "./time.js"

/** What `file` says about some content: the description and its MIME type and encoding. */
export interface Sniffed {
  readonly description: string
  readonly mime: string
  readonly encoding: string
}

const startsWith = (data: Uint8Array, bytes: ReadonlyArray<number>, offset = 0): boolean =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b)

const ascii = (text: string): Array<number> => [...text].map((c) => c.charCodeAt(0))

const u32be = (d: Uint8Array, o: number): number => ((d[o]! << 24) >>> 0) + (d[o + 1]! << 16) + (d[o + 2]! << 8) + d[o + 3]!
const u16le = (d: Uint8Array, o: number): number => d[o]! + (d[o + 1]! << 8)
const u32le = (d: Uint8Array, o: number): number => u16le(d, o) + u16le(d, o + 2) * 65536

const binary = (description: string, mime: string): Sniffed => ({ description, mime, encoding: "binary" })

const PNG_COLOURS: Record<number, string> = { 0: "grayscale", 2: "RGB", 3: "colormap", 4: "gray+alpha", 6: "RGBA" }

const gzip = (data: Uint8Array): Sniffed => {
  const parts = ["gzip compressed data"]
  const flags = data[3] ?? 0
  if ((flags & 0x08) !== 0 && data.length > 10) {
    let end = 10
    if ((flags & 0x04) !== 0 && data.length > 12) end += 2 + u16le(data, 10)
    const start = end
    while (end < data.length && data[end] !== 0) end++
    parts.push(`was "${decodeText(data.subarray(start, end))}"`)
  }
  const mtime = data.length >= 8 ? u32le(data, 4) : 0
  if (mtime !== 0) parts.push(`last modified: ${ctimeText(mtime * 1000, undefined, false)}`)
  if (data[9] === 3) parts.push("from Unix")
  if (data.length >= 18) parts.push(`original size modulo 2^32 ${u32le(data, data.length - 4)}`)
  return binary(parts.join(", "), "application/gzip")
}

/** Binary formats recognised by their magic numbers. */
const sniffMagic = (data: Uint8Array): Sniffed | undefined => {
  if (startsWith(data, [0x1f, 0x8b])) return gzip(data)
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    if (data.length < 29) return binary("PNG image data", "image/png")
    const colour = PNG_COLOURS[data[25]!] ?? "unknown"
    const depth = colour === "colormap" || colour === "grayscale" || colour === "gray+alpha" ? `${data[24]}-bit ${colour}` : `${data[24]}-bit/color ${colour}`
    return binary(`PNG image data, ${u32be(data, 16)} x ${u32be(data, 20)}, ${depth}, ${data[28] === 1 ? "interlaced" : "non-interlaced"}`, "image/png")
  }
  if (startsWith(data, ascii("GIF87a")) || startsWith(data, ascii("GIF89a"))) {
    const version = decodeText(data.subarray(3, 6))
    const size = data.length >= 10 ? `, ${u16le(data, 6)} x ${u16le(data, 8)}` : ""
    return binary(`GIF image data, version ${version}${size}`, "image/gif")
  }
  if (startsWith(data, [0xff, 0xd8, 0xff])) return binary("JPEG image data", "image/jpeg")
  if (startsWith(data, ascii("%PDF-"))) {
    const version = /^%PDF-(\d+\.\d+)/.exec(decodeText(data.subarray(0, 16)))
    return binary(`PDF document${version === null ? "" : `, version ${version[1]}`}`, "application/pdf")
  }
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) && data.length >= 30) {
    const needed = u16le(data, 4)
    const method = u16le(data, 8)
    const methodName = method === 8 ? "deflate" : method === 0 ? "store" : String(method)
    return binary(`Zip archive data, at least v${Math.floor(needed / 10)}.${needed % 10} to extract, compression method=${methodName}`, "application/zip")
  }
  if (startsWith(data, [0x50, 0x4b, 0x05, 0x06])) return binary("Zip archive data (empty)", "application/zip")
  if (data.length >= 263 && startsWith(data, ascii("ustar"), 257)) {
    const gnu = startsWith(data, ascii("ustar  \0"), 257)
    return binary(gnu ? "POSIX tar archive (GNU)" : "POSIX tar archive", "application/x-tar")
  }
  if (startsWith(data, ascii("BZh")) && data.length >= 4) return binary(`bzip2 compressed data, block size = ${String.fromCharCode(data[3]!)}00k`, "application/x-bzip2")
  if (startsWith(data, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return binary("XZ compressed data, checksum CRC64", "application/x-xz")
  if (startsWith(data, [0x28, 0xb5, 0x2f, 0xfd])) return binary("Zstandard compressed data", "application/zstd")
  if (startsWith(data, [0x7f, 0x45, 0x4c, 0x46])) {
    const bits = data[4] === 2 ? "64-bit" : "32-bit"
    const order = data[5] === 2 ? "MSB" : "LSB"
    const type = data.length >= 18 ? ({ 1: "relocatable", 2: "executable", 3: "shared object", 4: "core file" } as Record<number, string>)[u16le(data, 16)] : undefined
    return binary(`ELF ${bits} ${order}${type === undefined ? "" : ` ${type}`}`, "application/x-executable")
  }
  return undefined
}

const INTERPRETERS: Record<string, { readonly name: string; readonly mime: string }> = {
  bash: { name: "Bourne-Again shell script", mime: "text/x-shellscript" },
  sh: { name: "POSIX shell script", mime: "text/x-shellscript" },
  dash: { name: "POSIX shell script", mime: "text/x-shellscript" },
  zsh: { name: "Paul Falstad's zsh script", mime: "text/x-shellscript" },
  ksh: { name: "Korn shell script", mime: "text/x-shellscript" },
  python: { name: "Python script", mime: "text/x-script.python" },
  python3: { name: "Python script", mime: "text/x-script.python" },
  python2: { name: "Python script", mime: "text/x-script.python" },
  ruby: { name: "Ruby script", mime: "text/x-ruby" },
  awk: { name: "awk script", mime: "text/x-awk" },
  gawk: { name: "GNU awk script", mime: "text/x-awk" },
  php: { name: "PHP script", mime: "text/x-php" },
  tclsh: { name: "Tcl script", mime: "text/x-tcl" }
}

/** Classify bytes as text: encoding and line-terminator notes, or undefined when binary. */
const textKind = (data: Uint8Array): { kind: string; encoding: string; notes: Array<string> } | undefined => {
  let highBytes = false
  let crlf = 0
  let lf = 0
  let cr = 0
  let lineLength = 0
  let longest = 0
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!
    if (b >= 0x80) highBytes = true
    else if (b < 0x20 && ![7, 8, 9, 10, 11, 12, 13, 27].includes(b)) return undefined
    else if (b === 0x7f) return undefined
    if (b === 10) {
      if (data[i - 1] === 13) crlf++
      else lf++
      longest = Math.max(longest, lineLength)
      lineLength = 0
    } else if (b === 13) {
      if (data[i + 1] !== 10) cr++
    } else lineLength++
  }
  longest = Math.max(longest, lineLength)
  let kind = "ASCII text"
  let encoding = "us-ascii"
  if (highBytes) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(data)
      kind = "Unicode text, UTF-8 text"
      encoding = "utf-8"
    } catch {
      kind = "ISO-8859 text"
      encoding = "iso-8859-1"
    }
  }
  const notes: Array<string> = []
  if (longest > 300) notes.push(`with very long lines (${longest})`)
  if (crlf > 0 && lf === 0 && cr === 0) notes.push("with CRLF line terminators")
  else if (cr > 0 && lf === 0 && crlf === 0) notes.push("with CR line terminators")
  else if (crlf > 0 || cr > 0) notes.push(`with ${[crlf > 0 ? "CRLF" : "", cr > 0 ? "CR" : "", lf > 0 ? "LF" : ""].filter((s) => s !== "").join(", ")} line terminators`)
  if (lf === 0 && crlf === 0 && cr === 0) notes.push("with no line terminators")
  return { kind, encoding, notes }
}

const describeText = (base: string, notes: ReadonlyArray<string>): string => [base, ...notes].join(", ")

/** Sniff file content the way file(1) does for the common cases. */
export const sniffContent = (data: Uint8Array): Sniffed => {
  if (data.length === 0) return binary("empty", "inode/x-empty")
  const magic = sniffMagic(data)
  if (magic !== undefined) return magic
  const text = textKind(data)
  if (text === undefined) return binary("data", "application/octet-stream")
  const content = decodeText(data.subarray(0, Math.min(data.length, 64 * 1024)))
  if (content.startsWith("#!")) {
    const line = content.slice(2, content.indexOf("\n") === -1 ? undefined : content.indexOf("\n")).trim()
    const words = line.split(/\s+/)
    let program = (words[0] ?? "").split("/").pop() ?? ""
    if (program === "env") program = words.slice(1).find((w) => !w.startsWith("-")) ?? ""
    const bare = program.replace(/[\d.]+$/, "")
    if (bare === "perl") return { description: describeText("Perl script text executable", text.notes), mime: "text/x-perl", encoding: text.encoding }
    if (bare === "node" || bare === "nodejs") return { description: describeText(`Node.js script executable, ${text.kind}`, text.notes), mime: "application/javascript", encoding: text.encoding }
    const known = INTERPRETERS[program] ?? INTERPRETERS[bare]
    const name = known?.name ?? `a ${line.split(/\s+/).slice(0, 2).join(" ")} script`
    return { description: describeText(`${name}, ${text.kind} executable`, text.notes), mime: known?.mime ?? "text/plain", encoding: text.encoding }
  }
  const trimmed = content.trimStart()
  if ((trimmed.startsWith("{") || trimmed.startsWith("[")) && data.length <= 1024 * 1024) {
    try {
      JSON.parse(content)
      return { description: "JSON text data", mime: "application/json", encoding: text.encoding }
    } catch {
      // not JSON: fall through to plain text
    }
  }
  if (trimmed.startsWith("<?xml")) {
    const version = /^<\?xml\s+version=["']([\d.]+)["']/.exec(trimmed)
    return { description: describeText(`XML ${version?.[1] ?? "1.0"} document, ${text.kind}`, text.notes), mime: "text/xml", encoding: text.encoding }
  }
  if (/^<!doctype html|^<html/i.test(trimmed)) return { description: describeText(`HTML document, ${text.kind}`, text.notes), mime: "text/html", encoding: text.encoding }
  return { description: describeText(text.kind, text.notes), mime: "text/plain", encoding: text.encoding }
}
