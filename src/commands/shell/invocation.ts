import { Effect, Either } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"

const textDecoder = new TextDecoder()

/** `bash`/`sh`: a child shell in the same sandbox (`-c`, a script file, or stdin). */
export const bashBuiltin = (name: string): ShellBuiltin => ({
  name,
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      const args = [...ctx.args]
      const flags: Array<string> = []
      let command: string | undefined
      let i = 0
      for (; i < args.length; i++) {
        const a = args[i]!
        if (a === "-c") {
          command = args[++i]
          i++
          break
        }
        if (a === "--") {
          i++
          break
        }
        if (a === "-o" || a === "+o") {
          flags.push(`${a} ${args[++i] ?? ""}`)
          continue
        }
        if (/^[-+][a-zA-Z]+$/.test(a)) {
          if (a.includes("c")) {
            flags.push(a.replace("c", ""))
            command = args[++i]
            i++
            break
          }
          flags.push(a)
          continue
        }
        break
      }
      const setup = (child: { state: { options: Set<string> } }) => {
        for (const f of flags) {
          if (f.startsWith("-o ") || f.startsWith("+o ")) {
            const opt = f.slice(3)
            if (f[0] === "-") child.state.options.add(opt)
            else child.state.options.delete(opt)
            continue
          }
          const letters = f.slice(1)
          for (const l of letters) {
            const opt = ({ e: "errexit", u: "nounset", x: "xtrace", v: "verbose", n: "noexec", f: "noglob", a: "allexport", C: "noclobber" } as Record<string, string>)[l]
            if (opt === undefined) continue
            if (f[0] === "-") child.state.options.add(opt)
            else child.state.options.delete(opt)
          }
        }
      }
      if (command !== undefined) {
        const rest = args.slice(i)
        return yield* shell.runChildShell(command, rest.length > 0 ? rest : [name], {}, setup as never)
      }
      const file = args[i]
      if (file !== undefined) {
        const text = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(file)))
        if (Either.isLeft(text)) {
          yield* ctx.stderr.write(`${name}: ${file}: No such file or directory\n`)
          return 127
        }
        return yield* shell.runChildShell(textDecoder.decode(text.right), args.slice(i), {}, setup as never)
      }
      const source = textDecoder.decode(yield* ctx.stdin.readAll)
      return yield* shell.runChildShell(source, [name], {}, setup as never)
    })
})
