import { Effect, Option } from "effect"
import type { OutputChunk } from "../Shell.js"
import type { BashToolConfig } from "./config.js"
import { emptyResult, errorDisplay, interpreterErrorResult, makeResult, timeoutResult } from "./response.js"
import type { ToolOutputChunk, ToolRequest, ToolResult } from "./schemas.js"
import { makeToolShell } from "./shellSetup.js"

/** Receives streamed output as the script produces it. */
export type ChunkSink = (chunk: ToolOutputChunk) => void

/**
 * Decodes byte chunks into text chunks per stream, never splitting a UTF-8 sequence (the tail
 * of a multi-byte character waits for the next chunk of the same stream).
 */
const textChunks = (sink: ChunkSink) => {
  const decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() }
  return {
    push: (chunk: OutputChunk) => {
      const data = decoders[chunk.kind].decode(chunk.data, { stream: true })
      if (data !== "") sink({ data, kind: chunk.kind })
    },
    flush: () => {
      for (const kind of ["stdout", "stderr"] as const) {
        const rest = decoders[kind].decode()
        if (rest !== "") sink({ data: rest, kind })
      }
    }
  }
}

/** One run in a fresh shell (contract §1.7, steps 2–5). */
const runInFreshShell = (config: BashToolConfig, commands: string, sink: ChunkSink | undefined): Effect.Effect<ToolResult> =>
  Effect.scoped(
    Effect.gen(function* () {
      const { shell, limits } = yield* makeToolShell(config)
      const stream = sink !== undefined ? textChunks(sink) : undefined
      const outcome = yield* Effect.either(shell.exec(commands, stream !== undefined ? { onOutput: stream.push } : {}))
      stream?.flush()
      if (outcome._tag === "Left") {
        const failure = outcome.left
        return failure.reason === "Interrupted"
          ? interpreterErrorResult("cancelled", `execution cancelled: ${failure.message}`)
          : interpreterErrorResult("internal_error", `internal error: ${failure.message}`)
      }
      const result = outcome.right
      if (result.error?.kind === "timeout") return timeoutResult(limits.timeoutMs ?? 0)
      if (result.error !== undefined) return interpreterErrorResult(result.error.kind, errorDisplay(result.error))
      return makeResult({
        stdout: result.stdout,
        stderr: result.stderr,
        exitCode: result.exitCode,
        stdoutTruncated: result.stdoutTruncated,
        stderrTruncated: result.stderrTruncated
      })
    })
  )

/**
 * Runs one request: an exactly empty script succeeds without a shell; `timeout_ms` races the
 * whole run and interrupts it on expiry (chunks already streamed stay delivered).
 */
export const runRequest = (config: BashToolConfig, request: ToolRequest, sink?: ChunkSink): Effect.Effect<ToolResult> => {
  if (request.commands === "") return Effect.succeed(emptyResult())
  const run = runInFreshShell(config, request.commands, sink)
  const timeout = request.timeout_ms
  if (timeout === undefined || timeout === null) return run
  return Effect.map(Effect.timeoutOption(run, timeout), Option.getOrElse(() => timeoutResult(timeout)))
}
