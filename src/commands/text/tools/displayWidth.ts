/** Terminal column width of a Unicode code point (wcwidth-like: 0 for controls/combining, 2 for wide). */

const COMBINING: ReadonlyArray<readonly [number, number]> = [
  [0x0300, 0x036f], [0x0483, 0x0489], [0x0591, 0x05bd], [0x0610, 0x061a], [0x064b, 0x065f],
  [0x0e31, 0x0e31], [0x0e34, 0x0e3a], [0x200b, 0x200f], [0x20d0, 0x20ff], [0xfe00, 0xfe0f], [0xfe20, 0xfe2f]
]

const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xff60], [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f], [0x1f900, 0x1f9ff], [0x20000, 0x2fffd], [0x30000, 0x3fffd]
]

const inRanges = (c: number, ranges: ReadonlyArray<readonly [number, number]>): boolean => {
  for (const [lo, hi] of ranges) if (c >= lo && c <= hi) return true
  return false
}

export const codePointWidth = (c: number): number => {
  if (c < 32 || (c >= 0x7f && c < 0xa0)) return 0
  if (c < 0x300) return 1
  if (inRanges(c, COMBINING)) return 0
  return inRanges(c, WIDE) ? 2 : 1
}

/** Display width of ordinary text. */
export const textWidth = (text: string): number => {
  let w = 0
  for (const ch of text) w += codePointWidth(ch.codePointAt(0)!)
  return w
}
