import { Duration, Effect } from "effect"
import { LimitExceeded } from "../../limits/ExecutionLimits.js"
import type { CommandContext } from "../Command.js"

/**
 * Wait `ms` milliseconds, but never past the script's deadline: a wait that would outlast it
 * sleeps until the deadline and then fails with the timeout. The shell checks its deadline as
 * commands run; waiting is the one place a command must check it itself.
 */
export const sleepWithinDeadline = (ctx: CommandContext, ms: number): Effect.Effect<void, LimitExceeded> => {
  const deadline = ctx.deadline
  if (deadline === undefined || Date.now() + ms <= deadline) return ms === Infinity ? Effect.never : Effect.sleep(Duration.millis(ms))
  const remaining = Math.max(0, deadline - Date.now())
  const timeoutMs = ctx.limits.timeoutMs ?? 0
  return Effect.zipRight(
    Effect.sleep(Duration.millis(remaining)),
    Effect.fail(new LimitExceeded({ limit: "timeout", value: timeoutMs, message: `execution timed out after ${timeoutMs}ms` }))
  )
}
