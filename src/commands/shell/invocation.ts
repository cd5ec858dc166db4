import { Effect, Either } from "effect"
import type { Interpreter, ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { setFlagLetters, setOptionNames, type SetOption } from "../../interpreter/ShellState.js"

/**
 * `bash` / `sh` re-invocation: a child shell in the same sandbox, running `-c STRING`, a script
 * file, or the script on stdin (`-s`), with exported variables, its own positional parameters
 * and its own exit status. Options are bash's invocation options.
 */

const textDecoder = new TextDecoder()

const usageText = (name: string): string =>
  `Usage: ${name} [option] ... [file [argument] ...]\n` +
  "Long options:\n\t--help\n\t--login\n\t--noediting\n\t--noprofile\n\t--norc\n\t--posix\n\t--restricted\n\t--verbose\n\t--version\n" +
  "Shell options:\n\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)\n\t-abefhkmnptuvxBCEHPT or -o option\n"

const versionText = (name: string, version: string): string =>
  `Bashkit-effect virtual ${name}, version ${version}\nA sandboxed shell: no process is spawned and no host file is touched.\n`

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
        if (arg === "--help") return yield* Effect.as(Effect.orElse(ctx.stdout.write(usageText(name)), () => Effect.void), { exit: 0 })
        if (arg === "--version") return yield* Effect.as(Effect.orElse(ctx.stdout.write(versionText(name, ctx.shell.state.getScalar("BASH_VERSION") ?? "5.2")), () => Effect.void), { exit: 0 })
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
      return yield* shell.runChildShell(textDecoder.decode(text.right), parsed.operands, {}, setup)
    })
})
