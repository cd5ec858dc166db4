import type { FormatValue } from "../support/cformat.js"
import { toOutput } from "./escapes.js"

/** printf's argument conversions: numbers as bash reads them, and byte-counted string fields. */

const INT64_MAX = (1n << 63n) - 1n
const INT64_MIN = -(1n << 63n)
const UINT64_MAX = (1n << 64n) - 1n

export interface ParsedNumber {
  readonly value: FormatValue
  /** Trailing junk or no digits: `printf: ARG: invalid number`, status 1. */
  readonly invalid: boolean
  /** Clamped to the 64-bit range: `printf: warning: ARG: Numerical result out of range`. */
  readonly outOfRange: boolean
}

/**
 * Parse a numeric argument as bash does: `'c` is a character code, `0x`/`0` prefixes, leading
 * blanks are skipped, anything after the number is an error. Signed conversions clamp to int64,
 * unsigned ones (`uoxX`) to uint64, negative values wrapping as in C.
 */
export const parseNumber = (arg: string, conversion: string): ParsedNumber => {
  const integer = "diouxX".includes(conversion)
  const unsigned = "ouxX".includes(conversion)
  if (/^['"]/.test(arg)) {
    const code = arg.length > 1 ? arg.codePointAt(1)! : 0
    return { value: integer ? { kind: "integer", value: BigInt(code) } : { kind: "number", value: code }, invalid: false, outOfRange: false }
  }
  const text = arg.replace(/^[ \t\n]+/, "")
  if (text === "") return { value: integer ? { kind: "integer", value: 0n } : { kind: "number", value: 0 }, invalid: arg !== "", outOfRange: false }
  if (integer) {
    const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)/.exec(text)
    if (m === null) return { value: { kind: "integer", value: 0n }, invalid: true, outOfRange: false }
    const digits = m[2]!
    let n = /^0[xX]/.test(digits) ? BigInt(digits) : digits.length > 1 && digits.startsWith("0") ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits)
    if (m[1] === "-") n = -n
    let outOfRange = false
    if (unsigned) {
      if (n > UINT64_MAX || n < -UINT64_MAX) {
        n = UINT64_MAX
        outOfRange = true
      } else if (n < 0n) n += UINT64_MAX + 1n
    } else if (n > INT64_MAX || n < INT64_MIN) {
      n = n > 0n ? INT64_MAX : INT64_MIN
      outOfRange = true
    }
    return { value: { kind: "integer", value: n }, invalid: m[0].length !== text.length, outOfRange }
  }
  const m = /^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|0[xX][0-9a-fA-F]+|inf|infinity|nan)/i.exec(text)
  if (m === null) return { value: { kind: "number", value: 0 }, invalid: true, outOfRange: false }
  const value = /^[+-]?0[xX]/.test(m[0]) ? Number.parseInt(m[0], 16) : Number(m[0].replace(/^([+-]?)inf(inity)?$/i, "$1Infinity"))
  return { value: { kind: "number", value }, invalid: m[0].length !== text.length, outOfRange: false }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const bytesOf = (text: string): Uint8Array => {
  const out = toOutput(text)
  return typeof out === "string" ? encoder.encode(out) : out
}

/** Bytes back to text: whole UTF-8 characters decode, stray bytes become raw-byte marks. */
const fromBytes = (bytes: Uint8Array): string => {
  let out = ""
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0
    let ok = length > 0 && i + length <= bytes.length
    for (let k = 1; ok && k < length; k++) ok = (bytes[i + k]! & 0xc0) === 0x80
    if (!ok) {
      out += String.fromCharCode(0xdc00 + b)
      i++
      continue
    }
    out += length === 1 ? String.fromCharCode(b) : decoder.decode(bytes.subarray(i, i + length))
    i += length
  }
  return out
}

/** A string field as bash builds it: precision and width count bytes, not characters. */
export const byteField = (text: string, width: number | undefined, precision: number | undefined, leftAlign: boolean): string => {
  let bytes = bytesOf(text)
  let field = text
  if (precision !== undefined && precision >= 0 && precision < bytes.length) {
    bytes = bytes.subarray(0, precision)
    field = fromBytes(bytes)
  }
  const w = width ?? 0
  const padding = " ".repeat(Math.max(0, Math.abs(w) - bytes.length))
  return leftAlign || w < 0 ? field + padding : padding + field
}

/** `%c`: the first byte of the argument (NUL for an empty one). */
export const firstByte = (text: string): string => (text === "" ? "\0" : fromBytes(bytesOf(text).subarray(0, 1)))
