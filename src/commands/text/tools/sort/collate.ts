/**
 * The ordering functions of GNU sort in the C locale, over binary strings (one char per byte):
 * numeric (-n), general numeric (-g), human (-h), month (-M), version (-V, gnulib filevercmp).
 */

const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
/** Blanks as sort sees them: space, tab and newline (newline matters only with -z). */
export const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 10

const skipBlanks = (s: string, i: number): number => {
  while (i < s.length && isBlank(s.charCodeAt(i))) i++
  return i
}

/** A decimal number reduced to a comparable form: sign, integer digits, fraction digits. */
export interface Decimal {
  readonly negative: boolean
  readonly int: string
  readonly frac: string
  /**
   * The value as a double when it has at most 15 significant digits: distinct such decimals
   * map to distinct doubles in the same order, so comparing these is exact (and much cheaper).
   */
  readonly fast: number | undefined
}

/** The leading number of `s` as `sort -n` reads it (blanks, '-', digits, '.', digits). */
export const parseDecimal = (s: string): Decimal => {
  let i = skipBlanks(s, 0)
  let negative = false
  if (s.charCodeAt(i) === 45) {
    negative = true
    i++
  }
  let start = i
  while (i < s.length && isDigit(s.charCodeAt(i))) i++
  let int = s.slice(start, i)
  let frac = ""
  if (s.charCodeAt(i) === 46) {
    i++
    start = i
    while (i < s.length && isDigit(s.charCodeAt(i))) i++
    frac = s.slice(start, i)
  }
  let z = 0
  while (z < int.length && int.charCodeAt(z) === 48) z++
  int = int.slice(z)
  let e = frac.length
  while (e > 0 && frac.charCodeAt(e - 1) === 48) e--
  frac = frac.slice(0, e)
  if (int.length === 0 && frac.length === 0) negative = false
  const fast = int.length + frac.length <= 15 ? (negative ? -1 : 1) * Number(`${int || "0"}.${frac || "0"}`) : undefined
  return { negative, int, frac, fast }
}

const compareMagnitude = (a: Decimal, b: Decimal): number => {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1
  if (a.int !== b.int) return a.int < b.int ? -1 : 1
  if (a.frac !== b.frac) return a.frac < b.frac ? -1 : 1
  return 0
}

export const compareDecimal = (a: Decimal, b: Decimal): number => {
  if (a.fast !== undefined && b.fast !== undefined) return a.fast < b.fast ? -1 : a.fast > b.fast ? 1 : 0
  if (a.negative !== b.negative) return a.negative ? -1 : 1
  const m = compareMagnitude(a, b)
  return a.negative ? -m : m
}

const GENERAL_NUMBER =
  /^[ \t\n]*([-+]?(?:inf(?:inity)?|nan|0x(?:[0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)(?:p[-+]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?))/i

/** `sort -g`: the strtold prefix; undefined when there is no number (those sort first). */
export const parseGeneral = (s: string): number | undefined => {
  const m = GENERAL_NUMBER.exec(s)
  if (m === null) return undefined
  const text = m[1]!.toLowerCase()
  const sign = text.startsWith("-") ? -1 : 1
  const body = text.replace(/^[-+]/, "")
  if (body.startsWith("inf")) return sign * Infinity
  if (body === "nan") return NaN
  if (body.startsWith("0x")) {
    const hm = /^0x([0-9a-f]*)\.?([0-9a-f]*)(?:p([-+]?\d+))?$/.exec(body)!
    const digits = hm[1]! + hm[2]!
    const value = parseInt(digits || "0", 16) / Math.pow(16, hm[2]!.length)
    return sign * value * Math.pow(2, Number(hm[3] ?? "0"))
  }
  return sign * Number(body)
}

export const compareGeneral = (a: number | undefined, b: number | undefined): number => {
  if (a === undefined) return b === undefined ? 0 : -1
  if (b === undefined) return 1
  if (a < b) return -1
  if (a > b) return 1
  if (a === b) return 0
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1
  return 1
}

const UNIT_ORDER = "KMGTPEZYRQ"

/** `sort -h`: the signed SI suffix order, then the number. */
export const humanOrder = (s: string): number => {
  let i = skipBlanks(s, 0)
  const negative = s.charCodeAt(i) === 45
  if (negative) i++
  let nonzero = false
  while (i < s.length && isDigit(s.charCodeAt(i))) {
    if (s.charCodeAt(i) !== 48) nonzero = true
    i++
  }
  if (s.charCodeAt(i) === 46) {
    i++
    while (i < s.length && isDigit(s.charCodeAt(i))) {
    if (s.charCodeAt(i) !== 48) nonzero = true
    i++
  }
  }
  if (!nonzero) return 0
  const suffix = s[i] === "k" ? "K" : s[i] ?? ""
  const order = suffix === "" ? 0 : UNIT_ORDER.indexOf(suffix) + 1
  return negative ? -order : order
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]

/** `sort -M`: 0 for an unknown month, 1..12 otherwise. */
export const monthIndex = (s: string): number => {
  const i = skipBlanks(s, 0)
  return MONTHS.indexOf(s.slice(i, i + 3).toUpperCase()) + 1
}

const versionOrder = (s: string, pos: number): number => {
  if (pos >= s.length) return -1
  const c = s.charCodeAt(pos)
  if (isDigit(c)) return 0
  if (isAlpha(c)) return c
  if (c === 126) return -2
  return c + 256
}

const verrevcmp = (a: string, alen: number, b: string, blen: number): number => {
  let i = 0
  let j = 0
  while (i < alen || j < blen) {
    let firstDiff = 0
    while ((i < alen && !isDigit(a.charCodeAt(i))) || (j < blen && !isDigit(b.charCodeAt(j)))) {
      const ac = i < alen ? versionOrder(a, i) : -1
      const bc = j < blen ? versionOrder(b, j) : -1
      if (ac !== bc) return ac - bc
      i++
      j++
    }
    while (i < alen && a.charCodeAt(i) === 48) i++
    while (j < blen && b.charCodeAt(j) === 48) j++
    while (i < alen && j < blen && isDigit(a.charCodeAt(i)) && isDigit(b.charCodeAt(j))) {
      if (firstDiff === 0) firstDiff = a.charCodeAt(i) - b.charCodeAt(j)
      i++
      j++
    }
    if (i < alen && isDigit(a.charCodeAt(i))) return 1
    if (j < blen && isDigit(b.charCodeAt(j))) return -1
    if (firstDiff !== 0) return firstDiff
  }
  return 0
}

/** Length of `s` without its file suffix (`(\.[A-Za-z~][A-Za-z0-9~]*)*` at the end). */
const prefixLength = (s: string): number => {
  const n = s.length
  let prefix = 0
  let i = 0
  for (;;) {
    if (i === n) return prefix
    i++
    prefix = i
    while (i + 1 < n && s[i] === "." && (isAlpha(s.charCodeAt(i + 1)) || s[i + 1] === "~")) {
      for (i += 2; i < n && (isAlpha(s.charCodeAt(i)) || isDigit(s.charCodeAt(i)) || s[i] === "~"); i++) continue
    }
  }
}

/** gnulib filevercmp: version ordering of file names. */
export const compareVersion = (a: string, b: string): number => {
  if (a.length === 0) return b.length === 0 ? 0 : -1
  if (b.length === 0) return 1
  if (a[0] === ".") {
    if (b[0] !== ".") return -1
    const adot = a.length === 1
    const bdot = b.length === 1
    if (adot) return bdot ? 0 : -1
    if (bdot) return 1
    const adotdot = a === ".."
    const bdotdot = b === ".."
    if (adotdot) return bdotdot ? 0 : -1
    if (bdotdot) return 1
  } else if (b[0] === ".") return 1
  const ap = prefixLength(a)
  const bp = prefixLength(b)
  const onePass = ap === a.length && bp === b.length
  const result = verrevcmp(a, ap, b, bp)
  return result !== 0 || onePass ? result : verrevcmp(a, a.length, b, b.length)
}

/** Byte-order comparison of binary strings. */
export const compareBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
