/**
 * Case conversion as bash does it: one character at a time (towupper/towlower), so a character
 * whose full mapping is longer (`ß` to `SS`) stays as it is.
 *
 * Strings may be as long as `maxStringLength` (64 Mi characters): whole-string conversions go
 * chunk by chunk, each chunk charged to the exec's meter (so the deadline is noticed within
 * milliseconds) and ASCII chunks converted natively instead of character by character.
 */
import { unmetered, type WorkMeter } from "../limits/Budget.js"

/** Where the full (special-casing) mapping differs from the one-character one glibc uses. */
const simpleMappings: Readonly<Record<string, string>> = { "\u0130": "i" }

const mapChar = (c: string, to: (s: string) => string): string => {
  const mapped = to(c)
  if (mapped.length > c.length && simpleMappings[c] !== undefined && to === lowerCase) return simpleMappings[c]!
  return mapped.length === c.length || [...mapped].length === 1 ? mapped : c
}

const upperCase = (s: string): string => s.toUpperCase()
const lowerCase = (s: string): string => s.toLowerCase()

export const upperChar = (c: string): string => (c < "\x80" ? c.toUpperCase() : mapChar(c, upperCase))
export const lowerChar = (c: string): string => (c < "\x80" ? c.toLowerCase() : mapChar(c, lowerCase))
/** `~~`: a character that has an upper-case form becomes it, any other one its lower-case form. */
export const toggleChar = (c: string): string => {
  const upper = upperChar(c)
  return upper === c ? lowerChar(c) : upper
}

const ASCII = /^[\x00-\x7f]*$/

/** Code units converted between two charges of the meter (a few hundred microseconds of work). */
const CHUNK = 1 << 16

/** Convert an ASCII chunk through a table of 128 character codes. */
const throughTable = (chunk: string, table: Uint8Array): string => {
  const bytes = Buffer.from(chunk, "latin1")
  for (let i = 0; i < bytes.length; i++) bytes[i] = table[bytes[i]!]!
  return bytes.toString("latin1")
}

export type CaseDirection = "upper" | "lower" | "toggle"

const charConverter = { upper: upperChar, lower: lowerChar, toggle: toggleChar } as const

/** What each ASCII character becomes (those `select` refuses stay as they are). */
const asciiTable = (direction: CaseDirection, select: ((c: string) => boolean) | undefined): Uint8Array => {
  const table = new Uint8Array(128)
  for (let code = 0; code < 128; code++) {
    const c = String.fromCharCode(code)
    table[code] = select === undefined || select(c) ? charConverter[direction](c).charCodeAt(0) : code
  }
  return table
}

/** The end of the chunk starting at `from`, never between the two halves of a surrogate pair. */
const chunkEnd = (s: string, from: number): number => {
  let end = Math.min(from + CHUNK, s.length)
  const last = s.charCodeAt(end - 1)
  if (end < s.length && last >= 0xd800 && last <= 0xdbff) end++
  return end
}

/**
 * Convert every character of `s`; with `select`, only the characters it accepts (`${x^^[ab]}`).
 * `select` is asked once per distinct character.
 */
export const convertAll = (s: string, direction: CaseDirection, meter: WorkMeter = unmetered, select?: (c: string) => boolean): string => {
  const convertChar = charConverter[direction]
  const selected = select === undefined ? undefined : memoised(select)
  // Upper and lower case of plain ASCII are native; anything else goes through a table.
  const native = selected === undefined && direction !== "toggle" ? (direction === "upper" ? upperCase : lowerCase) : undefined
  let table: Uint8Array | undefined
  const pieces: Array<string> = []
  for (let from = 0; from < s.length; ) {
    const end = chunkEnd(s, from)
    const chunk = s.slice(from, end)
    meter.step(chunk.length)
    if (ASCII.test(chunk)) pieces.push(native !== undefined ? native(chunk) : throughTable(chunk, (table ??= asciiTable(direction, selected))))
    else {
      let out = ""
      for (const c of chunk) out += selected === undefined || selected(c) ? convertChar(c) : c
      pieces.push(out)
    }
    from = end
  }
  return pieces.length === 1 ? pieces[0]! : pieces.join("")
}

/** Convert the first character only (`${x^}`, `${x,}`, `${x~}`), if `select` accepts it. */
export const convertFirst = (s: string, direction: CaseDirection, select?: (c: string) => boolean): string => {
  if (s === "") return s
  const first = String.fromCodePoint(s.codePointAt(0)!)
  if (select !== undefined && !select(first)) return s
  return charConverter[direction](first) + s.slice(first.length)
}

const memoised = (select: (c: string) => boolean): ((c: string) => boolean) => {
  const known = new Map<string, boolean>()
  return (c) => {
    let answer = known.get(c)
    if (answer === undefined) {
      answer = select(c)
      known.set(c, answer)
    }
    return answer
  }
}

export const toUpper = (s: string, meter: WorkMeter = unmetered): string => convertAll(s, "upper", meter)
export const toLower = (s: string, meter: WorkMeter = unmetered): string => convertAll(s, "lower", meter)

/** `${s^}` / `declare -c`: the first character upper-cased. */
export const capitalizeFirst = (s: string): string => convertFirst(s, "upper")
