import { defineCommand } from "../../Command.js"
import { runJq } from "./JqEngine.js"

/**
 * `jq`: the real jq 1.8.2 command line (jq-wasm), given the arguments untouched. jq itself
 * parses its options, reads files from the VFS and stdin, and prints its own messages and
 * exit statuses; `$ENV`/`env` are the shell's exported variables.
 */
export const jqCommand = defineCommand("jq", (ctx) => runJq(ctx, ctx.args))
