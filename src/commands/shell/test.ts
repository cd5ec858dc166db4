import { Effect } from "effect"
import { matchPattern } from "../../expansion/Pattern.js"
import { toExecFailure, type ShellBuiltin, type ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { binaryOperators, compareIntegers, orderOrFileCompare, unaryOperators, unaryTest, type TestEnvironment } from "../../interpreter/fileTests.js"

/** `test` and `[`: POSIX argument-count rules, then a recursive-descent parser for longer forms. */

class TestSyntaxError {
  constructor(readonly message: string) {}
}

const env = (ctx: ShellBuiltinContext): TestEnvironment => ({ fs: ctx.fs, cwd: ctx.cwd, host: ctx.shell, uid: ctx.identity.uid })

/** A 64-bit integer operand, or undefined (no digits, or out of range, which is as invalid). */
const integerOrUndefined = (text: string): bigint | undefined => {
  const t = text.trim()
  if (!/^[+-]?\d+$/.test(t)) return undefined
  const value = BigInt(t)
  return value === BigInt.asIntN(64, value) ? value : undefined
}

const toInteger = (text: string): bigint => {
  const value = integerOrUndefined(text)
  if (value === undefined) throw new TestSyntaxError(`${text}: integer expression expected`)
  return value
}

const STRING_COMPARISONS = new Set(["=", "==", "!=", "<", ">"])
const INTEGER_COMPARISONS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"])

const compareStrings = (left: string, op: string, right: string): boolean => {
  switch (op) {
    case "!=":
      return left !== right
    case "<":
      return left < right
    case ">":
      return left > right
    default:
      return left === right
  }
}

const binary = (ctx: ShellBuiltinContext, left: string, op: string, right: string): Effect.Effect<boolean, TestSyntaxError> => {
  if (STRING_COMPARISONS.has(op)) return Effect.succeed(compareStrings(left, op, right))
  if (op === "=~") return Effect.succeed(matchPattern(right, left, { meter: ctx.budget }))
  return orderOrFileCompare(() => env(ctx), op, left, right) ?? Effect.try({ try: () => compareIntegers(op, toInteger(left), toInteger(right)), catch: (e) => e as TestSyntaxError })
}

/** Evaluate `test` arguments; throws TestSyntaxError for malformed expressions. */
const evaluate = (ctx: ShellBuiltinContext, args: ReadonlyArray<string>): Effect.Effect<boolean, TestSyntaxError> => {
  const unary = (op: string, arg: string) => unaryTest(env(ctx), op, arg)
  switch (args.length) {
    case 0:
      return Effect.succeed(false)
    case 1:
      return Effect.succeed(args[0] !== "")
    case 2:
      if (args[0] === "!") return Effect.succeed(args[1] === "")
      if (unaryOperators.has(args[0]!)) return unary(args[0]!, args[1]!)
      throw new TestSyntaxError(`${args[0]}: unary operator expected`)
    case 3:
      if (binaryOperators.has(args[1]!) && args[1] !== "=~") return binary(ctx, args[0]!, args[1]!, args[2]!)
      if (args[1] === "-a" || args[1] === "-o") break
      if (args[0] === "!") return Effect.map(evaluate(ctx, args.slice(1)), (b) => !b)
      if (args[0] === "(" && args[2] === ")") return Effect.succeed(args[1] !== "")
      throw new TestSyntaxError(`${args[1]}: binary operator expected`)
    case 4:
      if (args[0] === "!") return Effect.map(evaluate(ctx, args.slice(1)), (b) => !b)
      if (args[0] === "(" && args[3] === ")") return evaluate(ctx, args.slice(1, 3))
  }
  return parseExpression(ctx, args)
}

/** Full grammar: expr := or; or := and (-o and)*; and := not (-a not)*; not := ! not | primary. */
const parseExpression = (ctx: ShellBuiltinContext, args: ReadonlyArray<string>): Effect.Effect<boolean, TestSyntaxError> => {
  let pos = 0
  const peek = () => args[pos]
  const parseOr = (): Effect.Effect<boolean, TestSyntaxError> => {
    let result = parseAnd()
    while (peek() === "-o") {
      pos++
      const right = parseAnd()
      const left = result
      result = Effect.flatMap(left, (l) => Effect.map(right, (r) => l || r))
    }
    return result
  }
  const parseAnd = (): Effect.Effect<boolean, TestSyntaxError> => {
    let result = parseNot()
    while (peek() === "-a") {
      pos++
      const right = parseNot()
      const left = result
      result = Effect.flatMap(left, (l) => Effect.map(right, (r) => l && r))
    }
    return result
  }
  const parseNot = (): Effect.Effect<boolean, TestSyntaxError> => {
    if (peek() === "!") {
      pos++
      return Effect.map(parseNot(), (b) => !b)
    }
    return parsePrimary()
  }
  const parsePrimary = (): Effect.Effect<boolean, TestSyntaxError> => {
    const token = peek()
    if (token === undefined) throw new TestSyntaxError("argument expected")
    if (token === "(") {
      pos++
      const inner = parseOr()
      if (peek() !== ")") throw new TestSyntaxError("`)' expected")
      pos++
      return inner
    }
    if (unaryOperators.has(token) && pos + 1 < args.length && !binaryOperators.has(args[pos + 1]!)) {
      pos += 2
      return unaryTest(env(ctx), token, args[pos - 1]!)
    }
    if (pos + 2 < args.length + 0 && binaryOperators.has(args[pos + 1]!)) {
      const left = token
      const op = args[pos + 1]!
      const right = args[pos + 2]!
      pos += 3
      return binary(ctx, left, op, right)
    }
    pos++
    return Effect.succeed(token !== "")
  }
  const result = parseOr()
  if (pos < args.length) throw new TestSyntaxError(args[pos]!.startsWith("-") ? `syntax error: \`${args[pos]}' unexpected` : "too many arguments")
  return result
}

/**
 * The forms of `test` that need neither the filesystem nor an error message: one argument,
 * `-z`/`-n`/`!` with one, and a string or integer comparison. Undefined for anything else (or a
 * malformed integer), which the full evaluation then handles.
 */
const evaluateSimple = (args: ReadonlyArray<string>): boolean | undefined => {
  switch (args.length) {
    case 0:
      return false
    case 1:
      return args[0] !== ""
    case 2:
      if (args[0] === "!") return args[1] === ""
      if (args[0] === "-z") return args[1] === ""
      if (args[0] === "-n") return args[1] !== ""
      return undefined
    case 3: {
      const [left, op, right] = args as [string, string, string]
      if (STRING_COMPARISONS.has(op)) return compareStrings(left, op, right)
      if (!INTEGER_COMPARISONS.has(op)) return undefined
      const a = integerOrUndefined(left)
      const b = integerOrUndefined(right)
      return a === undefined || b === undefined ? undefined : compareIntegers(op, a, b)
    }
    default:
      return undefined
  }
}


const makeTest = (name: "test" | "["): ShellBuiltin => ({
  name,
  runSync: (_shell, argv) => {
    if (name === "[" && argv[argv.length - 1] !== "]") return undefined
    const result = evaluateSimple(name === "[" ? argv.slice(1, -1) : argv.slice(1))
    return result === undefined ? undefined : result ? 0 : 1
  },
  // Plain combinators, not a generator: `[` runs in nearly every loop condition.
  run: (ctx) =>
    Effect.suspend(() => {
      let args = ctx.args
      if (name === "[") {
        if (args[args.length - 1] !== "]") return Effect.as(ctx.shell.errorLine("[: missing `]'"), 2)
        args = args.slice(0, -1)
      }
      return Effect.map(evaluate(ctx, args), (result) => (result ? 0 : 1))
    }).pipe(
      Effect.catchAllDefect((e) => Effect.fail(e)),
      Effect.catchAll((e: unknown) => {
        if (e instanceof TestSyntaxError) return Effect.as(ctx.shell.errorLine(`${name}: ${e.message}`), 2)
        return Effect.fail(toExecFailure(e))
      })
    )
})

export const testBuiltin = makeTest("test")
export const bracketBuiltin = makeTest("[")
