import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../Command.js"

/** Print a command's `--help` text (a usage line and a short summary) and succeed. */
export const printHelp = (ctx: CommandContext, text: string): Effect.Effect<number, CommandFailure> =>
  Effect.as(ctx.stdout.write(text.endsWith("\n") ? text : `${text}\n`), 0)

/** Print `cmd: message` and the GNU `--help` hint, returning `status`. */
export const failWithHint = (ctx: CommandContext, message: string, status: number): Effect.Effect<number, CommandFailure> =>
  Effect.as(ctx.stderr.write(`${ctx.name}: ${message}\nTry '${ctx.name} --help' for more information.\n`), status)

/** Print `cmd: message` alone, returning `status`. */
export const fail = (ctx: CommandContext, message: string, status: number): Effect.Effect<number, CommandFailure> =>
  Effect.as(ctx.stderr.write(`${ctx.name}: ${message}\n`), status)

/** Buffers text and writes it in large chunks, so long outputs stream without per-line effects. */
export class ChunkedWriter {
  private buffer = ""
  constructor(
    private readonly ctx: CommandContext,
    private readonly threshold = 64 * 1024
  ) {}

  /** Append text; returns true when the buffer is full and `flush` should be yielded. */
  push(text: string): boolean {
    this.ctx.budget.step(1)
    this.buffer += text
    return this.buffer.length >= this.threshold
  }

  /** Write what is buffered, then a checkpoint (a sink that never waits, like /dev/null, must not hold the event loop). */
  flush(): Effect.Effect<void, CommandFailure> {
    if (this.buffer === "") return Effect.void
    const text = this.buffer
    this.buffer = ""
    return Effect.zipRight(this.ctx.stdout.write(text), this.ctx.budget.checkpoint)
  }
}
