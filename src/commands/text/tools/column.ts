/** `column` (util-linux): fill entries into columns, or align a table with -t. */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { binaryToText, fail, readOperands, splitRecords, textToBinary, withArgs, writeBinary, type Run } from "./common.js"
import { textWidth } from "./displayWidth.js"
import { maxOf } from "../../support/maxOf.js"

const specs = [
  { short: "t", long: "table" },
  { short: "s", long: "separator", value: true },
  { short: "o", long: "output-separator", value: true },
  { short: "c", long: "output-width", value: true },
  { short: "x", long: "fillrows" },
  { short: "N", long: "table-columns", value: true },
  { short: "R", long: "table-right", value: true },
  { short: "e", long: "table-header-repeat" },
  { short: "n", long: "table-name", value: true },
  { short: "L", long: "keep-empty-lines" }
]

const TAB = 8
const width = (binary: string): number => textWidth(binaryToText(binary))

const fillColumns = (entries: ReadonlyArray<string>, termWidth: number, byRows: boolean): string => {
  const longest = maxOf(entries.map(width))
  const cell = (longest + TAB) & ~(TAB - 1)
  const columns = Math.max(1, Math.floor(termWidth / cell))
  let out = ""
  const pad = (used: number, end: number): [string, number] => {
    let tabs = ""
    for (let next = (used + TAB) & ~(TAB - 1); next <= end; next = (used + TAB) & ~(TAB - 1)) {
      tabs += "\t"
      used = next
    }
    return [tabs, used]
  }
  if (byRows) {
    let col = 0
    let used = 0
    let end = cell
    for (let i = 0; i < entries.length; i++) {
      out += entries[i]
      used += width(entries[i]!)
      if (i === entries.length - 1) break
      if (++col === columns) {
        out += "\n"
        col = used = 0
        end = cell
      } else {
        const [tabs, after] = pad(used, end)
        out += tabs
        used = after
        end += cell
      }
    }
    return used > 0 || entries.length > 0 ? out + "\n" : out
  }
  const rows = Math.ceil(entries.length / columns)
  for (let row = 0; row < rows; row++) {
    let end = cell
    let used = 0
    for (let base = row; ; ) {
      out += entries[base]
      used += width(entries[base]!)
      base += rows
      if (base >= entries.length) break
      const [tabs, after] = pad(used, end)
      out += tabs
      used = after
      end += cell
    }
    out += "\n"
  }
  return out
}

const table = (lines: ReadonlyArray<string>, separators: string | undefined, outSep: string, header: Array<string> | undefined, right: Set<number>): string => {
  const rows: Array<Array<string>> = header === undefined ? [] : [header]
  for (const line of lines) {
    if (separators === undefined) rows.push(line.split(/[ \t]+/).filter((c) => c !== ""))
    else {
      const cells: Array<string> = []
      let cellText = ""
      for (const c of line) {
        if (separators.includes(c)) {
          cells.push(cellText)
          cellText = ""
        } else cellText += c
      }
      cells.push(cellText)
      rows.push(cells)
    }
  }
  const count = maxOf(rows.map((r) => r.length), 0)
  const widths = Array.from({ length: count }, (_, i) => maxOf(rows.map((r) => width(r[i] ?? "")), 0))
  let out = ""
  for (const row of rows) {
    let line = ""
    for (let i = 0; i < count; i++) {
      const value = row[i] ?? ""
      const fill = " ".repeat(widths[i]! - width(value))
      if (i > 0) line += outSep
      if (right.has(i + 1)) line += fill + value
      else line += i === count - 1 ? value : value + fill
    }
    out += line + "\n"
  }
  return out
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    for (const unsupported of ["table-header-repeat", "table-name"]) {
      if (args.flags.has(unsupported) || args.values.has(unsupported)) return yield* fail(ctx, `--${unsupported} is not supported`, 2)
    }
    const widthText = args.values.get("output-width") ?? ctx.env["COLUMNS"] ?? "80"
    if (!/^\d+$/.test(widthText)) return yield* fail(ctx, `invalid columns argument: '${widthText}'`)
    const inputs = yield* readOperands(ctx, args.operands)
    let status = 0
    const lines: Array<string> = []
    for (const input of inputs) {
      if (input.data === undefined) status = 1
      else for (const line of splitRecords(input.data, "\n")) if (line.trim() !== "" || args.flags.has("keep-empty-lines")) lines.push(line)
    }
    if (lines.length === 0) return status
    const sepArg = args.values.get("separator")
    const tableMode = args.flags.has("table")
    let out: string
    if (tableMode) {
      const header = args.values.get("table-columns")?.split(",").map(textToBinary)
      const right = new Set((args.values.get("table-right") ?? "").split(",").filter((s) => /^\d+$/.test(s)).map(Number))
      out = table(lines, sepArg === undefined ? undefined : textToBinary(sepArg), textToBinary(args.values.get("output-separator") ?? "  "), header, right)
    } else out = fillColumns(lines, Number(widthText), args.flags.has("fillrows"))
    yield* writeBinary(ctx, out)
    return status
  })

export const columnCommand = defineCommand("column", (ctx) =>
  withArgs(ctx, specs, "column [options] [<file>...]\nColumnate lists.", (args) => run(ctx, args))
)
