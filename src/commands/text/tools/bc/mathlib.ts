/** The `-l` library (s c a l e j), computed natively in fixed point with guard digits, then truncated. */
import * as N from "./number.js"
import type { BcNum } from "./number.js"
import type { NativeFunction } from "./interpreter.js"

const GUARD = 12

/** Fixed point: value = v / 10^p. */
const toFixed = (a: BcNum, p: number): bigint => N.rescale(a, p).v
const done = (v: bigint, p: number, scale: number): BcNum => N.rescale({ v, s: p }, scale)

const expFixed = (x: bigint, p: number): bigint => {
  const one = N.pow10(p)
  // Halve until |x| < 1, sum the Taylor series, square back.
  let halvings = 0
  let y = x
  while ((y < 0n ? -y : y) > one / 2n) {
    N.charge(1 + (p >> 4))
    y /= 2n
    halvings++
  }
  let sum = one
  let term = one
  for (let k = 1n; term !== 0n; k++) {
    N.charge(1 + (p >> 4))
    term = (term * y) / one / k
    sum += term
  }
  for (let i = 0; i < halvings; i++) {
    N.charge(1 + (p >> 4))
    sum = (sum * sum) / one
  }
  return sum
}

const lnFixed = (x: bigint, p: number): bigint => {
  const one = N.pow10(p)
  // ln x = k ln 2 + ln m with m in [0.5, 1]; ln m = 2 atanh((m-1)/(m+1)).
  let k = 0
  let m = x
  while (m > one) {
    N.charge(1 + (p >> 4))
    m /= 2n
    k++
  }
  while (m < one / 2n) {
    N.charge(1 + (p >> 4))
    m *= 2n
    k--
  }
  const atanh2 = (z: bigint): bigint => {
    const z2 = (z * z) / one
    let sum = 0n
    let power = z
    for (let n = 1n; power !== 0n; n += 2n) {
      N.charge(1 + (p >> 4))
      sum += power / n
      power = (power * z2) / one
    }
    return 2n * sum
  }
  const ln2 = atanh2((one * one) / (3n * one))
  return BigInt(k) * ln2 + atanh2(((m - one) * one) / (m + one))
}

const atanFixed = (x: bigint, p: number): bigint => {
  const one = N.pow10(p)
  if (x < 0n) return -atanFixed(-x, p)
  if (x > one) return piFixed(p) / 2n - atanFixed((one * one) / x, p)
  // Halve the angle twice: atan x = 2 atan(x / (1 + sqrt(1 + x^2))).
  let z = x
  let doublings = 0n
  for (let i = 0; i < 3; i++) {
    N.charge(1 + (p >> 4))
    z = (z * one) / (one + N.isqrt(one * one + z * z))
    doublings++
  }
  const z2 = (z * z) / one
  let sum = 0n
  let power = z
  for (let n = 1n, sign = 1n; power !== 0n; n += 2n, sign = -sign) {
    N.charge(1 + (p >> 4))
    sum += (sign * power) / n
    power = (power * z2) / one
  }
  return sum << doublings
}

const piFixed = (p: number): bigint => {
  const one = N.pow10(p + 5)
  const arctanInv = (n: bigint): bigint => {
    let sum = 0n
    let term = one / n
    const n2 = n * n
    for (let k = 1n, sign = 1n; term !== 0n; k += 2n, sign = -sign) {
      N.charge(1 + (p >> 4))
      sum += (sign * term) / k
      term /= n2
    }
    return sum
  }
  return (16n * arctanInv(5n) - 4n * arctanInv(239n)) / 100000n
}

/** The sine (first term x) or cosine (first term 1) Taylor series after reducing modulo 2 pi. */
const trigFixed = (x: bigint, p: number, cosine: boolean): bigint => {
  const one = N.pow10(p)
  const twoPi = 2n * piFixed(p)
  const r = x % twoPi
  const r2 = (r * r) / one
  let sum = 0n
  let term = cosine ? one : r
  for (let k = cosine ? 0n : 1n; term !== 0n; k += 2n) {
    N.charge(1 + (p >> 4))
    sum += term
    term = -(term * r2) / one / ((k + 1n) * (k + 2n))
  }
  return sum
}

const extraDigits = (a: BcNum): number => Math.max(0, N.truncInt(a).toString().replace("-", "").length)

const checkScale = (scale: number) => {
  if (scale > 5000) throw new N.BcRuntimeError("scale too large for the math library (limit 5000)")
}

export const mathLibrary: ReadonlyMap<string, NativeFunction> = new Map<string, NativeFunction>([
  ["e", ([x = N.ZERO], scale) => {
    checkScale(scale)
    if (N.compare(x, N.fromInt(100000)) > 0) throw new N.BcRuntimeError("e(x): argument too large")
    const p = scale + GUARD + Math.ceil((Number(N.truncInt(x)) * 0.4343) / 1) + 2
    return done(expFixed(toFixed(x, p), p), p, scale)
  }],
  ["l", ([x = N.ZERO], scale) => {
    checkScale(scale)
    if (x.v <= 0n) return { v: -(N.pow10(scale) - 1n) * N.pow10(scale), s: scale }
    const p = scale + GUARD + extraDigits(x)
    return done(lnFixed(toFixed(x, p), p), p, scale)
  }],
  ["s", ([x = N.ZERO], scale) => {
    checkScale(scale)
    const p = scale + GUARD + extraDigits(x)
    return done(trigFixed(toFixed(x, p), p, false), p, scale)
  }],
  ["c", ([x = N.ZERO], scale) => {
    checkScale(scale)
    const p = scale + GUARD + extraDigits(x)
    return done(trigFixed(toFixed(x, p), p, true), p, scale)
  }],
  ["a", ([x = N.ZERO], scale) => {
    checkScale(scale)
    const p = scale + GUARD + extraDigits(x)
    return done(atanFixed(toFixed(x, p), p), p, scale)
  }],
  ["j", ([nArg = N.ZERO, x = N.ZERO], scale) => {
    checkScale(scale)
    let n = N.truncInt(nArg)
    const negate = n < 0n && (-n) % 2n === 1n
    if (n < 0n) n = -n
    const magnitude = Math.abs(Number(N.truncInt(x)))
    const p = scale + GUARD + Math.ceil(magnitude * 0.9) + 2
    const one = N.pow10(p)
    const half = toFixed(x, p) / 2n
    const h2 = (half * half) / one
    let term = one
    for (let k = 1n; k <= n; k++) {
      N.charge(1 + (p >> 4))
      term = (term * half) / one / k
    }
    let sum = 0n
    for (let k = 1n; term !== 0n; k++) {
      N.charge(1 + (p >> 4))
      sum += term
      term = -(term * h2) / one / (k * (k + n))
    }
    return done(negate ? -sum : sum, p, scale)
  }]
])
