import { Effect } from "effect"
import { compilePosixRegex, regexMeter } from "../commands/text/regex/posix.js"
import { expandString, expandToPieces } from "../expansion/Expander.js"
import { FIELD_BREAK, joinPattern, type PieceOrBreak } from "../expansion/fields.js"
import { matchPattern } from "../expansion/Pattern.js"
import type * as Ast from "../parser/Ast.js"
import { commandArithFailure } from "./arithFailure.js"
import type { ExecFailure } from "./errors.js"
import { compareIntegers, orderOrFileCompare, unaryTest, type TestEnvironment } from "./fileTests.js"
import { toExecFailure, type Interpreter } from "./Interpreter.js"
import { IndexedArray } from "./variables.js"

/** `[[ expression ]]`: short-circuit evaluation, patterns on `==`, POSIX ERE on `=~`. */
export const evaluateConditional = (shell: Interpreter, expr: Ast.CondExpr): Effect.Effect<boolean, ExecFailure> =>
  Effect.map(conditionalStatus(shell, expr), (status) => status === 0)

const statusOf = (ok: boolean): number => (ok ? 0 : 1)

/**
 * The exit status of `[[ expression ]]`: 0, 1, or 2 for a regular expression that does not
 * compile. As in bash, that 2 counts as false for `&&`/`||` but is kept when it decides the
 * result, and `!` turns it into 0.
 */
export const conditionalStatus = (shell: Interpreter, expr: Ast.CondExpr, negated = false): Effect.Effect<number, ExecFailure> => {
  switch (expr._tag) {
    case "CondAnd":
      return Effect.flatMap(conditionalStatus(shell, expr.left), (s) => (s === 0 ? conditionalStatus(shell, expr.right) : Effect.succeed(s)))
    case "CondOr":
      return Effect.flatMap(conditionalStatus(shell, expr.left), (s) => (s === 0 ? Effect.succeed(0) : conditionalStatus(shell, expr.right)))
    case "CondNot":
      return Effect.map(conditionalStatus(shell, expr.expr, true), (s) => (s === 0 ? 1 : 0))
    case "CondGroup":
      return conditionalStatus(shell, expr.expr)
    case "CondWord":
      return Effect.map(shell.drive(expandString(shell, expr.word)), (s) => (trace(shell, negated, `-n ${s}`), statusOf(s !== "")))
    case "CondUnary":
      return Effect.flatMap(shell.drive(expandString(shell, expr.operand)), (operand) => {
        trace(shell, negated, `${expr.operator} ${operand}`)
        return Effect.map(Effect.try({ try: () => unaryTest(environment(shell), expr.operator, operand), catch: toExecFailure }).pipe(Effect.flatten), statusOf)
      })
    case "CondBinary":
      return binary(shell, expr, negated)
  }
}

const environment = (shell: Interpreter): TestEnvironment => ({
  fs: shell.services.fs,
  cwd: shell.state.cwd,
  host: shell,
  uid: shell.services.identity.uid
})

/** A pattern as bash shows it in a trace: every quoted character backslash-escaped. */
const shownPattern = (pieces: ReadonlyArray<PieceOrBreak>): string => {
  let out = ""
  for (const piece of pieces) {
    if (piece === FIELD_BREAK) out += " "
    else out += piece.quoted ? piece.text.replace(/./gsu, "\\$&") : piece.text
  }
  return out
}

/** `set -x` shows each test of `[[ ]]` on its own, operands expanded (patterns as patterns). */
const trace = (shell: Interpreter, negated: boolean, text: string): void => shell.trace(`[[ ${negated ? "! " : ""}${text} ]]`)

const binary = (shell: Interpreter, expr: Ast.CondBinary, negated: boolean): Effect.Effect<number, ExecFailure> =>
  Effect.flatMap(shell.drive(expandString(shell, expr.left)), (left) => {
    const op = expr.operator
    if (op === "==" || op === "=" || op === "!=") {
      return Effect.map(shell.drive(expandToPieces(shell, expr.right)), (pieces) => {
        if (shell.state.options.has("xtrace")) trace(shell, negated, `${left} ${op} ${shownPattern(pieces)}`)
        const matched = matchPattern(joinPattern(pieces), left, { extglob: true, nocase: shell.state.shopt["nocasematch"] === true, meter: shell.services.budget })
        return statusOf(op === "!=" ? !matched : matched)
      })
    }
    if (op === "=~") return regexMatch(shell, left, expr.right, negated)
    return Effect.flatMap(shell.drive(expandString(shell, expr.right)), (right) => {
      trace(shell, negated, `${left} ${op} ${right}`)
      return Effect.map(compare(shell, op, left, right), statusOf)
    })
  })

/** The binary operators on two expanded words: string order, file comparisons, integers. */
const compare = (shell: Interpreter, op: Ast.CondBinary["operator"], left: string, right: string): Effect.Effect<boolean, ExecFailure> => {
  const shared = orderOrFileCompare(() => environment(shell), op, left, right)
  if (shared !== undefined) return shared
  try {
    const a = shell.arithmetic(left.trim() === "" ? "0" : left)
    const b = shell.arithmetic(right.trim() === "" ? "0" : right)
    return Effect.succeed(compareIntegers(op, a, b))
  } catch (e) {
    return Effect.fail(commandArithFailure("[[")(e))
  }
}

const REGEX_SPECIALS = /[\\^$.|?*+()[\]{}]/g

/** `=~`: quoted parts match literally; sets BASH_REMATCH. A regex that does not compile is status 2, as in bash. */
const regexMatch = (shell: Interpreter, subject: string, word: Ast.Word, negated: boolean): Effect.Effect<number, ExecFailure> =>
  Effect.map(shell.drive(expandToPieces(shell, word)), (pieces) => {
    let source = ""
    for (const piece of pieces) {
      if (piece === FIELD_BREAK) source += " "
      else source += piece.quoted ? piece.text.replace(REGEX_SPECIALS, "\\$&") : piece.text
    }
    trace(shell, negated, `${subject} =~ ${source}`)
    const compiled = compilePosixRegex(source, {
      flavor: "extended",
      ignoreCase: shell.state.shopt["nocasematch"] === true,
      meter: regexMeter(shell.budget, "")
    })
    if (compiled._tag === "Error") return 2
    const match = compiled.regex.exec(subject)
    if (match === null) {
      shell.state.setValue("BASH_REMATCH", new IndexedArray())
      return 1
    }
    shell.state.setValue("BASH_REMATCH", IndexedArray.from(match.map((m) => m ?? "")))
    return 0
  })
