import { Clock, Effect, Option, Queue, Stream } from "effect"
import type { ChunkSink } from "./runner.js"
import type { ToolOutputChunk, ToolResult } from "./schemas.js"
import { ToolError } from "./ToolError.js"
import { makeToolOutput, type ToolOutput } from "./ToolOutput.js"

/**
 * One validated call, runnable once. Take `outputStream()` before `execute()` to watch the
 * output live; the `ToolOutput` that `execute()` returns is the final truth.
 */
export interface ToolExecution {
  /**
   * The chunks as the script produces them, ending when the run ends. A second call replaces the
   * channel (the first stream then ends); after `execute()` has started it is empty.
   */
  readonly outputStream: () => Stream.Stream<ToolOutputChunk>
  /** Runs the script; a second call fails with `ToolError.Internal`. */
  readonly execute: () => Effect.Effect<ToolOutput, ToolError>
}

/** An unbounded single-consumer channel; `None` marks its end. */
class ChunkChannel {
  private readonly queue = Effect.runSync(Queue.unbounded<Option.Option<ToolOutputChunk>>())
  readonly push: ChunkSink = (chunk) => void this.queue.unsafeOffer(Option.some(chunk))
  readonly end = (): void => void this.queue.unsafeOffer(Option.none())
  readonly stream: Stream.Stream<ToolOutputChunk> = Stream.fromQueue(this.queue).pipe(
    Stream.takeWhile(Option.isSome),
    Stream.map((chunk) => chunk.value)
  )
}

export const ONCE_MESSAGE = "tool execution may only be run once"

/** `run` performs the call, sending chunks to the sink it is given (if any). */
export const makeToolExecution = (run: (sink: ChunkSink | undefined) => Effect.Effect<ToolResult>): ToolExecution => {
  let started = false
  let channel: ChunkChannel | undefined
  return {
    outputStream: () => {
      if (started) return Stream.empty
      channel?.end()
      channel = new ChunkChannel()
      return channel.stream
    },
    execute: () =>
      Effect.suspend(() => {
        if (started) return Effect.fail(ToolError.Internal(ONCE_MESSAGE))
        started = true
        const sink = channel
        return Effect.gen(function* () {
          const start = yield* Clock.currentTimeMillis
          const result = yield* run(sink?.push)
          const end = yield* Clock.currentTimeMillis
          return makeToolOutput(result, end - start)
        }).pipe(Effect.ensuring(Effect.sync(() => sink?.end())))
      })
  }
}
