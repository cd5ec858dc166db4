/**
 * Lengths and substrings in characters (code points), as bash counts them in a UTF-8 locale,
 * on strings that may hold 64 Mi code units: the pairs are found by a native search, chunk by
 * chunk, each chunk (and each pair) charged to the meter.
 */
import type { WorkMeter } from "../limits/Budget.js"

const SURROGATE = /[\uD800-\uDFFF]/
const PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g

/** Code units searched between two charges of the meter (a native search of about a millisecond). */
const CHUNK = 1 << 18

/** The end of the chunk starting at `from`, never between the two halves of a pair. */
const chunkEnd = (s: string, from: number): number => {
  const end = Math.min(from + CHUNK, s.length)
  const last = s.charCodeAt(end - 1)
  return end < s.length && last >= 0xd800 && last <= 0xdbff ? end + 1 : end
}

/** Where character `char` starts (`s.length` past the end) and the pairs before it; `Infinity` counts all pairs. */
const unitIndex = (s: string, char: number, meter: WorkMeter): { readonly unit: number; readonly pairs: number } => {
  let pairs = 0
  for (let from = 0; from < s.length; ) {
    const end = chunkEnd(s, from)
    const chunk = s.slice(from, end)
    meter.step(chunk.length)
    if (SURROGATE.test(chunk)) {
      PAIR.lastIndex = 0
      while (PAIR.test(chunk)) {
        // The pair starts at character `from + index - pairs`: every pair before it is one unit longer.
        if (from + PAIR.lastIndex - 2 - pairs >= char) return { unit: char + pairs, pairs }
        pairs++
        meter.step(16)
      }
    }
    if (end - pairs > char) return { unit: char + pairs, pairs }
    from = end
  }
  return { unit: s.length, pairs }
}

/** The number of characters of `s`. */
export const characterCount = (s: string, meter: WorkMeter): number => {
  return s.length - unitIndex(s, Infinity, meter).pairs
}

/** Characters `[start, end)` of `s` (0 <= start <= end). */
export const characterSlice = (s: string, start: number, end: number, meter: WorkMeter): string => {
  if (start >= s.length) return ""
  const from = unitIndex(s, start, meter).unit
  return s.slice(from, from + unitIndex(s.slice(from), end - start, meter).unit)
}
