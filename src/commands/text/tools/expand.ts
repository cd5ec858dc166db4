/** `expand` (tabs to spaces) and `unexpand` (blanks to tabs), with GNU tab-stop lists. */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fail, forEachOperandRecords, withArgs, writeBinary, type Run } from "./common.js"

/** Tab stops: a single size or an ascending list; `next(col)` is the stop after `col`. */
interface TabStops {
  readonly next: (column: number) => number | undefined
}

const parseTabStops = (lists: ReadonlyArray<string>): TabStops | string => {
  const stops: Array<number> = []
  for (const list of lists) {
    for (const item of list.split(/[,\s]+/).filter((s) => s !== "")) {
      if (!/^\d+$/.test(item)) return `tab size contains invalid character(s): '${item}'`
      stops.push(Number(item))
    }
  }
  if (stops.length === 0) stops.push(8)
  for (let i = 0; i < stops.length; i++) {
    if (stops[i] === 0) return "tab size cannot be 0"
    if (i > 0 && stops[i]! <= stops[i - 1]!) return "tab sizes must be ascending"
  }
  if (stops.length === 1) {
    const size = stops[0]!
    return { next: (column) => column + size - (column % size) }
  }
  return { next: (column) => stops.find((s) => s > column) }
}

const expandLine = (line: string, tabs: TabStops, initialOnly: boolean): string => {
  let out = ""
  let column = 0
  let leading = true
  for (const c of line) {
    if (c === "\t" && (leading || !initialOnly)) {
      const stop = tabs.next(column) ?? column + 1
      out += " ".repeat(stop - column)
      column = stop
      continue
    }
    if (c !== " " && c !== "\t") leading = false
    if (c === "\b") column = Math.max(0, column - 1)
    else column++
    out += c
  }
  return out
}

const unexpandLine = (line: string, tabs: TabStops, all: boolean): string => {
  let out = ""
  let column = 0
  let pending = ""
  // A lone blank reaching a tab stop becomes a tab only when more blanks follow (as GNU does).
  let loneBlank = false
  let leading = true
  const flush = () => {
    if (loneBlank) out += " "
    loneBlank = false
    out += pending
    pending = ""
  }
  for (const c of line) {
    const convertible = leading || all
    if ((c === " " || c === "\t") && convertible) {
      if (loneBlank) {
        out += "\t"
        loneBlank = false
      }
      const stop = tabs.next(column)
      if (c === "\t") {
        if (stop === undefined) {
          flush()
          out += c
          column++
          continue
        }
        column = stop
        pending = ""
        out += "\t"
        continue
      }
      pending += c
      column++
      if (stop !== undefined && column === stop) {
        if (pending.length > 1) out += "\t"
        else loneBlank = true
        pending = ""
      }
      continue
    }
    flush()
    if (c !== " " && c !== "\t") leading = false
    if (c === "\b") column = Math.max(0, column - 1)
    else column++
    out += c
  }
  flush()
  return out
}

const run = (ctx: CommandContext, args: ParsedArgs, expanding: boolean): Run =>
  Effect.gen(function* () {
    const tabs = parseTabStops(args.lists.get("tabs") ?? [])
    if (typeof tabs === "string") return yield* fail(ctx, tabs)
    const all = !expanding && (args.flags.has("all") || (args.lists.has("tabs") && !args.flags.has("first-only")))
    const initial = args.flags.has("initial")
    const status = yield* forEachOperandRecords(ctx, args.operands, "\n", (lines, unterminated) => {
      const converted = lines.map((line) => (expanding ? expandLine(line, tabs, initial) : unexpandLine(line, tabs, all)))
      return writeBinary(ctx, converted.join("\n") + (unterminated ? "" : "\n"))
    })
    return status
  })

export const expandCommand = defineCommand("expand", (ctx) =>
  withArgs(
    ctx,
    [
      { short: "i", long: "initial" },
      { short: "t", long: "tabs", value: true, multiple: true }
    ],
    "expand [OPTION]... [FILE]...\nConvert tabs in each FILE to spaces, writing to standard output.",
    (args) => run(ctx, args, true),
    { numericOption: "tabs" }
  )
)

export const unexpandCommand = defineCommand("unexpand", (ctx) =>
  withArgs(
    ctx,
    [
      { short: "a", long: "all" },
      { long: "first-only" },
      { short: "t", long: "tabs", value: true, multiple: true }
    ],
    "unexpand [OPTION]... [FILE]...\nConvert blanks in each FILE to tabs, writing to standard output.",
    (args) => run(ctx, args, false),
    { numericOption: "tabs" }
  )
)
