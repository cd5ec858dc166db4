/** bc numbers: a BigInt scaled by 10^scale, with GNU bc's truncating scale rules. */
import { unmetered, type WorkMeter } from "../../../../limits/Budget.js"

export interface BcNum {
  readonly v: bigint
  readonly s: number
}

/** A failure bc reports as `Runtime error (...): message` and that ends the current line. */
export class BcRuntimeError {
  constructor(readonly message: string) {}
}

/** Upper bound on digits of any number (keeps `2^huge` from hanging the host). */
export const MAX_DIGITS = 200_000

/**
 * The exec's work meter while bc computes (set around each synchronous run by the interpreter;
 * JavaScript runs one at a time, so one module-level meter is enough). Big-number operations
 * charge it in proportion to their size, so the deadline is noticed inside long arithmetic.
 */
let meter: WorkMeter = unmetered

export const withMeter = <A>(current: WorkMeter, work: () => A): A => {
  const saved = meter
  meter = current
  try {
    return work()
  } finally {
    meter = saved
  }
}

/** Charge `units` of work (long loops of the math library call it per term). */
export const charge = (units: number): void => meter.step(units)

/** Numbers below this magnitude are cheap; above it, operations measure their operands. */
const LARGE = 10n ** 256n

/** About how many hex digits `v` has (linear in its size, only called for large numbers). */
const hexLength = (v: bigint): number => (v < 0n ? -v : v).toString(16).length

/**
 * Charge an operation on `a` and `b` by their size; with `product`, refuse one whose result
 * would pass MAX_DIGITS (multiplying two huge numbers could run far past any deadline).
 */
const chargeOperands = (a: bigint, b: bigint, product: boolean): void => {
  const big = (v: bigint) => v >= LARGE || -v >= LARGE
  if (!big(a) && !big(b)) {
    meter.step(1)
    return
  }
  const ha = hexLength(a)
  const hb = hexLength(b)
  // Schoolbook or Karatsuba: charge more than linear for big products.
  meter.step(product ? Math.ceil((ha * hb) / 4096) + ha + hb : ha + hb)
  if (product && (ha + hb) * 1.2 > MAX_DIGITS) throw new BcRuntimeError(`result too large (over ${MAX_DIGITS} digits)`)
}

const pow10Cache: Array<bigint> = []
export const pow10 = (n: number): bigint => {
  if (n < 64) return (pow10Cache[n] ??= 10n ** BigInt(n))
  return 10n ** BigInt(n)
}

export const ZERO: BcNum = { v: 0n, s: 0 }
export const ONE: BcNum = { v: 1n, s: 0 }
export const fromInt = (n: number | bigint): BcNum => ({ v: BigInt(n), s: 0 })

const checkScale = (s: number) => {
  if (s > MAX_DIGITS) throw new BcRuntimeError(`scale too large (limit ${MAX_DIGITS} digits)`)
}

/** Re-express `a` with scale `s` (truncating toward zero when shrinking). */
export const rescale = (a: BcNum, s: number): BcNum => {
  if (s === a.s) return a
  if (s > a.s) return { v: a.v * pow10(s - a.s), s }
  return { v: a.v / pow10(a.s - s), s }
}

export const isZero = (a: BcNum) => a.v === 0n

export const add = (a: BcNum, b: BcNum): BcNum => {
  meter.step(1)
  const s = Math.max(a.s, b.s)
  return { v: rescale(a, s).v + rescale(b, s).v, s }
}
export const sub = (a: BcNum, b: BcNum): BcNum => add(a, { v: -b.v, s: b.s })
export const neg = (a: BcNum): BcNum => ({ v: -a.v, s: a.s })

export const mul = (a: BcNum, b: BcNum, scale: number): BcNum => {
  chargeOperands(a.v, b.v, true)
  const full = a.s + b.s
  return rescale({ v: a.v * b.v, s: full }, Math.min(full, Math.max(scale, a.s, b.s)))
}

export const div = (a: BcNum, b: BcNum, scale: number, what = "Divide by zero"): BcNum => {
  if (b.v === 0n) throw new BcRuntimeError(what)
  checkScale(scale)
  chargeOperands(a.v, b.v, false)
  meter.step(scale >> 4)
  // a/b at `scale` digits: (a.v * 10^(scale + b.s - a.s)) / b.v, truncated.
  const shift = scale + b.s - a.s
  const v = shift >= 0 ? (a.v * pow10(shift)) / b.v : a.v / (b.v * pow10(-shift))
  return { v, s: scale }
}

export const mod = (a: BcNum, b: BcNum, scale: number): BcNum => {
  if (b.v === 0n) throw new BcRuntimeError("Modulo by zero")
  const q = div(a, b, scale)
  const rs = Math.max(a.s, b.s + scale)
  return rescale(sub(a, mul(q, b, rs)), rs)
}

export const compare = (a: BcNum, b: BcNum): number => {
  const s = Math.max(a.s, b.s)
  const x = rescale(a, s).v
  const y = rescale(b, s).v
  return x < y ? -1 : x > y ? 1 : 0
}

/** The integer part, truncated toward zero. */
export const truncInt = (a: BcNum): bigint => (a.s === 0 ? a.v : a.v / pow10(a.s))

const digitCount = (v: bigint): number => (v < 0n ? -v : v).toString().length

export const pow = (a: BcNum, b: BcNum, scale: number, warn: (m: string) => void): BcNum => {
  if (b.s > 0 && b.v % pow10(b.s) !== 0n) warn("non-zero scale in exponent")
  const e = truncInt(b)
  if (e === 0n) return ONE
  const negative = e < 0n
  const n = negative ? -e : e
  if (n > 2_000_000_000n) throw new BcRuntimeError("exponent too large in raise")
  const exp = Number(n)
  if (a.v !== 0n && a.v !== pow10(a.s) && a.v !== -pow10(a.s)) {
    const estimate = Math.log10(Math.abs(Number(a.v.toString().slice(0, 15)))) + digitCount(a.v) - Math.min(15, digitCount(a.v))
    if (estimate * exp > MAX_DIGITS) throw new BcRuntimeError(`exponent too large in raise (result over ${MAX_DIGITS} digits)`)
  }
  meter.step(Math.ceil(Math.min(MAX_DIGITS, exp * Math.max(1, digitCount(a.v))) / 4))
  const exact: BcNum = { v: a.v ** n, s: a.s * exp }
  if (negative) return div(ONE, exact, scale, "divide by zero")
  return rescale(exact, Math.min(a.s * exp, Math.max(scale, a.s)))
}

/** Integer square root of a non-negative BigInt (floor). */
export const isqrt = (n: bigint): bigint => {
  if (n < 2n) return n
  // A float guess, or (past the float range) a power of two above the root: n < 16^L, so sqrt(n) < 2^(2L).
  const guess = Math.sqrt(Number(n))
  let x = Number.isFinite(guess) ? BigInt(Math.floor(guess)) : 1n << BigInt(2 * hexLength(n))
  if (x === 0n) x = 1n
  // Newton iteration from a float guess (the guess may be off for huge n).
  for (;;) {
    chargeOperands(n, x, false)
    const y = (x + n / x) >> 1n
    if (y >= x) {
      if (x * x <= n && (x + 1n) * (x + 1n) > n) return x
    }
    if (y === x) break
    x = y
  }
  while (x * x > n) x--
  while ((x + 1n) * (x + 1n) <= n) x++
  return x
}

export const sqrt = (a: BcNum, scale: number): BcNum => {
  if (a.v < 0n) throw new BcRuntimeError("Square root of a negative number")
  const s = Math.max(scale, a.s)
  checkScale(s)
  return { v: isqrt(rescale(a, 2 * s).v), s }
}

/** bc's `length()`: significant digits (a zero integer part does not count). */
export const length = (a: BcNum): number => {
  if (a.v === 0n) return a.s === 0 ? 1 : a.s
  const digits = digitCount(a.v)
  return Math.max(digits, a.s)
}

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

/** Convert a numeric literal written in `ibase` (digits 0-9, A-Z). */
export const parseLiteral = (text: string, ibase: number): BcNum => {
  const dot = text.indexOf(".")
  const intText = dot < 0 ? text : text.slice(0, dot)
  const fracText = dot < 0 ? "" : text.slice(dot + 1)
  if (ibase === 10 && /^[0-9]*$/.test(intText) && /^[0-9]*$/.test(fracText)) {
    return { v: BigInt((intText || "0") + fracText), s: fracText.length }
  }
  // A lone digit keeps its own value; in longer numbers digits clamp to ibase-1.
  if (text.length === 1) return fromInt(DIGITS.indexOf(text))
  const base = BigInt(ibase)
  const digitValue = (c: string) => BigInt(Math.min(DIGITS.indexOf(c), ibase - 1))
  let iv = 0n
  for (const c of intText) iv = iv * base + digitValue(c)
  if (fracText === "") return fromInt(iv)
  let num = 0n
  let den = 1n
  for (const c of fracText) {
    num = num * base + digitValue(c)
    den *= base
  }
  const s = fracText.length
  return { v: iv * pow10(s) + (num * pow10(s)) / den, s }
}

/** Format a number in `obase` as bc prints it (without line wrapping). */
export const format = (a: BcNum, obase: number): string => {
  const negative = a.v < 0n
  const abs = negative ? -a.v : a.v
  if (abs === 0n) return "0"
  const sign = negative ? "-" : ""
  if (obase === 10) {
    const text = abs.toString()
    if (a.s === 0) return sign + text
    const padded = text.padStart(a.s + 1, "0")
    const intPart = padded.slice(0, padded.length - a.s)
    return `${sign}${intPart === "0" ? "" : intPart}.${padded.slice(padded.length - a.s)}`
  }
  const scaleFactor = pow10(a.s)
  const intPart = abs / scaleFactor
  let frac = abs % scaleFactor
  const big = obase > 16
  const width = (obase - 1).toString().length
  const digit = (d: number, space: boolean) => (big ? (space ? " " : "") + String(d).padStart(width, "0") : DIGITS[d]!)
  const base = BigInt(obase)
  let intDigits: Array<number> = []
  if (intPart === 0n) intDigits = big ? [] : []
  for (let n = intPart; n > 0n; n /= base) intDigits.push(Number(n % base))
  intDigits.reverse()
  let out = intDigits.map((d) => digit(d, true)).join("")
  if (intPart === 0n && big) out = ""
  if (a.s > 0) {
    out += "."
    let first = true
    for (let t = 1n; t.toString().length <= a.s; t *= base) {
      frac *= base
      const d = frac / scaleFactor
      frac %= scaleFactor
      out += digit(Number(d), !first)
      first = false
    }
  }
  return sign + out
}

/** Split output into GNU bc's continued lines: `lineLength - 2` characters then `\`. */
export const wrapLine = (text: string, lineLength: number, column: { value: number }): string => {
  if (lineLength < 2) {
    column.value += text.length
    return text
  }
  let out = ""
  for (const ch of text) {
    if (ch === "\n") {
      column.value = 0
      out += ch
      continue
    }
    if (column.value >= lineLength - 2) {
      out += "\\\n"
      column.value = 0
    }
    out += ch
    column.value++
  }
  return out
}
