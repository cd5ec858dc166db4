import { Effect } from "effect"
import { type Command, defineCommand } from "../../Command.js"
import { parseArgs } from "../../support/args.js"
import { printError, usageError } from "../../support/io.js"
import { readInput } from "../../support/collect.js"
import { printHelp } from "../support.js"
import { type BaseCodec, base32Codec, base64Codec, decodeBaseN, wrapLines } from "./baseN.js"

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
      const input = yield* readInput(ctx, operands[0] ?? "-")
      if (input === undefined) return 1
      if (flags.has("decode")) {
        const { data, ok } = decodeBaseN(codec, input, flags.has("ignore-garbage"))
        if (data.length > 0) yield* ctx.stdout.write(data)
        if (!ok) {
          yield* printError(ctx, "invalid input")
          return 1
        }
        return 0
      }
      yield* ctx.stdout.write(wrapLines(codec.encode(input), width))
      return 0
    })
  )

export const base64Command = makeBaseCommand(base64Codec)
export const base32Command = makeBaseCommand(base32Codec)
