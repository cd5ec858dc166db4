import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { usageError } from "../support/io.js"
import { attempt, errorText, flag, lastOf, quote, warn, withArgs } from "./support/common.js"
import { parseSize } from "./support/sizes.js"

/** The n-th suffix: alphabetic (aa, ab, ...), decimal or hex, of a fixed length. */
const suffixFor = (index: number, length: number, kind: "alpha" | "decimal" | "hex", start: number): string | undefined => {
  const n = index + start
  if (kind === "alpha") {
    let text = ""
    let rest = n
    for (let i = 0; i < length; i++) {
      text = String.fromCharCode(97 + (rest % 26)) + text
      rest = Math.floor(rest / 26)
    }
    return rest > 0 ? undefined : text
  }
  const text = n.toString(kind === "hex" ? 16 : 10).padStart(length, "0")
  return text.length > length ? undefined : text
}

/** Piece boundaries for each mode, as [start, end) byte offsets. */
const byLines = (data: Uint8Array, lines: number): Array<[number, number]> => {
  const pieces: Array<[number, number]> = []
  let start = 0
  let count = 0
  for (let i = 0; i < data.length; i++) {
    if (data[i] === 10 && ++count === lines) {
      pieces.push([start, i + 1])
      start = i + 1
      count = 0
    }
  }
  if (start < data.length) pieces.push([start, data.length])
  return pieces
}

const byBytes = (data: Uint8Array, size: number): Array<[number, number]> => {
  const pieces: Array<[number, number]> = []
  for (let start = 0; start < data.length; start += size) pieces.push([start, Math.min(data.length, start + size)])
  return pieces
}

/** -n N: N chunks of (nearly) equal size; -n l/N: the same, without splitting lines. */
const byChunks = (data: Uint8Array, chunks: number, keepLines: boolean): Array<[number, number]> => {
  const pieces: Array<[number, number]> = []
  const chunkSize = Math.floor(data.length / chunks)
  let start = 0
  for (let k = 0; k < chunks; k++) {
    let end = k === chunks - 1 ? data.length : (k + 1) * chunkSize
    if (keepLines && k < chunks - 1) {
      let i = Math.max(start, end - 1)
      while (i < data.length && data[i] !== 10) i++
      end = Math.min(data.length, i + 1)
    }
    if (end < start) end = start
    pieces.push([keepLines ? start : k * chunkSize, end])
    start = end
  }
  return pieces
}

const writePieces = (
  ctx: CommandContext,
  data: Uint8Array,
  pieces: ReadonlyArray<[number, number]>,
  name: (index: number) => string | undefined,
  verbose: boolean,
  elideEmpty: boolean
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    let index = 0
    for (const [start, end] of pieces) {
      if (elideEmpty && end === start) continue
      const file = name(index++)
      if (file === undefined) {
        yield* warn(ctx, "output file suffixes exhausted")
        return 1
      }
      if (verbose) yield* ctx.stdout.write(`creating file ${quote(file)}\n`)
      const written = yield* attempt(ctx.fs.writeFile(ctx.resolvePath(file), data.slice(start, end)))
      if (written._tag === "Left") {
        yield* warn(ctx, `${file}: ${errorText(written.left)}`)
        return 1
      }
    }
    return 0
  })

export const split: Command = {
  name: "split",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "l", long: "lines", key: "l", value: true },
          { short: "b", long: "bytes", key: "b", value: true },
          { short: "n", long: "number", key: "n", value: true },
          { short: "d", key: "d" },
          { long: "numeric-suffixes", key: "numeric", value: true, optionalValue: true },
          { short: "x", key: "x" },
          { long: "hex-suffixes", key: "hex", value: true, optionalValue: true },
          { short: "a", long: "suffix-length", key: "a", value: true },
          { long: "additional-suffix", key: "additional", value: true },
          { short: "e", long: "elide-empty-files", key: "e" },
          { long: "verbose", key: "verbose" }
        ],
        usage: "Usage: split [OPTION]... [FILE [PREFIX]]\nOutput pieces of FILE to PREFIXaa, PREFIXab, ...;\ndefault size is 1000 lines, and default PREFIX is 'x'."
      },
      (args) =>
        Effect.gen(function* () {
          if (args.operands.length > 2) return yield* usageError(ctx, `extra operand ${quote(args.operands[2]!)}`)
          const input = args.operands[0] ?? "-"
          const prefix = args.operands[1] ?? "x"
          const suffixKey = lastOf(args, ["d", "numeric", "x", "hex"])
          const kind = suffixKey === "d" || suffixKey === "numeric" ? "decimal" : suffixKey === "x" || suffixKey === "hex" ? "hex" : "alpha"
          const startText = suffixKey === "numeric" ? args.values.get("numeric") : suffixKey === "hex" ? args.values.get("hex") : undefined
          const start = startText === undefined || startText === "" ? 0 : Number(startText)
          const lengthText = args.values.get("a")
          if (lengthText !== undefined && !/^\d+$/.test(lengthText)) return yield* usageError(ctx, `invalid suffix length: ${quote(lengthText)}`, 1)
          const length = lengthText === undefined ? 2 : Number(lengthText)
          const additional = args.values.get("additional") ?? ""
          const name = (index: number) => {
            const suffix = suffixFor(index, length, kind, start)
            return suffix === undefined ? undefined : prefix + suffix + additional
          }
          let data: Uint8Array
          if (input === "-") data = yield* ctx.stdin.readAll
          else {
            const read = yield* attempt(ctx.fs.readFile(ctx.resolvePath(input)))
            if (read._tag === "Left") {
              yield* warn(ctx, `cannot open ${quote(input)} for reading: ${errorText(read.left)}`)
              return 1
            }
            data = read.right
          }
          const mode = lastOf(args, ["l", "b", "n"])
          const verbose = flag(args, "verbose")
          if (mode === "b") {
            const text = args.values.get("b")!
            const size = parseSize(text, true)
            if (size === undefined || size <= 0) return yield* usageError(ctx, `invalid number of bytes: ${quote(text)}`, 1)
            return yield* writePieces(ctx, data, byBytes(data, size), name, verbose, flag(args, "e"))
          }
          if (mode === "n") {
            const text = args.values.get("n")!
            const match = /^(?:(l|r)\/)?(?:(\d+)\/)?(\d+)$/.exec(text)
            if (match === null || Number(match[3]) === 0) return yield* usageError(ctx, `invalid number of chunks: ${quote(text)}`, 1)
            if (match[1] === "r") return yield* usageError(ctx, "round-robin distribution (-n r/N) is not supported", 1)
            const chunks = Number(match[3])
            const pieces = byChunks(data, chunks, match[1] === "l")
            if (match[2] !== undefined) {
              const k = Number(match[2])
              if (k < 1 || k > chunks) return yield* usageError(ctx, `invalid chunk number: ${quote(match[2])}`, 1)
              const [s, e] = pieces[k - 1]!
              yield* ctx.stdout.write(data.slice(s, e))
              return 0
            }
            return yield* writePieces(ctx, data, pieces, name, verbose, flag(args, "e"))
          }
          const text = args.values.get("l") ?? "1000"
          if (!/^\d+$/.test(text) || Number(text) === 0) return yield* usageError(ctx, `invalid number of lines: ${quote(text)}`, 1)
          return yield* writePieces(ctx, data, byLines(data, Number(text)), name, verbose, false)
        })
    )
}
