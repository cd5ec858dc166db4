/** `fold`: wrap lines to a width (-w), at blanks (-s), counting bytes (-b) or columns. */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fail, forEachOperandRecords, withArgs, writeBinary, type Run } from "./common.js"

const specs = [
  { short: "b", long: "bytes" },
  { short: "s", long: "spaces" },
  { short: "w", long: "width", value: true }
]

const advance = (column: number, c: string, bytes: boolean): number => {
  if (bytes) return column + 1
  if (c === "\b") return column > 0 ? column - 1 : 0
  if (c === "\r") return 0
  if (c === "\t") return column + 8 - (column % 8)
  return column + 1
}

/** The GNU fold algorithm over one input (binary string). */
export const foldText = (data: string, width: number, bytes: boolean, spaces: boolean): string => {
  let out = ""
  let line = ""
  let column = 0
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!
    if (c === "\n") {
      out += line + "\n"
      line = ""
      column = 0
      continue
    }
    for (;;) {
      const next = advance(column, c, bytes)
      if (next <= width) {
        column = next
        line += c
        break
      }
      if (spaces) {
        let blank = -1
        for (let k = line.length - 1; k >= 0; k--) {
          if (line[k] === " " || line[k] === "\t") {
            blank = k
            break
          }
        }
        if (blank !== -1) {
          out += line.slice(0, blank + 1) + "\n"
          line = line.slice(blank + 1)
          column = 0
          for (const ch of line) column = advance(column, ch, bytes)
          continue
        }
      }
      if (line.length === 0) {
        line = c
        column = next
        break
      }
      out += line + "\n"
      line = ""
      column = 0
    }
  }
  return out + line
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const widthText = args.values.get("width") ?? "80"
    if (!/^\d+$/.test(widthText)) return yield* fail(ctx, `invalid number of columns: '${widthText}'`)
    if (Number(widthText) < 1) return yield* fail(ctx, `invalid number of columns: '${widthText}': Numerical result out of range`)
    // Lines are folded independently: a batch of whole lines at a time.
    return yield* forEachOperandRecords(ctx, args.operands, "\n", (lines, unterminated) =>
      writeBinary(ctx, foldText(lines.join("\n") + (unterminated ? "" : "\n"), Number(widthText), args.flags.has("bytes"), args.flags.has("spaces")))
    )
  })

export const foldCommand = defineCommand("fold", (ctx) =>
  withArgs(ctx, specs, "fold [OPTION]... [FILE]...\nWrap input lines in each FILE, writing to standard output.", (args) => run(ctx, args), {
    numericOption: "width"
  })
)
