/**
 * Backslash escapes of `echo -e` / `printf %b` (one dialect) and of printf's format string
 * (another): they differ in octal (`\0nnn` versus `\nnn`) and in `\c` (stop versus literal).
 */

const simple: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\"
}

const isOctal = (c: string | undefined) => c !== undefined && c >= "0" && c <= "7"
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c)

/**
 * A byte from `\xHH` or octal: ASCII stays a character; 0x80-0xff is marked as a lone surrogate
 * U+DC80-U+DCFF so `toOutput` writes the raw byte rather than its UTF-8 encoding.
 */
const rawByte = (byte: number): string => String.fromCharCode(byte < 0x80 ? byte : 0xdc00 + byte)

const hasRawBytes = (text: string): boolean => /[\udc80-\udcff]/.test(text)

/** Text with raw-byte marks as bytes to write (plain text stays a string). */
export const toOutput = (text: string): string | Uint8Array => {
  if (!hasRawBytes(text)) return text
  const encoder = new TextEncoder()
  const parts: Array<Uint8Array> = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0xdc80 || code > 0xdcff) continue
    parts.push(encoder.encode(text.slice(start, i)), Uint8Array.of(code - 0xdc00))
    start = i + 1
  }
  parts.push(encoder.encode(text.slice(start)))
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const p of parts) {
    bytes.set(p, offset)
    offset += p.length
  }
  return bytes
}

/** Text with raw-byte marks turned into the Latin-1 character of each byte (for variables). */
export const toVariableText = (text: string): string => (hasRawBytes(text) ? text.replace(/[\udc80-\udcff]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xdc00)) : text)

/** `\u`/`\U` beyond Unicode print nothing. */
const fromCode = (code: number): string => (code > 0x10ffff ? "" : String.fromCodePoint(code))

/**
 * Decode one dialect. `echo` mode: `\0nnn` octal, `\c` stops; `format` mode: `\nnn` octal,
 * `\"` `\'` `\?` unescape, `\c` stays literal. `%b` is echo mode plus `\nnn`.
 */
const decode = (text: string, mode: "echo" | "percentB" | "format"): { text: string; stop: boolean } => {
  if (!text.includes("\\")) return { text, stop: false }
  let out = ""
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c !== "\\" || i + 1 >= text.length) {
      out += c
      i++
      continue
    }
    const n = text[i + 1]!
    if (simple[n] !== undefined) {
      out += simple[n]
      i += 2
      continue
    }
    if (n === "c" && mode !== "format") return { text: out, stop: true }
    if (mode === "format" && (n === '"' || n === "'" || n === "?")) {
      out += n
      i += 2
      continue
    }
    if (isOctal(n) && (mode !== "echo" || n === "0")) {
      // echo: `\0` then up to three digits; %b: `\0nnn` too, else `\nnn`; format: `\nnn`.
      let j = i + 1
      if (n === "0" && mode !== "format") j++
      const start = j
      while (j < text.length && j < start + 3 && isOctal(text[j])) j++
      out += rawByte(Number.parseInt(text.slice(start, j) || "0", 8) & 255)
      i = j
      continue
    }
    if (n === "x" && isHex(text[i + 2])) {
      let j = i + 2
      while (j < text.length && j < i + 4 && isHex(text[j])) j++
      out += rawByte(Number.parseInt(text.slice(i + 2, j), 16))
      i = j
      continue
    }
    if ((n === "u" || n === "U") && isHex(text[i + 2])) {
      const max = n === "u" ? 4 : 8
      let j = i + 2
      while (j < text.length && j < i + 2 + max && isHex(text[j])) j++
      out += fromCode(Number.parseInt(text.slice(i + 2, j), 16))
      i = j
      continue
    }
    out += c + n
    i += 2
  }
  return { text: out, stop: false }
}

/** `echo -e` text; `stop` when `\c` ended the output. */
export const echoEscapes = (text: string) => decode(text, "echo")
/** The argument of printf's `%b`. */
export const percentBEscapes = (text: string) => decode(text, "percentB")
/** Literal text of a printf format. */
export const formatEscapes = (text: string): string => decode(text, "format").text
