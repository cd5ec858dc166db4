import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import { optionError, printUsage, scanOptions } from "./usage.js"

/** alias and unalias. */

export const aliasBuiltin: ShellBuiltin = {
  name: "alias",
  run: (ctx) =>
    Effect.gen(function* () {
      const aliases = ctx.shell.state.aliasesForWrite()
      const scanned = scanOptions(ctx.args, "p")
      if ("error" in scanned) return yield* optionError(ctx, "alias", scanned)
      const args = scanned.rest
      if (args.length === 0 || scanned.options.length > 0) {
        for (const [k, v] of [...aliases].sort(([a], [b]) => (a < b ? -1 : 1))) yield* ctx.stdout.write(`alias ${k}='${v.replace(/'/g, "'\\''")}'\n`)
        if (args.length === 0) return 0
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
      const aliases = ctx.shell.state.aliasesForWrite()
      const scanned = scanOptions(ctx.args, "a")
      if ("error" in scanned) return yield* optionError(ctx, "unalias", scanned)
      if (scanned.options.length > 0) {
        aliases.clear()
        return 0
      }
      if (scanned.rest.length === 0) {
        yield* printUsage(ctx, "unalias")
        return 2
      }
      let status = 0
      for (const a of scanned.rest) {
        if (!aliases.delete(a)) {
          yield* ctx.shell.errorLine(`unalias: ${a}: not found`)
          status = 1
        }
      }
      return status
    })
}

