/** GNU duration operands (`sleep`, `timeout`): a non-negative number with an optional s/m/h/d suffix. */

const UNIT_SECONDS: Record<string, number> = { "": 1, s: 1, m: 60, h: 3600, d: 86400 }

/** Seconds for `text`, or undefined when it is not a valid interval. `inf` is Infinity. */
export const parseDuration = (text: string): number | undefined => {
  const match = /^\+?(\d+\.?\d*|\.\d+|\d*\.?\d+e[+-]?\d+|inf(?:inity)?)([smhd]?)$/i.exec(text)
  if (match === null) return undefined
  const value = /^inf/i.test(match[1]!) ? Infinity : Number(match[1])
  if (Number.isNaN(value)) return undefined
  return value * UNIT_SECONDS[match[2]!.toLowerCase()]!
}
