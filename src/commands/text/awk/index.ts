/** The `awk` command (also `gawk`, `mawk`, `nawk`): option handling and the Effect edge. */
import { Effect, Either } from "effect"
import type { Command, CommandContext, CommandFailure } from "../../Command.js"
import { vfsErrorText, type VfsError } from "../../../vfs/VfsError.js"
import { decodeBytes, encodeText } from "./bytes.js"
import type { Eff, Gen } from "./effects.js"
import { AwkProgram } from "./interpreter.js"
import { SandboxIO, assignmentValue } from "./io.js"
import { AwkSyntaxError, processEscapes, type EscapeStyle } from "./lexer.js"
import { parseProgram } from "./parser.js"
import { CompileError } from "./compile.js"
import { AwkFatal } from "./regex.js"
import { regexMeter } from "../regex/meter.js"
import { Runtime, SPECIAL_INDEX, type AwkArray } from "./runtime.js"
import { LimitExceeded } from "../../../limits/ExecutionLimits.js"
import { AwkPlainError } from "./strings.js"
import { StrNum, toNumber } from "./values.js"

const USAGE = `Usage: awk [POSIX or GNU style options] -f progfile [--] file ...
Usage: awk [POSIX or GNU style options] [--] 'program' file ...
POSIX options:\t\tGNU long options: (standard)
\t-f progfile\t\t--file=progfile
\t-F fs\t\t\t--field-separator=fs
\t-v var=val\t\t--assign=var=val
`

interface Options {
  readonly programFiles: Array<string>
  readonly sources: Array<string>
  readonly assignments: Array<string>
  fs: string | undefined
  operands: Array<string>
}

type ParsedOptions = { readonly _tag: "Ok"; readonly options: Options } | { readonly _tag: "Error"; readonly message: string } | { readonly _tag: "Help" }

const LONG_WITH_VALUE: Record<string, "f" | "F" | "v" | "e"> = {
  file: "f",
  "field-separator": "F",
  assign: "v",
  source: "e"
}

/** awk's options stop at the first operand (the program text). */
const parseOptions = (args: ReadonlyArray<string>): ParsedOptions => {
  const options: Options = { programFiles: [], sources: [], assignments: [], fs: undefined, operands: [] }
  let i = 0
  const take = (letter: string, value: string): void => {
    if (letter === "f") options.programFiles.push(value)
    else if (letter === "e") options.sources.push(value)
    else if (letter === "v") options.assignments.push(value)
    else options.fs = value
  }
  while (i < args.length) {
    const arg = args[i]!
    if (arg === "--") {
      i++
      break
    }
    if (arg.startsWith("--") && arg.length > 2) {
      const eq = arg.indexOf("=")
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq)
      if (name === "help" || name === "usage") return { _tag: "Help" }
      if (name === "posix" || name === "traditional" || name === "re-interval" || name === "characters-as-bytes" || name === "sandbox") {
        i++
        continue
      }
      const letter = LONG_WITH_VALUE[name]
      if (letter === undefined) return { _tag: "Error", message: `unrecognized option '--${name}'` }
      if (eq !== -1) take(letter, arg.slice(eq + 1))
      else if (i + 1 < args.length) take(letter, args[++i]!)
      else return { _tag: "Error", message: `option '--${name}' requires an argument` }
      i++
      continue
    }
    if (arg.startsWith("-") && arg.length > 1) {
      const letter = arg[1]!
      if (letter === "h") return { _tag: "Help" }
      if (letter === "f" || letter === "F" || letter === "v" || letter === "e") {
        if (arg.length > 2) take(letter, arg.slice(2))
        else if (i + 1 < args.length) take(letter, args[++i]!)
        else return { _tag: "Error", message: `option requires an argument -- '${letter}'` }
        i++
        continue
      }
      return { _tag: "Error", message: `invalid option -- '${letter}'` }
    }
    break
  }
  options.operands = args.slice(i)
  return { _tag: "Ok", options }
}

/** `-F` value: escapes processed, `t` meaning tab as POSIX says. */
const fieldSeparator = (value: string, style: EscapeStyle): string => (value === "t" ? "\t" : processEscapes(value, style))

/**
 * Run the program generator, performing each effect it yields. A limit the program's
 * synchronous code throws (the budget's meter, the memory account) becomes the command's
 * failure, which ends the whole script.
 */
const drive = <A>(gen: Gen<A>): Effect.Effect<A, CommandFailure> =>
  Effect.gen(function* () {
    let input: unknown = undefined
    for (;;) {
      let step: IteratorResult<Eff, A>
      try {
        step = gen.next(input)
      } catch (error) {
        if (error instanceof LimitExceeded) return yield* Effect.fail(error)
        throw error
      }
      if (step.done === true) return step.value
      input = yield* (step.value as Eff)
    }
  })

const errorText = (error: unknown, rt: Runtime | undefined, sourceName: string): string | undefined => {
  if (error instanceof AwkFatal) {
    const nr = rt === undefined ? 0 : toNumber(rt.getSpecial(SPECIAL_INDEX.get("NR")!))
    const where =
      rt !== undefined && nr > 0
        ? `(FILENAME=${rt.str(rt.specials[SPECIAL_INDEX.get("FILENAME")!]) || "-"} FNR=${rt.str(rt.specials[SPECIAL_INDEX.get("FNR")!])}) `
        : ""
    return `awk: ${sourceName}:1: ${where}fatal: ${error.message}\n`
  }
  if (error instanceof AwkPlainError) return `awk: ${error.message}\n`
  if (error instanceof CompileError) return `awk: ${sourceName}:1: fatal: ${error.message}\n`
  if (error instanceof RangeError && /call stack/i.test(error.message)) return `awk: ${sourceName}:1: fatal: expression nesting too deep\n`
  return undefined
}

const run = (ctx: CommandContext): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    const parsed = parseOptions(ctx.args)
    if (parsed._tag === "Help") {
      yield* ctx.stdout.write(USAGE)
      return 0
    }
    if (parsed._tag === "Error") {
      yield* ctx.stderr.write(`awk: ${parsed.message}\n${USAGE}`)
      return 2
    }
    const options = parsed.options
    // `awk` is mawk on the reference host; `gawk` is gawk.
    const dialect = ctx.name === "gawk" ? "gawk" : "mawk"
    // The program: -f files and -e sources, or the first operand.
    let source = ""
    let sourceName = "cmd. line"
    if (options.programFiles.length > 0 || options.sources.length > 0) {
      for (const file of options.programFiles) {
        // `-f -` reads the program from stdin (the data then comes from the operands).
        const read = file === "-" ? Either.right(yield* ctx.stdin.readAll) : yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(file)))
        if (Either.isLeft(read)) {
          yield* ctx.stderr.write(`awk: fatal: can't open source file \`${file}' for reading: ${vfsErrorText((read.left as VfsError).reason)}\n`)
          return 2
        }
        source += decodeBytes(read.right) + "\n"
        sourceName = file
      }
      for (const text of options.sources) source += text + "\n"
    } else {
      if (options.operands.length === 0) {
        yield* ctx.stderr.write(USAGE)
        return 2
      }
      source = options.operands.shift()!
    }

    let program
    try {
      program = parseProgram(source, dialect)
    } catch (error) {
      if (error instanceof AwkSyntaxError) {
        const prefix = `awk: ${sourceName}:${error.line}: `
        yield* ctx.stderr.write(`${prefix}${error.lineText}\n${prefix}${" ".repeat(error.column)}^ ${error.message}\n`)
        return 2
      }
      throw error
    }

    const limits = ctx.limits
    const budget = ctx.budget
    const lease = budget.lease()
    const rt = new Runtime({
      dialect,
      maxCallDepth: limits.maxFunctionDepth,
      maxLoopIterations: limits.maxTotalLoopIterations,
      maxStringLength: limits.maxStringLength,
      budget,
      memory: lease,
      regexMeter: regexMeter(ctx.budget, "awk")
    })
    return yield* Effect.ensuring(execute(ctx, rt, program, options, source, sourceName, dialect), Effect.sync(() => lease.release()))
  })

/** Set up and run a parsed program on its runtime. */
const execute = (
  ctx: CommandContext,
  rt: Runtime,
  program: ReturnType<typeof parseProgram>,
  options: Options,
  source: string,
  sourceName: string,
  dialect: "gawk" | "mawk"
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    let awk: AwkProgram
    let io: SandboxIO
    const globalSlots = new Map<string, number>()
    try {
      let compilerGlobals: ReadonlyMap<string, number> | undefined
      io = new SandboxIO(ctx, {
        argv: () => rt.globals[compilerGlobals!.get("ARGV")!] as AwkArray,
        argc: () => toNumber(rt.globals[compilerGlobals!.get("ARGC")!] as never),
        assign: (r, name, value) => assignVariable(r, compilerGlobals!, name, value)
      }, rt.options.memory)
      awk = new AwkProgram(program, io)
      compilerGlobals = awk.globals
      for (const [k, v] of awk.globals) globalSlots.set(k, v)
    } catch (error) {
      const text = errorText(error, undefined, sourceName)
      if (text === undefined) throw error
      yield* ctx.stderr.write(text)
      return 2
    }

    // ARGV, ARGC, ENVIRON, PROCINFO.
    const argv: AwkArray = new Map()
    argv.set("0", new StrNum(ctx.name === "gawk" ? "gawk" : "awk"))
    options.operands.forEach((operand, i) => argv.set(String(i + 1), new StrNum(operand)))
    rt.globals[globalSlots.get("ARGV")!] = argv
    rt.globals[globalSlots.get("ARGC")!] = options.operands.length + 1
    const environ: AwkArray = new Map()
    // Building the environment costs more than a small program's whole run; a program can only
    // reach ENVIRON by naming it.
    if (source.includes("ENVIRON")) for (const [k, v] of Object.entries(ctx.env)) environ.set(k, new StrNum(v))
    rt.globals[globalSlots.get("ENVIRON")!] = environ
    const procinfo: AwkArray = new Map<string, string | number | StrNum | undefined>([
      ["version", "5.2.1"],
      ["pid", 4242],
      ["ppid", 4241],
      ["uid", ctx.identity.uid],
      ["gid", ctx.identity.gid],
      ["FS", "FS"]
    ])
    rt.globals[globalSlots.get("PROCINFO")!] = procinfo
    rt.procinfo = procinfo

    try {
      if (options.fs !== undefined) rt.setSpecial(SPECIAL_INDEX.get("FS")!, fieldSeparator(options.fs, dialect))
      for (const assignment of options.assignments) {
        const eq = assignment.indexOf("=")
        const name = eq === -1 ? "" : assignment.slice(0, eq)
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
          yield* ctx.stderr.write(`awk: fatal: \`${assignment}' is not a legal variable name\n`)
          return 2
        }
        assignVariable(rt, globalSlots, name, assignment.slice(eq + 1))
      }
    } catch (error) {
      const text = errorText(error, rt, sourceName)
      if (text === undefined) throw error
      yield* ctx.stderr.write(text)
      return 2
    }

    const gen = awk.run(rt)
    const outcome = yield* Effect.either(
      Effect.suspend(() => drive(gen)).pipe(
        Effect.catchAllDefect((defect) => {
          const text = errorText(defect, rt, sourceName)
          if (text === undefined) return Effect.die(defect)
          return Effect.succeed({ fatal: text })
        })
      )
    )
    if (Either.isLeft(outcome)) return yield* Effect.fail(outcome.left)
    const value = outcome.right
    if (typeof value === "number") return value
    // A fatal error: flush what the program printed, then the message.
    yield* ctx.stdout.write(encodeText(rt.stdout.chunks.join("")))
    yield* ctx.stderr.write(encodeText(rt.stderr.chunks.join("")) )
    yield* ctx.stderr.write(value.fatal)
    return 2
  })

/** `-v name=value` and `name=value` operands: escapes processed, value is a strnum. */
const assignVariable = (rt: Runtime, globals: ReadonlyMap<string, number>, name: string, value: string): void => {
  const special = SPECIAL_INDEX.get(name)
  const v = assignmentValue(value, rt.options.dialect)
  if (special !== undefined) {
    rt.setSpecial(special, v.text)
    return
  }
  const slot = globals.get(name)
  if (slot === undefined) return
  if (rt.globals[slot] instanceof Map) throw new AwkFatal(`cannot assign to array \`${name}'`)
  rt.globals[slot] = v
}

const make = (name: string): Command => ({ name, run })

/** awk and its common aliases. */
export const awkCommands: ReadonlyArray<Command> = [make("awk"), make("gawk"), make("mawk"), make("nawk")]
