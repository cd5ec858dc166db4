import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import { optionError, scanOptions } from "./usage.js"

/**
 * `ulimit`: a table of virtual resource limits per session. Scripts may read and lower them
 * (values are only recorded: the sandbox's own ExecutionLimits are what really bound a run).
 */

const resources: ReadonlyArray<readonly [letter: string, label: string, value: string]> = [
  ["R", "real-time non-blocking time  (microseconds, -R)", "unlimited"],
  ["c", "core file size              (blocks, -c)", "0"],
  ["d", "data seg size               (kbytes, -d)", "unlimited"],
  ["e", "scheduling priority                 (-e)", "0"],
  ["f", "file size                   (blocks, -f)", "unlimited"],
  ["i", "pending signals                     (-i)", "63459"],
  ["l", "max locked memory           (kbytes, -l)", "8192"],
  ["m", "max memory size             (kbytes, -m)", "unlimited"],
  ["n", "open files                          (-n)", "1024"],
  ["p", "pipe size                (512 bytes, -p)", "8"],
  ["q", "POSIX message queues         (bytes, -q)", "819200"],
  ["r", "real-time priority                  (-r)", "0"],
  ["s", "stack size                  (kbytes, -s)", "8192"],
  ["t", "cpu time                   (seconds, -t)", "unlimited"],
  ["u", "max user processes                  (-u)", "63459"],
  ["v", "virtual memory              (kbytes, -v)", "unlimited"],
  ["x", "file locks                          (-x)", "unlimited"]
]

/** Values set by scripts, per session (keyed by its shared completion table, like other session data). */
const sessions = new WeakMap<object, Map<string, string>>()

export const ulimitBuiltin: ShellBuiltin = {
  name: "ulimit",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, `SHa${resources.map(([l]) => l).join("")}bkPT`)
      if ("error" in scanned) return yield* optionError(ctx, "ulimit", scanned)
      let values = sessions.get(ctx.shell.state.completions)
      if (values === undefined) {
        values = new Map(resources.map(([l, , v]) => [l, v]))
        sessions.set(ctx.shell.state.completions, values)
      }
      const letters = scanned.options.map((o) => o.letter).filter((l) => l !== "S" && l !== "H")
      if (letters.includes("a")) {
        yield* ctx.stdout.write(resources.map(([l, label]) => `${label} ${values.get(l)}\n`).join(""))
        return 0
      }
      const chosen = letters.filter((l) => values.has(l))
      const unsupported = letters.find((l) => !values.has(l))
      if (unsupported !== undefined) {
        yield* ctx.shell.errorLine(`ulimit: -${unsupported}: not supported in this sandbox`)
        return 1
      }
      const targets = chosen.length === 0 ? ["f"] : chosen
      const newValue = scanned.rest[0]
      if (newValue === undefined) {
        const label = (l: string) => resources.find(([r]) => r === l)![1]
        yield* ctx.stdout.write(targets.map((l) => (targets.length > 1 ? `${label(l)} ${values.get(l)}\n` : `${values.get(l)}\n`)).join(""))
        return 0
      }
      if (!/^(\d+|unlimited|hard|soft)$/.test(newValue)) {
        yield* ctx.shell.errorLine(`ulimit: ${newValue}: invalid number`)
        return 1
      }
      for (const l of targets) if (newValue !== "hard" && newValue !== "soft") values.set(l, newValue)
      return 0
    })
}

/** `logout` only ends login shells; a sandboxed script never is one. */
export const logoutBuiltin: ShellBuiltin = {
  name: "logout",
  run: (ctx) => Effect.as(ctx.shell.errorLine("logout: not login shell: use `exit'"), 1)
}

/** `compopt` only works inside a completion function, which never runs without readline. */
export const compoptBuiltin: ShellBuiltin = {
  name: "compopt",
  run: (ctx) => Effect.as(ctx.shell.errorLine("compopt: not currently executing completion function"), 1)
}
