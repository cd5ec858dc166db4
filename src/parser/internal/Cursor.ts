/**
 * Parser state shared by every grammar module: the source, the read position, nesting depth,
 * the work budget (fuel), pending here-documents and alias bookkeeping.
 *
 * Grammar functions read characters directly from `src` (bash's lexing depends on context, so
 * there is no separate token stream). Syntax errors are thrown as `SyntaxFailure` and turned
 * into a `ParseError` at the public edge (Parser.ts).
 */
import type { HereDoc, Redirect } from "../Ast.js"

/** Internal signal: a syntax error found deep in the grammar. Never escapes the parser. */
export class SyntaxFailure {
  constructor(
    readonly message: string,
    readonly line: number,
    readonly column: number,
    readonly context: string | undefined,
    /** A parser limit (depth, fuel) ran out, as opposed to a syntax error. */
    readonly limit = false
  ) {}
}

/** A here-document whose body is read after the next newline. */
export interface PendingHereDoc {
  readonly redirect: { heredoc: HereDoc | undefined }
  readonly delimiter: string
  readonly quoted: boolean
  readonly stripTabs: boolean
  /** Line of the `<<` operator, for bash's warning about a body that runs to end of file. */
  readonly line: number
}

/** A diagnostic bash prints while reading a script, which does not stop it (`line`: where). */
export interface ParseWarning {
  readonly line: number
  readonly message: string
}

export interface CursorOptions {
  readonly maxDepth: number
  readonly maxFuel: number
  readonly startLine: number
  readonly aliases: ((name: string) => string | undefined) | undefined
  /** The host's account of the parser's work (deadline, memory); may throw to stop the parse. */
  readonly meter?: ParseMeter | undefined
}

/**
 * Charged with every unit of parser fuel (a token or a node). The parser knows nothing of the
 * exec; the interpreter passes a meter that turns fuel into work and memory on its budget, so a
 * long parse notices the deadline and a huge AST counts against the memory limit. Whatever the
 * meter throws leaves the parser untouched (Parser.ts rethrows it).
 */
export interface ParseMeter {
  readonly charge: (units: number) => void
}

/** Shared budget so nested sub-parsers (backquotes, here-doc bodies) draw on the same fuel. */
export interface Budget {
  fuel: number
  depth: number
}

interface ActiveAlias {
  readonly name: string
  end: number
}

export class Cursor {
  src: string
  pos = 0
  readonly options: CursorOptions
  readonly budget: Budget
  pendingHereDocs: Array<PendingHereDoc> = []
  warnings: Array<ParseWarning> = []
  private lineStarts: Array<number> | undefined
  private activeAliases: Array<ActiveAlias> = []
  /**
   * After an alias whose value ends in a blank, the next word at or after this position is
   * alias-checked too (bash's trailing-blank rule); -1 otherwise.
   */
  aliasCheckFrom = -1
  aliases: ((name: string) => string | undefined) | undefined

  constructor(src: string, options: CursorOptions, budget?: Budget) {
    this.src = src
    this.options = options
    this.budget = budget ?? { fuel: options.maxFuel, depth: 0 }
    this.aliases = options.aliases
  }

  get atEnd(): boolean {
    return this.pos >= this.src.length
  }

  /** Char code at `pos + offset`, or -1 past the end. */
  peek(offset = 0): number {
    const i = this.pos + offset
    return i < this.src.length ? this.src.charCodeAt(i) : -1
  }

  startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos)
  }

  // ---- budget -------------------------------------------------------------------------------

  spend(units = 1): void {
    this.budget.fuel -= units
    if (this.budget.fuel < 0) {
      this.budget.fuel = 0
      throw new SyntaxFailure("parser work limit exceeded (script too complex)", this.lineAt(this.pos), this.columnAt(this.pos), undefined, true)
    }
    this.options.meter?.charge(units)
  }

  enter(): void {
    if (++this.budget.depth > this.options.maxDepth) {
      this.budget.depth = 0
      throw new SyntaxFailure("maximum nesting depth exceeded", this.lineAt(this.pos), this.columnAt(this.pos), undefined, true)
    }
  }

  leave(): void {
    this.budget.depth--
  }

  // ---- locations ----------------------------------------------------------------------------

  private starts(): Array<number> {
    if (this.lineStarts === undefined) {
      const starts = [0]
      const src = this.src
      let i = src.indexOf("\n")
      while (i !== -1) {
        starts.push(i + 1)
        i = src.indexOf("\n", i + 1)
      }
      this.lineStarts = starts
    }
    return this.lineStarts
  }

  /** 0-based line index of a position. */
  private lineIndex(pos: number): number {
    const starts = this.starts()
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((starts[mid] ?? 0) <= pos) lo = mid
      else hi = mid - 1
    }
    return lo
  }

  /** 1-based source line of a position, including the start-line offset. */
  lineAt(pos: number): number {
    return this.lineIndex(pos) + this.options.startLine
  }

  columnAt(pos: number): number {
    const starts = this.starts()
    return pos - (starts[this.lineIndex(pos)] ?? 0) + 1
  }

  lineTextAt(pos: number): string {
    const starts = this.starts()
    const start = starts[this.lineIndex(pos)] ?? 0
    let end = this.src.indexOf("\n", start)
    if (end === -1) end = this.src.length
    return this.src.slice(start, end)
  }

  /** The line bash reports for "unexpected end of file". */
  eofLine(): number {
    const starts = this.starts()
    const endsWithNewline = this.src.length > 0 && this.src.charCodeAt(this.src.length - 1) === 10
    return starts.length + (endsWithNewline ? 0 : 1) + this.options.startLine - 1
  }

  // ---- errors -------------------------------------------------------------------------------

  failAt(message: string, pos: number, withContext: boolean): SyntaxFailure {
    return new SyntaxFailure(
      message,
      this.lineAt(pos),
      this.columnAt(pos),
      withContext ? `\`${this.lineTextAt(pos)}'` : undefined
    )
  }

  /** An error with bash's second line given explicitly (e.g. "syntax error: `((a;b))'"). */
  failWithContext(message: string, pos: number, context: string): SyntaxFailure {
    return new SyntaxFailure(message, this.lineAt(pos), this.columnAt(pos), context)
  }

  unexpectedToken(token: string, pos: number): SyntaxFailure {
    if (token === "") return this.unexpectedEof()
    return this.failAt(`syntax error near unexpected token \`${token}'`, pos, true)
  }

  unexpectedEof(): SyntaxFailure {
    return new SyntaxFailure("syntax error: unexpected end of file", this.eofLine(), 1, undefined)
  }

  /** `unexpected EOF while looking for matching `X'`, at the opening line (quotes) or EOF. */
  unmatched(closer: string, openPos: number | undefined): SyntaxFailure {
    const line = openPos === undefined ? this.eofLine() : this.lineAt(openPos)
    return new SyntaxFailure(`unexpected EOF while looking for matching \`${closer}'`, line, 1, undefined)
  }

  // ---- aliases ------------------------------------------------------------------------------

  /** Is `name` being expanded at `pos` already (bash does not re-expand an alias inside itself)? */
  aliasActive(name: string, pos: number): boolean {
    for (const a of this.activeAliases) if (a.name === name && a.end > pos) return true
    return false
  }

  /** Replace src[start, end) by `value`, remembering the expansion so it is not re-entered. */
  spliceAlias(name: string, start: number, end: number, value: string): void {
    // Each splice re-copies the rest of the input (and its line table): charge for it, so a
    // long script full of alias uses runs out of fuel instead of going quadratic.
    this.spend(value.length + 16 + ((this.src.length - start) >> 5))
    const delta = value.length - (end - start)
    this.src = this.src.slice(0, start) + value + this.src.slice(end)
    for (const a of this.activeAliases) if (a.end >= end) a.end += delta
    this.activeAliases = this.activeAliases.filter((a) => a.end > start)
    this.activeAliases.push({ name, end: start + value.length })
    this.lineStarts = undefined
    this.pos = start
  }
}

export type MutableRedirect = { -readonly [K in keyof Redirect]: Redirect[K] }

/** One shared empty list for the many empty arrays of an AST (fewer allocations). */
export const none: ReadonlyArray<never> = Object.freeze([])
