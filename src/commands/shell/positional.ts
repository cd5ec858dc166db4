import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import { callerLine } from "../../interpreter/callStack.js"
import { Attr } from "../../interpreter/variables.js"
import { optionError, printUsage, scanOptions } from "./usage.js"

/** `getopts` and `caller`. */

export const getoptsBuiltin: ShellBuiltin = {
  name: "getopts",
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      const state = shell.state
      const scanned = scanOptions(ctx.args, "")
      if ("error" in scanned) return yield* optionError(ctx, "getopts", scanned)
      const [spec, name, ...rest] = scanned.rest
      if (spec === undefined || name === undefined) {
        yield* printUsage(ctx, "getopts")
        return 2
      }
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        yield* shell.errorLine(`getopts: \`${name}': not a valid identifier`)
        return 1
      }
      const args = rest.length > 0 ? rest : state.positional
      const silent = spec.startsWith(":")
      const optstring = silent ? spec.slice(1) : spec
      let optind = Number.parseInt(state.getScalar("OPTIND") ?? "1", 10) || 1
      // Position inside a bundle of flags (`-abc`), kept between calls as bash does internally.
      let offset = shell.getoptsOffset
      if (shell.getoptsIndex !== optind) offset = 1
      const set = (n: string, v: string) => shell.assign(() => state.setScalar(n, v))
      if (((state.peek(name)?.attrs ?? 0) & Attr.readonly) !== 0) {
        yield* shell.errorLine(`${name}: readonly variable`)
        return 2
      }
      const arg = args[optind - 1]
      if (arg === undefined || !arg.startsWith("-") || arg === "-" || arg === "--") {
        if (arg === "--") optind++
        set("OPTIND", String(optind))
        set(name, "?")
        state.unset("OPTARG")
        shell.getoptsIndex = 0
        return 1
      }
      const letter = arg[offset]!
      const at = optstring.indexOf(letter)
      let nextOffset = offset + 1
      let nextInd = optind
      const advance = () => {
        if (nextOffset >= arg.length) {
          nextInd++
          nextOffset = 1
        }
      }
      if (at === -1 || letter === ":") {
        advance()
        set(name, "?")
        if (silent) set("OPTARG", letter)
        else {
          state.unset("OPTARG")
          if (state.getScalar("OPTERR") !== "0") yield* ctx.stderr.write(`${state.scriptName}: illegal option -- ${letter}\n`)
        }
      } else if (optstring[at + 1] === ":") {
        if (offset + 1 < arg.length) {
          set("OPTARG", arg.slice(offset + 1))
          nextInd++
          nextOffset = 1
        } else if (optind < args.length) {
          set("OPTARG", args[optind]!)
          nextInd += 2
          nextOffset = 1
        } else {
          nextInd++
          nextOffset = 1
          if (silent) {
            set(name, ":")
            set("OPTARG", letter)
          } else {
            set(name, "?")
            state.unset("OPTARG")
            if (state.getScalar("OPTERR") !== "0") yield* ctx.stderr.write(`${state.scriptName}: option requires an argument -- ${letter}\n`)
          }
          set("OPTIND", String(nextInd))
          shell.getoptsIndex = nextInd
          shell.getoptsOffset = nextOffset
          return 0
        }
        set(name, letter)
      } else {
        advance()
        set(name, letter)
        state.unset("OPTARG")
      }
      set("OPTIND", String(nextInd))
      shell.getoptsIndex = nextInd
      shell.getoptsOffset = nextOffset
      return 0
    })
}

export const callerBuiltin: ShellBuiltin = {
  name: "caller",
  run: (ctx) =>
    Effect.gen(function* () {
      // Like bash, an empty stack fails before the arguments are even looked at.
      if (ctx.shell.state.callStack.length === 0) return 1
      const scanned = scanOptions(ctx.args, "")
      if ("error" in scanned) return yield* optionError(ctx, "caller", scanned)
      const levelText = scanned.rest[0]
      let level: number | undefined
      if (levelText !== undefined) {
        if (!/^\s*[-+]?\d+\s*$/.test(levelText)) {
          yield* ctx.shell.errorLine(`caller: ${levelText}: invalid number`)
          yield* printUsage(ctx, "caller")
          return 2
        }
        level = Number.parseInt(levelText, 10)
      }
      const answer = callerLine(ctx.shell.state, level)
      if ("status" in answer) return answer.status
      yield* ctx.stdout.write(answer.line)
      return 0
    })
}
