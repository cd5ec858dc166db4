/**
 * awk's dynamic values: numbers, strings, "strnums" (input-derived strings that compare as
 * numbers when they look numeric) and the uninitialised value (`undefined`).
 */
import { formatConversion, parseFormat, type ConversionSpec } from "../../support/cformat.js"

/** A string that came from input (fields, getline, split, ARGV, ENVIRON, -v). */
export class StrNum {
  private cachedNumber: number | undefined
  private cachedNumeric: boolean | undefined
  constructor(readonly text: string) {}

  get number(): number {
    if (this.cachedNumber === undefined) this.cachedNumber = stringToNumber(this.text)
    return this.cachedNumber
  }

  /** True when the whole text is a number (blanks around allowed). */
  get numeric(): boolean {
    if (this.cachedNumeric === undefined) this.cachedNumeric = looksNumeric(this.text)
    return this.cachedNumeric
  }
}

export type Value = number | string | StrNum | undefined

const NUMERIC_PREFIX = /^[ \t\n\r\f\v]*[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)/
const FULLY_NUMERIC = /^[ \t\n\r\f\v]*[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)[ \t\n\r\f\v]*$/
const SPECIAL_NUMBER = /^[ \t\n\r\f\v]*([-+])(inf|infinity|nan)[ \t\n\r\f\v]*$/i

/** The numeric value of a string: its longest numeric prefix, like strtod (gawk: `+inf`/`-nan` need a sign). */
export const stringToNumber = (text: string): number => {
  const first = text.charCodeAt(0)
  // Fast path for plain digits.
  if (first >= 48 && first <= 57 && text.length < 16) {
    let n = 0
    let i = 0
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c < 48 || c > 57) break
      n = n * 10 + (c - 48)
    }
    if (i === text.length) return n
  }
  const match = NUMERIC_PREFIX.exec(text)
  if (match !== null) return Number(match[0].trim())
  const special = SPECIAL_NUMBER.exec(text)
  if (special !== null) {
    const sign = special[1] === "-" ? -1 : 1
    return special[2]!.toLowerCase() === "nan" ? NaN : sign * Infinity
  }
  return 0
}

export const looksNumeric = (text: string): boolean => FULLY_NUMERIC.test(text) || SPECIAL_NUMBER.test(text)

export const toNumber = (v: Value): number => {
  if (typeof v === "number") return v
  if (v === undefined) return 0
  if (typeof v === "string") return v === "" ? 0 : stringToNumber(v)
  return v.number
}

/** Cache of parsed CONVFMT/OFMT formats. */
const formatCache = new Map<string, ConversionSpec | undefined>()

const numberFormatSpec = (format: string): ConversionSpec | undefined => {
  let spec = formatCache.get(format)
  if (spec === undefined && !formatCache.has(format)) {
    const pieces = parseFormat(format)
    const only = pieces.length === 1 && pieces[0]!._tag === "Conversion" ? pieces[0]!.spec : undefined
    spec = only
    formatCache.set(format, spec)
  }
  return spec
}

/**
 * The exclusive bound of the integral values an awk prints as integers: a C long for gawk,
 * a C int for mawk (which prints 2^31 and beyond through OFMT/CONVFMT, as `2.14748e+09`).
 */
export const GAWK_INTEGER_LIMIT = 9223372036854775808
export const MAWK_INTEGER_LIMIT = 2147483648

/** Integral values print as integers; others through CONVFMT (or OFMT for output). */
export const numberToString = (n: number, format: string, integerLimit = GAWK_INTEGER_LIMIT): string => {
  // Integral values within the awk's integer range print as integers (and -0 as 0).
  if (Number.isInteger(n) && n > -integerLimit && n < integerLimit) return n === 0 ? "0" : String(n)
  if (!Number.isFinite(n)) return Number.isNaN(n) ? (Object.is(Math.sign(n), -0) ? "-nan" : "nan") : n > 0 ? "inf" : "-inf"
  if (format === "%.6g") return formatG6(n)
  const spec = numberFormatSpec(format)
  if (spec === undefined) return formatWhole(format, n)
  return formatConversion(spec, { kind: "number", value: n })
}

const G6 = parseFormat("%.6g")[0]
const formatG6 = (n: number): string => {
  // Common case: a short decimal that needs no exponent and no rounding ties.
  const abs = Math.abs(n)
  if (abs >= 1e-4 && abs < 1e6) {
    const text = n.toPrecision(6)
    if (!text.includes("e")) {
      // toPrecision only differs from glibc on exact ties; those are rare and checked below.
      if (!isTieCandidate(abs)) return text.includes(".") ? text.replace(/\.?0+$/, "") : text
    }
  }
  return formatConversion((G6 as { spec: ConversionSpec }).spec, { kind: "number", value: n })
}

/** Values with few significant bits (like 0.5, 2.5) may sit exactly on a rounding tie. */
const isTieCandidate = (abs: number): boolean => {
  const scaled = abs * 1024 * 1024
  return Number.isInteger(scaled)
}

/** A CONVFMT that is not a single conversion: render through the general formatter. */
const formatWhole = (format: string, n: number): string => {
  let out = ""
  for (const piece of parseFormat(format)) {
    if (piece._tag === "Conversion") out += formatConversion(piece.spec, { kind: "number", value: n })
    else out += piece.text
  }
  return out
}

export const toStringWith = (v: Value, convfmt: string, integerLimit = GAWK_INTEGER_LIMIT): string => {
  if (typeof v === "string") return v
  if (v === undefined) return ""
  if (typeof v === "number") return numberToString(v, convfmt, integerLimit)
  return v.text
}

export const toBoolean = (v: Value): boolean => {
  if (typeof v === "number") return v !== 0
  if (v === undefined) return false
  if (typeof v === "string") return v !== ""
  return v.numeric ? v.number !== 0 : v.text !== ""
}

/** Does this value compare numerically (number, uninitialised, or a numeric-looking strnum)? */
const isNumericForCompare = (v: Value): boolean =>
  typeof v === "number" || v === undefined || (v instanceof StrNum && v.numeric)

/** POSIX comparison: numeric when both sides are numeric, otherwise as strings (CONVFMT). */
export const compareValues = (a: Value, b: Value, convfmt: string, integerLimit = GAWK_INTEGER_LIMIT): number => {
  if (isNumericForCompare(a) && isNumericForCompare(b)) {
    const x = toNumber(a)
    const y = toNumber(b)
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1
  }
  const s = toStringWith(a, convfmt, integerLimit)
  const t = toStringWith(b, convfmt, integerLimit)
  return s < t ? -1 : s > t ? 1 : 0
}
