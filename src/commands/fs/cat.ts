import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { encodeText } from "../support/io.js"
import { type ChunkReader, forEachChunk, openInput } from "../support/input.js"
import { attempt, errorText, flag, warn, withArgs, type CommandRun } from "./support/common.js"

interface CatOptions {
  readonly numberAll: boolean
  readonly numberNonBlank: boolean
  readonly squeeze: boolean
  readonly showNonPrinting: boolean
  readonly showEnds: boolean
  readonly showTabs: boolean
}

/** Line state carried across chunks and files, as GNU cat numbers lines across operands. */
interface CatState {
  lineNumber: number
  atLineStart: boolean
  blankRun: number
}

const plain = (o: CatOptions): boolean =>
  !o.numberAll && !o.numberNonBlank && !o.squeeze && !o.showNonPrinting && !o.showEnds && !o.showTabs

const pushText = (out: Array<number>, text: string): void => {
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i))
}

/** Transform one chunk of bytes under the cat options. */
const transform = (data: Uint8Array, o: CatOptions, state: CatState): Uint8Array => {
  const out: Array<number> = []
  for (let i = 0; i < data.length; i++) {
    const byte = data[i]!
    if (state.atLineStart) {
      if (byte === 10) {
        state.blankRun++
        if (o.squeeze && state.blankRun > 1) continue
        if (o.numberAll && !o.numberNonBlank) pushText(out, `${String(++state.lineNumber).padStart(6)}\t`)
      } else {
        state.blankRun = 0
        if (o.numberAll || o.numberNonBlank) pushText(out, `${String(++state.lineNumber).padStart(6)}\t`)
      }
      state.atLineStart = false
    }
    if (byte === 10) {
      if (o.showEnds) out.push(36)
      out.push(10)
      state.atLineStart = true
      continue
    }
    if (byte === 9) {
      if (o.showTabs) out.push(94, 73)
      else out.push(9)
      continue
    }
    if (!o.showNonPrinting) {
      out.push(byte)
      continue
    }
    let b = byte
    if (b >= 128) {
      out.push(77, 45) // "M-"
      b -= 128
    }
    if (b < 32) out.push(94, b + 64)
    else if (b === 127) out.push(94, 63)
    else out.push(b)
  }
  return Uint8Array.from(out)
}

const OPTIONS = [
  { short: "n", long: "number", key: "n" },
  { short: "b", long: "number-nonblank", key: "b" },
  { short: "s", long: "squeeze-blank", key: "s" },
  { short: "v", long: "show-nonprinting", key: "v" },
  { short: "E", long: "show-ends", key: "E" },
  { short: "T", long: "show-tabs", key: "T" },
  { short: "A", long: "show-all", key: "A" },
  { short: "e", key: "e" },
  { short: "t", key: "t" },
  { short: "u", key: "u" }
]

/** Copy one input, chunk by chunk, through the transformer (an endless device streams forever). */
const copyInput = (ctx: CommandContext, reader: ChunkReader, o: CatOptions, state: CatState): Effect.Effect<void, CommandFailure> =>
  forEachChunk(reader, (chunk) => ctx.stdout.write(plain(o) ? chunk : transform(chunk, o, state)))

/** `cat` and its non-interactive relatives (`less`, `more` when stdout is not a terminal). */
export const catLike = (ctx: CommandContext, operands: ReadonlyArray<string>, o: CatOptions): CommandRun =>
  Effect.gen(function* () {
    const state: CatState = { lineNumber: 0, atLineStart: true, blankRun: 0 }
    let status = 0
    const files = operands.length === 0 ? ["-"] : operands
    for (const file of files) {
      const opened = yield* Effect.either(openInput(ctx, file))
      if (opened._tag === "Left") {
        const error = opened.left
        if (error._tag !== "VfsError") return yield* Effect.fail(error)
        yield* warn(ctx, `${file}: ${errorText(error)}`)
        status = 1
        continue
      }
      yield* copyInput(ctx, opened.right, o, state)
    }
    return status
  })

export const cat: Command = {
  name: "cat",
  run: (ctx) =>
    withArgs(
      ctx,
      { options: OPTIONS, usage: "Usage: cat [OPTION]... [FILE]...\nConcatenate FILE(s) to standard output." },
      (args) => {
        const all = flag(args, "A")
        return catLike(ctx, args.operands, {
          numberAll: flag(args, "n"),
          numberNonBlank: flag(args, "b"),
          squeeze: flag(args, "s"),
          showNonPrinting: all || flag(args, "v") || flag(args, "e") || flag(args, "t"),
          showEnds: all || flag(args, "E") || flag(args, "e"),
          showTabs: all || flag(args, "T") || flag(args, "t")
        })
      }
    )
}

const PAGER_OPTIONS = [
  { short: "N", long: "LINE-NUMBERS", key: "N" },
  { short: "R", long: "RAW-CONTROL-CHARS", key: "R" },
  { short: "S", long: "chop-long-lines", key: "S" },
  { short: "F", long: "quit-if-one-screen", key: "F" },
  { short: "X", long: "no-init", key: "X" },
  { short: "E", long: "QUIT-AT-EOF", key: "E" },
  { short: "e", long: "quit-at-eof", key: "e" },
  { short: "r", long: "raw-control-chars", key: "r" },
  { short: "s", long: "squeeze-blank-lines", key: "s" },
  { short: "d", key: "d" },
  { short: "f", key: "f" },
  { short: "l", key: "l" },
  { short: "p", key: "p" },
  { short: "c", key: "c" },
  { short: "u", key: "u" }
]

/** A pager without a terminal: it copies its input, as `less` and `more` do when piped. */
const pager = (name: string): Command => ({
  name,
  run: (ctx) =>
    withArgs(ctx, { options: PAGER_OPTIONS, usage: `Usage: ${name} [options] [file...]` }, (args) =>
      Effect.gen(function* () {
        for (const file of args.operands) {
          const stat = yield* attempt(ctx.fs.stat(ctx.resolvePath(file)))
          if (stat._tag === "Right" && stat.right.type === "directory") {
            yield* ctx.stderr.write(encodeText(`${file} is a directory\n`))
            return 1
          }
        }
        return yield* catLike(ctx, args.operands, {
          numberAll: flag(args, "N"),
          numberNonBlank: false,
          squeeze: flag(args, "s"),
          showNonPrinting: false,
          showEnds: false,
          showTabs: false
        })
      })
    )
})

export const less = pager("less")
export const more = pager("more")
