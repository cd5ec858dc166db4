import { Effect } from "effect"
import { defineCommand } from "../Command.js"
import { encodeText } from "../support/io.js"
import { printHelp } from "./help.js"

/**
 * `yes [STRING]...`: repeats the line until the reader goes away. One pre-built block of about
 * 64 KiB is written over and over, so memory stays flat; `BrokenPipe` (or the shell's timeout
 * interrupting the fiber) ends it.
 */
export const yesCommand = defineCommand("yes", (ctx) =>
  Effect.gen(function* () {
    if (ctx.args.length === 1 && ctx.args[0] === "--help") return yield* printHelp(ctx, "Usage: yes [STRING]...\nRepeatedly output a line with all specified STRING(s), or 'y'.\n")
    const words = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args
    const line = `${words.length === 0 ? "y" : words.join(" ")}\n`
    const block = encodeText(line.repeat(Math.max(1, Math.floor(65536 / line.length))))
    // suspend: the sink is called anew for every block, not once for an effect replayed forever.
    // The checkpoint: into a sink that never blocks (/dev/null) the loop must still yield and stop.
    return yield* Effect.forever(Effect.zipRight(ctx.budget.checkpoint, Effect.suspend(() => ctx.stdout.write(block))))
  })
)
