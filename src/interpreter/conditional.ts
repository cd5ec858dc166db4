import { Effect } from "effect"
import { compilePosixRegex } from "../commands/text/regex/posix.js"
import { expandPattern, expandString, expandToPieces } from "../expansion/Expander.js"
import { FIELD_BREAK } from "../expansion/fields.js"
import { matchPattern } from "../expansion/Pattern.js"
import type * as Ast from "../parser/Ast.js"
import type { ExecFailure } from "./errors.js"
import { compareIntegers, fileCompare, unaryTest, type TestEnvironment } from "./fileTests.js"
import { commandArithFailure } from "./arithFailure.js"
import { toExpansionFailed, type Interpreter } from "./Interpreter.js"
import { IndexedArray } from "./variables.js"

/** `[[ expression ]]`: short-circuit evaluation, patterns on `==`, POSIX ERE on `=~`. */
export const evaluateConditional = (shell: Interpreter, expr: Ast.CondExpr): Effect.Effect<boolean, ExecFailure> => {
  switch (expr._tag) {
    case "CondAnd":
      return Effect.flatMap(evaluateConditional(shell, expr.left), (ok) => (ok ? evaluateConditional(shell, expr.right) : Effect.succeed(false)))
    case "CondOr":
      return Effect.flatMap(evaluateConditional(shell, expr.left), (ok) => (ok ? Effect.succeed(true) : evaluateConditional(shell, expr.right)))
    case "CondNot":
      return Effect.map(evaluateConditional(shell, expr.expr), (ok) => !ok)
    case "CondGroup":
      return evaluateConditional(shell, expr.expr)
    case "CondWord":
      return Effect.map(shell.drive(expandString(shell, expr.word)), (s) => s !== "")
    case "CondUnary":
      return Effect.flatMap(shell.drive(expandString(shell, expr.operand)), (operand) =>
        Effect.try({ try: () => unaryTest(environment(shell), expr.operator, operand), catch: toExpansionFailed }).pipe(Effect.flatten)
      )
    case "CondBinary":
      return binary(shell, expr)
  }
}

const environment = (shell: Interpreter): TestEnvironment => ({
  fs: shell.services.fs,
  cwd: shell.state.cwd,
  host: shell,
  uid: shell.services.identity.uid
})

const binary = (shell: Interpreter, expr: Ast.CondBinary): Effect.Effect<boolean, ExecFailure> =>
  Effect.flatMap(shell.drive(expandString(shell, expr.left)), (left) => {
    const op = expr.operator
    if (op === "==" || op === "=" || op === "!=") {
      return Effect.map(shell.drive(expandPattern(shell, expr.right)), (pattern) => {
        const matched = matchPattern(pattern, left, { extglob: true, nocase: shell.state.shopt["nocasematch"] === true })
        return op === "!=" ? !matched : matched
      })
    }
    if (op === "=~") return regexMatch(shell, left, expr.right)
    return Effect.flatMap(shell.drive(expandString(shell, expr.right)), (right) => compare(shell, op, left, right))
  })

/** The binary operators on two expanded words: string order, file comparisons, integers. */
const compare = (shell: Interpreter, op: Ast.CondBinary["operator"], left: string, right: string): Effect.Effect<boolean, ExecFailure> => {
  switch (op) {
    case "<":
      return Effect.succeed(left < right)
    case ">":
      return Effect.succeed(left > right)
    case "-nt":
    case "-ot":
    case "-ef":
      return fileCompare(environment(shell), op, left, right)
    default:
      try {
        const a = shell.arithmetic(left.trim() === "" ? "0" : left)
        const b = shell.arithmetic(right.trim() === "" ? "0" : right)
        return Effect.succeed(compareIntegers(op, a, b))
      } catch (e) {
        return Effect.fail(commandArithFailure("[[")(e))
      }
  }
}

const REGEX_SPECIALS = /[\\^$.|?*+()[\]{}]/g

/** `=~`: quoted parts match literally; sets BASH_REMATCH. A bad regex is status 2 in bash. */
const regexMatch = (shell: Interpreter, subject: string, word: Ast.Word): Effect.Effect<boolean, ExecFailure> =>
  Effect.gen(function* () {
    const pieces = yield* shell.drive(expandToPieces(shell, word))
    let source = ""
    for (const piece of pieces) {
      if (piece === FIELD_BREAK) source += " "
      else source += piece.quoted ? piece.text.replace(REGEX_SPECIALS, "\\$&") : piece.text
    }
    const compiled = compilePosixRegex(source, { flavor: "extended", ignoreCase: shell.state.shopt["nocasematch"] === true })
    if (compiled._tag === "Error") {
      return false
    }
    const match = compiled.regex.exec(subject)
    if (match === null) {
      shell.state.setValue("BASH_REMATCH", new IndexedArray())
      return false
    }
    shell.state.setValue("BASH_REMATCH", IndexedArray.from(match.map((m) => m ?? "")))
    return true
  })
