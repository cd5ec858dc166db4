import { Chunk, Effect, Fiber, Stream } from "effect"
import type { Tool, ToolOutput, ToolOutputChunk } from "../../src/tool/index.js"

/** Runs one call with the output stream taken first, as an agent host would. */
export const runStreamed = (tool: Tool, args: unknown) =>
  Effect.gen(function* () {
    const execution = yield* tool.execution(args)
    const collecting = yield* Effect.fork(Stream.runCollect(execution.outputStream()))
    const output: ToolOutput = yield* execution.execute()
    const chunks: ReadonlyArray<ToolOutputChunk> = Chunk.toReadonlyArray(yield* Fiber.join(collecting))
    return { output, chunks }
  })

/** Runs one call without streaming and returns `result`. */
export const runResult = (tool: Tool, args: unknown) =>
  Effect.flatMap(tool.execution(args), (execution) => Effect.map(execution.execute(), (output) => output.result))
