/** `paste`: merge corresponding lines of files (-d delimiter list, -s serial, -z). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { readOperand, splitRecords, textToBinary, toBinary, withArgs, writeBinary, type Run } from "./common.js"

const specs = [
  { short: "d", long: "delimiters", value: true },
  { short: "s", long: "serial" },
  { short: "z", long: "zero-terminated" }
]

const USAGE = "paste [OPTION]... [FILE]...\nWrite lines consisting of the sequentially corresponding lines from\neach FILE, separated by TABs, to standard output."

/** The -d list: `\n \t \\ \0` escapes, `\0` meaning no delimiter. */
const parseDelimiters = (list: string): Array<string> => {
  const out: Array<string> = []
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!
    if (c !== "\\" || i + 1 >= list.length) {
      out.push(c)
      continue
    }
    const n = list[++i]!
    out.push(n === "n" ? "\n" : n === "t" ? "\t" : n === "0" ? "" : n === "b" ? "\b" : n === "f" ? "\f" : n === "r" ? "\r" : n === "v" ? "\v" : n)
  }
  return out
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const delimiters = parseDelimiters(textToBinary(args.values.get("delimiters") ?? "\t"))
    if (delimiters.length === 0) delimiters.push("")
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    const operands = args.operands.length === 0 ? ["-"] : args.operands
    let status = 0
    let stdinLines: Array<string> | undefined
    const sources: Array<{ lines: Array<string>; next: () => string | undefined }> = []
    let stdinCursor = 0
    for (const name of operands) {
      if (name === "-") {
        if (stdinLines === undefined) stdinLines = splitRecords(toBinary(yield* ctx.stdin.readAll), eol)
        const lines = stdinLines
        sources.push({ lines, next: () => (stdinCursor < lines.length ? lines[stdinCursor++] : undefined) })
        continue
      }
      const input = yield* readOperand(ctx, name)
      if (input.data === undefined) {
        status = 1
        continue
      }
      const lines = splitRecords(input.data, eol)
      let cursor = 0
      sources.push({ lines, next: () => (cursor < lines.length ? lines[cursor++] : undefined) })
    }
    if (status !== 0) return status
    let out = ""
    if (args.flags.has("serial")) {
      for (const source of sources) {
        let line = ""
        let k = 0
        for (let value = source.next(); value !== undefined; ) {
          line += value
          const following = source.next()
          if (following !== undefined) line += delimiters[k++ % delimiters.length]
          value = following
        }
        out += line + eol
      }
    } else {
      const done = sources.map(() => false)
      for (;;) {
        let line = ""
        let any = false
        for (let i = 0; i < sources.length; i++) {
          const value = done[i] ? undefined : sources[i]!.next()
          if (value === undefined) done[i] = true
          else {
            any = true
            line += value
          }
          if (i < sources.length - 1) line += delimiters[i % delimiters.length]
        }
        if (!any) break
        out += line + eol
      }
    }
    yield* writeBinary(ctx, out)
    return 0
  })

export const pasteCommand = defineCommand("paste", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args)))
