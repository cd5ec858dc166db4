import { Effect } from "effect"
import type { Command } from "../../commands/Command.js"
import { allCommands } from "../../commands/registry.js"
import { shellBuiltins } from "../../commands/shell/index.js"

/**
 * The logic-only shell's command surface (§2.8): what stays, what is always refused, and the
 * interpreter's own special builtins that no tool may replace.
 */

/** Commands kept in logic-only mode (the reference's allow-list; only those we implement exist). */
export const KEPT_COMMANDS: ReadonlySet<string> = new Set(
  (
    "echo true false exit break continue return test [ printf export read set unset shift local : readonly times eval " +
    "grep sed awk head tail sort uniq cut tr wc nl paste column comm strings tac rev fold expand unexpand join split jq seq expr bc numfmt " +
    "env printenv type which hash alias unalias trap caller mapfile readarray shopt clear envsubst assert log retry semver verify compgen csv " +
    "help iconv json parallel template tomlq yq timeout xargs wait " +
    "declare typeset let command getopts"
  ).split(" ")
)

/** Interpreter specials: always the interpreter's, never a tool's. */
export const SPECIAL_BUILTINS: ReadonlySet<string> = new Set(["eval", "declare", "typeset", "local", "unset", "let", "command", "getopts"])

/** Always `command not found` in logic-only mode, even when a tool has the name. */
export const ALWAYS_REJECTED: ReadonlySet<string> = new Set(["exec", "bash", "sh", "source", "."])

/** A command that behaves as if it did not exist. */
export const notFoundCommand = (name: string): Command => ({
  name,
  run: (ctx) => Effect.as(ctx.stderr.write(`bash: ${ctx.name}: command not found\n`), 127)
})

/** Every command name the default shell would provide that logic-only mode must hide. */
export const hiddenCommandNames = (): ReadonlyArray<string> => {
  const names = new Set<string>()
  for (const c of allCommands) names.add(c.name)
  for (const b of shellBuiltins) names.add(b.name)
  return [...names].filter((n) => !KEPT_COMMANDS.has(n) && !ALWAYS_REJECTED.has(n))
}
