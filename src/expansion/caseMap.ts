/**
 * Case conversion as bash does it: one character at a time (towupper/towlower), so a character
 * whose full mapping is longer (`ß` to `SS`) stays as it is.
 */

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

const ASCII = /^[\x00-\x7f]*$/

export const toUpper = (s: string): string => (ASCII.test(s) ? s.toUpperCase() : Array.from(s, upperChar).join(""))
export const toLower = (s: string): string => (ASCII.test(s) ? s.toLowerCase() : Array.from(s, lowerChar).join(""))

/** `${s^}` / `declare -c`: the first character upper-cased. */
export const capitalizeFirst = (s: string): string => {
  if (s === "") return s
  const first = String.fromCodePoint(s.codePointAt(0)!)
  return upperChar(first) + s.slice(first.length)
}
