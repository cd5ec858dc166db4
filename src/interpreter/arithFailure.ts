import type { LimitExceeded } from "../limits/ExecutionLimits.js"
import { ExpansionFailed } from "./errors.js"
import { toExecFailure } from "./Interpreter.js"

/**
 * An arithmetic error in a command that evaluates arithmetic itself (`(( ))`, `for (( ))`,
 * `[[ -eq ]]`): bash reports `LABEL: message` and fails that command with status 1, where the
 * same error in `$(( ))` would end the shell. An unbound variable under `set -u` still ends it,
 * and a budget stop stays a budget stop.
 */
export const commandArithFailure =
  (label: string) =>
  (e: unknown): ExpansionFailed | LimitExceeded => {
    const failed = toExecFailure(e)
    if (failed._tag === "LimitExceeded" || failed.endsInput === true) return failed
    // An assignment to a readonly variable is reported without the command's name.
    const message = failed.message.endsWith(": readonly variable") ? failed.message : `${label}: ${failed.message}`
    return new ExpansionFailed({ message, status: 1, fatal: false })
  }
