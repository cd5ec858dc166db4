/** `cut`: select bytes, characters or fields of each line (GNU; -c counts bytes as GNU does). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { openInputOrWarn } from "../../support/input.js"
import { usageError } from "../../support/io.js"
import { forEachRecords } from "../../support/records.js"
import { textToBinary, withArgs, writeBinary, type Run } from "./common.js"
import { complementRanges, parseCutList, type Range } from "./cutList.js"

const specs = [
  { short: "b", long: "bytes", value: true },
  { short: "c", long: "characters", value: true },
  { short: "f", long: "fields", value: true },
  { short: "d", long: "delimiter", value: true },
  { short: "s", long: "only-delimited" },
  { short: "n", key: "n" },
  { short: "z", long: "zero-terminated" },
  { long: "complement" },
  { long: "output-delimiter", value: true }
]

const USAGE = "cut OPTION... [FILE]...\nPrint selected parts of lines from each FILE to standard output."

const cutBytes = (line: string, ranges: ReadonlyArray<Range>, outputDelimiter: string | undefined): string => {
  let out = ""
  let first = true
  for (const r of ranges) {
    if (r.lo > line.length) break
    if (!first && outputDelimiter !== undefined) out += outputDelimiter
    out += line.slice(r.lo - 1, Math.min(line.length, r.hi))
    first = false
  }
  return out
}

const cutFields = (line: string, ranges: ReadonlyArray<Range>, delimiter: string, outputDelimiter: string): string => {
  const fields = line.split(delimiter)
  const picked: Array<string> = []
  for (const r of ranges) {
    const end = Math.min(fields.length, r.hi)
    for (let i = r.lo; i <= end; i++) picked.push(fields[i - 1]!)
  }
  return picked.join(outputDelimiter)
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const lists = (["bytes", "characters", "fields"] as const).filter((k) => args.values.has(k))
    if (lists.length > 1) return yield* usageError(ctx, "only one list may be specified", 1)
    const mode = lists[0]
    if (mode === undefined) return yield* usageError(ctx, "you must specify a list of bytes, characters, or fields", 1)
    const fieldMode = mode === "fields"
    const delimiterArg = args.values.get("delimiter")
    if (!fieldMode && delimiterArg !== undefined) return yield* usageError(ctx, "an input delimiter may be specified only when operating on fields", 1)
    if (!fieldMode && args.flags.has("only-delimited")) {
      return yield* usageError(ctx, "suppressing non-delimited lines makes sense\n\tonly when operating on fields", 1)
    }
    const delimiter = delimiterArg === undefined ? "\t" : delimiterArg === "" ? "\0" : textToBinary(delimiterArg)
    if (delimiter.length !== 1 && textToBinary(delimiterArg ?? "").length > 1) {
      return yield* usageError(ctx, "the delimiter must be a single character", 1)
    }
    const parsed = parseCutList(args.values.get(mode)!, fieldMode)
    if (parsed._tag === "Error") return yield* usageError(ctx, parsed.message, 1)
    const ranges = args.flags.has("complement") ? complementRanges(parsed.ranges) : parsed.ranges
    const outArg = args.values.get("output-delimiter")
    const outputDelimiter = outArg === undefined ? undefined : textToBinary(outArg)
    const onlyDelimited = args.flags.has("only-delimited")
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"

    const cutLine = (line: string): string | undefined => {
      if (!fieldMode) return cutBytes(line, ranges, outputDelimiter)
      if (line.indexOf(delimiter) === -1) return onlyDelimited ? undefined : line
      return cutFields(line, ranges, delimiter, outputDelimiter ?? delimiter)
    }
    let status = 0
    for (const name of args.operands.length === 0 ? ["-"] : args.operands) {
      const reader = yield* openInputOrWarn(ctx, name)
      if (reader === undefined) {
        status = 1
        continue
      }
      // Line by line as the input streams: `yes | cut -c1 | head -1` ends at once.
      yield* forEachRecords(reader, eol, ctx.budget, (lines) => {
        const out: Array<string> = []
        for (const line of lines) {
          const cut = cutLine(line)
          if (cut !== undefined) out.push(cut)
        }
        return out.length > 0 ? writeBinary(ctx, out.join(eol) + eol) : Effect.void
      })
    }
    return status
  })

export const cutCommand = defineCommand("cut", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args)))
