/** `wc`: newline, word, character, byte counts and maximum line width, with GNU column widths. */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fileErrorMessage, printError } from "../../support/io.js"
import { textToBinary, withArgs, writeBinary, type Run } from "./common.js"
import { codePointWidth } from "./displayWidth.js"

const specs = [
  { short: "c", long: "bytes" },
  { short: "m", long: "chars" },
  { short: "l", long: "lines" },
  { short: "w", long: "words" },
  { short: "L", long: "max-line-length" },
  { long: "files0-from", value: true }
]

const USAGE = "wc [OPTION]... [FILE]...\nPrint newline, word, and byte counts for each FILE, and a total line if\nmore than one FILE is specified."

interface Counts {
  lines: number
  words: number
  chars: number
  bytes: number
  maxLength: number
}

const isSpace = (b: number) => b === 32 || (b >= 9 && b <= 13)

/** Count one buffer in a single pass over the bytes (UTF-8 for characters and widths). */
const count = (data: Uint8Array, wantWidth: boolean): Counts => {
  let lines = 0
  let words = 0
  let chars = 0
  let inWord = false
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!
    if (b === 10) lines++
    if ((b & 0xc0) !== 0x80) chars++
    if (isSpace(b)) inWord = false
    else if (!inWord && (b < 0x80 || b >= 0xc0 || !inWord)) {
      inWord = true
      words++
    }
  }
  let maxLength = 0
  if (wantWidth) {
    const text = new TextDecoder().decode(data)
    let col = 0
    for (const ch of text) {
      const c = ch.codePointAt(0)!
      if (c === 10 || c === 13 || c === 12) {
        if (col > maxLength) maxLength = col
        col = 0
      } else if (c === 9) col += 8 - (col % 8)
      else col += codePointWidth(c)
    }
    if (col > maxLength) maxLength = col
  }
  return { lines, words, chars, bytes: data.length, maxLength }
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    if (args.values.has("files0-from")) return yield* Effect.as(printError(ctx, "--files0-from is not supported"), 2)
    let show = {
      lines: args.flags.has("lines"),
      words: args.flags.has("words"),
      chars: args.flags.has("chars"),
      bytes: args.flags.has("bytes"),
      maxLength: args.flags.has("max-line-length")
    }
    if (!show.lines && !show.words && !show.chars && !show.bytes && !show.maxLength) {
      show = { lines: true, words: true, chars: false, bytes: true, maxLength: false }
    }
    const operands = args.operands.length === 0 ? ["-"] : args.operands
    const results: Array<{ name: string | undefined; counts: Counts | undefined }> = []
    let status = 0
    let regularTotal = 0
    let minimumWidth = 1
    for (const name of operands) {
      let data: Uint8Array
      if (name === "-") {
        data = yield* ctx.stdin.readAll
        minimumWidth = 7
      } else {
        const read = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(name)))
        if (read._tag === "Left") {
          yield* printError(ctx, fileErrorMessage(name, read.left))
          status = 1
          results.push({ name, counts: undefined })
          continue
        }
        data = read.right
        regularTotal += data.length
      }
      results.push({ name: args.operands.length === 0 ? undefined : name, counts: count(data, show.maxLength) })
    }
    const total: Counts = { lines: 0, words: 0, chars: 0, bytes: 0, maxLength: 0 }
    for (const r of results) {
      if (r.counts === undefined) continue
      total.lines += r.counts.lines
      total.words += r.counts.words
      total.chars += r.counts.chars
      total.bytes += r.counts.bytes
      total.maxLength = Math.max(total.maxLength, r.counts.maxLength)
    }
    const shown = Object.values(show).filter(Boolean).length
    const width = shown === 1 && operands.length === 1 ? 1 : Math.max(minimumWidth, String(regularTotal).length)
    const format = (c: Counts, name: string | undefined): string => {
      const cells: Array<number> = []
      if (show.lines) cells.push(c.lines)
      if (show.words) cells.push(c.words)
      if (show.chars) cells.push(c.chars)
      if (show.bytes) cells.push(c.bytes)
      if (show.maxLength) cells.push(c.maxLength)
      const text = cells.map((n) => String(n).padStart(width)).join(" ")
      return name === undefined ? `${text}\n` : `${text} ${textToBinary(name)}\n`
    }
    let out = ""
    for (const r of results) if (r.counts !== undefined) out += format(r.counts, r.name)
    if (operands.length > 1) out += format(total, "total")
    yield* writeBinary(ctx, out)
    return status
  })

export const wcCommand = defineCommand("wc", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args)))
