/** `expr`: evaluate an expression (GNU grammar, arbitrary-precision integers, BRE `:` matching). */
import { Effect } from "effect"
import { defineCommand } from "../../Command.js"
import { usageError } from "../../support/io.js"
import { translateBasic } from "./basicRegex.js"
import { regexMeter, type RegexMeter } from "../regex/meter.js"
import { SafeRegExp } from "../regex/SafeRegExp.js"
import { binaryToText, textToBinary } from "./common.js"

type Value = string | bigint

/** A failure with expr's status: 2 for syntax and type errors, 3 for other errors. */
class ExprError {
  constructor(readonly message: string, readonly status: number) {}
}

const isInteger = (s: string) => /^-?\d+$/.test(s)
const toText = (v: Value) => (typeof v === "bigint" ? v.toString() : v)
const isNull = (v: Value) => (typeof v === "bigint" ? v === 0n : v === "" || (isInteger(v) && BigInt(v) === 0n))
const toInteger = (v: Value): bigint => {
  if (typeof v === "bigint") return v
  if (!isInteger(v)) throw new ExprError("non-integer argument", 2)
  return BigInt(v)
}

const quoteArg = (s: string) => `'${s}'`

class Parser {
  private i = 0
  constructor(
    private readonly args: ReadonlyArray<string>,
    private readonly meter: RegexMeter
  ) {}

  parse(): Value {
    const v = this.or()
    if (this.i < this.args.length) throw new ExprError(`syntax error: unexpected argument ${quoteArg(this.args[this.i]!)}`, 2)
    return v
  }

  private peek(): string | undefined {
    return this.args[this.i]
  }

  private operand(after: string): string {
    const a = this.args[this.i]
    if (a === undefined) throw new ExprError(`syntax error: missing argument after ${quoteArg(after)}`, 2)
    this.i++
    return a
  }

  private or(): Value {
    let left = this.and()
    while (this.peek() === "|") {
      this.i++
      const right = this.and()
      left = !isNull(left) ? left : !isNull(right) ? right : 0n
    }
    return left
  }

  private and(): Value {
    let left = this.compare()
    while (this.peek() === "&") {
      this.i++
      const right = this.compare()
      left = isNull(left) || isNull(right) ? 0n : left
    }
    return left
  }

  private compare(): Value {
    let left = this.add()
    for (;;) {
      const op = this.peek()
      if (op === undefined || !["<", "<=", "=", "==", "!=", ">=", ">"].includes(op)) return left
      this.i++
      const right = this.add()
      const a = toText(left)
      const b = toText(right)
      const d = isInteger(a) && isInteger(b) ? (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0) : a < b ? -1 : a > b ? 1 : 0
      const result = op === "<" ? d < 0 : op === "<=" ? d <= 0 : op === "=" || op === "==" ? d === 0 : op === "!=" ? d !== 0 : op === ">=" ? d >= 0 : d > 0
      left = result ? 1n : 0n
    }
  }

  private add(): Value {
    let left = this.multiply()
    for (;;) {
      const op = this.peek()
      if (op !== "+" && op !== "-") return left
      this.i++
      const right = this.multiply()
      left = op === "+" ? toInteger(left) + toInteger(right) : toInteger(left) - toInteger(right)
    }
  }

  private multiply(): Value {
    let left = this.match()
    for (;;) {
      const op = this.peek()
      if (op !== "*" && op !== "/" && op !== "%") return left
      this.i++
      const right = this.match()
      const a = toInteger(left)
      const b = toInteger(right)
      if (op !== "*" && b === 0n) throw new ExprError("division by zero", 2)
      left = op === "*" ? a * b : op === "/" ? a / b : a % b
    }
  }

  private match(): Value {
    let left = this.primary()
    while (this.peek() === ":") {
      this.i++
      const right = this.primary()
      left = regexMatch(toText(left), toText(right), this.meter)
    }
    return left
  }

  private primary(): Value {
    const token = this.peek()
    if (token === undefined) {
      const previous = this.args[this.i - 1]
      throw new ExprError(previous === undefined ? "missing operand" : `syntax error: missing argument after ${quoteArg(previous)}`, 2)
    }
    this.i++
    switch (token) {
      case "(": {
        const v = this.or()
        if (this.peek() !== ")") {
          const got = this.peek()
          throw new ExprError(got === undefined ? "syntax error: expecting ')' after " + quoteArg(this.args[this.i - 1]!) : `syntax error: expecting ')' instead of ${quoteArg(got)}`, 2)
        }
        this.i++
        return v
      }
      case ")":
        throw new ExprError("syntax error: unexpected ')'", 2)
      case "+":
        return this.operand(token)
      case "length":
        return BigInt(Array.from(binaryToText(textToBinary(this.operand(token)))).length)
      case "match": {
        const s = this.operand(token)
        return regexMatch(s, this.operand(s), this.meter)
      }
      case "substr": {
        const s = this.operand(token)
        const pos = this.operand(s)
        const len = this.operand(pos)
        const chars = Array.from(s)
        if (!isInteger(pos) || !isInteger(len)) return ""
        const p = Number(pos)
        const l = Number(len)
        if (p < 1 || l < 1 || p > chars.length) return ""
        return chars.slice(p - 1, p - 1 + l).join("")
      }
      case "index": {
        const s = Array.from(this.operand(token))
        const set = new Set(Array.from(this.operand(token)))
        const at = s.findIndex((c) => set.has(c))
        return BigInt(at + 1)
      }
      default:
        return token
    }
  }
}

const regexMatch = (text: string, pattern: string, meter: RegexMeter): Value => {
  const translated = translateBasic(pattern)
  let regex: RegExp
  try {
    if (translated === undefined) throw new Error("bad")
    regex = new SafeRegExp(`^(?:${translated.source})`, "su", { longest: true, meter })
  } catch {
    throw new ExprError("Invalid regular expression", 2)
  }
  const m = regex.exec(text)
  if (translated.groups > 0) return m === null ? "" : m[1] ?? ""
  return m === null ? 0n : BigInt(Array.from(m[0]).length)
}

export const exprCommand = defineCommand("expr", (ctx) =>
  Effect.gen(function* () {
    const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args
    if (ctx.args.length === 1 && ctx.args[0] === "--help") {
      yield* ctx.stdout.write("Usage: expr EXPRESSION\n  or:  expr OPTION\nPrint the value of EXPRESSION to standard output.\n")
      return 0
    }
    if (args.length === 0) return yield* usageError(ctx, "missing operand", 2)
    try {
      const value = new Parser(args, regexMeter(ctx.budget, "expr")).parse()
      yield* ctx.stdout.write(`${toText(value)}\n`)
      return isNull(value) ? 1 : 0
    } catch (error) {
      if (!(error instanceof ExprError)) throw error
      yield* ctx.stderr.write(`expr: ${error.message}\n`)
      return error.status
    }
  })
)
