/** `head` and `tail`: the first or last lines or bytes of each input (GNU forms incl. -N, +N, -q/-v). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { vfsErrorText } from "../../../vfs/VfsError.js"
import { fail, fromBinary, textToBinary, toBinary, withArgs, writeBinary, type Run } from "./common.js"

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

/** Offsets of every record end (index just past the terminator) in `data`. */
const lineEnds = (data: string, eol: string): Array<number> => {
  const ends: Array<number> = []
  let i = data.indexOf(eol)
  while (i !== -1) {
    ends.push(i + 1)
    i = data.indexOf(eol, i + 1)
  }
  if (data.length > 0 && !data.endsWith(eol)) ends.push(data.length)
  return ends
}

const headOf = (data: string, sel: Selection, eol: string): string => {
  if (sel.bytes) return sel.sign === "-" ? data.slice(0, Math.max(0, data.length - sel.count)) : data.slice(0, sel.count)
  if (sel.sign === "-") {
    const ends = lineEnds(data, eol)
    const keep = ends.length - sel.count
    return keep <= 0 ? "" : data.slice(0, ends[keep - 1])
  }
  let end = 0
  for (let n = 0; n < sel.count; n++) {
    const i = data.indexOf(eol, end)
    if (i === -1) return data
    end = i + 1
  }
  return data.slice(0, end)
}

const tailOf = (data: string, sel: Selection, eol: string): string => {
  if (sel.bytes) {
    if (sel.sign === "+") return data.slice(Math.max(0, sel.count - 1))
    return sel.count === 0 ? "" : data.slice(Math.max(0, data.length - sel.count))
  }
  if (sel.sign === "+") {
    let start = 0
    for (let n = 1; n < sel.count; n++) {
      const i = data.indexOf(eol, start)
      if (i === -1) return ""
      start = i + 1
    }
    return data.slice(start)
  }
  if (sel.count === 0) return ""
  let pos = data.length
  if (data.endsWith(eol)) pos--
  for (let n = 0; n < sel.count; n++) {
    const i = data.lastIndexOf(eol, pos - 1)
    if (i === -1 || pos === 0) return data
    pos = i
  }
  return data.slice(pos + 1)
}

/** head of stdin read chunk by chunk, so `yes | head` ends without draining its writer. */
const streamHead = (ctx: CommandContext, sel: Selection, eolByte: number): Effect.Effect<void, import("../../Command.js").CommandFailure> =>
  Effect.gen(function* () {
    let remaining = sel.count
    while (remaining > 0) {
      const chunk = yield* ctx.stdin.read
      if (chunk === undefined) return
      if (sel.bytes) {
        const take = chunk.subarray(0, Math.min(chunk.length, remaining))
        remaining -= take.length
        yield* ctx.stdout.write(take)
        continue
      }
      let end = chunk.length
      for (let i = 0; i < chunk.length; i++) {
        if (chunk[i] === eolByte && --remaining === 0) {
          end = i + 1
          break
        }
      }
      yield* ctx.stdout.write(chunk.subarray(0, end))
    }
  })

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
      let data: string | undefined
      if (name !== "-") {
        const read = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(name)))
        if (read._tag === "Left") {
          yield* fail(ctx, `cannot open '${name}' for reading: ${vfsErrorText(read.left.reason)}`)
          status = 1
          continue
        }
        data = toBinary(read.right)
      }
      if (headers) {
        yield* writeBinary(ctx, `${first ? "" : "\n"}==> ${textToBinary(name === "-" ? "standard input" : name)} <==\n`)
      }
      first = false
      if (data === undefined && isHead && sel.sign !== "-") {
        yield* streamHead(ctx, sel, eol.charCodeAt(0))
        continue
      }
      if (data === undefined) data = toBinary(yield* ctx.stdin.readAll)
      const out = isHead ? headOf(data, sel, eol) : tailOf(data, sel, eol)
      if (out.length > 0) yield* ctx.stdout.write(fromBinary(out))
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
