/**
 * Shell pattern text parsed into a small tree: single-character tests, stars and extglob
 * groups. Backslash-escaped characters are literal; `[` without its `]` and an extglob group
 * without its `)` are literal text, as in bash.
 *
 * The parse is linear in the pattern: the `)` closing each `(` and each bracket expression are
 * found once and remembered, so deep nesting or a run of unterminated `[` costs no rescans.
 */
import { LimitExceeded } from "../../limits/ExecutionLimits.js"
import { type CharSet, foldCase, parseBracket, PatternSource, type ParsedBracket } from "./charset.js"

/** A one-character test: a code point (folded under nocase), or one of these, or a set's index. */
export const ANY = -1
export const NOT_SLASH = -2
/** The test for `sets[index]`. */
export const setTest = (index: number): number => -3 - index
export const setIndex = (test: number): number => -3 - test

export type GroupOp = "?" | "*" | "+" | "@" | "!"

export type PatternNode =
  | { readonly kind: "char"; readonly test: number }
  | { readonly kind: "star"; readonly test: number }
  | { readonly kind: "group"; readonly op: GroupOp; readonly alternatives: ReadonlyArray<Sequence> }

export type Sequence = ReadonlyArray<PatternNode>

export interface ParsedPattern {
  readonly sequence: Sequence
  readonly sets: ReadonlyArray<CharSet>
  /** An extglob group is present. */
  readonly hasGroups: boolean
  /** A star that cannot match every character (GLOBIGNORE mode) is present. */
  readonly restrictedStar: boolean
  readonly nocase: boolean
}

export interface SyntaxOptions {
  readonly extglob: boolean
  readonly nocase: boolean
  /** GLOBIGNORE matching: `*`, `?` and brackets do not match `/`, except a `*` ending the pattern. */
  readonly pathname: boolean
}

/** Groups nested deeper than this end the script (a limit, as the parser's own depth). */
export const MAX_GROUP_DEPTH = 500

const EXTGLOB_PREFIXES = "?*+@!"

/** Finds brackets and closing parentheses, each once. */
export class PatternScanner {
  readonly source: PatternSource
  private readonly brackets = new Map<number, ParsedBracket | null>()
  private readonly closers = new Map<number, number>()

  constructor(
    readonly text: string,
    private readonly bracketOptions: { readonly nocase: boolean; readonly excludeSlash: boolean },
    charge: (units: number) => void
  ) {
    this.source = new PatternSource(text, charge)
  }

  /** The bracket expression opening at `open`, or undefined when it is unterminated. */
  bracket(open: number): ParsedBracket | undefined {
    let found = this.brackets.get(open)
    if (found === undefined) {
      found = parseBracket(this.source, open, this.bracketOptions) ?? null
      this.brackets.set(open, found)
    }
    return found ?? undefined
  }

  /** Offset of the `)` closing the `(` at `open` (counting every parenthesis), or -1. */
  closingParen(open: number): number {
    const known = this.closers.get(open)
    if (known !== undefined) return known
    const text = this.text
    const pending = [open]
    let i = open + 1
    while (pending.length > 0) {
      if (i >= text.length) {
        for (const unclosed of pending) this.closers.set(unclosed, -1)
        break
      }
      const c = text[i]
      if (c === "\\") i += 2
      else if (c === "[") {
        const bracket = this.bracket(i)
        i = bracket === undefined ? i + 1 : bracket.next
      } else if (c === "(") {
        const inner = this.closers.get(i)
        if (inner === undefined) pending.push(i++)
        else if (inner < 0) {
          for (const unclosed of pending) this.closers.set(unclosed, -1)
          break
        } else i = inner + 1
      } else if (c === ")") this.closers.set(pending.pop()!, i++)
      else i++
    }
    this.source.charge(i - open)
    return this.closers.get(open)!
  }
}

class Parser {
  readonly sets: Array<CharSet> = []
  private readonly setIndexes = new Map<number, number>()
  hasGroups = false
  restrictedStar = false
  private depth = 0
  /** Characters looked at (charged to the meter once the parse is done). */
  scanned = 0

  constructor(
    private readonly scanner: PatternScanner,
    private readonly options: SyntaxOptions
  ) {}

  private testOfBracket(open: number, bracket: ParsedBracket): number {
    let index = this.setIndexes.get(open)
    if (index === undefined) {
      index = this.sets.push(bracket.set) - 1
      this.setIndexes.set(open, index)
    }
    return setTest(index)
  }

  private literal(code: number): PatternNode {
    return { kind: "char", test: this.options.nocase ? foldCase(code) : code }
  }

  /** Parse `pattern[from, to)`. */
  sequence(from: number, to: number): Array<PatternNode> {
    const { extglob, pathname } = this.options
    const pattern = this.scanner.text
    const nodes: Array<PatternNode> = []
    let i = from
    while (i < to) {
      const c = pattern[i]!
      this.scanned++
      if (extglob && EXTGLOB_PREFIXES.includes(c) && pattern[i + 1] === "(") {
        const close = this.scanner.closingParen(i + 1)
        if (close >= 0 && close < to) {
          nodes.push(this.group(c as GroupOp, i + 2, close))
          i = close + 1
          continue
        }
        // An unterminated group is literal text.
        nodes.push(this.literal(c.charCodeAt(0)))
        i++
        continue
      }
      if (c === "*") {
        while (pattern[i + 1] === "*" && !(extglob && pattern[i + 2] === "(")) i++
        const restricted = pathname && i + 1 < pattern.length
        if (restricted) this.restrictedStar = true
        nodes.push({ kind: "star", test: restricted ? NOT_SLASH : ANY })
        i++
        continue
      }
      if (c === "?") {
        nodes.push({ kind: "char", test: pathname ? NOT_SLASH : ANY })
        i++
        continue
      }
      if (c === "[") {
        const bracket = this.scanner.bracket(i)
        if (bracket !== undefined && bracket.next <= to) {
          nodes.push({ kind: "char", test: this.testOfBracket(i, bracket) })
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
      nodes.push(this.literal(code))
    }
    return nodes
  }

  /** Split `pattern[from, to)` at top-level `|` and parse each alternative. */
  private alternatives(from: number, to: number): Array<Sequence> {
    const pattern = this.scanner.text
    const parts: Array<Sequence> = []
    let start = from
    let depth = 0
    for (let i = from; i < to; i++) {
      const c = pattern[i]
      this.scanned++
      if (c === "\\") i++
      else if (c === "[") {
        const bracket = this.scanner.bracket(i)
        if (bracket !== undefined && bracket.next <= to) i = bracket.next - 1
      } else if (c === "(") {
        // Skip a balanced nested group at once (the same as counting its parentheses).
        const close = this.scanner.closingParen(i)
        if (close >= 0 && close < to) i = close
        else depth++
      } else if (c === ")") depth--
      else if (c === "|" && depth === 0) {
        parts.push(this.sequence(start, i))
        start = i + 1
      }
    }
    parts.push(this.sequence(start, to))
    return parts
  }

  private group(op: GroupOp, from: number, to: number): PatternNode {
    this.hasGroups = true
    if (++this.depth > MAX_GROUP_DEPTH) {
      throw new LimitExceeded({ limit: "maxParserDepth", value: MAX_GROUP_DEPTH, message: `pattern: extglob groups nested too deeply (limit ${MAX_GROUP_DEPTH})` })
    }
    const alternatives = this.alternatives(from, to)
    this.depth--
    return { kind: "group", op, alternatives }
  }
}

/** Parse a whole pattern; `charge` receives the work done (the budget's meter). */
export const parsePattern = (pattern: string, options: SyntaxOptions, charge: (units: number) => void): ParsedPattern => {
  const scanner = new PatternScanner(pattern, { nocase: options.nocase, excludeSlash: options.pathname }, charge)
  const parser = new Parser(scanner, options)
  const sequence = parser.sequence(0, pattern.length)
  charge(parser.scanned)
  return { sequence, sets: parser.sets, hasGroups: parser.hasGroups, restrictedStar: parser.restrictedStar, nocase: options.nocase }
}

/** The pattern read right to left (`!(p)` reversed is `!(p reversed)`): suffixes become prefixes. */
export const reverseSequence = (sequence: Sequence): Sequence => {
  const reversed: Array<PatternNode> = []
  for (let i = sequence.length - 1; i >= 0; i--) {
    const node = sequence[i]!
    reversed.push(node.kind === "group" ? { kind: "group", op: node.op, alternatives: node.alternatives.map(reverseSequence) } : node)
  }
  return reversed
}
