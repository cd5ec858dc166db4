import { Buffer } from "node:buffer"
import { Effect } from "effect"
import type { MemoryLease } from "../../limits/Budget.js"
import type { LimitExceeded } from "../../limits/ExecutionLimits.js"
import type { CommandContext, CommandFailure } from "../Command.js"
import { heldCost } from "./held.js"
import { concatBytes } from "./io.js"
import { type ChunkReader, openInputOrWarn } from "./input.js"

/**
 * Reading a whole input (what `sort`, `tac`, `shuf` must do) charged to the memory budget as
 * it grows (bytes plus a per-line overhead, see held.ts), so `yes | tac` or `sort /dev/zero` end with the memory limit after reading about
 * `maxMemoryBytes`, not after exhausting the host. The charge belongs to the command: a
 * command run under `withCommandMemory` keeps it until it ends; otherwise it is given back
 * once the input is read (the peak while reading is still bounded).
 */

const leases = new WeakMap<CommandContext, MemoryLease>()

/** Run a command's body with a memory account released when the body ends, however it ends. */
export const withCommandMemory = <A, E, R>(ctx: CommandContext, body: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    if (leases.has(ctx)) return body
    const lease = ctx.budget.lease()
    leases.set(ctx, lease)
    return Effect.ensuring(
      body,
      Effect.sync(() => {
        leases.delete(ctx)
        lease.release()
      })
    )
  })

/** The memory account of the running command, if its body runs under `withCommandMemory`. */
export const commandMemory = (ctx: CommandContext): MemoryLease | undefined => leases.get(ctx)

/** Collect every chunk of `reader`, each charged as it arrives; `finish` builds the result. */
const collect = <A>(
  ctx: CommandContext,
  reader: ChunkReader,
  finish: (chunks: Array<Uint8Array>) => A
): Effect.Effect<A, CommandFailure> =>
  Effect.suspend(() => {
    const owned = commandMemory(ctx)
    const lease = owned ?? ctx.budget.lease()
    const chunks: Array<Uint8Array> = []
    const loop: Effect.Effect<A, CommandFailure> = Effect.flatMap(reader, (chunk) => {
      if (chunk === undefined) return Effect.sync(() => finish(chunks))
      try {
        lease.alloc(heldCost(chunk))
      } catch (stop) {
        return Effect.fail(stop as LimitExceeded)
      }
      chunks.push(chunk)
      return loop
    })
    return owned === undefined ? Effect.ensuring(loop, Effect.sync(() => lease.release())) : loop
  })

/** The whole input as bytes. */
export const collectBytes = (ctx: CommandContext, reader: ChunkReader): Effect.Effect<Uint8Array, CommandFailure> =>
  collect(ctx, reader, (chunks) => (chunks.length === 0 ? new Uint8Array(0) : concatBytes(chunks)))

/** The whole input as a binary string (one char per byte). */
export const collectBinary = (ctx: CommandContext, reader: ChunkReader): Effect.Effect<string, CommandFailure> =>
  collect(ctx, reader, (chunks) => {
    if (chunks.length === 1) return Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength).toString("latin1")
    return Buffer.concat(chunks).toString("latin1")
  })

/**
 * Read one input operand whole: `-` is stdin, a file relative to cwd, an endless device reads
 * until the memory limit. On a file error prints `cmd: path: <reason>` and yields `undefined`.
 */
export const readInput = (ctx: CommandContext, operand: string): Effect.Effect<Uint8Array | undefined, CommandFailure> =>
  Effect.flatMap(openInputOrWarn(ctx, operand), (reader) => (reader === undefined ? Effect.succeed(undefined) : collectBytes(ctx, reader)))
