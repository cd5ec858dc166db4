/**
 * Shell arithmetic (`$(( ))`, `(( ))`, `let`, subscripts, `declare -i`) on already-expanded
 * text, with bash 5.2's semantics: 64-bit wrap-around integers, C precedence, recursive
 * evaluation of variable values, and bash's exact error messages.
 */
import { Data, Either } from "effect"
import { ArithFailure, diagnoseOverflow, evaluateText, type EvalContext } from "./arith/Evaluator.js"
import { LexTable } from "./arith/Lexer.js"

/**
 * An arithmetic failure. `message` is what bash prints after `bash: line N: ` (for `let` and
 * `((` the interpreter adds the `let: ` / `((: ` prefix), e.g. `1/0: division by 0 (error token is "0")`.
 */
export class ArithmeticError extends Data.TaggedError("ArithmeticError")<{ readonly message: string }> {}

/**
 * The shell variables arithmetic reads and writes. Callbacks may throw an `ArithmeticError`
 * (readonly assignment, `set -u` on an unset name); it is returned as the result's Left.
 */
export interface ArithEnv {
  /** A scalar's value, or element 0 of an indexed array; undefined when unset. */
  readonly get: (name: string) => string | undefined
  readonly set: (name: string, value: bigint) => void
  /**
   * An element. For an indexed array `subscript` is the decimal value of the evaluated index
   * (possibly negative: the env resolves it from the end, and warns `a: bad array subscript`
   * itself when out of range); for an associative array it is the raw text between the brackets.
   */
  readonly getElement: (name: string, subscript: string) => string | undefined
  readonly setElement: (name: string, subscript: string, value: bigint) => void
  readonly isAssociative: (name: string) => boolean
  /** Non-fatal diagnostics bash prints and continues after (e.g. `a[@]: bad array subscript`). */
  readonly warn?: (message: string) => void
}

const TABLE_CACHE_SIZE = 2048
const tables = new Map<string, LexTable>()

/** Lexeme tables are memoised by expression text (bounded; oldest entries evicted first). */
const tableFor = (text: string): LexTable => {
  let table = tables.get(text)
  if (table === undefined) {
    if (tables.size >= TABLE_CACHE_SIZE) {
      const oldest = tables.keys().next().value
      if (oldest !== undefined) tables.delete(oldest)
    }
    table = new LexTable(text)
    tables.set(text, table)
  }
  return table
}

const RECURSION_MESSAGE = "expression recursion level exceeded"

/** Evaluate an arithmetic expression; `text` has already been through parameter expansion. */
export const evaluateArithmetic = (text: string, env: ArithEnv): Either.Either<bigint, ArithmeticError> => {
  const context: EvalContext = { env, tables: tableFor, frames: [] }
  try {
    return Either.right(evaluateText(context, text, 1))
  } catch (error) {
    if (error instanceof ArithFailure) return Either.left(new ArithmeticError({ message: error.message }))
    if (error instanceof ArithmeticError) return Either.left(error)
    // Nesting deep enough to exhaust the JavaScript stack is reported as bash's recursion error.
    if (error instanceof RangeError) {
      const message = diagnoseOverflow(context.frames) ?? `${text.trimStart()}: ${RECURSION_MESSAGE} (error token is "${text}")`
      return Either.left(new ArithmeticError({ message }))
    }
    throw error
  }
}
