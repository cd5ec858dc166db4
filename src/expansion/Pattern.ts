/**
 * Bash glob patterns (`*`, `?`, `[...]`, extglob groups) as matchers, and the pattern
 * operations of parameter expansion (`#`, `##`, `%`, `%%`, `/`, `//`, `/#`, `/%`).
 *
 * Input convention: characters that came from quoted text are preceded by a backslash, so
 * `"*"` arrives as `\*` and matches only a star.
 */
import { parseBracket, translatePattern } from "./pattern/translate.js"

export interface PatternOptions {
  readonly extglob?: boolean
  readonly nocase?: boolean
  /**
   * GLOBIGNORE matching: `*`, `?` and brackets do not match `/`, except a `*` that ends the
   * pattern (bash quirk: `GLOBIGNORE='d*'` hides `d/a.txt` but `GLOBIGNORE='*.txt'` does not).
   */
  readonly pathname?: boolean
}

/** A pattern with its regular expressions, built lazily and cached. */
class CompiledPattern {
  private fullRegex: RegExp | undefined
  private prefixGreedy: RegExp | undefined
  private prefixLazy: RegExp | undefined
  private suffixRegex: RegExp | undefined
  private stickyEnd: RegExp | undefined
  private searchRegex: RegExp | undefined

  constructor(
    readonly source: string,
    readonly lazySource: string,
    /** Alternation or negation present: regex leftmost-greedy is then not "longest". */
    readonly hasGroups: boolean,
    readonly flags: string
  ) {}

  get full(): RegExp {
    return (this.fullRegex ??= new RegExp(`^(?:${this.source})$`, this.flags))
  }

  /** Whole-string test of `text[from, to)`. */
  matchesSlice(text: string, from: number, to: number): boolean {
    return this.full.test(from === 0 && to === text.length ? text : text.slice(from, to))
  }

  /** Length of the longest prefix of `text` the pattern matches, or -1. */
  longestPrefix(text: string): number {
    if (!this.hasGroups) {
      const match = (this.prefixGreedy ??= new RegExp(`^(?:${this.source})`, this.flags)).exec(text)
      return match === null ? -1 : match[0].length
    }
    for (let end = text.length; end >= 0; end--) if (this.matchesSlice(text, 0, end)) return end
    return -1
  }

  /** Length of the shortest prefix of `text` the pattern matches, or -1. */
  shortestPrefix(text: string): number {
    if (!this.hasGroups) {
      const match = (this.prefixLazy ??= new RegExp(`^(?:${this.lazySource})`, this.flags)).exec(text)
      return match === null ? -1 : match[0].length
    }
    for (let end = 0; end <= text.length; end++) if (this.matchesSlice(text, 0, end)) return end
    return -1
  }

  /** Start of the longest suffix of `text` the pattern matches, or -1. */
  longestSuffix(text: string): number {
    // The leftmost position from which a match reaching the end exists.
    const match = (this.suffixRegex ??= new RegExp(`(?:${this.source})$`, this.flags)).exec(text)
    return match === null ? -1 : match.index
  }

  /** Start of the shortest suffix of `text` the pattern matches, or -1. */
  shortestSuffix(text: string): number {
    const sticky = (this.stickyEnd ??= new RegExp(`(?:${this.source})$`, `${this.flags}y`))
    for (let start = text.length; start >= 0; start--) {
      sticky.lastIndex = start
      if (sticky.test(text)) return start
    }
    return -1
  }

  /** The leftmost match starting at or after `from`, longest at that position. */
  search(text: string, from: number): { readonly start: number; readonly end: number } | undefined {
    const regex = (this.searchRegex ??= new RegExp(this.source, `${this.flags}g`))
    regex.lastIndex = from
    const match = regex.exec(text)
    if (match === null) return undefined
    const start = match.index
    if (!this.hasGroups) return { start, end: start + match[0].length }
    for (let end = text.length; end >= start; end--) if (this.matchesSlice(text, start, end)) return { start, end }
    return undefined
  }
}

const CACHE_SIZE = 1024
const cache = new Map<string, CompiledPattern>()

const compiled = (pattern: string, options: PatternOptions | undefined): CompiledPattern => {
  const extglob = options?.extglob === true
  const nocase = options?.nocase === true
  const pathname = options?.pathname === true
  const key = `${extglob ? "e" : "-"}${nocase ? "i" : "-"}${pathname ? "p" : "-"}${pattern}`
  let entry = cache.get(key)
  if (entry === undefined) {
    const translation = translatePattern(pattern, extglob, pathname)
    entry = new CompiledPattern(translation.source, translation.lazySource, translation.hasGroups, nocase ? "ui" : "u")
    if (cache.size >= CACHE_SIZE) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    cache.set(key, entry)
  }
  return entry
}

/** A RegExp matching exactly the whole strings the pattern matches. */
export const compilePattern = (pattern: string, options?: PatternOptions): RegExp => compiled(pattern, options).full

/** Does `pattern` match all of `text`? */
export const matchPattern = (pattern: string, text: string, options?: PatternOptions): boolean =>
  compiled(pattern, options).full.test(text)

/**
 * Does the pattern contain an unquoted glob operator? `[` counts only with a closing `]`;
 * extglob groups count when `extglob` is set.
 */
export const hasGlobMeta = (pattern: string, options?: { readonly extglob?: boolean }): boolean => {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "\\") i++
    else if (c === "*" || c === "?") return true
    else if (c === "[" && parseBracket(pattern, i) !== undefined) return true
    else if (options?.extglob === true && (c === "+" || c === "@" || c === "!") && pattern[i + 1] === "(") return true
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
  const compiledPattern = compiled(pattern, options)
  if (side === "prefix") {
    const length = longest ? compiledPattern.longestPrefix(value) : compiledPattern.shortestPrefix(value)
    return length <= 0 ? value : value.slice(length)
  }
  const start = longest ? compiledPattern.longestSuffix(value) : compiledPattern.shortestSuffix(value)
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
  const compiledPattern = compiled(pattern, options)
  if (mode === "prefix") {
    const length = compiledPattern.longestPrefix(value)
    return length < 0 ? value : replace(value.slice(0, length)) + value.slice(length)
  }
  if (mode === "suffix") {
    const start = compiledPattern.longestSuffix(value)
    return start < 0 ? value : value.slice(0, start) + replace(value.slice(start))
  }
  let out = ""
  let position = 0
  while (position < value.length) {
    const match = compiledPattern.search(value, position)
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
