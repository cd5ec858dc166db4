import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../Command.js"
import { concatBytes } from "../support/io.js"
import { readInput } from "../support/collect.js"

export { concatBytes }

/** Print a short usage text on stdout and succeed (`--help`). */
export const printHelp = (ctx: CommandContext, text: string): Effect.Effect<number, CommandFailure> =>
  Effect.as(ctx.stdout.write(text.endsWith("\n") ? text : `${text}\n`), 0)

/** Read each operand (stdin for `-`), calling `each` with its bytes; unreadable ones print an error. */
export const forEachInput = (
  ctx: CommandContext,
  operands: ReadonlyArray<string>,
  each: (name: string, data: Uint8Array) => Effect.Effect<void, CommandFailure>
): Effect.Effect<boolean, CommandFailure> =>
  Effect.gen(function* () {
    let ok = true
    for (const operand of operands.length === 0 ? ["-"] : operands) {
      const data = yield* readInput(ctx, operand)
      if (data === undefined) ok = false
      else yield* each(operand, data)
    }
    return ok
  })
