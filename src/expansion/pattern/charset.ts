/**
 * Bracket expressions of shell patterns (`[abc]`, `[!a-z]`, `[[:alpha:]]`, `[[=e=]]`, `[[.-.]]`)
 * parsed into character sets, and the case folding the matcher uses.
 *
 * Semantics follow bash 5.2 in a UTF-8 locale with globasciiranges (its default): ranges
 * compare code points, a reversed range matches nothing, an unknown class matches nothing.
 * Under nocasematch/nocaseglob bash folds the subject character, single characters and range
 * ends to lower case, but tests classes on the unfolded character (`A` is not `[[:lower:]]`).
 */

/** Lower-case a code point as towlower does (one code point to one code point, else itself). */
export const foldCase = (code: number): number => {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code
  let folded = foldCache.get(code)
  if (folded === undefined) {
    const lower = String.fromCodePoint(code).toLowerCase()
    const first = lower.codePointAt(0)!
    folded = lower.length === (first > 0xffff ? 2 : 1) ? first : code
    if (foldCache.size < 4096) foldCache.set(code, folded)
  }
  return folded
}

const foldCache = new Map<number, number>()

/** One character test per class name, as glibc's classes in a UTF-8 locale. */
const classTest = (regex: RegExp): ((code: number) => boolean) => (code) => regex.test(String.fromCodePoint(code))

const isDigit = (code: number): boolean => code >= 48 && code <= 57
/** glibc counts the digits of other scripts (Arabic-Indic...) as alphabetic. */
const alpha = classTest(/^[\p{Alphabetic}\p{Nd}]$/u)

/** glibc's space class: JavaScript's `\s` without the no-break spaces. */
const isSpace = (code: number): boolean => code !== 0xa0 && code !== 0x2007 && code !== 0x202f && code !== 0xfeff && whiteSpace(code)
const whiteSpace = classTest(/^\s$/u)
const isPrint = classTest(/^\P{C}$/u)
/** glibc derives graph (printable, not space) and punct (graph, not alphanumeric). */
const isGraph = (code: number): boolean => isPrint(code) && !isSpace(code)

const CLASSES: Readonly<Record<string, (code: number) => boolean>> = {
  alpha: (code) => !isDigit(code) && alpha(code),
  upper: classTest(/^\p{Uppercase}$/u),
  lower: classTest(/^\p{Lowercase}$/u),
  digit: isDigit,
  xdigit: (code) => isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102),
  alnum: alpha,
  word: (code) => code === 95 || alpha(code),
  space: isSpace,
  blank: (code) => code === 32 || code === 9,
  punct: (code) => isGraph(code) && !alpha(code),
  cntrl: classTest(/^\p{Cc}$/u),
  print: isPrint,
  graph: isGraph,
  ascii: (code) => code < 128
}

const NOTHING = (): boolean => false

/** A parsed bracket expression. */
export class CharSet {
  /** Answers for ASCII, computed once (index: code point; 1 match, 2 no match, 0 unknown). */
  private readonly ascii = new Uint8Array(128)

  constructor(
    readonly negated: boolean,
    /** Single characters and ranges as [low, high] pairs (folded when `nocase`). */
    private readonly ranges: ReadonlyArray<number>,
    private readonly classes: ReadonlyArray<(code: number) => boolean>,
    private readonly nocase: boolean,
    /** GLOBIGNORE mode: the set never matches `/`. */
    private readonly excludeSlash: boolean
  ) {}

  matches(code: number): boolean {
    if (code < 128) {
      const known = this.ascii[code]!
      if (known !== 0) return known === 1
      const answer = this.compute(code)
      this.ascii[code] = answer ? 1 : 2
      return answer
    }
    return this.compute(code)
  }

  private compute(code: number): boolean {
    if (this.excludeSlash && code === 47) return false
    const test = this.nocase ? foldCase(code) : code
    let inside = false
    const ranges = this.ranges
    for (let i = 0; i < ranges.length && !inside; i += 2) inside = test >= ranges[i]! && test <= ranges[i + 1]!
    for (let i = 0; i < this.classes.length && !inside; i++) inside = this.classes[i]!(code)
    return inside !== this.negated
  }
}

export interface ParsedBracket {
  readonly set: CharSet
  /** Offset just past the closing `]`. */
  readonly next: number
}

/**
 * The pattern text with what bracket parsing needs to stay linear: the next `:]`, `=]` or `.]`
 * from any offset in O(1) (tables built on first use), and the meter charged for scanning.
 */
export class PatternSource {
  private readonly tables = new Map<string, Int32Array>()
  /** Offset of the last `]` (a bracket opening after it cannot be terminated). */
  readonly lastClose: number
  constructor(
    readonly text: string,
    readonly charge: (units: number) => void
  ) {
    this.lastClose = text.lastIndexOf("]")
  }

  private unterminated: Uint8Array | undefined

  /** A bracket item starting at `at` (not the first item) is known to run off the end. */
  unterminatedFrom(at: number): boolean {
    return this.unterminated !== undefined && this.unterminated[at] === 1
  }

  markUnterminated(itemStarts: ReadonlyArray<number>): void {
    const marks = (this.unterminated ??= new Uint8Array(this.text.length + 1))
    for (const at of itemStarts) marks[at] = 1
  }

  /** Offset of the first `seq` (two characters) at or after `from`, or -1. */
  find(seq: string, from: number): number {
    let table = this.tables.get(seq)
    if (table === undefined) {
      const text = this.text
      table = new Int32Array(text.length + 1).fill(-1)
      for (let i = text.length - 2; i >= 0; i--) table[i] = text[i] === seq[0] && text[i + 1] === seq[1] ? i : table[i + 1]!
      this.charge(text.length)
      this.tables.set(seq, table)
    }
    return from >= table.length ? -1 : table[from]!
  }
}

/** Read one bracket item character (handling `\x` and `[.x.]`): its code point and next offset. */
const bracketChar = (source: PatternSource, at: number): { readonly code: number; readonly next: number } | undefined => {
  const pattern = source.text
  if (at >= pattern.length) return undefined
  if (pattern[at] === "\\" && at + 1 < pattern.length) {
    const code = pattern.codePointAt(at + 1)!
    return { code, next: at + 1 + (code > 0xffff ? 2 : 1) }
  }
  if (pattern[at] === "[" && pattern[at + 1] === ".") {
    const close = source.find(".]", at + 2)
    if (close > at + 2) return { code: pattern.codePointAt(at + 2)!, next: close + 2 }
  }
  const code = pattern.codePointAt(at)!
  return { code, next: at + (code > 0xffff ? 2 : 1) }
}

export interface BracketOptions {
  readonly nocase: boolean
  readonly excludeSlash: boolean
}

/** Parse the bracket expression opening at `open` (a `[`); undefined when it is unterminated. */
export const parseBracket = (source: PatternSource, open: number, options: BracketOptions): ParsedBracket | undefined => {
  const pattern = source.text
  if (source.lastClose < open + 2) return undefined
  let at = open + 1
  let negated = false
  if (pattern[at] === "!" || pattern[at] === "^") {
    negated = true
    at++
  }
  const fold = options.nocase ? foldCase : (code: number) => code
  const ranges: Array<number> = []
  const classes: Array<(code: number) => boolean> = []
  let first = true
  // Item starts seen after the first: the scan from any of them is the same whatever the
  // bracket it started in, so an unterminated scan marks them all as leading nowhere.
  const visited: Array<number> = []
  for (;;) {
    if (at >= pattern.length || (!first && source.unterminatedFrom(at))) {
      source.markUnterminated(visited)
      source.charge(at - open)
      return undefined
    }
    const c = pattern[at]
    if (c === "]" && !first) break
    if (!first) visited.push(at)
    first = false
    if (c === "[" && (pattern[at + 1] === ":" || pattern[at + 1] === "=")) {
      const kind = pattern[at + 1]
      const close = source.find(`${kind}]`, at + 2)
      if (close >= 0) {
        const name = pattern.slice(at + 2, close)
        if (kind === ":") classes.push(CLASSES[name] ?? NOTHING)
        else {
          const code = name.codePointAt(0)
          if (code !== undefined) ranges.push(fold(code), fold(code))
        }
        at = close + 2
        continue
      }
    }
    const start = bracketChar(source, at)!
    at = start.next
    if (pattern[at] === "-" && at + 1 < pattern.length && pattern[at + 1] !== "]") {
      const end = bracketChar(source, at + 1)!
      at = end.next
      // A reversed range matches nothing.
      if (start.code <= end.code) ranges.push(fold(start.code), fold(end.code))
      continue
    }
    ranges.push(fold(start.code), fold(start.code))
  }
  source.charge(at - open)
  return { set: new CharSet(negated, ranges, classes, options.nocase, options.excludeSlash), next: at + 1 }
}
