/** awk's string builtins that need no interpreter state: substr, sub/gsub, gensub, printf. */
import { formatConversion, parseFormat, type FormatPiece } from "../../support/cformat.js"
import { regexExec, type AwkRegex } from "./regex.js"
import { StrNum, toNumber, type Value } from "./values.js"

const SURROGATE = /[\uD800-\uDFFF]/

/** Length in characters (code points), as gawk counts in a UTF-8 locale. */
export const charLength = (s: string): number => (SURROGATE.test(s) ? Array.from(s).length : s.length)

/** gawk's substr: a start below 1 counts as 1, non-integers truncate, length < 1 is empty. */
export const substr = (s: string, start: number, length: number | undefined): string => {
  if (length !== undefined && !(length >= 1)) return ""
  const astral = SURROGATE.test(s)
  const chars = astral ? Array.from(s) : undefined
  const total = chars !== undefined ? chars.length : s.length
  const index = start >= 1 ? Math.trunc(start - 1) : 0
  if (index >= total) return ""
  const count = length === undefined ? total - index : Math.min(Math.trunc(length), total - index)
  return chars !== undefined ? chars.slice(index, index + count).join("") : s.slice(index, index + count)
}

/** Expand a sub/gsub replacement: `&` is the match, `\&` a literal `&`, `\\` a backslash. */
const expandReplacement = (replacement: string, matched: string): string => {
  if (!replacement.includes("&") && !replacement.includes("\\")) return replacement
  let out = ""
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i]!
    if (c === "\\" && (replacement[i + 1] === "&" || replacement[i + 1] === "\\")) {
      out += replacement[i + 1]
      i++
    } else if (c === "&") out += matched
    else out += c
  }
  return out
}

/** gensub's replacement: `\0` / `&` whole match, `\1`..`\9` groups, `\&` literal. */
const expandGensub = (replacement: string, matched: string, groups: ReadonlyArray<string | undefined>): string => {
  let out = ""
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i]!
    if (c === "\\" && i + 1 < replacement.length) {
      const d = replacement[i + 1]!
      if (d >= "0" && d <= "9") {
        out += d === "0" ? matched : (groups[Number(d) - 1] ?? "")
        i++
        continue
      }
      // gawk: `\q` is `q` for any non-digit q.
      out += d
      i++
      continue
    } else if (c === "&") out += matched
    else out += c
  }
  return out
}

/**
 * Replace matches of `re` in `text`: all of them (`which` = 0), or only the nth.
 * Empty matches right after a previous match are skipped, as gawk does.
 */
/** Told the length built so far every few hundred matches (the caller charges its budget, checks the string limit). */
export type Progress = (length: number) => void

export const substitute = (
  re: AwkRegex,
  text: string,
  which: number,
  replace: (matched: string, groups: ReadonlyArray<string | undefined>) => string,
  progress?: Progress
): { text: string; count: number } => {
  let out = ""
  let pos = 0
  let lastEnd = -1
  let count = 0
  let seen = 0
  const length = text.length
  while (pos <= length) {
    const m = regexExec(re, text, pos)
    if (m === undefined) break
    if (m.end === m.index && m.index === lastEnd) {
      if (m.index >= length) break
      out += text.slice(pos, m.index + 1)
      pos = m.index + 1
      continue
    }
    seen++
    if ((seen & 255) === 0) progress?.(out.length)
    const matched = text.slice(m.index, m.end)
    if (which === 0 || seen === which) {
      out += text.slice(pos, m.index) + replace(matched, m.groups)
      count++
    } else out += text.slice(pos, m.end)
    if (m.end === m.index) {
      if (m.index < length) out += text[m.index]
      pos = m.index + 1
    } else pos = m.end
    lastEnd = m.end
    if (which !== 0 && seen >= which) break
  }
  if (pos <= length) out += text.slice(pos)
  progress?.(out.length)
  return { text: out, count }
}

export const subReplace = (re: AwkRegex, text: string, replacement: string, global: boolean, progress?: Progress) =>
  substitute(re, text, global ? 0 : 1, (matched) => expandReplacement(replacement, matched), progress)

export const gensubReplace = (re: AwkRegex, text: string, replacement: string, how: Value, progress?: Progress): string => {
  const howText = typeof how === "string" ? how : how instanceof StrNum ? how.text : undefined
  let which: number
  if (howText !== undefined && (howText[0] === "g" || howText[0] === "G")) which = 0
  else {
    which = Math.trunc(toNumber(how))
    if (which < 1) which = 1
  }
  return substitute(re, text, which, (matched, groups) => expandGensub(replacement, matched, groups), progress).text
}

/** Thrown for printf errors gawk reports without a source location (`awk: message`). */
export class AwkPlainError {
  constructor(readonly message: string) {}
}

export const MAX_FORMAT_WIDTH = 10000

const formatCache = new Map<string, ReadonlyArray<FormatPiece>>()

const INT_MAX = 2147483647
const UINT_MAX = 4294967295

/** mawk passes numbers to C's printf as int (%d %i) or unsigned int (%o %u %x %X), saturating. */
const clampForC = (conversion: string, n: number): number => {
  if (Number.isNaN(n)) return n
  if (conversion === "d" || conversion === "i") return Math.max(-INT_MAX, Math.min(INT_MAX, n))
  if ("ouxX".includes(conversion)) return Math.max(0, Math.min(UINT_MAX, n))
  return n
}

/** mawk's `%c` of a number: the byte of its low eight bits (bytes >= 0x80 as escaped bytes). */
const byteChar = (n: number): string => {
  const byte = ((Math.trunc(n) % 256) + 256) % 256
  return String.fromCharCode(byte < 0x80 ? byte : 0xdc00 + byte)
}

const firstChar = (text: string): string => {
  const code = text.codePointAt(0)
  return code === undefined ? "\0" : String.fromCodePoint(code)
}

/**
 * awk's sprintf: numbers and strings per conversion, gawk's errors for missing arguments.
 * `cPrintf` gives mawk's conversions (see `clampForC`, `byteChar`).
 */
export const awkSprintf = (
  format: string,
  args: ReadonlyArray<Value>,
  toStr: (v: Value) => string,
  fatal: (message: string) => never,
  cPrintf = false,
  progress?: Progress
): string => {
  let pieces = formatCache.get(format)
  if (pieces === undefined) {
    pieces = parseFormat(format)
    if (formatCache.size > 500) formatCache.clear()
    formatCache.set(format, pieces)
  }
  let out = ""
  let next = 0
  const take = (): Value => {
    if (next >= args.length) fatal("not enough arguments to satisfy format string")
    return args[next++]
  }
  for (const piece of pieces) {
    if (piece._tag !== "Conversion") {
      out += piece.text
      continue
    }
    const spec = piece.spec
    const width = spec.width === "*" ? Math.trunc(toNumber(take())) : spec.width
    const precision = spec.precision === "*" ? Math.trunc(toNumber(take())) : spec.precision
    if (width !== undefined && Math.abs(width) > MAX_FORMAT_WIDTH) {
      throw new AwkPlainError(`format width ${width} exceeds maximum (${MAX_FORMAT_WIDTH})`)
    }
    if (precision !== undefined && precision > MAX_FORMAT_WIDTH) {
      throw new AwkPlainError(`format precision ${precision} exceeds maximum (${MAX_FORMAT_WIDTH})`)
    }
    const stars = {
      ...(width !== undefined ? { width } : {}),
      ...(precision !== undefined ? { precision } : {})
    }
    const value = take()
    if (progress !== undefined && out.length > 65536) progress(out.length)
    switch (spec.conversion) {
      case "s":
        out += formatConversion(spec, { kind: "string", value: toStr(value) }, stars)
        break
      case "c": {
        const numeric = typeof value === "number" || (value instanceof StrNum && value.numeric)
        if (cPrintf) {
          // mawk: a number is one byte; an empty string still prints its terminating NUL.
          const text = numeric ? byteChar(toNumber(value)) : firstChar(toStr(value))
          out += formatConversion({ ...spec, conversion: "s", precision: undefined }, { kind: "string", value: text }, { ...stars, precision: 1 })
          break
        }
        out += numeric
          ? formatConversion(spec, { kind: "number", value: toNumber(value) }, stars)
          : formatConversion(spec, { kind: "string", value: toStr(value) }, stars)
        break
      }
      default:
        out += formatConversion(spec, { kind: "number", value: cPrintf ? clampForC(spec.conversion, toNumber(value)) : toNumber(value) }, stars)
    }
  }
  progress?.(out.length)
  return out
}
