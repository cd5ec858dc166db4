import { Effect } from "effect"
import { deviceChunk, type EndlessDevice, endlessDeviceAt } from "../../vfs/devices.js"
import type { VfsError } from "../../vfs/VfsError.js"
import type { CommandContext, CommandFailure } from "../Command.js"
import { fileErrorMessage, printError } from "./io.js"

/**
 * Inputs as streams of chunks, as GNU tools read them: `-` (stdin), files and the endless
 * character devices all become a `ChunkReader` the command pulls from, so a filter holds one
 * chunk at a time, stops reading when it has what it needs, and `yes | cmd | head -1` answers
 * at once. Every pull passes the budget's checkpoint (deadline, abort, fair slices).
 */

/** Pull the next chunk; `undefined` at end of input. */
export type ChunkReader = Effect.Effect<Uint8Array | undefined, CommandFailure>

/** Bytes handed out per chunk for files (a pipe's own chunks pass as they come). */
export const CHUNK_BYTES = 64 * 1024

const STDIN_PATHS = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])

/**
 * The command's stdin as chunks, with a checkpoint before each pull. An end of input that
 * comes because the writer was stopped with the script is not an end: it fails with the stop,
 * so no command goes on working on a cut input.
 */
export const stdinReader = (ctx: CommandContext): ChunkReader => {
  const budget = ctx.budget
  return Effect.zipRight(
    budget.checkpoint,
    Effect.flatMap(ctx.stdin.read, (chunk) => (chunk === undefined && budget.exhausted !== undefined ? Effect.fail(budget.exhausted) : Effect.succeed(chunk)))
  )
}

/** Bytes already in memory, handed out in `CHUNK_BYTES` slices (no copy). */
export const bytesReader = (ctx: CommandContext, bytes: Uint8Array): ChunkReader => {
  let offset = 0
  return Effect.zipRight(
    ctx.budget.checkpoint,
    Effect.sync(() => {
      if (offset >= bytes.length) return undefined
      const chunk = bytes.subarray(offset, Math.min(bytes.length, offset + CHUNK_BYTES))
      offset += chunk.length
      return chunk
    })
  )
}

/** An endless device: a chunk of zeros (one, shared: readers never write to input) or random bytes per pull. */
export const deviceReader = (ctx: CommandContext, device: EndlessDevice): ChunkReader => {
  const zeros = device === "zero" ? deviceChunk("zero") : undefined
  return Effect.zipRight(
    ctx.budget.checkpoint,
    Effect.sync(() => zeros ?? deviceChunk(device))
  )
}

/**
 * Open an operand for streaming: `-` and the stdin devices read the command's stdin, the
 * endless devices stream forever, a file is read and handed out in slices. Fails (in the
 * error channel) with the VfsError a file read met, for the caller to report.
 */
export const openInput = (ctx: CommandContext, operand: string): Effect.Effect<ChunkReader, VfsError | CommandFailure> =>
  Effect.gen(function* () {
    if (operand === "-") return stdinReader(ctx)
    const path = ctx.resolvePath(operand)
    if (STDIN_PATHS.has(path)) return stdinReader(ctx)
    const device = yield* endlessDeviceAt(ctx.fs, path)
    if (device !== undefined) return deviceReader(ctx, device)
    const bytes = yield* ctx.fs.readFile(path)
    return bytesReader(ctx, bytes)
  })

/** `openInput` that prints `cmd: name: reason` on a file error and yields `undefined`. */
export const openInputOrWarn = (ctx: CommandContext, operand: string): Effect.Effect<ChunkReader | undefined, CommandFailure> =>
  Effect.catchTag(openInput(ctx, operand), "VfsError", (error) => Effect.as(printError(ctx, fileErrorMessage(operand, error)), undefined))

/**
 * Run `each` over every chunk of `reader` until the input ends or `each` answers `false`
 * (the command has what it needs: `head`, `grep -m`).
 */
export const forEachChunk = (
  reader: ChunkReader,
  each: (chunk: Uint8Array) => Effect.Effect<boolean | void, CommandFailure>
): Effect.Effect<void, CommandFailure> =>
  Effect.gen(function* () {
    for (;;) {
      const chunk = yield* reader
      if (chunk === undefined) return
      if ((yield* each(chunk)) === false) return
    }
  })
