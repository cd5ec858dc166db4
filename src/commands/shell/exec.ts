import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import { pathCandidates } from "./lookup.js"
import { optionError, scanOptions } from "./usage.js"

/**
 * `exec`: with no command, its redirections stay in force for the rest of the shell; with a
 * command (a builtin or a command file, never a function), the command replaces the shell: it
 * runs, then the shell exits with its status. A command that cannot be found ends the shell
 * with 127 unless `shopt -s execfail`. `-a NAME` and `-c`/`-l` are accepted: there is no
 * process image whose name or environment they could change.
 */
export const execBuiltin: ShellBuiltin = {
  name: "exec",
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      const scanned = scanOptions(ctx.args, "cl", "a")
      if ("error" in scanned) return yield* optionError(ctx, "exec", scanned)
      const args = scanned.rest
      if (args.length === 0) {
        shell.keepRedirects = true
        return 0
      }
      const name = args[0]!
      const builtin = shell.services.builtins.get(name)
      if (builtin === undefined && (yield* pathCandidates(ctx, name, false)).length === 0) {
        yield* shell.errorLine(`exec: ${name}: not found`)
        if (shell.state.shopt["execfail"] !== true) shell.flow = { kind: "exit", status: 127 }
        return 127
      }
      const status = yield* shell.dispatch(args, undefined, builtin, {})
      shell.flow = { kind: "exit", status }
      return status
    })
}
