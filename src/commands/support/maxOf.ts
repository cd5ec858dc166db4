/**
 * The largest of `values` (or `empty` when there are none). `Math.max(...values)` passes every
 * value as an argument and overflows the stack past about 100,000 of them: input-sized lists
 * (lines, directory entries) go through this loop instead.
 */
export const maxOf = (values: Iterable<number>, empty = -Infinity): number => {
  let max = empty
  let seen = false
  for (const value of values) {
    if (!seen || value > max || Number.isNaN(value)) max = value
    seen = true
  }
  return max
}
