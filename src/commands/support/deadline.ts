import { Duration, Effect } from "effect"
import type { LimitExceeded } from "../../limits/ExecutionLimits.js"
import type { CommandContext } from "../Command.js"

/**
 * Wait `ms` milliseconds, but never past the script's deadline nor after an abort: the wait
 * then fails with the budget's stop (timeout 124, abort 130). Waiting is the one place a command
 * cannot charge the budget as it goes, so it races the budget instead.
 */
export const sleepWithinDeadline = (ctx: CommandContext, ms: number): Effect.Effect<void, LimitExceeded> =>
  ctx.budget.interruptible(ms === Infinity ? Effect.never : Effect.sleep(Duration.millis(ms)))
