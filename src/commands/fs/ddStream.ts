/**
 * dd's transfer, streamed: input bytes are skipped, limited to `count` and passed on as they
 * arrive (an endless `if=/dev/zero` with `count=` stops reading once it has its blocks), the
 * conversions run over the stream, and the output file is written as the data comes (or, for
 * `conv=notrunc` and `oflag=append`, merged with the old content at the end).
 */
import { Effect } from "effect"
import type { LimitExceeded } from "../../limits/ExecutionLimits.js"
import { vfsErrorText } from "../../vfs/VfsError.js"
import type { CommandContext, CommandFailure } from "../Command.js"
import { commandMemory } from "../support/collect.js"
import { type ChunkReader, forEachChunk } from "../support/input.js"
import { concatBytes } from "../support/io.js"
import type { Settings } from "./dd.js"

export interface Copied {
  /** Full and partial input blocks. */
  readonly full: number
  readonly partial: number
  /** Bytes written (with conv=sync padding). */
  readonly bytesOut: number
  /** False when the output refused bytes (its message is printed). */
  readonly ok: boolean
}

/**
 * Copy the selected input bytes to `emit` (false: stop, the output failed). The input is one
 * contiguous stream, so only the last block can be short; `conv=sync` pads it to `ibs`.
 */
export const copyBlocks = (
  ctx: CommandContext,
  reader: ChunkReader,
  s: Settings,
  emit: (bytes: Uint8Array) => Effect.Effect<boolean, CommandFailure>
): Effect.Effect<Copied, CommandFailure> =>
  Effect.gen(function* () {
    let skip = s.iflag.has("skip_bytes") ? s.skip : s.skip * s.ibs
    let left = s.count === undefined ? Number.POSITIVE_INFINITY : s.iflag.has("count_bytes") ? s.count : s.count * s.ibs
    let total = 0
    let failed = false
    if (left > 0) {
      yield* forEachChunk(reader, (chunk) => {
        let piece = chunk
        if (skip > 0) {
          const dropped = Math.min(skip, piece.length)
          skip -= dropped
          piece = piece.subarray(dropped)
        }
        if (piece.length > left) piece = piece.subarray(0, left)
        left -= piece.length
        total += piece.length
        if (piece.length === 0) return Effect.succeed(left > 0)
        return Effect.map(emit(piece), (ok) => {
          if (!ok) failed = true
          return ok && left > 0
        })
      })
    }
    const full = Math.floor(total / s.ibs)
    const partial = total % s.ibs === 0 ? 0 : 1
    let bytesOut = total
    if (!failed && partial === 1 && s.conv.has("sync")) {
      const pad = s.ibs - (total % s.ibs)
      if (!(yield* emit(new Uint8Array(pad)))) failed = true
      bytesOut += pad
    }
    return { full, partial, bytesOut, ok: !failed }
  })

/** The byte conversions (swab, ucase, lcase) over a stream; `flush` gives the odd byte swab held back. */
export interface Converter {
  (bytes: Uint8Array): Uint8Array
  readonly flush: () => Uint8Array
}

export const converter = (s: Settings): Converter => {
  const swab = s.conv.has("swab")
  const upper = s.conv.has("ucase")
  const lower = s.conv.has("lcase")
  let carry: number | undefined
  const convert = (input: Uint8Array): Uint8Array => {
    if (!swab && !upper && !lower) return input
    let bytes: Uint8Array
    if (swab) {
      const joined = carry === undefined ? input : concatBytes([Uint8Array.of(carry), input])
      const even = joined.length - (joined.length % 2)
      carry = even < joined.length ? joined[even] : undefined
      bytes = joined.slice(0, even)
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        const t = bytes[i]!
        bytes[i] = bytes[i + 1]!
        bytes[i + 1] = t
      }
    } else bytes = input.slice()
    if (upper || lower) {
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!
        if (upper && b >= 97 && b <= 122) bytes[i] = b - 32
        else if (lower && b >= 65 && b <= 90) bytes[i] = b + 32
      }
    }
    return bytes
  }
  return Object.assign(convert, {
    flush: (): Uint8Array => {
      const last = carry
      carry = undefined
      return last === undefined ? new Uint8Array(0) : Uint8Array.of(last)
    }
  })
}

export interface OutputFile {
  /** Write the next bytes; false (message printed) when the file refused them. */
  readonly write: (bytes: Uint8Array) => Effect.Effect<boolean, CommandFailure>
  /** Finish the file; false (message printed) on failure. */
  readonly close: Effect.Effect<boolean, CommandFailure>
}

const fail = (ctx: CommandContext, message: string): Effect.Effect<false, CommandFailure> =>
  Effect.as(ctx.stderr.write(`dd: ${message}\n`), false)

/**
 * Open `of=`: GNU's excl/nocreat checks, then either the file cut at the seek point and
 * appended to as data arrives, or (notrunc, append) the new bytes kept and merged into the old
 * content at the end. Answers the exit status when the file cannot be opened.
 */
export const openOutput = (ctx: CommandContext, s: Settings, name: string): Effect.Effect<OutputFile | number, CommandFailure> =>
  Effect.gen(function* () {
    const path = ctx.resolvePath(name)
    const existing = yield* Effect.either(ctx.fs.readFile(path))
    if (existing._tag === "Right" && s.conv.has("excl")) return yield* Effect.as(fail(ctx, `failed to open '${name}': File exists`), 1)
    if (existing._tag === "Left" && s.conv.has("nocreat")) return yield* Effect.as(fail(ctx, `failed to open '${name}': No such file or directory`), 1)
    const before = existing._tag === "Right" ? existing.right : new Uint8Array(0)
    const seekBytes = s.oflag.has("seek_bytes") ? s.seek : s.seek * s.obs
    const start = s.oflag.has("append") ? before.length : seekBytes
    if (s.conv.has("notrunc") || s.oflag.has("append")) return mergedOutput(ctx, path, name, before, start)
    // The file ends where the copy ends: its first `start` bytes, then the new data.
    const head = new Uint8Array(start)
    head.set(before.subarray(0, Math.min(before.length, start)))
    const opened = yield* Effect.either(ctx.fs.writeFile(path, head))
    if (opened._tag === "Left") return yield* Effect.as(fail(ctx, `failed to open '${name}': ${vfsErrorText(opened.left.reason)}`), 1)
    return {
      write: (bytes) =>
        Effect.flatMap(Effect.either(ctx.fs.appendFile(path, bytes)), (written) =>
          written._tag === "Left" ? fail(ctx, `error writing '${name}': ${vfsErrorText(written.left.reason)}`) : Effect.succeed(true)
        ),
      close: Effect.succeed(true)
    }
  })

/** Output kept (and charged) until the end, then laid over the old content at `start`. */
const mergedOutput = (ctx: CommandContext, path: string, name: string, before: Uint8Array, start: number): OutputFile => {
  const chunks: Array<Uint8Array> = []
  let size = 0
  const lease = commandMemory(ctx) ?? ctx.budget.lease()
  return {
    write: (bytes) =>
      Effect.try({
        try: () => {
          lease.alloc(bytes.length)
          chunks.push(bytes.slice())
          size += bytes.length
          return true
        },
        catch: (stop) => stop as LimitExceeded
      }),
    close: Effect.gen(function* () {
      const length = Math.max(before.length, start + size)
      const result = new Uint8Array(length)
      result.set(before)
      result.set(concatBytes(chunks), start)
      lease.free(size)
      const written = yield* Effect.either(ctx.fs.writeFile(path, result))
      if (written._tag === "Left") return yield* fail(ctx, `failed to open '${name}': ${vfsErrorText(written.left.reason)}`)
      return true
    })
  }
}
