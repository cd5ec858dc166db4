/**
 * Bash glob patterns (`*`, `?`, `[...]`, extglob groups) as matchers, and the pattern
 * operations of parameter expansion (`#`, `##`, `%`, `%%`, `/`, `//`, `/#`, `/%`).
 *
 * Input convention: characters that came from quoted text are preceded by a backslash, so
 * `"*"` arrives as `\*` and matches only a star.
 *
 * Matching never backtracks: a pattern is compiled to an automaton simulated over the text
 * (pattern/), so every operation is O(pattern × text) and charges the exec's budget through
 * `options.meter` (a hostile pattern ends the script at its deadline instead of freezing it).
 */
import { unmetered, type WorkMeter } from "../limits/Budget.js"
import { PatternMatcher } from "./pattern/matcher.js"
import { parsePattern, PatternScanner } from "./pattern/syntax.js"

export interface PatternOptions {
  readonly extglob?: boolean
  readonly nocase?: boolean
  /**
   * GLOBIGNORE matching: `*`, `?` and brackets do not match `/`, except a `*` that ends the
   * pattern (bash quirk: `GLOBIGNORE='d*'` hides `d/a.txt` but `GLOBIGNORE='*.txt'` does not).
   */
  readonly pathname?: boolean
  /** The budget matching charges (the exec's `Budget`); unmetered when absent. */
  readonly meter?: WorkMeter | undefined
}

const CACHE_SIZE = 1024
/** Longer patterns are compiled for each use: the cache must not hold megabytes of automata. */
const MAX_CACHED_LENGTH = 4096
/** Compiled patterns by option combination (extglob, nocase, pathname as bits), then by text. */
const caches: ReadonlyArray<Map<string, PatternMatcher>> = Array.from({ length: 8 }, () => new Map())

/** The compiled pattern (cached: scripts match the same few patterns over and over). */
export const compiledPattern = (pattern: string, options: PatternOptions | undefined): PatternMatcher => {
  const extglob = options?.extglob === true
  const nocase = options?.nocase === true
  const pathname = options?.pathname === true
  const cache = caches[(extglob ? 1 : 0) | (nocase ? 2 : 0) | (pathname ? 4 : 0)]!
  let entry = cache.get(pattern)
  if (entry === undefined) {
    const meter = options?.meter ?? unmetered
    entry = new PatternMatcher(parsePattern(pattern, { extglob, nocase, pathname }, (units) => meter.step(units)))
    if (pattern.length > MAX_CACHED_LENGTH) return entry
    if (cache.size >= CACHE_SIZE) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    cache.set(pattern, entry)
  }
  return entry
}

/** Does `pattern` match all of `text`? */
export const matchPattern = (pattern: string, text: string, options?: PatternOptions): boolean =>
  compiledPattern(pattern, options).matches(text, options?.meter ?? unmetered)

/**
 * Does the pattern contain an unquoted glob operator? `[` counts only with a closing `]`;
 * extglob groups count when `extglob` is set.
 */
export const hasGlobMeta = (pattern: string, options?: { readonly extglob?: boolean; readonly meter?: WorkMeter | undefined }): boolean => {
  let scanner: PatternScanner | undefined
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "\\") i++
    else if (c === "*" || c === "?") return true
    else if (c === "[") {
      const meter = options?.meter ?? unmetered
      scanner ??= new PatternScanner(pattern, { nocase: false, excludeSlash: false }, (units) => meter.step(units))
      if (scanner.bracket(i) !== undefined) return true
    } else if (options?.extglob === true && (c === "+" || c === "@" || c === "!") && pattern[i + 1] === "(") return true
  }
  return false
}

/** Drop the quoting backslashes: `\*` becomes `*`, `\\` becomes `\`. A trailing `\` stays. */
export const unescapePattern = (pattern: string): string => {
  if (!pattern.includes("\\")) return pattern
  let out = ""
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === "\\" && i + 1 < pattern.length) {
      out += pattern[i + 1]
      i++
    } else out += c
  }
  return out
}

/** `${v#p}` (shortest prefix), `${v##p}`, `${v%p}`, `${v%%p}`. */
export const removePattern = (
  value: string,
  pattern: string,
  side: "prefix" | "suffix",
  longest: boolean,
  options?: PatternOptions
): string => {
  const matcher = compiledPattern(pattern, options)
  const meter = options?.meter ?? unmetered
  if (side === "prefix") {
    const length = matcher.prefix(value, longest, meter)
    return length <= 0 ? value : value.slice(length)
  }
  const start = matcher.suffix(value, longest, meter)
  return start < 0 || start === value.length ? value : value.slice(0, start)
}

/** Length in UTF-16 units of the character at `index`. */
const charLength = (text: string, index: number): number => {
  const code = text.charCodeAt(index)
  return code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1
}

/** Bash matches an empty value only with patterns that begin with `*` (except for `/%`). */
const matchesEmptyValue = (pattern: string, mode: "first" | "all" | "prefix" | "suffix", options?: PatternOptions): boolean =>
  (mode === "suffix" || pattern.startsWith("*")) && matchPattern(pattern, "", options)

/**
 * `${v/p/r}` (first), `${v//p/r}` (all), `${v/#p/r}` (prefix), `${v/%p/r}` (suffix).
 * Each match is the leftmost, and the longest there; after an empty match one character is
 * copied before searching again, and no match is attempted at the very end, as in bash.
 */
export const replacePattern = (
  value: string,
  pattern: string,
  replacementOrFn: string | ((matched: string) => string),
  mode: "first" | "all" | "prefix" | "suffix",
  options?: PatternOptions
): string => {
  // A function replacement receives each matched text (bash's `&` in the replacement).
  const replace = typeof replacementOrFn === "string" ? () => replacementOrFn : replacementOrFn
  const replacement = typeof replacementOrFn === "string" ? replacementOrFn : replacementOrFn("")
  if (pattern === "") {
    if (mode === "prefix") return replacement + value
    if (mode === "suffix") return value + replacement
    return value
  }
  if (value === "") return matchesEmptyValue(pattern, mode, options) ? replacement : value
  const matcher = compiledPattern(pattern, options)
  const meter = options?.meter ?? unmetered
  if (mode === "prefix") {
    const length = matcher.prefix(value, true, meter)
    return length < 0 ? value : replace(value.slice(0, length)) + value.slice(length)
  }
  if (mode === "suffix") {
    const start = matcher.suffix(value, true, meter)
    return start < 0 ? value : value.slice(0, start) + replace(value.slice(start))
  }
  const search = matcher.searcher(value, meter)
  let out = ""
  let position = 0
  while (position < value.length) {
    const match = search(position)
    if (match === undefined) break
    out += value.slice(position, match.start) + replace(value.slice(match.start, match.end))
    if (match.end === match.start) {
      if (match.start >= value.length) {
        position = value.length
        break
      }
      const step = charLength(value, match.start)
      out += value.slice(match.start, match.start + step)
      position = match.start + step
    } else position = match.end
    if (mode === "first") break
  }
  return out + value.slice(position)
}
