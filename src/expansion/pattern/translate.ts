/**
 * Translation of a bash glob pattern (with optional extglob) into JavaScript regular-expression
 * source for use with the `u` flag. Backslash-escaped characters are literal.
 *
 * `!(alts)` needs "this segment is not in L(alts)", which a regex cannot say directly. In
 * forward context it is written as: capture everything before the segment with a lookbehind,
 * consume the segment, then a negative lookbehind anchored at the captured prefix rejects a
 * segment matching the alternatives. Inside a lookbehind (matched right to left) the mirror
 * form is used: capture the suffix after the segment, then a negative lookahead at its start.
 */

export interface Translation {
  /** Regex source; `*` is greedy. */
  readonly source: string
  /** The same with lazy `*` (only meaningful when `hasGroups` is false). */
  readonly lazySource: string
  /** True when the pattern contains an extglob group (alternation or negation). */
  readonly hasGroups: boolean
}

type Direction = "forward" | "backward"

const CLASS_SOURCES: Readonly<Record<string, string>> = {
  alpha: "\\p{Alphabetic}",
  upper: "\\p{Uppercase}",
  lower: "\\p{Lowercase}",
  digit: "0-9",
  xdigit: "0-9A-Fa-f",
  alnum: "\\p{Alphabetic}0-9",
  word: "\\p{Alphabetic}0-9_",
  space: "\\s",
  blank: " \\t",
  punct: "\\p{P}\\p{S}",
  cntrl: "\\p{Cc}",
  print: "\\P{C}",
  graph: "\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}",
  ascii: "\\u{0}-\\u{7f}"
}

const isPlainChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)

/** A literal code point as regex source, valid both inside and outside classes under `u`. */
export const literal = (codePoint: number): string =>
  isPlainChar(codePoint) ? String.fromCharCode(codePoint) : `\\u{${codePoint.toString(16)}}`

const EXTGLOB_PREFIXES = "?*+@!"

/** Offset of the `)` closing the group opened at `open` (the `(`), or -1. */
const closingParen = (pattern: string, open: number): number => {
  let depth = 0
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "\\") i++
    else if (c === "[") {
      const bracket = parseBracket(pattern, i)
      if (bracket !== undefined) i = bracket.next - 1
    } else if (c === "(") depth++
    else if (c === ")" && --depth === 0) return i
  }
  return -1
}

interface Bracket {
  readonly source: string
  readonly next: number
}

/** Read one bracket item character (handling `\x` and `[.x.]`); returns code point and next offset. */
const bracketChar = (pattern: string, at: number): { readonly code: number; readonly next: number } | undefined => {
  if (at >= pattern.length) return undefined
  if (pattern[at] === "\\" && at + 1 < pattern.length) {
    const code = pattern.codePointAt(at + 1)!
    return { code, next: at + 1 + (code > 0xffff ? 2 : 1) }
  }
  if (pattern[at] === "[" && pattern[at + 1] === ".") {
    const close = pattern.indexOf(".]", at + 2)
    if (close > at + 2) {
      const code = pattern.codePointAt(at + 2)!
      return { code, next: close + 2 }
    }
  }
  const code = pattern.codePointAt(at)!
  return { code, next: at + (code > 0xffff ? 2 : 1) }
}

/** Parse the bracket expression starting at `open` (`[`); undefined when it is unterminated. */
export const parseBracket = (pattern: string, open: number): Bracket | undefined => {
  let at = open + 1
  let negate = false
  if (pattern[at] === "!" || pattern[at] === "^") {
    negate = true
    at++
  }
  let items = ""
  let first = true
  for (;;) {
    if (at >= pattern.length) return undefined
    const c = pattern[at]
    if (c === "]" && !first) break
    first = false
    if (c === "[" && (pattern[at + 1] === ":" || pattern[at + 1] === "=")) {
      const kind = pattern[at + 1]
      const close = pattern.indexOf(`${kind}]`, at + 2)
      if (close >= 0) {
        const name = pattern.slice(at + 2, close)
        if (kind === ":") items += CLASS_SOURCES[name] ?? ""
        else {
          const code = name.codePointAt(0)
          if (code !== undefined) items += literal(code)
        }
        at = close + 2
        continue
      }
    }
    const start = bracketChar(pattern, at)
    if (start === undefined) return undefined
    at = start.next
    if (pattern[at] === "-" && at + 1 < pattern.length && pattern[at + 1] !== "]") {
      const end = bracketChar(pattern, at + 1)
      if (end === undefined) return undefined
      at = end.next
      // A reversed range matches nothing.
      if (start.code <= end.code) items += `${literal(start.code)}-${literal(end.code)}`
      continue
    }
    items += literal(start.code)
  }
  return { source: `[${negate ? "^" : ""}${items}]`, next: at + 1 }
}

class Translator {
  private groupCounter = 0
  hasGroups = false

  constructor(
    private readonly pattern: string,
    private readonly extglob: boolean,
    /** GLOBIGNORE mode: wildcards do not match `/`, except a `*` that ends the pattern. */
    private readonly pathname: boolean
  ) {}

  /** Translate `pattern[from, to)`; returns [greedy, lazy] sources. */
  sequence(from: number, to: number, direction: Direction): [string, string] {
    const pattern = this.pattern
    let greedy = ""
    let lazy = ""
    let i = from
    while (i < to) {
      const c = pattern[i]!
      if (this.extglob && EXTGLOB_PREFIXES.includes(c) && pattern[i + 1] === "(") {
        const close = closingParen(pattern, i + 1)
        if (close >= 0 && close < to) {
          const group = this.group(c, i + 2, close, direction)
          greedy += group
          lazy += group
          i = close + 1
          continue
        }
        // An unterminated group is literal text.
        greedy += literal(c.charCodeAt(0))
        lazy += literal(c.charCodeAt(0))
        i++
        continue
      }
      if (c === "*") {
        while (pattern[i + 1] === "*" && !(this.extglob && pattern[i + 2] === "(")) i++
        const any = this.pathname && i + 1 < pattern.length ? "[^/]" : "[^]"
        greedy += `${any}*`
        lazy += `${any}*?`
        i++
        continue
      }
      if (c === "?") {
        const any = this.pathname ? "[^/]" : "[^]"
        greedy += any
        lazy += any
        i++
        continue
      }
      if (c === "[") {
        const bracket = parseBracket(pattern, i)
        if (bracket !== undefined && bracket.next <= to) {
          const source = this.pathname ? `(?:(?!\\/)${bracket.source})` : bracket.source
          greedy += source
          lazy += source
          i = bracket.next
          continue
        }
      }
      let code: number
      if (c === "\\" && i + 1 < to) {
        code = pattern.codePointAt(i + 1)!
        i += code > 0xffff ? 3 : 2
      } else {
        code = pattern.codePointAt(i)!
        i += code > 0xffff ? 2 : 1
      }
      greedy += literal(code)
      lazy += literal(code)
    }
    return [greedy, lazy]
  }

  /** Split `pattern[from, to)` at top-level `|` and translate each alternative. */
  private alternatives(from: number, to: number, direction: Direction): string {
    const pattern = this.pattern
    const parts: Array<string> = []
    let start = from
    let depth = 0
    for (let i = from; i < to; i++) {
      const c = pattern[i]
      if (c === "\\") i++
      else if (c === "[") {
        const bracket = parseBracket(pattern, i)
        if (bracket !== undefined && bracket.next <= to) i = bracket.next - 1
      } else if (c === "(") depth++
      else if (c === ")") depth--
      else if (c === "|" && depth === 0) {
        parts.push(this.sequence(start, i, direction)[0])
        start = i + 1
      }
    }
    parts.push(this.sequence(start, to, direction)[0])
    return parts.join("|")
  }

  private group(kind: string, from: number, to: number, direction: Direction): string {
    this.hasGroups = true
    switch (kind) {
      case "?":
        return `(?:${this.alternatives(from, to, direction)})?`
      case "*":
        return `(?:${this.alternatives(from, to, direction)})*`
      case "+":
        return `(?:${this.alternatives(from, to, direction)})+`
      case "@":
        return `(?:${this.alternatives(from, to, direction)})`
      default: {
        const name = `n${this.groupCounter++}`
        if (direction === "forward") {
          const alts = this.alternatives(from, to, "backward")
          return `(?<=^(?<${name}>[^]*))[^]*(?<!^\\k<${name}>(?:${alts}))`
        }
        const alts = this.alternatives(from, to, "forward")
        return `(?!(?:${alts})\\k<${name}>$)[^]*(?=(?<${name}>[^]*$))`
      }
    }
  }
}

export const translatePattern = (pattern: string, extglob: boolean, pathname = false): Translation => {
  const translator = new Translator(pattern, extglob, pathname)
  const [source, lazySource] = translator.sequence(0, pattern.length, "forward")
  return { source, lazySource, hasGroups: translator.hasGroups }
}
