/** `wc`: newline, word, character, byte counts and maximum line width, with GNU column widths. */
import { Effect } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../../Command.js"
import { type ChunkReader, forEachChunk, openInputOrWarn } from "../../support/input.js"
import type { ParsedArgs } from "../../support/args.js"
import { printError } from "../../support/io.js"
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

/**
 * Counts one input chunk by chunk: the state a word or a line carries across a chunk boundary
 * (inside a word, the current column, a UTF-8 sequence cut in two) lives here.
 */
class Counter {
  readonly counts: Counts = { lines: 0, words: 0, chars: 0, bytes: 0, maxLength: 0 }
  private inWord = false
  private column = 0
  private readonly decoder: InstanceType<typeof TextDecoder> | undefined

  constructor(wantWidth: boolean) {
    this.decoder = wantWidth ? new TextDecoder() : undefined
  }

  add(data: Uint8Array): void {
    const c = this.counts
    let { lines, words, chars } = c
    let inWord = this.inWord
    for (let i = 0; i < data.length; i++) {
      const b = data[i]!
      if (b === 10) lines++
      if ((b & 0xc0) !== 0x80) chars++
      if (isSpace(b)) inWord = false
      else if (!inWord) {
        inWord = true
        words++
      }
    }
    c.lines = lines
    c.words = words
    c.chars = chars
    c.bytes += data.length
    this.inWord = inWord
    if (this.decoder !== undefined) this.measure(this.decoder.decode(data, { stream: true }))
  }

  finish(): Counts {
    if (this.decoder !== undefined) this.measure(this.decoder.decode())
    if (this.column > this.counts.maxLength) this.counts.maxLength = this.column
    return this.counts
  }

  private measure(text: string): void {
    let col = this.column
    let max = this.counts.maxLength
    for (const ch of text) {
      const c = ch.codePointAt(0)!
      if (c === 10 || c === 13 || c === 12) {
        if (col > max) max = col
        col = 0
      } else if (c === 9) col += 8 - (col % 8)
      else col += codePointWidth(c)
    }
    this.column = col
    this.counts.maxLength = max
  }
}

/** Count one input as it streams (an endless one counts until the script is stopped). */
const countInput = (reader: ChunkReader, wantWidth: boolean): Effect.Effect<Counts, CommandFailure> => {
  const counter = new Counter(wantWidth)
  return Effect.map(
    forEachChunk(reader, (chunk) => Effect.sync(() => counter.add(chunk))),
    () => counter.finish()
  )
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
      if (name === "-") minimumWidth = 7
      else {
        // GNU sizes the columns from the regular files' sizes.
        const stat = yield* Effect.either(ctx.fs.stat(ctx.resolvePath(name)))
        if (stat._tag === "Right" && stat.right.type === "file") regularTotal += stat.right.size
      }
      const reader = yield* openInputOrWarn(ctx, name)
      if (reader === undefined) {
        status = 1
        results.push({ name, counts: undefined })
        continue
      }
      results.push({ name: args.operands.length === 0 ? undefined : name, counts: yield* countInput(reader, show.maxLength) })
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
