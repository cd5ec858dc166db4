/** `paste`: merge corresponding lines of files (-d delimiter list, -s serial, -z). */
import { Effect } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../../Command.js"
import { openInputOrWarn, stdinReader } from "../../support/input.js"
import { RecordReader } from "../../support/records.js"
import type { ParsedArgs } from "../../support/args.js"
import { textToBinary, withArgs, writeBinary, type Run } from "./common.js"

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

/**
 * The lines of one input, pulled as paste needs them: a batch of records is read only when
 * the previous one is used up, so `paste` over endless inputs runs line by line.
 */
class LineSource {
  private batch: Array<string> = []
  private cursor = 0
  private ended = false
  constructor(private readonly records: RecordReader) {}

  /** The next line if one is ready now; `undefined` when the input has ended. */
  next(): string | undefined {
    return this.cursor < this.batch.length ? this.batch[this.cursor++] : undefined
  }

  /** Whether `next` needs `fill` first. */
  get empty(): boolean {
    return this.cursor >= this.batch.length && !this.ended
  }

  /** Read the next batch (or learn that the input ended). */
  readonly fill: Effect.Effect<void, CommandFailure> = Effect.suspend(() =>
    Effect.map(this.records.next, (batch) => {
      this.cursor = 0
      if (batch === undefined) {
        this.ended = true
        this.batch = []
      } else this.batch = batch
    })
  )

  close(): void {
    this.records.close()
  }
}

/** Flush the pending output once it is large (one write per ~64 KiB, not per line). */
const FLUSH_AT = 64 * 1024

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const delimiters = parseDelimiters(textToBinary(args.values.get("delimiters") ?? "\t"))
    if (delimiters.length === 0) delimiters.push("")
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    const operands = args.operands.length === 0 ? ["-"] : args.operands
    // GNU opens every input first: one that fails ends paste before any output.
    let status = 0
    let stdin: LineSource | undefined
    const sources: Array<LineSource> = []
    for (const name of operands) {
      if (name === "-") {
        // Every `-` reads the same stdin: `paste - -` takes its lines in turn.
        stdin ??= new LineSource(new RecordReader(stdinReader(ctx), eol, ctx.budget))
        sources.push(stdin)
        continue
      }
      const reader = yield* openInputOrWarn(ctx, name)
      if (reader === undefined) status = 1
      else sources.push(new LineSource(new RecordReader(reader, eol, ctx.budget)))
    }
    if (status !== 0) return status
    const take = (source: LineSource): Effect.Effect<string | undefined, CommandFailure> =>
      source.empty ? Effect.flatMap(source.fill, () => take(source)) : Effect.succeed(source.next())
    let out = ""
    const emit = (line: string): Effect.Effect<void, CommandFailure> => {
      out += line + eol
      if (out.length < FLUSH_AT) return Effect.void
      const text = out
      out = ""
      return writeBinary(ctx, text)
    }
    yield* Effect.ensuring(
      Effect.gen(function* () {
        if (args.flags.has("serial")) {
          for (const source of sources) {
            let line = ""
            let k = 0
            for (let value = source.empty ? yield* take(source) : source.next(); value !== undefined; ) {
              line += value
              const following = source.empty ? yield* take(source) : source.next()
              if (following !== undefined) line += delimiters[k++ % delimiters.length]
              value = following
            }
            yield* emit(line)
          }
          return
        }
        const done = sources.map(() => false)
        for (;;) {
          let line = ""
          let any = false
          for (let i = 0; i < sources.length; i++) {
            const source = sources[i]!
            const value = done[i] ? undefined : source.empty ? yield* take(source) : source.next()
            if (value === undefined) done[i] = true
            else {
              any = true
              line += value
            }
            if (i < sources.length - 1) line += delimiters[i % delimiters.length]
          }
          if (!any) break
          yield* emit(line)
        }
      }),
      Effect.sync(() => {
        for (const source of sources) source.close()
      })
    )
    yield* writeBinary(ctx, out)
    return 0
  })

export const pasteCommand = defineCommand("paste", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args)))
