import { Effect } from "effect"
import { defineCommand } from "../Command.js"
import { sleepWithinDeadline } from "../support/deadline.js"
import { parseDuration } from "./duration.js"
import { fail, failWithHint, printHelp } from "./help.js"

/**
 * `sleep NUMBER[SUFFIX]...`: waits for the sum of the intervals on the Effect clock (so tests
 * can drive it with TestClock), never past the script's deadline.
 */

const HELP = `Usage: sleep NUMBER[SUFFIX]...
Pause for NUMBER seconds, where NUMBER is an integer or floating-point number.
SUFFIX may be 's' for seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days.
With several arguments, pause for the sum of their values.
`

export const sleepCommand = defineCommand("sleep", (ctx) =>
  Effect.gen(function* () {
    if (ctx.args.length === 1 && ctx.args[0] === "--help") return yield* printHelp(ctx, HELP)
    const operands = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args
    if (operands.length === 0) return yield* failWithHint(ctx, "missing operand", 1)
    let total = 0
    for (const operand of operands) {
      const seconds = parseDuration(operand)
      if (seconds === undefined) {
        if (/^-./.test(operand)) {
          const message = operand.startsWith("--") ? `unrecognized option '${operand}'` : `invalid option -- '${operand[1]}'`
          return yield* failWithHint(ctx, message, 1)
        }
        // bashkit's expected output omits GNU's `Try 'sleep --help'` line here.
        return yield* fail(ctx, `invalid time interval '${operand}'`, 1)
      }
      total += seconds
    }
    yield* sleepWithinDeadline(ctx, total * 1000)
    return 0
  })
)
