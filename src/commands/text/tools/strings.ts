/** `strings`: print runs of printable characters (-n min length, -t offset radix). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fail, toBinary, withArgs, writeBinary, type Run } from "./common.js"
import { forEachChunk, openInputOrWarn } from "../../support/input.js"
import { recordTooLong } from "../../support/records.js"

const specs = [
  { short: "n", long: "bytes", value: true },
  { short: "t", long: "radix", value: true },
  { short: "a", long: "all" },
  { short: "d", long: "data" },
  { short: "f", long: "print-file-name" },
  { short: "w", long: "include-all-whitespace" },
  { short: "e", long: "encoding", value: true },
  { short: "s", long: "output-separator", value: true }
]

const isPrintable = (c: number, whitespace: boolean) => (c >= 32 && c < 127) || c === 9 || (whitespace && (c === 10 || c === 13 || c === 11 || c === 12))

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const minText = args.values.get("bytes") ?? "4"
    if (!/^\d+$/.test(minText) || Number(minText) < 1) return yield* fail(ctx, `invalid minimum string length ${minText}`)
    const encoding = args.values.get("encoding") ?? "s"
    if (encoding !== "s" && encoding !== "S") return yield* fail(ctx, `encoding '${encoding}' is not supported`, 2)
    const radix = args.values.get("radix")
    if (radix !== undefined && !["o", "d", "x"].includes(radix)) return yield* fail(ctx, `invalid radix: ${radix}`, 1)
    const min = Number(minText)
    const separator = args.values.get("output-separator") ?? "\n"
    const whitespace = args.flags.has("include-all-whitespace")
    const eightBit = encoding === "S"
    const offsetText = (at: number): string => (radix === undefined ? "" : `${at.toString(radix === "o" ? 8 : radix === "x" ? 16 : 10).padStart(7)} `)
    const maxRun = ctx.limits.maxStringLength
    let status = 0
    for (const name of args.operands.length === 0 ? ["-"] : args.operands) {
      const reader = yield* openInputOrWarn(ctx, name)
      if (reader === undefined) {
        status = 1
        continue
      }
      const prefix = args.flags.has("print-file-name") ? `${name === "-" ? "{standard input}" : name}: ` : ""
      // A run of printable bytes may span chunks: its pieces wait (bounded) until it ends.
      let run: Array<string> = []
      let runLength = 0
      let runStart = 0
      let position = 0
      const endRun = (): string => {
        const text = runLength >= min ? prefix + offsetText(runStart) + run.join("") + separator : ""
        run = []
        runLength = 0
        return text
      }
      yield* forEachChunk(reader, (chunk) => {
        const data = toBinary(chunk)
        let out = ""
        let start = -1
        for (let i = 0; i <= data.length; i++) {
          const c = i < data.length ? data.charCodeAt(i) : -1
          if (c >= 0 && (isPrintable(c, whitespace) || (eightBit && c >= 128))) {
            if (start === -1) start = i
            continue
          }
          if (i === data.length) break
          if (start !== -1) {
            if (runLength === 0) runStart = position + start
            run.push(data.slice(start, i))
            runLength += i - start
          }
          if (runLength > 0) out += endRun()
          start = -1
        }
        if (start !== -1) {
          if (runLength === 0) runStart = position + start
          run.push(data.slice(start))
          runLength += data.length - start
          if (runLength > maxRun) return Effect.fail(ctx.budget.stop(recordTooLong(maxRun)))
        }
        position += data.length
        return writeBinary(ctx, out)
      })
      if (runLength > 0) yield* writeBinary(ctx, endRun())
    }
    return status
  })

export const stringsCommand = defineCommand("strings", (ctx) =>
  withArgs(ctx, specs, "strings [option(s)] [file(s)]\nDisplay printable strings in [file(s)] (stdin by default).", (args) => run(ctx, args), {
    numericOption: "bytes"
  })
)
