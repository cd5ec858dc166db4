/**
 * Brace sequence expressions `{start..end[..step]}` with bash 5.2's rules: signed 64-bit
 * integers (zero-padded when an endpoint has a leading zero), or single ASCII letters; the step's
 * sign is ignored (direction comes from the endpoints) and a zero step means 1. Anything else
 * yields `undefined`: the caller leaves the text literal.
 */
import { LimitExceeded } from "../limits/ExecutionLimits.js"

const INT64_MIN = -(1n << 63n)
const INT64_MAX = (1n << 63n) - 1n
const INTEGER = /^[-+]?[0-9]+$/
const LETTER = /^[A-Za-z]$/

const parseInteger = (text: string): bigint | undefined => {
  if (!INTEGER.test(text)) return undefined
  const value = BigInt(text)
  return value < INT64_MIN || value > INT64_MAX ? undefined : value
}

/** Bash pads when an endpoint (ignoring a leading `-`) starts with `0` followed by more digits. */
const isZeroPadded = (text: string): boolean => {
  const digits = text.startsWith("-") ? text.slice(1) : text
  return digits.length > 1 && digits.startsWith("0")
}

const pad = (value: bigint, width: number): string => {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString()
  const room = width - (negative ? 1 : 0)
  return (negative ? "-" : "") + (digits.length < room ? "0".repeat(room - digits.length) + digits : digits)
}

/** The limit error of a brace expansion that would produce `count` words. */
export const tooManyBraceWords = (count: bigint, maxWords: number): LimitExceeded =>
  new LimitExceeded({
    limit: "maxExpansionWords",
    value: maxWords,
    message: `brace expansion: too many words (${count} > ${maxWords})`
  })

/**
 * The words of `{start..end..step}`, or undefined when bash would leave it literal.
 * Throws `LimitExceeded` (a tagged error; yield it in Effect code) past `maxWords` words.
 */
export const expandBraceSequence = (
  start: string,
  end: string,
  step: string | undefined,
  maxWords = 1_000_000
): ReadonlyArray<string> | undefined => {
  let increment = 1n
  if (step !== undefined) {
    const parsed = parseInteger(step)
    if (parsed === undefined) return undefined
    increment = parsed < 0n ? -parsed : parsed
    if (increment === 0n) increment = 1n
  }
  const from = parseInteger(start)
  const to = parseInteger(end)
  if (from !== undefined && to !== undefined) {
    const distance = from <= to ? to - from : from - to
    const count = distance / increment + 1n
    if (count > BigInt(maxWords)) throw tooManyBraceWords(count, maxWords)
    const width = isZeroPadded(start) || isZeroPadded(end) ? Math.max(start.length, end.length) : 0
    const words: Array<string> = []
    const delta = from <= to ? increment : -increment
    let value = from
    for (let i = 0n; i < count; i++, value += delta) words.push(width > 0 ? pad(value, width) : value.toString())
    return words
  }
  if (LETTER.test(start) && LETTER.test(end)) {
    const first = start.charCodeAt(0)
    const last = end.charCodeAt(0)
    const stride = Number(increment > 128n ? 128n : increment)
    const words: Array<string> = []
    if (first <= last) for (let c = first; c <= last; c += stride) words.push(String.fromCharCode(c))
    else for (let c = first; c >= last; c -= stride) words.push(String.fromCharCode(c))
    if (words.length > maxWords) throw tooManyBraceWords(BigInt(words.length), maxWords)
    return words
  }
  return undefined
}
