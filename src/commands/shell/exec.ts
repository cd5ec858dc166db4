import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"

/**
 * `exec`: with no command, its redirections stay in force for the rest of the shell; with a
 * command, the command replaces the shell (runs, then the shell exits with its status).
 */
export const execBuiltin: ShellBuiltin = {
  name: "exec",
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      let args = [...ctx.args]
      while (args[0] !== undefined && /^-[cl]+$/.test(args[0])) args = args.slice(1)
      if (args[0] === "-a") args = args.slice(2)
      if (args[0] === "--") args = args.slice(1)
      if (args.length === 0) {
        shell.keepRedirects = true
        return 0
      }
      const name = args[0]!
      const status = yield* shell.dispatch(args, shell.state.functions.get(name), shell.services.builtins.get(name), {})
      shell.flow = { kind: "exit", status }
      return status
    })
}
