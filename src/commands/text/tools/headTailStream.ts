/**
 * The streaming engines behind `head` and `tail`: each reads its input chunk by chunk and holds
 * only what GNU holds (nothing for `head -n N`, the last N lines or bytes for `tail`, the pending
 * N for `head -c -N`), charged to the command's memory account. `head` stops reading as soon
 * as it has written what was asked, so `yes | head -1` ends at once.
 */
import { Buffer } from "node:buffer"
import { Effect } from "effect"
import type { MemoryLease } from "../../../limits/Budget.js"
import type { LimitExceeded } from "../../../limits/ExecutionLimits.js"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { commandMemory } from "../../support/collect.js"
import { type ChunkReader, forEachChunk } from "../../support/input.js"
import { concatBytes } from "../../support/io.js"
import { forEachRecords } from "../../support/records.js"

type Flow = Effect.Effect<void, CommandFailure>

/** The command's memory account (a private one if the command runs without). */
const accountOf = (ctx: CommandContext): MemoryLease => commandMemory(ctx) ?? ctx.budget.lease()

const charge = (lease: MemoryLease, bytes: number): Effect.Effect<void, LimitExceeded> =>
  Effect.try({ try: () => lease.alloc(bytes), catch: (stop) => stop as LimitExceeded })

/** The first `count` bytes, or up to the `count`-th `eolByte` included. */
export const headFirst = (ctx: CommandContext, reader: ChunkReader, count: number, bytes: boolean, eolByte: number): Flow =>
  Effect.suspend(() => {
    let remaining = count
    if (remaining <= 0) return Effect.void
    return forEachChunk(reader, (chunk) => {
      let end = chunk.length
      if (bytes) end = Math.min(end, remaining)
      else {
        let at = chunk.indexOf(eolByte)
        while (at !== -1 && --remaining > 0) at = chunk.indexOf(eolByte, at + 1)
        if (at !== -1) end = at + 1
      }
      if (bytes) remaining -= end
      return Effect.as(ctx.stdout.write(chunk.subarray(0, end)), remaining > 0)
    })
  })

/**
 * A window over the end of a stream of chunks: keeps at least the last `keep` bytes, hands the
 * older chunks to `spill` (head -c -N prints them, tail -c N drops them), then gives what it
 * kept to `finish`.
 */
const byteWindow = (
  ctx: CommandContext,
  reader: ChunkReader,
  keep: number,
  spill: (chunk: Uint8Array) => Flow,
  finish: (rest: Uint8Array) => Flow
): Flow =>
  Effect.gen(function* () {
    const lease = accountOf(ctx)
    const chunks: Array<Uint8Array> = []
    let held = 0
    yield* forEachChunk(reader, (chunk) =>
      Effect.gen(function* () {
        // A device shares its chunk between pulls: hold a copy.
        const copy = chunk.slice()
        yield* charge(lease, copy.length)
        chunks.push(copy)
        held += copy.length
        while (chunks.length > 0 && held - chunks[0]!.length >= keep) {
          const old = chunks.shift()!
          held -= old.length
          lease.free(old.length)
          yield* spill(old)
        }
      })
    )
    yield* finish(concatBytes(chunks))
    lease.free(held)
  })

/** All but the last `count` bytes (`head -c -N`). */
export const headAllButBytes = (ctx: CommandContext, reader: ChunkReader, count: number): Flow =>
  byteWindow(ctx, reader, count, (chunk) => ctx.stdout.write(chunk), (rest) =>
    rest.length > count ? ctx.stdout.write(rest.subarray(0, rest.length - count)) : Effect.void
  )

/** The last `count` bytes (`tail -c N`). */
export const tailBytes = (ctx: CommandContext, reader: ChunkReader, count: number): Flow =>
  byteWindow(ctx, reader, count, () => Effect.void, (rest) =>
    count > 0 && rest.length > 0 ? ctx.stdout.write(rest.subarray(Math.max(0, rest.length - count))) : Effect.void
  )

/** Everything from byte `from` (1-based, `tail -c +N`). */
export const tailFromByte = (ctx: CommandContext, reader: ChunkReader, from: number): Flow =>
  Effect.suspend(() => {
    let skip = Math.max(0, from - 1)
    return forEachChunk(reader, (chunk) => {
      if (skip >= chunk.length) {
        skip -= chunk.length
        return Effect.void
      }
      const rest = chunk.subarray(skip)
      skip = 0
      return ctx.stdout.write(rest)
    })
  })

/** Everything from line `from` (1-based, `tail -n +N`): counts separators, then copies. */
export const tailFromLine = (ctx: CommandContext, reader: ChunkReader, from: number, eolByte: number): Flow =>
  Effect.suspend(() => {
    let skip = Math.max(0, from - 1)
    return forEachChunk(reader, (chunk) => {
      let start = 0
      while (skip > 0) {
        const at = chunk.indexOf(eolByte, start)
        if (at === -1) return Effect.void
        start = at + 1
        skip--
      }
      return start < chunk.length ? ctx.stdout.write(chunk.subarray(start)) : Effect.void
    })
  })

const toBytes = (binary: string): Uint8Array => Buffer.from(binary, "latin1")

/**
 * Lines of the input with their separators, keeping only the last `count` (or, with
 * `allBut`, printing all but the last `count` as they fall out of the window).
 */
const lineWindow = (ctx: CommandContext, reader: ChunkReader, count: number, eol: string, allBut: boolean): Flow =>
  Effect.gen(function* () {
    const lease = accountOf(ctx)
    let lines: Array<string> = []
    let held = 0
    let first = 0
    const release = (upTo: number): Flow => {
      const gone = lines.slice(first, upTo)
      let size = 0
      for (const line of gone) size += line.length
      lease.free(size)
      held -= size
      first = upTo
      if (first > 4096 && first * 2 > lines.length) {
        lines = lines.slice(first)
        first = 0
      }
      return allBut && gone.length > 0 ? ctx.stdout.write(toBytes(gone.join(""))) : Effect.void
    }
    yield* forEachRecords(reader, eol, ctx.budget, (records, unterminatedLast) =>
      Effect.gen(function* () {
        let size = 0
        for (let i = 0; i < records.length; i++) {
          const line = unterminatedLast && i === records.length - 1 ? records[i]! : records[i]! + eol
          lines.push(line)
          size += line.length
        }
        yield* charge(lease, size)
        held += size
        if (lines.length - first > count) yield* release(lines.length - count)
      })
    )
    if (!allBut) {
      const kept = lines.slice(Math.max(first, lines.length - count))
      if (count > 0 && kept.length > 0) yield* ctx.stdout.write(toBytes(kept.join("")))
    }
    lease.free(held)
  })

/** The last `count` lines (`tail -n N`). */
export const tailLines = (ctx: CommandContext, reader: ChunkReader, count: number, eol: string): Flow =>
  lineWindow(ctx, reader, count, eol, false)

/** All but the last `count` lines (`head -n -N`). */
export const headAllButLines = (ctx: CommandContext, reader: ChunkReader, count: number, eol: string): Flow =>
  lineWindow(ctx, reader, count, eol, true)
