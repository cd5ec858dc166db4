import { Effect } from "effect"
import { type Command, defineCommand } from "../../Command.js"
import { parseArgs } from "../../support/args.js"
import { printError, usageError } from "../../support/io.js"
import { forEachChunk, openInputOrWarn } from "../../support/input.js"
import { printHelp } from "../support.js"
import { type BaseCodec, base32Codec, base64Codec, BaseNDecoder, BaseNEncoder } from "./baseN.js"

const makeBaseCommand = (codec: BaseCodec): Command =>
  defineCommand(codec.name, (ctx) =>
    Effect.gen(function* () {
      const parsed = parseArgs(ctx.args, [
        { short: "d", long: "decode" },
        { short: "i", long: "ignore-garbage" },
        { short: "w", long: "wrap", value: true },
        { long: "help" }
      ])
      if (parsed._tag === "Error") return yield* usageError(ctx, parsed.message, 1)
      const { flags, values, operands } = parsed.args
      if (flags.has("help")) {
        return yield* printHelp(ctx, `Usage: ${codec.name} [OPTION]... [FILE]\n${codec.name} encode or decode FILE, or standard input, to standard output.\n  -d, --decode  decode data\n  -i, --ignore-garbage  when decoding, ignore non-alphabet characters\n  -w, --wrap=COLS  wrap encoded lines after COLS character (default 76, 0 disables)`)
      }
      if (operands.length > 1) return yield* usageError(ctx, `extra operand '${operands[1]}'`, 1)
      let width = 76
      const wrap = values.get("wrap")
      if (wrap !== undefined) {
        if (!/^\d+$/.test(wrap)) {
          yield* printError(ctx, `invalid wrap size: '${wrap}'`)
          return 1
        }
        width = Number(wrap)
      }
      const reader = yield* openInputOrWarn(ctx, operands[0] ?? "-")
      if (reader === undefined) return 1
      // Block by block: `base64 /dev/urandom | head -1` ends at once.
      if (flags.has("decode")) {
        const decoder = new BaseNDecoder(codec, flags.has("ignore-garbage"))
        yield* forEachChunk(reader, (chunk) => {
          const data = decoder.push(chunk)
          const written = data.length > 0 ? ctx.stdout.write(data) : Effect.void
          return Effect.as(written, !decoder.failed)
        })
        const rest = decoder.finish()
        if (rest.length > 0) yield* ctx.stdout.write(rest)
        if (decoder.failed) {
          yield* printError(ctx, "invalid input")
          return 1
        }
        return 0
      }
      const encoder = new BaseNEncoder(codec, width)
      yield* forEachChunk(reader, (chunk) => {
        const text = encoder.push(chunk)
        return text.length > 0 ? ctx.stdout.write(text) : Effect.void
      })
      const rest = encoder.finish()
      if (rest.length > 0) yield* ctx.stdout.write(rest)
      return 0
    })
  )

export const base64Command = makeBaseCommand(base64Codec)
export const base32Command = makeBaseCommand(base32Codec)
