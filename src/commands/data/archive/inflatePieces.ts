/**
 * Inflate in pieces: zlib runs on its thread pool and hands back output 64 KiB at a time, each
 * piece passed to the caller (written out, or held on the memory budget) before the next is
 * produced. A bomb (1 MB that inflates to 1 GiB) is never materialised and never holds the
 * event loop; it ends on the caller's cap, the memory limit or the deadline.
 */
import { Effect } from "effect"
import { createInflateRaw, crc32 as zlibCrc32, type InflateRaw } from "node:zlib"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { gzipHeaderInfo, isGzip } from "./gzipFormat.js"

const PIECE = 64 * 1024

export type InflateOutcome =
  | { readonly _tag: "Ok"; readonly consumed: number; readonly size: number; readonly crc: number }
  | { readonly _tag: "TooLarge" }
  | { readonly _tag: "Corrupt"; readonly message: string }

/**
 * Inflate a raw deflate stream at the start of `input`, passing each piece of output to `take`.
 * Stops with `TooLarge` once more than `maxBytes` come out. `consumed` is the compressed length
 * (what follows it is the container's: a gzip trailer, the next member).
 */
export const inflateRawInPieces = (
  ctx: CommandContext,
  input: Uint8Array,
  maxBytes: number,
  take: (piece: Uint8Array) => Effect.Effect<void, CommandFailure>
): Effect.Effect<InflateOutcome, CommandFailure> =>
  Effect.acquireUseRelease(
    Effect.sync(() => {
      const inflater = createInflateRaw({ chunkSize: PIECE })
      // Errors are read through the iterator; keep an unread one from being reported as unhandled.
      inflater.on("error", () => {})
      inflater.end(input)
      return inflater
    }),
    (inflater: InflateRaw) =>
      Effect.gen(function* () {
        const pieces = inflater[Symbol.asyncIterator]() as AsyncIterator<Buffer>
        let size = 0
        let crc = 0
        for (;;) {
          const next = yield* Effect.either(Effect.tryPromise(() => pieces.next()))
          if (next._tag === "Left") {
            const message = String((next.left.cause as Error | undefined)?.message ?? "")
            return { _tag: "Corrupt", message: /unexpected end/.test(message) ? "unexpected end of file" : "invalid compressed data--format violated" } as const
          }
          if (next.right.done === true) break
          const piece = new Uint8Array(next.right.value.buffer, next.right.value.byteOffset, next.right.value.byteLength)
          size += piece.length
          if (size > maxBytes) return { _tag: "TooLarge" } as const
          crc = zlibCrc32(piece, crc)
          ctx.budget.step(piece.length >> 6)
          yield* take(piece)
          yield* ctx.budget.checkpoint
        }
        return { _tag: "Ok", consumed: inflater.bytesWritten, size, crc } as const
      }),
    (inflater) => Effect.sync(() => inflater.destroy())
  )

export type GunzipOutcome =
  | { readonly _tag: "Ok"; readonly trailingGarbage: boolean }
  | { readonly _tag: "NotGzip" }
  | { readonly _tag: "TooLarge" }
  | { readonly _tag: "Corrupt"; readonly message: string }

/**
 * A gzip file (one or more members) inflated in pieces, each member's CRC and length checked
 * as GNU gzip checks them; at most `maxBytes` of output in all.
 */
export const gunzipInPieces = (
  ctx: CommandContext,
  data: Uint8Array,
  maxBytes: number,
  take: (piece: Uint8Array) => Effect.Effect<void, CommandFailure>
): Effect.Effect<GunzipOutcome, CommandFailure> =>
  Effect.gen(function* () {
    if (!isGzip(data)) return { _tag: "NotGzip" } as const
    let total = 0
    let offset = 0
    while (offset < data.length) {
      const member = data.subarray(offset)
      if (!isGzip(member)) return { _tag: "Ok", trailingGarbage: true } as const
      if (member[2] !== 8) return { _tag: "Corrupt", message: "unknown method 0 -- not supported" } as const
      const { headerLength } = gzipHeaderInfo(member)
      const inflated = yield* inflateRawInPieces(ctx, member.subarray(headerLength), maxBytes - total, take)
      if (inflated._tag !== "Ok") return inflated
      const trailer = headerLength + inflated.consumed
      if (member.length < trailer + 8) return { _tag: "Corrupt", message: "unexpected end of file" } as const
      const view = new DataView(member.buffer, member.byteOffset + trailer, 8)
      if (view.getUint32(0, true) !== inflated.crc) return { _tag: "Corrupt", message: "invalid compressed data--crc error" } as const
      if (view.getUint32(4, true) !== inflated.size >>> 0) return { _tag: "Corrupt", message: "invalid compressed data--length error" } as const
      total += inflated.size
      offset += trailer + 8
    }
    return { _tag: "Ok", trailingGarbage: false } as const
  })
