const UNITS = ["K", "M", "G", "T", "P", "E", "Z", "Y"] as const

/**
 * GNU's human-readable size (`ls -h`, `du -h`, `df -h`): rounded up, one decimal below 10,
 * powers of 1024 (or 1000 with `si`).
 */
export const humanSize = (bytes: number, si = false): string => {
  const base = si ? 1000 : 1024
  if (bytes < base) return String(Math.ceil(bytes))
  let exponent = 0
  let value = bytes
  while (value >= base && exponent < UNITS.length) {
    value /= base
    exponent++
  }
  let text: string
  if (value < 10) {
    const rounded = Math.ceil(value * 10 - 1e-9) / 10
    if (rounded >= 10) text = "10"
    else text = rounded.toFixed(1)
  } else {
    let rounded = Math.ceil(value - 1e-9)
    if (rounded >= base && exponent < UNITS.length) {
      exponent++
      rounded = 1
      text = "1.0"
    } else text = String(rounded)
  }
  const unit = UNITS[exponent - 1]!
  return text + (si && unit === "K" ? "k" : unit)
}

const POWERS: Record<string, number> = { K: 1, M: 2, G: 3, T: 4, P: 5, E: 6, Z: 7, Y: 8 }

/**
 * Parse a GNU size with an optional multiplier suffix: `K`/`KiB` = 1024, `KB` = 1000,
 * `b` = 512 (when `allowBlocks`). `undefined` when malformed.
 */
export const parseSize = (text: string, allowBlocks = false): number | undefined => {
  const match = /^(\d+)([a-zA-Z]*)$/.exec(text)
  if (match === null) return undefined
  const n = Number(match[1])
  const suffix = match[2]!
  if (suffix === "") return n
  if (allowBlocks && suffix === "b") return n * 512
  const unit = suffix[0]!.toUpperCase()
  const power = POWERS[unit === "K" || suffix[0] === "k" ? "K" : unit]
  if (power === undefined) return undefined
  const rest = suffix.slice(1)
  if (rest === "" || rest === "iB") return n * 1024 ** power
  if (rest === "B") return n * 1000 ** power
  return undefined
}
