/**
 * `dd`: copy a file in blocks (if= of= bs= ibs= obs= count= skip= seek= conv= iflag= oflag=
 * status=). The transfer statistics go to stderr as GNU prints them, minus the timing (the
 * sandbox has no meaningful clock for it).
 */
import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { vfsErrorText } from "../../vfs/VfsError.js"

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

interface Settings {
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
      let data: Uint8Array
      if (s.input === undefined) data = yield* ctx.stdin.readAll
      else {
        const read = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(s.input)))
        if (read._tag === "Left") return yield* fail(ctx, `failed to open '${s.input}': ${vfsErrorText(read.left.reason)}`)
        data = read.right
      }
      // Input: skip, then `count` blocks (or bytes), read in input blocks.
      const skipBytes = s.iflag.has("skip_bytes") ? s.skip : s.skip * s.ibs
      let input = data.subarray(Math.min(data.length, skipBytes))
      if (s.count !== undefined) input = input.subarray(0, s.iflag.has("count_bytes") ? s.count : s.count * s.ibs)
      const blocks: Array<Uint8Array> = []
      let recordsIn = "0+0"
      {
        let full = 0
        let partial = 0
        for (let at = 0; at < input.length; at += s.ibs) {
          let block = input.subarray(at, Math.min(input.length, at + s.ibs))
          if (block.length === s.ibs) full++
          else {
            partial++
            // conv=sync pads a short block with NULs to the input block size.
            if (s.conv.has("sync")) {
              const padded = new Uint8Array(s.ibs)
              padded.set(block)
              block = padded
            }
          }
          blocks.push(block)
        }
        recordsIn = `${full}+${partial}`
      }
      let output = Buffer.concat(blocks)
      if (s.conv.has("swab")) {
        output = Buffer.from(output)
        for (let i = 0; i + 1 < output.length; i += 2) {
          const t = output[i]!
          output[i] = output[i + 1]!
          output[i + 1] = t
        }
      }
      if (s.conv.has("ucase") || s.conv.has("lcase")) {
        const upper = s.conv.has("ucase")
        output = Buffer.from(output.map((b) => (upper ? (b >= 97 && b <= 122 ? b - 32 : b) : b >= 65 && b <= 90 ? b + 32 : b)))
      }
      if (s.output === undefined) yield* ctx.stdout.write(output)
      else {
        const path = ctx.resolvePath(s.output)
        const existing = yield* Effect.either(ctx.fs.readFile(path))
        if (existing._tag === "Right" && s.conv.has("excl")) return yield* fail(ctx, `failed to open '${s.output}': File exists`)
        if (existing._tag === "Left" && s.conv.has("nocreat")) return yield* fail(ctx, `failed to open '${s.output}': No such file or directory`)
        const before = existing._tag === "Right" ? existing.right : new Uint8Array(0)
        const seekBytes = s.oflag.has("seek_bytes") ? s.seek : s.seek * s.obs
        const start = s.oflag.has("append") ? before.length : seekBytes
        // Without conv=notrunc the file ends where the copy ends (or at the seek point).
        const keepTail = s.conv.has("notrunc") || s.oflag.has("append")
        const length = keepTail ? Math.max(before.length, start + output.length) : start + output.length
        const result = new Uint8Array(length)
        result.set(before.subarray(0, Math.min(before.length, length)))
        result.set(output, start)
        const written = yield* Effect.either(ctx.fs.writeFile(path, result))
        if (written._tag === "Left") return yield* fail(ctx, `failed to open '${s.output}': ${vfsErrorText(written.left.reason)}`)
      }
      if (s.status !== "none") {
        let report = `${recordsIn} records in\n${records(output.length, s.obs)} records out\n`
        if (s.status !== "noxfer") report += `${output.length} byte${output.length === 1 ? "" : "s"} copied\n`
        yield* ctx.stderr.write(report)
      }
      return 0
    })
}
