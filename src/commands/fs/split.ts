import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { usageError } from "../support/io.js"
import { attempt, errorText, flag, lastOf, quote, warn, withArgs } from "./support/common.js"
import { parseSize } from "./support/sizes.js"

type SuffixKind = "alpha" | "decimal" | "hex"

const alphabetOf = (kind: SuffixKind): string =>
  kind === "alpha" ? "abcdefghijklmnopqrstuvwxyz" : kind === "decimal" ? "0123456789" : "0123456789abcdef"

/**
 * Output names in order. With `widen` (no -a and no start value, GNU's default), a suffix whose
 * first letter reaches the last of the alphabet moves that letter into the prefix and grows by
 * one: xaa ... xyz, xzaaa ... xzyzz, xzzaaaa ... (decimal: x00 ... x89, x9000 ...).
 */
class FileNames {
  private readonly alphabet: string
  private digits: Array<number>
  private stem: string

  constructor(
    prefix: string,
    private readonly additional: string,
    kind: SuffixKind,
    length: number,
    start: number,
    private readonly widen: boolean
  ) {
    this.alphabet = alphabetOf(kind)
    this.stem = prefix
    this.digits = new Array<number>(length).fill(0)
    let rest = start
    for (let i = length - 1; i >= 0 && rest > 0; i--) {
      this.digits[i] = rest % this.alphabet.length
      rest = Math.floor(rest / this.alphabet.length)
    }
    if (rest > 0) this.digits = []
  }

  /** The next name, or undefined when the suffixes are exhausted. */
  next(): string | undefined {
    const digits = this.digits
    if (digits.length === 0) return undefined
    const name = this.stem + digits.map((d) => this.alphabet[d]).join("") + this.additional
    const base = this.alphabet.length
    let i = digits.length - 1
    while (i >= 0 && digits[i] === base - 1) digits[i--] = 0
    if (i < 0) this.digits = []
    else {
      digits[i]!++
      if (this.widen && i === 0 && digits[0] === base - 1) {
        this.stem += this.alphabet[base - 1]
        this.digits = new Array<number>(digits.length + 1).fill(0)
      }
    }
    return name
  }
}

/** Suffix letters needed to name `count` files from `start` (at least 1). */
const suffixLengthFor = (count: number, start: number, kind: SuffixKind): number => {
  const base = alphabetOf(kind).length
  let length = 1
  for (let capacity = base; capacity < count + start; capacity *= base) length++
  return length
}

type Piece = readonly [number, number]

/** Piece boundaries for each mode, as [start, end) byte offsets, produced one at a time. */
function* byLines(data: Uint8Array, lines: number): Generator<Piece> {
  let start = 0
  while (start < data.length) {
    let end = start
    for (let count = 0; count < lines && end < data.length; count++) {
      const newline = data.indexOf(10, end)
      end = newline < 0 ? data.length : newline + 1
    }
    yield [start, end]
    start = end
  }
}

function* byBytes(data: Uint8Array, size: number): Generator<Piece> {
  for (let start = 0; start < data.length; start += size) yield [start, Math.min(data.length, start + size)]
}

/**
 * -n N: N chunks of `size / N` bytes (at least 1), the last one taking the rest; -n l/N: the
 * same boundaries moved to the end of their line. Chunks past the data are empty.
 */
function* byChunks(data: Uint8Array, chunks: number, keepLines: boolean): Generator<Piece> {
  const chunkSize = Math.max(1, Math.floor(data.length / chunks))
  let start = 0
  for (let k = 0; k < chunks; k++) {
    let end = k === chunks - 1 ? data.length : Math.min(data.length, (k + 1) * chunkSize)
    if (keepLines && k < chunks - 1 && end > start) {
      const newline = data.indexOf(10, Math.max(start, end - 1))
      end = newline < 0 ? data.length : newline + 1
    }
    const from = keepLines ? start : Math.min(data.length, k * chunkSize)
    if (end < from) end = from
    yield [from, end]
    start = end
  }
}

/** Chunk `k` (1-based) of -n K/N, without walking the others when boundaries are arithmetic. */
const chunkAt = (data: Uint8Array, chunks: number, k: number, keepLines: boolean, budget: CommandContext["budget"]): Piece => {
  if (!keepLines) {
    const chunkSize = Math.max(1, Math.floor(data.length / chunks))
    const from = Math.min(data.length, (k - 1) * chunkSize)
    return [from, k === chunks ? data.length : Math.max(from, Math.min(data.length, k * chunkSize))]
  }
  let index = 0
  for (const piece of byChunks(data, chunks, true)) {
    if (++index === k) return piece
    budget.step(1)
  }
  return [data.length, data.length]
}

const writePieces = (
  ctx: CommandContext,
  data: Uint8Array,
  pieces: Iterable<Piece>,
  names: FileNames,
  verbose: boolean,
  elideEmpty: boolean
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    for (const [start, end] of pieces) {
      // One output file per piece: charged, and a checkpoint, so -n 99999999 runs under the budget.
      ctx.budget.step(1 + ((end - start) >> 10))
      yield* ctx.budget.checkpoint
      if (elideEmpty && end === start) continue
      const file = names.next()
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

/** GNU's largest count (OFF_T_MAX); beyond it "Value too large for defined data type". */
const MAX_COUNT = (1n << 63n) - 1n

/** A count argument checked as GNU does: the message suffix on error, else the value. */
const parseCountArg = (text: string): { readonly value: number } | { readonly error: string } => {
  if (!/^\d+$/.test(text)) return { error: "" }
  const big = BigInt(text)
  if (big > MAX_COUNT) return { error: ": Value too large for defined data type" }
  if (big === 0n) return { error: ": Numerical result out of range" }
  return { value: Number(big) }
}

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
          const kind: SuffixKind = suffixKey === "d" || suffixKey === "numeric" ? "decimal" : suffixKey === "x" || suffixKey === "hex" ? "hex" : "alpha"
          const startText = suffixKey === "numeric" ? args.values.get("numeric") : suffixKey === "hex" ? args.values.get("hex") : undefined
          const start = startText === undefined || startText === "" ? 0 : Number(startText)
          const lengthText = args.values.get("a")
          if (lengthText !== undefined && !/^\d+$/.test(lengthText)) return yield* Effect.as(warn(ctx, `invalid suffix length: ${quote(lengthText)}`), 1)
          const length = lengthText === undefined ? 2 : Number(lengthText)
          const additional = args.values.get("additional") ?? ""
          const names = (count?: number): FileNames | string => {
            if (count === undefined) return new FileNames(prefix, additional, kind, length, start, lengthText === undefined && startText === undefined)
            const needed = suffixLengthFor(count, start, kind)
            if (lengthText !== undefined && length < needed) return `the suffix length needs to be at least ${needed}`
            return new FileNames(prefix, additional, kind, Math.max(length, needed), start, false)
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
            if (size === undefined) return yield* Effect.as(warn(ctx, `invalid number of bytes: ${quote(text)}`), 1)
            if (size <= 0) return yield* Effect.as(warn(ctx, `invalid number of bytes: ${quote(text)}: Numerical result out of range`), 1)
            return yield* writePieces(ctx, data, byBytes(data, size), names() as FileNames, verbose, flag(args, "e"))
          }
          if (mode === "n") {
            const text = args.values.get("n")!
            const match = /^(?:(l|r)\/)?(?:(\d+)\/)?(\d+)$/.exec(text)
            if (match === null) return yield* Effect.as(warn(ctx, `invalid number of chunks: ${quote(text)}`), 1)
            const chunks = parseCountArg(match[3]!)
            if ("error" in chunks) return yield* Effect.as(warn(ctx, `invalid number of chunks: ${quote(match[3]!)}${chunks.error}`), 1)
            if (match[1] === "r") return yield* Effect.as(warn(ctx, "round-robin distribution (-n r/N) is not supported"), 1)
            const keepLines = match[1] === "l"
            if (match[2] !== undefined) {
              const k = parseCountArg(match[2])
              if ("error" in k || k.value > chunks.value) {
                return yield* Effect.as(warn(ctx, `invalid chunk number: ${quote(match[2])}${"error" in k ? k.error : ": Numerical result out of range"}`), 1)
              }
              const [s, e] = chunkAt(data, chunks.value, k.value, keepLines, ctx.budget)
              yield* ctx.stdout.write(data.slice(s, e))
              return 0
            }
            const named = names(chunks.value)
            if (typeof named === "string") return yield* Effect.as(warn(ctx, named), 1)
            return yield* writePieces(ctx, data, byChunks(data, chunks.value, keepLines), named, verbose, flag(args, "e"))
          }
          const text = args.values.get("l") ?? "1000"
          const lines = parseCountArg(text)
          if ("error" in lines) return yield* Effect.as(warn(ctx, `invalid number of lines: ${quote(text)}${lines.error}`), 1)
          return yield* writePieces(ctx, data, byLines(data, lines.value), names() as FileNames, verbose, false)
        })
    )
}
