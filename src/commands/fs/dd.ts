/**
 * `dd`: copy a file in blocks (if= of= bs= ibs= obs= count= skip= seek= conv= iflag= oflag=
 * status=). The transfer statistics go to stderr as GNU prints them, minus the timing (the
 * sandbox has no meaningful clock for it).
 */
import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { type ChunkReader, openInput, stdinReader } from "../support/input.js"
import { vfsErrorText } from "../../vfs/VfsError.js"
import { converter, copyBlocks, openOutput } from "./ddStream.js"

const MULTIPLIERS: Record<string, number> = { c: 1, w: 2, b: 512, "": 1 }
for (const [index, letter] of ["K", "M", "G", "T", "P", "E"].entries()) {
  MULTIPLIERS[letter] = 1024 ** (index + 1)
  MULTIPLIERS[`${letter}iB`] = 1024 ** (index + 1)
  MULTIPLIERS[`${letter}B`] = 1000 ** (index + 1)
}
MULTIPLIERS["k"] = 1024
MULTIPLIERS["kB"] = 1000

/** A dd number: digits with a multiplier suffix, products allowed (`2x512`). */
const parseNumber = (text: string): number | undefined => {
  let product = 1
  for (const part of text.split("x")) {
    const match = /^(\d+)([a-zA-Z]*)$/.exec(part)
    const multiplier = match === null ? undefined : MULTIPLIERS[match[2]!]
    if (match === null || multiplier === undefined) return undefined
    product *= Number(match[1]) * multiplier
  }
  return product
}

const CONVERSIONS = new Set(["ucase", "lcase", "swab", "sync", "notrunc", "noerror", "excl", "nocreat", "fsync", "fdatasync", "sparse"])
const INPUT_FLAGS = new Set(["skip_bytes", "count_bytes", "fullblock", "direct", "dsync", "sync", "nonblock", "noatime", "nocache", "noctty", "nofollow", "binary", "text"])
const OUTPUT_FLAGS = new Set(["append", "seek_bytes", "direct", "dsync", "sync", "nonblock", "noatime", "nocache", "noctty", "nofollow", "binary", "text"])

export interface Settings {
  input?: string
  output?: string
  ibs: number
  obs: number
  count?: number
  skip: number
  seek: number
  conv: Set<string>
  iflag: Set<string>
  oflag: Set<string>
  status: "default" | "none" | "noxfer" | "progress"
}

const fail = (ctx: CommandContext, message: string): Effect.Effect<number, CommandFailure> =>
  Effect.as(ctx.stderr.write(`dd: ${message}\n`), 1)

const parseOperands = (args: ReadonlyArray<string>): Settings | string => {
  const s: Settings = { ibs: 512, obs: 512, skip: 0, seek: 0, conv: new Set(), iflag: new Set(), oflag: new Set(), status: "default" }
  for (const arg of args) {
    const eq = arg.indexOf("=")
    if (eq <= 0) return `unrecognized operand '${arg}'\nTry 'dd --help' for more information.`
    const key = arg.slice(0, eq)
    const value = arg.slice(eq + 1)
    const number = () => parseNumber(value)
    switch (key) {
      case "if":
        s.input = value
        break
      case "of":
        s.output = value
        break
      case "bs":
      case "ibs":
      case "obs": {
        const n = number()
        if (n === undefined || n === 0) return `invalid number: '${value}'`
        if (key !== "obs") s.ibs = n
        if (key !== "ibs") s.obs = n
        break
      }
      case "count":
      case "skip":
      case "seek":
      case "iseek":
      case "oseek": {
        const n = number()
        if (n === undefined) return `invalid number: '${value}'`
        if (key === "count") s.count = n
        else if (key === "skip" || key === "iseek") s.skip = n
        else s.seek = n
        break
      }
      case "conv":
      case "iflag":
      case "oflag": {
        const allowed = key === "conv" ? CONVERSIONS : key === "iflag" ? INPUT_FLAGS : OUTPUT_FLAGS
        for (const word of value.split(",")) {
          if (!allowed.has(word)) return `invalid ${key === "conv" ? "conversion" : "input flag"}: '${word}'\nTry 'dd --help' for more information.`
          ;(key === "conv" ? s.conv : key === "iflag" ? s.iflag : s.oflag).add(word)
        }
        break
      }
      case "status":
        if (value !== "none" && value !== "noxfer" && value !== "progress") return `invalid status level: '${value}'\nTry 'dd --help' for more information.`
        s.status = value
        break
      default:
        return `unrecognized operand '${arg}'\nTry 'dd --help' for more information.`
    }
  }
  return s
}

/** `N+M records`: full blocks and a partial one. */
const records = (bytes: number, block: number): string => `${Math.floor(bytes / block)}+${bytes % block === 0 ? 0 : 1}`

export const dd: Command = {
  name: "dd",
  run: (ctx) =>
    Effect.gen(function* () {
      if (ctx.args[0] === "--help") {
        yield* ctx.stdout.write("Usage: dd [OPERAND]...\nCopy a file, converting and formatting according to the operands.\n")
        return 0
      }
      if (ctx.args[0] === "--version") {
        yield* ctx.stdout.write("dd (GNU coreutils) 9.1\n")
        return 0
      }
      const s = parseOperands(ctx.args)
      if (typeof s === "string") return yield* fail(ctx, s)
      let reader: ChunkReader
      if (s.input === undefined) reader = stdinReader(ctx)
      else {
        const opened = yield* Effect.either(openInput(ctx, s.input))
        if (opened._tag === "Left") {
          const error = opened.left
          if (error._tag !== "VfsError") return yield* Effect.fail(error)
          return yield* fail(ctx, `failed to open '${s.input}': ${vfsErrorText(error.reason)}`)
        }
        reader = opened.right
      }
      const target = s.output === undefined ? undefined : yield* openOutput(ctx, s, s.output)
      if (typeof target === "number") return target
      const convert = converter(s)
      const emit = (bytes: Uint8Array): Effect.Effect<boolean, CommandFailure> =>
        target === undefined ? Effect.as(ctx.stdout.write(bytes), true) : target.write(bytes)
      const copied = yield* copyBlocks(ctx, reader, s, (block) => emit(convert(block)))
      const rest = convert.flush()
      let ok = copied.ok && (rest.length === 0 || (yield* emit(rest)))
      if (ok && target !== undefined) ok = yield* target.close
      const output = { length: copied.bytesOut }
      const recordsIn = `${copied.full}+${copied.partial}`
      if (s.status !== "none") {
        let report = `${recordsIn} records in\n${records(output.length, s.obs)} records out\n`
        if (s.status !== "noxfer") report += `${output.length} byte${output.length === 1 ? "" : "s"} copied\n`
        yield* ctx.stderr.write(report)
      }
      return ok ? 0 : 1
    })
}
