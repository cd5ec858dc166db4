import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../Command.js"
import { fail, failWithHint, printHelp } from "./help.js"

/**
 * `env [-i] [-u NAME]... [-0] [-C DIR] [NAME=VALUE]... [COMMAND [ARG]...]` and
 * `printenv [-0] [NAME]...`.
 *
 * Running COMMAND: assignments reach the child through `ctx.exec`'s `env`. A child cannot be
 * given fewer variables that way, so `-i`/`-u` with a COMMAND run it through a child shell
 * script that unsets the removed variables first.
 */

const ENV_HELP = `Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
Set each NAME to VALUE in the environment and run COMMAND.

  -i, --ignore-environment  start with an empty environment
  -0, --null           end each output line with NUL, not newline
  -u, --unset=NAME     remove variable from the environment
  -C, --chdir=DIR      change working directory to DIR
      --help           display this help and exit
`

const PRINTENV_HELP = `Usage: printenv [OPTION]... [VARIABLE]...
Print the values of the specified environment VARIABLE(s).
If no VARIABLE is specified, print name and value pairs for them all.

  -0, --null     end each output line with NUL, not newline
      --help     display this help and exit
`

interface EnvOptions {
  ignore: boolean
  nul: boolean
  unset: Array<string>
  chdir: string | undefined
}

const ENV_LONGS = ["ignore-environment", "null", "unset", "chdir", "help"]

type EnvParse = { options: EnvOptions; rest: Array<string> } | { help: true } | { error: string }

/** env's options stop at the first operand (POSIX order), so a command's own flags pass through. */
const parseEnvArgs = (args: ReadonlyArray<string>): EnvParse => {
  const options: EnvOptions = { ignore: false, nul: false, unset: [], chdir: undefined }
  let i = 0
  for (; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") {
      i++
      break
    }
    if (arg === "-") {
      options.ignore = true
      continue
    }
    if (!arg.startsWith("-")) break
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=")
      const name = arg.slice(2, eq === -1 ? undefined : eq)
      const matches = ENV_LONGS.filter((long) => long.startsWith(name))
      if (matches.length !== 1) return { error: matches.length === 0 ? `unrecognized option '${arg}'` : `option '${arg}' is ambiguous` }
      const long = matches[0]!
      if (long === "help") return { help: true }
      if (long === "ignore-environment") options.ignore = true
      else if (long === "null") options.nul = true
      else {
        const value = eq === -1 ? args[++i] : arg.slice(eq + 1)
        if (value === undefined) return { error: `option '--${long}' requires an argument` }
        if (long === "unset") options.unset.push(value)
        else options.chdir = value
      }
      continue
    }
    for (let j = 1; j < arg.length; j++) {
      const letter = arg[j]!
      if (letter === "i") options.ignore = true
      else if (letter === "0") options.nul = true
      else if (letter === "u" || letter === "C") {
        const value = j + 1 < arg.length ? arg.slice(j + 1) : args[++i]
        if (value === undefined) return { error: `option requires an argument -- '${letter}'` }
        if (letter === "u") options.unset.push(value)
        else options.chdir = value
        break
      } else return { error: `invalid option -- '${letter}'` }
    }
  }
  return { options, rest: args.slice(i) }
}

const shellQuote = (word: string): string => `'${word.replace(/'/g, "'\\''")}'`

const printVariables = (ctx: CommandContext, env: Readonly<Record<string, string>>, nul: boolean) =>
  ctx.stdout.write(
    Object.entries(env)
      .map(([name, value]) => `${name}=${value}${nul ? "\0" : "\n"}`)
      .join("")
  )

export const envCommand = defineCommand("env", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseEnvArgs(ctx.args)
    if ("help" in parsed) return yield* printHelp(ctx, ENV_HELP)
    if ("error" in parsed) return yield* failWithHint(ctx, parsed.error, 125)
    const { options, rest } = parsed
    for (const name of options.unset) {
      if (name === "" || name.includes("=")) return yield* fail(ctx, `cannot unset '${name}': Invalid argument`, 125)
    }
    const assignments: Record<string, string> = {}
    let index = 0
    for (; index < rest.length; index++) {
      const word = rest[index]!
      const eq = word.indexOf("=")
      if (eq <= 0) break
      assignments[word.slice(0, eq)] = word.slice(eq + 1)
    }
    const command = rest.slice(index)
    const removed = options.ignore ? Object.keys(ctx.env) : options.unset.filter((name) => name in ctx.env)

    if (command.length === 0) {
      if (options.chdir !== undefined) return yield* failWithHint(ctx, "must specify command with --chdir (-C)", 125)
      const env: Record<string, string> = options.ignore ? {} : { ...ctx.env }
      for (const name of options.unset) delete env[name]
      Object.assign(env, assignments)
      yield* printVariables(ctx, env, options.nul)
      return 0
    }
    if (options.nul) return yield* failWithHint(ctx, "cannot specify --null (-0) with command", 125)
    const cwd = options.chdir === undefined ? ctx.cwd : ctx.resolvePath(options.chdir)
    if (options.chdir !== undefined) {
      const stat = yield* Effect.either(ctx.fs.stat(cwd))
      if (stat._tag === "Left" || stat.right.type !== "directory") {
        return yield* fail(ctx, `cannot change directory to '${options.chdir}': No such file or directory`, 125)
      }
    }
    if (!ctx.hasCommand(command[0]!)) return yield* fail(ctx, `'${command[0]}': No such file or directory`, 127)
    const toRemove = removed.filter((name) => !(name in assignments))
    // The whole environment is passed (not only the assignments) so a runner that replaces the
    // child's environment with `env` and one that adds to it behave the same.
    if (toRemove.length === 0) return yield* ctx.exec(command, { env: { ...ctx.env, ...assignments }, cwd })
    const script = `unset -v ${toRemove.map(shellQuote).join(" ")} 2>/dev/null\n${command.map(shellQuote).join(" ")}`
    return yield* ctx.runScript(script, { env: assignments, cwd })
  })
)

export const printenvCommand = defineCommand("printenv", (ctx) =>
  Effect.gen(function* () {
    let nul = false
    const names: Array<string> = []
    let optionsDone = false
    for (const arg of ctx.args) {
      if (!optionsDone && arg === "--") optionsDone = true
      else if (!optionsDone && arg === "--help") return yield* printHelp(ctx, PRINTENV_HELP)
      else if (!optionsDone && (arg === "-0" || arg === "--null")) nul = true
      else if (!optionsDone && arg.startsWith("-") && arg.length > 1) {
        const message = arg.startsWith("--") ? `unrecognized option '${arg}'` : `invalid option -- '${arg[1]}'`
        return yield* failWithHint(ctx, message, 2)
      } else names.push(arg)
    }
    if (names.length === 0) {
      yield* printVariables(ctx, ctx.env, nul)
      return 0
    }
    let status = 0
    let out = ""
    for (const name of names) {
      const value = name.includes("=") ? undefined : ctx.env[name]
      if (value === undefined) status = 1
      else out += value + (nul ? "\0" : "\n")
    }
    yield* ctx.stdout.write(out)
    return status
  })
)
