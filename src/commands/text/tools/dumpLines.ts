/**
 * The input side of the dump tools (od, hexdump, xxd): the operands read one after the other
 * as one stream, `skip` bytes dropped, at most `limit` bytes kept, cut into lines of `width`
 * bytes that the tool formats one at a time. Block by block, so `od /dev/zero | head` and
 * `xxd -l 16 /dev/urandom` end at once, and output flows while the input is read.
 */
import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { type ChunkReader, forEachChunk, openInputOrWarn } from "../../support/input.js"
import { writeBinary } from "./common.js"

export interface DumpRange {
  readonly skip: number
  readonly limit: number | undefined
  readonly width: number
}

export interface Dumped {
  /** 1 when an operand could not be read (its message printed). */
  readonly status: number
  /** Bytes dumped (after the skip). */
  readonly total: number
  /** Bytes of the skip the input was too short for. */
  readonly skipLeft: number
  /** Operands that could be read. */
  readonly opened: number
}

/**
 * Run `format` over every line (its bytes and its offset after the skip); what it returns is
 * written, a chunk's worth at a time. A last short line is formatted at the end.
 */
export const forEachDumpLine = (
  ctx: CommandContext,
  operands: ReadonlyArray<string>,
  range: DumpRange,
  format: (line: Uint8Array, offset: number) => string
): Effect.Effect<Dumped, CommandFailure> =>
  Effect.gen(function* () {
    const { width } = range
    let skip = range.skip
    let left = range.limit ?? Number.POSITIVE_INFINITY
    let status = 0
    let opened = 0
    let total = 0
    const carry = new Uint8Array(width)
    let carried = 0
    const take = (chunk: Uint8Array): string => {
      let out = ""
      let at = 0
      if (carried > 0) {
        const fill = Math.min(width - carried, chunk.length)
        carry.set(chunk.subarray(0, fill), carried)
        carried += fill
        at = fill
        if (carried < width) return out
        out += format(carry.slice(), total)
        total += width
        carried = 0
      }
      for (; at + width <= chunk.length; at += width) {
        ctx.budget.step(width)
        out += format(chunk.subarray(at, at + width), total)
        total += width
      }
      carry.set(chunk.subarray(at), 0)
      carried = chunk.length - at
      return out
    }
    for (const name of operands.length === 0 ? ["-"] : operands) {
      if (left <= 0) break
      const reader: ChunkReader | undefined = yield* openInputOrWarn(ctx, name)
      if (reader === undefined) {
        status = 1
        continue
      }
      opened++
      yield* forEachChunk(reader, (chunk) => {
        let piece = chunk
        if (skip > 0) {
          const dropped = Math.min(skip, piece.length)
          skip -= dropped
          piece = piece.subarray(dropped)
        }
        if (piece.length > left) piece = piece.subarray(0, left)
        left -= piece.length
        const out = piece.length === 0 ? "" : take(piece)
        return Effect.as(out.length > 0 ? writeBinary(ctx, out) : Effect.void, left > 0)
      })
    }
    if (carried > 0) {
      const last = format(carry.slice(0, carried), total)
      total += carried
      if (last.length > 0) yield* writeBinary(ctx, last)
    }
    return { status, total, skipLeft: skip, opened }
  })
