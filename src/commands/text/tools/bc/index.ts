/** `bc`: GNU bc 1.07 arbitrary-precision calculator (stdin and file operands, -l, -q). */
import { Effect } from "effect"
import { defineCommand, type CommandFailure } from "../../../Command.js"
import { decodeText } from "../../../support/io.js"
import { LimitExceeded } from "../../../../limits/ExecutionLimits.js"
import { HaltSignal, Interpreter } from "./interpreter.js"
import { BcSyntaxError, tokenize } from "./lexer.js"
import { mathLibrary } from "./mathlib.js"
import { Parser, QuitSignal, type Stmt } from "./parser.js"

const USAGE = `usage: bc [options] [file ...]
  -h  --help         print this usage and exit
  -i  --interactive  force interactive mode
  -l  --mathlib      use the predefined math routines
  -q  --quiet        don't print initial banner
  -s  --standard     non-standard bc constructs are errors
  -w  --warn         warn about non-standard bc constructs
  -v  --version      print version information and exit
`

/**
 * Run one source text line by line; false when bc must stop (quit/halt). `between` runs after
 * each line (output is written, the exec's slice and deadline are checked there).
 */
const runSource = (
  interp: Interpreter,
  source: string,
  sourceName: string,
  err: (t: string) => void,
  between: Effect.Effect<void, CommandFailure>
): Effect.Effect<boolean, CommandFailure> =>
  Effect.gen(function* () {
    let parser: Parser
    try {
      parser = new Parser(tokenize(source))
    } catch (e) {
      if (e instanceof BcSyntaxError) {
        err(`${sourceName} ${e.line}: ${e.message}\n`)
        return true
      }
      throw e
    }
    while (!parser.atEnd()) {
      let outcome = runLine(interp, parser, sourceName, err)
      // A top-level loop paused for the exec's slice: yield, then go on with it.
      while (outcome === "paused") {
        yield* between
        outcome = attempt(() => (interp.continueLine() ? true : "paused"))
      }
      if (outcome instanceof LimitExceeded) return yield* Effect.fail(outcome)
      yield* between
      if (!outcome) return false
    }
    return true
  })

/** Run bc code: its outcome, false on quit/halt, or the limit that ended it. */
const attempt = (work: () => boolean | "paused"): boolean | "paused" | LimitExceeded => {
  try {
    return work()
  } catch (e) {
    if (e instanceof QuitSignal || e instanceof HaltSignal) return false
    if (e instanceof LimitExceeded) return e
    throw e
  }
}

/** Parse and run the next line: false on quit/halt, "paused" (see `continueLine`), the limit that ended it, else true. */
const runLine = (interp: Interpreter, parser: Parser, sourceName: string, err: (t: string) => void): boolean | "paused" | LimitExceeded => {
  try {
    const items = parser.parseLine()
    const stmts: Array<Stmt> = []
    for (const item of items) {
      if (item.kind === "define") interp.functions.set(item.def.name, item.def)
      else stmts.push(item.stmt)
    }
    interp.startLine(stmts)
    if (!interp.continueLine()) return "paused"
  } catch (e) {
    if (e instanceof QuitSignal || e instanceof HaltSignal) return false
    if (e instanceof LimitExceeded) return e
    if (e instanceof BcSyntaxError) {
      err(`${sourceName} ${e.line}: ${e.message}\n`)
      if (e.thenSyntaxError) err(`${sourceName} ${e.line}: syntax error\n`)
      parser.recover()
      return true
    }
    throw e
  }
  return true
}

export const bcCommand = defineCommand("bc", (ctx) =>
  Effect.gen(function* () {
    let mathlib = false
    const files: Array<string> = []
    for (const arg of ctx.args) {
      if (arg === "--help" || arg === "-h") {
        yield* ctx.stdout.write(USAGE)
        return 0
      }
      if (arg === "--version" || arg === "-v") {
        yield* ctx.stdout.write("bc 1.07.1\n")
        return 0
      }
      if (arg === "--mathlib") mathlib = true
      else if (arg === "--quiet" || arg === "--standard" || arg === "--warn" || arg === "--interactive") continue
      else if (/^-[ilqsw]+$/.test(arg)) {
        if (arg.includes("l")) mathlib = true
      } else if (arg.startsWith("-") && arg !== "-") {
        // GNU puts the complaint on stderr and the usage on stdout.
        const complaint = arg.startsWith("--")
          ? `bc: unrecognized option '${arg}'`
          : `bc: invalid option -- '${arg.slice(1).replace(/[ilqswhv]/g, "")[0] ?? arg[1]}'`
        yield* ctx.stderr.write(`${complaint}\n`)
        yield* ctx.stdout.write(USAGE)
        return 1
      } else files.push(arg)
    }
    const lineEnv = ctx.env["BC_LINE_LENGTH"]
    const parsedLength = lineEnv !== undefined && /^\d+$/.test(lineEnv) ? Number(lineEnv) : 70
    const lineLength = parsedLength === 0 ? 0 : parsedLength < 3 ? 70 : parsedLength
    let out = ""
    let errText = ""
    const flush = Effect.gen(function* () {
      if (out) yield* ctx.stdout.write(out)
      if (errText) yield* ctx.stderr.write(errText)
      out = ""
      errText = ""
    })
    // Output is written after every line; a line that prints without end hits the string limit.
    const maxOutput = ctx.limits.maxStringLength
    const interp = new Interpreter(
      {
        out: (t) => {
          out += t
          if (out.length > maxOutput) throw new LimitExceeded({ limit: "maxStringLength", value: maxOutput, message: `bc: maximum string length exceeded (${maxOutput} characters)` })
        },
        err: (t) => (errText += t)
      },
      lineLength,
      mathlib ? mathLibrary : new Map(),
      {
        maxSteps: ctx.limits.maxTotalLoopIterations,
        maxDepth: ctx.limits.maxFunctionDepth,
        meter: ctx.budget
      }
    )
    const between = Effect.zipRight(flush, ctx.budget.checkpoint)
    const guarded = (source: string, name: string) =>
      Effect.catchAll(runSource(interp, source, name, (t) => (errText += t), between), (failure) =>
        // A limit ends the script at once: the unfinished line's output (possibly huge) is dropped.
        failure._tag === "LimitExceeded" ? Effect.fail(failure) : Effect.zipRight(flush, Effect.fail(failure))
      )
    if (mathlib) interp.scale = 20
    for (const file of files) {
      const bytes = yield* ctx.fs.readFile(ctx.resolvePath(file)).pipe(Effect.orElseSucceed(() => undefined))
      if (bytes === undefined) {
        yield* flush
        yield* ctx.stderr.write(`File ${file} is unavailable.\n`)
        return 1
      }
      const keepGoing = yield* guarded(decodeText(bytes), file)
      yield* flush
      if (!keepGoing) return 0
    }
    const input = decodeText(yield* ctx.stdin.readAll)
    yield* guarded(input, "(standard_in)")
    yield* flush
    return 0
  })
)
