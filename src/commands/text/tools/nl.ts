/** `nl`: number lines, with GNU body/header/footer styles, formats and logical-page sections. */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import { fail, forEachOperandRecords, textToBinary, withArgs, writeBinary, type Run } from "./common.js"
import { basicRegexToJs } from "./basicRegex.js"
import { regexMeter, type RegexMeter } from "../regex/meter.js"

const specs = [
  { short: "b", long: "body-numbering", value: true },
  { short: "d", long: "section-delimiter", value: true },
  { short: "f", long: "footer-numbering", value: true },
  { short: "h", long: "header-numbering", value: true },
  { short: "i", long: "line-increment", value: true },
  { short: "l", long: "join-blank-lines", value: true },
  { short: "n", long: "number-format", value: true },
  { short: "p", long: "no-renumber" },
  { short: "s", long: "number-separator", value: true },
  { short: "v", long: "starting-line-number", value: true },
  { short: "w", long: "number-width", value: true }
]

const USAGE = "nl [OPTION]... [FILE]...\nWrite each FILE to standard output, with line numbers added."

type Style = { readonly kind: "a" | "t" | "n" } | { readonly kind: "p"; readonly regex: RegExp }

const parseStyle = (text: string, meter: RegexMeter): Style | undefined => {
  if (text === "a" || text === "t" || text === "n") return { kind: text }
  if (text.startsWith("p")) {
    const regex = basicRegexToJs(text.slice(1), "", meter)
    return regex === undefined ? undefined : { kind: "p", regex }
  }
  return undefined
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const styles: Array<Style> = []
    for (const [key, fallback, what] of [
      ["header-numbering", "n", "header"],
      ["body-numbering", "t", "body"],
      ["footer-numbering", "n", "footer"]
    ] as const) {
      const value = args.values.get(key) ?? fallback
      const style = parseStyle(value, regexMeter(ctx.budget, "nl"))
      if (style === undefined) return yield* usageError(ctx, `invalid ${what} numbering style: '${value}'`, 1)
      styles.push(style)
    }
    const integer = (key: string, fallback: number, what: string, min: number): number | string => {
      const value = args.values.get(key)
      if (value === undefined) return fallback
      if (!/^[-+]?\d+$/.test(value)) return `invalid ${what}: '${value}'`
      if (Number(value) < min) return `invalid ${what}: '${value}': Numerical result out of range`
      return Number(value)
    }
    const width = integer("number-width", 6, "line number field width", 1)
    const increment = integer("line-increment", 1, "line number increment", 0)
    const start = integer("starting-line-number", 1, "starting line number", -Infinity)
    const joinBlank = integer("join-blank-lines", 1, "line number of blank lines", 1)
    for (const v of [width, increment, start, joinBlank]) if (typeof v === "string") return yield* fail(ctx, v)
    const format = args.values.get("number-format") ?? "rn"
    if (!["ln", "rn", "rz"].includes(format)) return yield* usageError(ctx, `invalid line numbering format: '${format}'`, 1)
    const separator = textToBinary(args.values.get("number-separator") ?? "\t")
    let delim = textToBinary(args.values.get("section-delimiter") ?? "\\:")
    if (delim.length === 1) delim += ":"
    const w = width as number
    const pad = " ".repeat(w + separator.length)
    const formatNumber = (n: number): string => {
      const digits = String(Math.abs(n))
      const sign = n < 0 ? "-" : ""
      if (format === "ln") return (sign + digits).padEnd(w)
      if (format === "rz") return sign + digits.padStart(w - sign.length, "0")
      return (sign + digits).padStart(w)
    }

    let number = start as number
    let section = 1
    let blankRun = 0
    const status = yield* forEachOperandRecords(ctx, args.operands, "\n", (lines) => {
      let out = ""
      for (const line of lines) {
        const marker = line === delim.repeat(3) ? 0 : line === delim.repeat(2) ? 1 : line === delim ? 2 : -1
        if (marker >= 0) {
          if (marker === 0 && !args.flags.has("no-renumber")) number = start as number
          section = marker
          blankRun = 0
          out += "\n"
          continue
        }
        const style = styles[section]!
        let numbered: boolean
        if (style.kind === "a") {
          if (line === "") {
            blankRun++
            numbered = blankRun % (joinBlank as number) === 0
          } else {
            blankRun = 0
            numbered = true
          }
        } else if (style.kind === "t") numbered = line !== ""
        else if (style.kind === "n") numbered = false
        else numbered = (style as { regex: RegExp }).regex.test(line)
        if (numbered) {
          out += formatNumber(number) + separator + line + "\n"
          number += increment as number
        } else out += pad + line + "\n"
      }
      return writeBinary(ctx, out)
    })
    return status
  })

export const nlCommand = defineCommand("nl", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args)))
