/** `uniq`: collapse adjacent equal lines (GNU flags -c -d -D -u -i -f -s -w -z --group). */
import { Effect } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../../Command.js"
import type { LimitExceeded } from "../../../limits/ExecutionLimits.js"
import { commandMemory } from "../../support/collect.js"
import { openInputOrWarn } from "../../support/input.js"
import { forEachRecords } from "../../support/records.js"
import type { ParsedArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import { fail, parseCount, withArgs, writeBinary, writeFileOperand, type Run } from "./common.js"

const specs = [
  { short: "c", long: "count" },
  { short: "d", long: "repeated" },
  { short: "D", key: "D" },
  { long: "all-repeated", value: true, optionalValue: true },
  { short: "f", long: "skip-fields", value: true },
  { short: "i", long: "ignore-case" },
  { short: "s", long: "skip-chars", value: true },
  { short: "u", long: "unique" },
  { short: "w", long: "check-chars", value: true },
  { short: "z", long: "zero-terminated" },
  { long: "group", value: true, optionalValue: true }
]

const USAGE = "uniq [OPTION]... [INPUT [OUTPUT]]\nFilter adjacent matching lines from INPUT (or standard input)."

const isBlank = (c: number) => c === 32 || c === 9

/** The part of a line uniq compares: after N fields and S chars, at most W chars. */
const comparable = (line: string, fields: number, chars: number, width: number | undefined, fold: boolean): string => {
  let p = 0
  for (let f = 0; f < fields && p < line.length; f++) {
    while (p < line.length && isBlank(line.charCodeAt(p))) p++
    while (p < line.length && !isBlank(line.charCodeAt(p))) p++
  }
  p = Math.min(line.length, p + chars)
  const key = width === undefined ? line.slice(p) : line.slice(p, p + width)
  return fold ? key.toLowerCase() : key
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    if (args.operands.length > 2) return yield* usageError(ctx, `extra operand '${args.operands[2]}'`, 1)
    const numberOption = (key: string, what: string): number | undefined | "bad" => {
      const v = args.values.get(key)
      if (v === undefined) return undefined
      return parseCount(v) ?? "bad"
    }
    const fields = numberOption("skip-fields", "fields")
    const chars = numberOption("skip-chars", "chars")
    const width = numberOption("check-chars", "chars")
    if (fields === "bad") return yield* fail(ctx, `${args.values.get("skip-fields")}: invalid number of fields to skip`)
    if (chars === "bad") return yield* fail(ctx, `${args.values.get("skip-chars")}: invalid number of bytes to skip`)
    if (width === "bad") return yield* fail(ctx, `${args.values.get("check-chars")}: invalid number of bytes to compare`)

    const allRepeated = args.flags.has("D") ? "none" : args.values.get("all-repeated")
    const method = allRepeated === "" ? "none" : allRepeated
    if (method !== undefined && !["none", "prepend", "separate"].includes(method)) {
      return yield* usageError(ctx, `invalid argument '${method}' for '--all-repeated'\nValid arguments are:\n  - 'none'\n  - 'prepend'\n  - 'separate'`, 1)
    }
    const groupArg = args.values.get("group")
    const group = groupArg === undefined ? undefined : groupArg === "" ? "separate" : groupArg
    if (group !== undefined && !["prepend", "append", "separate", "both"].includes(group)) {
      return yield* usageError(ctx, `invalid argument '${group}' for '--group'\nValid arguments are:\n  - 'prepend'\n  - 'append'\n  - 'separate'\n  - 'both'`, 1)
    }
    const count = args.flags.has("count")
    const repeated = args.flags.has("repeated")
    const uniqueOnly = args.flags.has("unique")
    if (count && method !== undefined) return yield* usageError(ctx, "printing all duplicated lines and repeat counts is meaningless", 1)
    if (group !== undefined && (count || repeated || uniqueOnly || method !== undefined)) {
      return yield* usageError(ctx, "--group is mutually exclusive with -c/-d/-D/-u", 1)
    }

    const reader = yield* openInputOrWarn(ctx, args.operands[0] ?? "-")
    if (reader === undefined) return 1
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    const fold = args.flags.has("ignore-case")
    const keyOf = (line: string) => comparable(line, fields ?? 0, chars ?? 0, width, fold)
    const target = args.operands[1] !== undefined && args.operands[1] !== "-" ? args.operands[1] : undefined

    // One group of adjacent equal lines at a time: only its first line is held (-D and --group
    // print the others as they come), so `yes | uniq` runs in constant memory.
    const out: Array<string> = []
    let key: string | undefined
    let first = ""
    let size = 0
    let groupIndex = 0
    const closeGroup = (): void => {
      if (key === undefined) return
      if (group !== undefined) groupIndex++
      else if (method === undefined && (!repeated || size > 1) && (!uniqueOnly || size === 1)) {
        out.push(count ? `${String(size).padStart(7)} ${first}` : first)
      }
    }
    const take = (line: string): void => {
      const lineKey = keyOf(line)
      if (key !== undefined && lineKey === key) {
        size++
        if (group !== undefined) out.push(line)
        else if (method !== undefined) {
          if (size === 2) {
            if (method === "prepend" || (method === "separate" && groupIndex > 0)) out.push("")
            out.push(first)
            groupIndex++
          }
          out.push(line)
        }
        return
      }
      closeGroup()
      key = lineKey
      first = line
      size = 1
      if (group !== undefined) {
        // One empty line between groups, one before the first (prepend, both), one after the last (append, both).
        if (groupIndex > 0 || group === "prepend" || group === "both") out.push("")
        out.push(line)
      }
    }
    const held = target === undefined ? undefined : new Array<string>()
    const flush = (): Effect.Effect<void, CommandFailure> => {
      if (out.length === 0) return Effect.void
      const text = out.join(eol) + eol
      out.length = 0
      if (held === undefined) return writeBinary(ctx, text)
      held.push(text)
      return Effect.try({ try: () => commandMemory(ctx)?.alloc(text.length), catch: (stop) => stop as LimitExceeded })
    }
    yield* forEachRecords(reader, eol, ctx.budget, (lines) => {
      for (const line of lines) take(line)
      return flush()
    })
    closeGroup()
    if (key !== undefined && (group === "append" || group === "both")) out.push("")
    yield* flush()
    if (held !== undefined) return (yield* writeFileOperand(ctx, target!, held.join(""))) ? 0 : 1
    return 0
  })

export const uniqCommand = defineCommand("uniq", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args)))
