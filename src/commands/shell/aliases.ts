import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"

/** alias and unalias. */

export const aliasBuiltin: ShellBuiltin = {
  name: "alias",
  run: (ctx) =>
    Effect.gen(function* () {
      const aliases = ctx.shell.state.aliases
      const args = ctx.args.filter((a) => a !== "-p")
      if (args.length === 0) {
        for (const [k, v] of [...aliases].sort(([a], [b]) => (a < b ? -1 : 1))) yield* ctx.stdout.write(`alias ${k}='${v.replace(/'/g, "'\\''")}'\n`)
        return 0
      }
      let status = 0
      for (const a of args) {
        const eq = a.indexOf("=")
        if (eq > 0) aliases.set(a.slice(0, eq), a.slice(eq + 1))
        else {
          const v = aliases.get(a)
          if (v === undefined) {
            yield* ctx.shell.errorLine(`alias: ${a}: not found`)
            status = 1
          } else yield* ctx.stdout.write(`alias ${a}='${v.replace(/'/g, "'\\''")}'\n`)
        }
      }
      return status
    })
}

export const unaliasBuiltin: ShellBuiltin = {
  name: "unalias",
  run: (ctx) =>
    Effect.gen(function* () {
      const aliases = ctx.shell.state.aliases
      if (ctx.args[0] === "-a") {
        aliases.clear()
        return 0
      }
      let status = 0
      for (const a of ctx.args) {
        if (!aliases.delete(a)) {
          yield* ctx.shell.errorLine(`unalias: ${a}: not found`)
          status = 1
        }
      }
      return status
    })
}

