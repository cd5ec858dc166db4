/** `head` and `tail`: the first or last lines or bytes of each input (GNU forms incl. -N, +N, -q/-v). */
import { Effect } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../../Command.js"
import { type ChunkReader, openInput } from "../../support/input.js"
import type { ParsedArgs } from "../../support/args.js"
import { vfsErrorText } from "../../../vfs/VfsError.js"
import { fail, textToBinary, withArgs, writeBinary, type Run } from "./common.js"
import { headAllButBytes, headAllButLines, headFirst, tailBytes, tailFromByte, tailFromLine, tailLines } from "./headTailStream.js"

const SUFFIXES: Record<string, number> = {
  "": 1, b: 512, c: 1, w: 2,
  kB: 1e3, K: 1024, KiB: 1024, k: 1024,
  MB: 1e6, M: 1024 ** 2, MiB: 1024 ** 2,
  GB: 1e9, G: 1024 ** 3, GiB: 1024 ** 3,
  TB: 1e12, T: 1024 ** 4, TiB: 1024 ** 4,
  PB: 1e15, P: 1024 ** 5, PiB: 1024 ** 5,
  EB: 1e18, E: 1024 ** 6, EiB: 1024 ** 6
}

/** A count as head/tail read it: optional sign then digits and a multiplier suffix. */
const parseAmount = (text: string): { sign: "" | "+" | "-"; count: number } | undefined => {
  const m = /^([-+]?)(\d+)([A-Za-z]*)$/.exec(text.trim())
  if (m === null) return undefined
  const multiplier = SUFFIXES[m[3]!]
  if (multiplier === undefined) return undefined
  return { sign: m[1] as "" | "+" | "-", count: Number(m[2]) * multiplier }
}

const headSpecs = [
  { short: "n", long: "lines", value: true },
  { short: "c", long: "bytes", value: true },
  { short: "q", long: "quiet", key: "quiet" },
  { long: "silent", key: "quiet" },
  { short: "v", long: "verbose" },
  { short: "z", long: "zero-terminated" }
]

const tailSpecs = [
  ...headSpecs,
  { short: "f", key: "follow" },
  { long: "follow", value: true, optionalValue: true },
  { short: "F", key: "follow" },
  { long: "retry" },
  { long: "pid", value: true },
  { short: "s", long: "sleep-interval", value: true },
  { long: "max-unchanged-stats", value: true }
]

interface Selection {
  readonly bytes: boolean
  readonly sign: "" | "+" | "-"
  readonly count: number
}

const selection = (ctx: CommandContext, args: ParsedArgs): Selection | string => {
  let chosen: Selection = { bytes: false, sign: "", count: 10 }
  for (const { key, value } of args.order) {
    if (key !== "lines" && key !== "bytes") continue
    const amount = parseAmount(value ?? "")
    if (amount === undefined) return `invalid number of ${key}: '${value}'`
    chosen = { bytes: key === "bytes", ...amount }
  }
  return chosen
}

/** Stream one opened input through the selection. */
const select = (ctx: CommandContext, reader: ChunkReader, sel: Selection, eol: string, isHead: boolean): Effect.Effect<void, CommandFailure> => {
  const eolByte = eol.charCodeAt(0)
  if (isHead) {
    if (sel.sign !== "-") return headFirst(ctx, reader, sel.count, sel.bytes, eolByte)
    return sel.bytes ? headAllButBytes(ctx, reader, sel.count) : headAllButLines(ctx, reader, sel.count, eol)
  }
  if (sel.sign === "+") return sel.bytes ? tailFromByte(ctx, reader, sel.count) : tailFromLine(ctx, reader, sel.count, eolByte)
  return sel.bytes ? tailBytes(ctx, reader, sel.count) : tailLines(ctx, reader, sel.count, eol)
}

const run = (ctx: CommandContext, args: ParsedArgs, isHead: boolean): Run =>
  Effect.gen(function* () {
    const sel = selection(ctx, args)
    if (typeof sel === "string") return yield* fail(ctx, sel)
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    const operands = args.operands.length === 0 ? ["-"] : args.operands
    const headers = args.flags.has("verbose") || (operands.length > 1 && !args.flags.has("quiet"))
    let status = 0
    let first = true
    for (const name of operands) {
      const opened = yield* Effect.either(openInput(ctx, name))
      if (opened._tag === "Left") {
        const error = opened.left
        if (error._tag !== "VfsError") return yield* Effect.fail(error)
        yield* fail(ctx, `cannot open '${name}' for reading: ${vfsErrorText(error.reason)}`)
        status = 1
        continue
      }
      if (headers) {
        yield* writeBinary(ctx, `${first ? "" : "\n"}==> ${textToBinary(name === "-" ? "standard input" : name)} <==\n`)
      }
      first = false
      yield* select(ctx, opened.right, sel, eol, isHead)
    }
    return status
  })

const HEAD_USAGE = "head [OPTION]... [FILE]...\nPrint the first 10 lines of each FILE to standard output."
const TAIL_USAGE = "tail [OPTION]... [FILE]...\nPrint the last 10 lines of each FILE to standard output."

export const headCommand = defineCommand("head", (ctx) =>
  withArgs(ctx, headSpecs, HEAD_USAGE, (args) => run(ctx, args, true), { numericOption: "lines" })
)
export const tailCommand = defineCommand("tail", (ctx) =>
  withArgs(ctx, tailSpecs, TAIL_USAGE, (args) => run(ctx, args, false), { numericOption: "lines" })
)
