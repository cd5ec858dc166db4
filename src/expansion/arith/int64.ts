/** 64-bit signed wrap-around arithmetic on bigint, with the x86 semantics bash inherits from C. */

export const INT64_MIN = -(1n << 63n)
export const INT64_MAX = (1n << 63n) - 1n

export const wrap = (value: bigint): bigint =>
  value > INT64_MAX || value < INT64_MIN ? BigInt.asIntN(64, value) : value

/** Quotient truncated toward zero; `MIN / -1` stays `MIN` as bash special-cases it. */
export const divide = (left: bigint, right: bigint): bigint =>
  left === INT64_MIN && right === -1n ? INT64_MIN : left / right

/** Remainder with the dividend's sign; `MIN % -1` is 0. */
export const remainder = (left: bigint, right: bigint): bigint =>
  left === INT64_MIN && right === -1n ? 0n : left % right

/** The shift count is taken modulo 64, as the x86 shift instructions do. */
export const shiftLeft = (left: bigint, count: bigint): bigint => BigInt.asIntN(64, left << (count & 63n))

export const shiftRight = (left: bigint, count: bigint): bigint => left >> (count & 63n)

/** `base ** exponent` by squaring, wrapping at every step (exponent >= 0). */
export const power = (base: bigint, exponent: bigint): bigint => {
  let result = 1n
  let factor = base
  let rest = exponent
  while (rest > 0n) {
    if ((rest & 1n) === 1n) result = BigInt.asIntN(64, result * factor)
    rest >>= 1n
    if (rest > 0n) factor = BigInt.asIntN(64, factor * factor)
  }
  return result
}
