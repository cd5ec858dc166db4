import { Effect, Either } from "effect"
import type { Interpreter, ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { mainFrame } from "../../interpreter/callStack.js"
import { setFlagLetters, setOptionNames, type SetOption } from "../../interpreter/ShellState.js"

/**
 * `bash` / `sh` re-invocation: a child shell in the same sandbox, running `-c STRING`, a script
 * file, or the script on stdin (`-s`), with exported variables, its own positional parameters
 * and its own exit status. Options are bash's invocation options.
 */

const textDecoder = new TextDecoder()

/** GNU bash's usage (as the name it was invoked by): after an invalid option, on stderr. */
const usageText = (name: string): string =>
  `Usage:\t${name} [GNU long option] [option] ...\n\t${name} [GNU long option] [option] script-file ...\n` +
  "GNU long options:\n" +
  ["debug", "debugger", "dump-po-strings", "dump-strings", "help", "init-file", "login", "noediting", "noprofile", "norc", "posix", "pretty-print", "rcfile", "restricted", "verbose", "version"]
    .map((o) => `\t--${o}\n`)
    .join("") +
  "Shell options:\n\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)\n\t-abefhkmnptuvxBCEHPT or -o option\n"

/** What GNU bash prints for `--help`. */
const helpText = (name: string, version: string): string =>
  `GNU bash, version ${version}-(x86_64-pc-linux-gnu)\n` +
  usageText(name) +
  `Type \`${name} -c "help set"' for more information about shell options.\n` +
  `Type \`${name} -c help' for more information about shell builtin commands.\n` +
  "Use the `bashbug' command to report bugs.\n\n" +
  "bash home page: <http://www.gnu.org/software/bash>\nGeneral help using GNU software: <http://www.gnu.org/gethelp/>\n"

const bashVersion = (ctx: ShellBuiltinContext): string => ctx.shell.state.getScalar("BASH_VERSION") ?? "5.2.15(1)-release"

/** What GNU bash prints for `--version`: the sandbox presents itself as the bash it emulates. */
const versionText = (version: string): string =>
  `GNU bash, version ${version} (x86_64-pc-linux-gnu)\n` +
  "Copyright (C) 2022 Free Software Foundation, Inc.\n" +
  "License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n\n" +
  "This is free software; you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n"


/** Long options bash accepts that change nothing here (no rc files, no line editing). */
const ignoredLongOptions = new Set(["--norc", "--noprofile", "--noediting", "--login", "--restricted", "--debug", "--debugger", "--dump-po-strings", "--dump-strings", "--pretty-print", "--posix", "--protected", "--wordexp"])
/** Short invocation-only letters with no effect in a sandbox. */
const ignoredLetters = "ilrD"

interface Invocation {
  command: string | undefined
  readStdin: boolean
  setOptions: Array<[SetOption, boolean]>
  shopts: Array<[string, boolean]>
  operands: Array<string>
}

type Parsed = Invocation | { readonly exit: number }

const parseInvocation = (ctx: ShellBuiltinContext, name: string): Effect.Effect<Parsed> =>
  Effect.gen(function* () {
    const args = ctx.args
    const inv: Invocation = { command: undefined, readStdin: false, setOptions: [], shopts: [], operands: [] }
    const fail = (message: string, withUsage: boolean) =>
      Effect.as(Effect.zipRight(ctx.shell.errorLine(message), withUsage ? Effect.orElse(ctx.stderr.write(usageText(name)), () => Effect.void) : Effect.void), { exit: 2 })
    let wantCommand = false
    let i = 0
    for (; i < args.length; i++) {
      const arg = args[i]!
      if (arg === "--" || arg === "-") {
        i++
        break
      }
      if (arg.startsWith("--")) {
        if (arg === "--help") return yield* Effect.as(Effect.orElse(ctx.stdout.write(helpText(name, bashVersion(ctx))), () => Effect.void), { exit: 0 })
        if (arg === "--version") return yield* Effect.as(Effect.orElse(ctx.stdout.write(versionText(bashVersion(ctx))), () => Effect.void), { exit: 0 })
        if (arg === "--verbose") inv.setOptions.push(["verbose", true])
        else if (arg === "--rcfile" || arg === "--init-file") i++
        else if (!ignoredLongOptions.has(arg)) return yield* fail(`${arg}: invalid option`, true)
        continue
      }
      if (!/^[-+]./.test(arg)) break
      const on = arg[0] === "-"
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j]!
        if (letter === "c" && on) wantCommand = true
        else if (letter === "s" && on) inv.readStdin = true
        else if (letter === "o" || letter === "O") {
          const optionName = args[++i]
          if (optionName === undefined) {
            // `bash -o` alone lists the options, like `set -o`; keep it simple and refuse.
            return yield* fail(`-${letter}: option requires an argument`, false)
          }
          if (letter === "o") {
            if (!(setOptionNames as ReadonlyArray<string>).includes(optionName)) return yield* fail(`${name}: ${optionName}: invalid option name`, false)
            inv.setOptions.push([optionName as SetOption, on])
          } else {
            if (!(optionName in ctx.shell.state.shopt)) return yield* fail(`${optionName}: invalid shell option name`, false)
            inv.shopts.push([optionName, on])
          }
        } else if (setFlagLetters[letter] !== undefined) inv.setOptions.push([setFlagLetters[letter]!, on])
        else if (!ignoredLetters.includes(letter)) return yield* fail(`${arg[0]}${letter}: invalid option`, true)
      }
    }
    inv.operands = args.slice(i)
    if (wantCommand) {
      const command = inv.operands.shift()
      if (command === undefined) return yield* fail("-c: option requires an argument", false)
      inv.command = command
    }
    return inv
  })

/** Set the invocation options in the child (exported functions are inherited by every child shell). */
const applyOptions = (inv: Invocation) => (child: Interpreter) => {
  for (const [option, on] of inv.setOptions) {
    if (on) child.state.options.add(option)
    else child.state.options.delete(option)
  }
  for (const [option, on] of inv.shopts) child.state.setShopt(option, on)
}

export const bashBuiltin = (name: string): ShellBuiltin => ({
  name,
  run: (ctx) =>
    Effect.gen(function* () {
      const parsed = yield* parseInvocation(ctx, name)
      if ("exit" in parsed) return parsed.exit
      const shell = ctx.shell
      const setup = applyOptions(parsed)
      if (parsed.command !== undefined) {
        const [arg0 = name, ...rest] = parsed.operands
        return yield* shell.runChildShell(parsed.command, [arg0, ...rest], {}, setup)
      }
      const file = parsed.readStdin ? undefined : parsed.operands[0]
      if (file === undefined) {
        const source = textDecoder.decode(yield* ctx.stdin.readAll)
        return yield* shell.runChildShell(source, [name, ...parsed.operands], {}, setup)
      }
      const path = ctx.resolvePath(file)
      const stat = yield* Effect.either(ctx.fs.stat(path))
      if (Either.isRight(stat) && stat.right.type === "directory") {
        yield* Effect.orElse(ctx.stderr.write(`${file}: ${file}: Is a directory\n`), () => Effect.void)
        return 126
      }
      const text = yield* Effect.either(ctx.fs.readFile(path))
      if (Either.isLeft(text)) {
        yield* shell.errorLine(`${file}: No such file or directory`)
        return 127
      }
      const setupFile = (child: Interpreter) => {
        setup(child)
        child.state.callStack.push(mainFrame(file))
      }
      return yield* shell.runChildShell(textDecoder.decode(text.right), parsed.operands, {}, setupFile)
    })
})
