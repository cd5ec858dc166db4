/** `rev` (characters of each line reversed) and `tac` (records in reverse order, -s -b -r). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fail, forEachOperandRecords, readOperands, textToBinary, toBinary, withArgs, writeBinary, type Run } from "./common.js"
import { basicRegexToJs } from "./basicRegex.js"
import { regexMeter } from "../regex/meter.js"
import { SafeRegExp } from "../regex/SafeRegExp.js"
import { Buffer } from "node:buffer"

const reverseLine = (line: string): string => {
  const bytes = Buffer.from(line, "latin1")
  const text = bytes.toString("utf8")
  if (text.includes("\uFFFD") && !line.includes("\xEF\xBF\xBD")) return line.split("").reverse().join("")
  return toBinary(Buffer.from(Array.from(text).reverse().join(""), "utf8"))
}

const runRev = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    return yield* forEachOperandRecords(ctx, args.operands, "\n", (lines, unterminated) =>
      writeBinary(ctx, lines.map(reverseLine).join("\n") + (unterminated ? "" : "\n"))
    )
  })

const tacRecords = (data: string, separator: string | RegExp, before: boolean): string => {
  const records: Array<string> = []
  if (typeof separator === "string") {
    let start = 0
    for (;;) {
      const at = data.indexOf(separator, before ? start + (start === 0 ? 0 : separator.length) : start)
      if (at === -1) break
      if (before) {
        if (at > start || start !== 0) records.push(data.slice(start, at))
        start = at
      } else {
        records.push(data.slice(start, at + separator.length))
        start = at + separator.length
      }
      if (separator.length === 0) break
    }
    if (start < data.length) records.push(data.slice(start))
  } else {
    // The same engine and meter as the separator (a SafeRegExp from basicRegexToJs).
    const regex = separator instanceof SafeRegExp ? new SafeRegExp(separator, "g") : new RegExp(separator.source, "g")
    let start = 0
    let cut = 0
    for (let m = regex.exec(data); m !== null; m = regex.exec(data)) {
      if (m[0].length === 0) {
        regex.lastIndex++
        continue
      }
      if (before) {
        if (m.index > start) records.push(data.slice(start, m.index))
        start = m.index
      } else {
        records.push(data.slice(start, m.index + m[0].length))
        start = m.index + m[0].length
      }
      cut = start
    }
    if (cut < data.length || start < data.length) records.push(data.slice(start))
  }
  return records.reverse().join("")
}

const runTac = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const separatorText = args.values.get("separator")
    let separator: string | RegExp = separatorText === undefined ? "\n" : textToBinary(separatorText)
    if (args.flags.has("regex")) {
      const regex = basicRegexToJs(separator, "", regexMeter(ctx.budget, "tac"))
      if (regex === undefined) return yield* fail(ctx, `invalid regular expression`)
      separator = regex
    }
    const inputs = yield* readOperands(ctx, args.operands)
    let status = 0
    for (const input of inputs) {
      if (input.data === undefined) {
        status = 1
        continue
      }
      // An empty separator makes the whole input one record.
      yield* writeBinary(ctx, separator === "" ? input.data : tacRecords(input.data, separator, args.flags.has("before")))
    }
    return status
  })

export const revCommand = defineCommand("rev", (ctx) =>
  withArgs(ctx, [], "rev [options] [file ...]\nReverse lines characterwise.", (args) => runRev(ctx, args))
)

export const tacCommand = defineCommand("tac", (ctx) =>
  withArgs(
    ctx,
    [
      { short: "b", long: "before" },
      { short: "r", long: "regex" },
      { short: "s", long: "separator", value: true }
    ],
    "tac [OPTION]... [FILE]...\nWrite each FILE to standard output, last line first.",
    (args) => runTac(ctx, args)
  )
)
