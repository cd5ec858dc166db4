/**
 * The parser service: bash source text to a typed AST (Ast.ts) or a located ParseError.
 *
 * `parseScript` parses a whole script; `makeIncrementalParser` hands out one top-level command
 * line at a time, as bash reads a script (earlier lines run before a later syntax error, and an
 * alias defined on one line applies from the next).
 */
import { Effect, Either } from "effect"
import { defaultLimits, LimitExceeded } from "../limits/ExecutionLimits.js"
import type { Script, Statement, StatementList } from "./Ast.js"
import { parseListStep, parseWholeScript, consumePendingAtEof } from "./internal/commands.js"
import { Cursor, SyntaxFailure, type CursorOptions, type ParseMeter, type ParseWarning } from "./internal/Cursor.js"

export type { ParseMeter, ParseWarning }

const none: ReadonlyArray<ParseWarning> = []
import { skipLinebreaks, unexpectedHere } from "./internal/lex.js"
import { ParseError } from "./ParseError.js"

export interface ParserOptions {
  readonly maxDepth?: number
  readonly maxFuel?: number
  readonly maxInputBytes?: number
  /** Alias lookup (bash's `expand_aliases`); undefined: aliases are not expanded. */
  readonly aliases?: (name: string) => string | undefined
  /** Line number of the first source line (default 1). */
  readonly startLine?: number
  /** Charged with the parser's fuel as it is spent; what it throws ends the parse and is rethrown. */
  readonly meter?: ParseMeter
}

/** `nextPart`'s answer when the line goes on: call it again for the rest. */
export const LINE_CONTINUES: unique symbol = Symbol("bashkit-effect/LineContinues")

export interface IncrementalParser {
  /** The statements of the next complete top-level command line, or undefined at the end. */
  next(aliases?: (name: string) => string | undefined): Either.Either<StatementList | undefined, ParseError>
  /**
   * `next`, at most `maxStatements` statements of the line at a time: a host that must yield
   * while a long line is read (`a; b; c; ...` a million times) calls it until it has the line.
   */
  nextPart(aliases: ((name: string) => string | undefined) | undefined, maxStatements: number): Either.Either<StatementList | undefined | typeof LINE_CONTINUES, ParseError>
  /** Warnings met since the last call (a here-document cut short by end of file). */
  takeWarnings(): ReadonlyArray<ParseWarning>
}

const cursorOptions = (options: ParserOptions | undefined): CursorOptions => ({
  maxDepth: options?.maxDepth ?? defaultLimits.maxParserDepth,
  maxFuel: options?.maxFuel ?? defaultLimits.maxParserFuel,
  startLine: options?.startLine ?? 1,
  aliases: options?.aliases,
  meter: options?.meter
})

const toParseError = (failure: SyntaxFailure): ParseError =>
  new ParseError(
    failure.context === undefined
      ? { message: failure.message, line: failure.line, column: failure.column }
      : { message: failure.message, line: failure.line, column: failure.column, context: failure.context }
  )

/**
 * Run a grammar function, turning internal failures (and a blown JS stack) into ParseError. A
 * budget stop thrown by the meter is not the script's fault: it goes on to the host's handler.
 */
const guarded = <A>(cursor: Cursor, run: () => A): Either.Either<A, ParseError> => {
  try {
    return Either.right(run())
  } catch (error) {
    if (error instanceof SyntaxFailure) return Either.left(toParseError(error))
    if (error instanceof LimitExceeded) throw error
    if (error instanceof RangeError) {
      return Either.left(
        new ParseError({ message: "maximum nesting depth exceeded", line: cursor.lineAt(Math.min(cursor.pos, cursor.src.length)), column: 1 })
      )
    }
    return Either.left(new ParseError({ message: `internal parser error: ${String(error)}`, line: 1, column: 1 }))
  }
}

const inputTooLarge = (source: string, options: ParserOptions | undefined): ParseError | undefined => {
  const max = options?.maxInputBytes ?? defaultLimits.maxInputBytes
  // Each UTF-16 unit is at least one byte; only compute the exact size near the limit.
  if (source.length <= max / 3) return undefined
  const bytes = Buffer.byteLength(source, "utf8")
  return bytes > max
    ? new ParseError({ message: `script too large: ${bytes} bytes (limit ${max})`, line: 1, column: 1 })
    : undefined
}

/** Parse a whole script. */
export const parseScript = (source: string, options?: ParserOptions): Either.Either<Script, ParseError> => {
  const tooLarge = inputTooLarge(source, options)
  if (tooLarge !== undefined) return Either.left(tooLarge)
  const cursor = new Cursor(source, cursorOptions(options))
  return guarded(cursor, () => parseWholeScript(cursor))
}

/** A parser that yields one top-level command line per `next()` call. */
export const makeIncrementalParser = (source: string, options?: ParserOptions): IncrementalParser => {
  const tooLarge = inputTooLarge(source, options)
  const cursor = new Cursor(source, cursorOptions(options))
  let failed: ParseError | undefined = tooLarge
  // The statements of the line being read, while `nextPart` has not reached its end.
  let line: Array<Statement> | undefined
  const nextPart = (aliases: ((name: string) => string | undefined) | undefined, maxStatements: number) => {
    if (failed !== undefined) return Either.left(failed)
    cursor.aliases = aliases ?? options?.aliases
    const result = guarded(cursor, (): StatementList | undefined | typeof LINE_CONTINUES => {
      if (line === undefined) {
        skipLinebreaks(cursor)
        if (cursor.atEnd) {
          if (cursor.pendingHereDocs.length > 0) consumePendingAtEof(cursor)
          return undefined
        }
        line = []
      }
      const statements = line
      for (let taken = 0; ; taken++) {
        if (taken >= maxStatements) return LINE_CONTINUES
        if (parseListStep(cursor, statements, true)) break
      }
      line = undefined
      // A line that stopped at a list terminator (`;;`, `)`, `fi`, ...) is a syntax error as a whole:
      // nothing on it runs, as in bash.
      if (statements.length === 0 || (!cursor.atEnd && cursor.src.charCodeAt(cursor.pos - 1) !== 10)) unexpectedHere(cursor)
      if (cursor.atEnd && cursor.pendingHereDocs.length > 0) consumePendingAtEof(cursor)
      return statements
    })
    if (Either.isLeft(result)) failed = result.left
    return result
  }
  return {
    nextPart,
    next(aliases) {
      const result = nextPart(aliases, Infinity)
      return Either.isRight(result) && result.right === LINE_CONTINUES ? Either.right(undefined) : (result as Either.Either<StatementList | undefined, ParseError>)
    },
    takeWarnings() {
      if (cursor.warnings.length === 0) return none
      const out = cursor.warnings
      cursor.warnings = []
      return out
    }
  }
}

/** The parser as a service, for Effect programs. */
export class Parser extends Effect.Service<Parser>()("bashkit-effect/Parser", {
  succeed: {
    parse: (source: string, options?: ParserOptions): Effect.Effect<Script, ParseError> =>
      Effect.suspend(() => parseScript(source, options))
  }
}) {}
