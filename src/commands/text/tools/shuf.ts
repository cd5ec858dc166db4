/** `shuf`: random permutations (-e, -i, -n, -r, -z, -o), seedable with --random-source. */
import { Effect, Either } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import { deviceChunk, endlessDeviceAt } from "../../../vfs/devices.js"
import { vfsErrorText } from "../../../vfs/VfsError.js"
import { fail, readOperand, splitRecords, textToBinary, withArgs, writeBinary, writeFileOperand, type Run } from "./common.js"

const specs = [
  { short: "e", long: "echo" },
  { short: "i", long: "input-range", value: true },
  { short: "n", long: "head-count", value: true, multiple: true },
  { short: "o", long: "output", value: true },
  { short: "r", long: "repeat" },
  { short: "z", long: "zero-terminated" },
  { long: "random-source", value: true }
]

/** xorshift128+ style generator seeded from bytes; uniform integers below `n`. */
export const makeRandom = (seedBytes: Uint8Array | undefined): ((n: number) => number) => {
  let a = 0x9e3779b9 | 0
  let b = 0x243f6a88 | 0
  if (seedBytes === undefined) {
    a = (Math.random() * 0x100000000) | 0
    b = (Math.random() * 0x100000000) | 0
  } else {
    for (let i = 0; i < seedBytes.length; i++) {
      a = Math.imul(a ^ seedBytes[i]!, 0x85ebca6b)
      b = Math.imul(b ^ a, 0xc2b2ae35) ^ (b >>> 13)
    }
  }
  const next = (): number => {
    a ^= a << 13
    a ^= a >>> 17
    a ^= a << 5
    b = (b + 0x6d2b79f5) | 0
    let t = Math.imul(b ^ (b >>> 15), 1 | b)
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t)
    return ((a ^ t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return (n) => Math.floor(next() * n)
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const echo = args.flags.has("echo")
    const range = args.values.get("input-range")
    if (echo && range !== undefined) return yield* usageError(ctx, "cannot combine -e and -i options", 1)
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    const counts = (args.lists.get("head-count") ?? []).map((c) => (/^\d+$/.test(c) ? Number(c) : c))
    const badCount = counts.find((c) => typeof c === "string")
    if (badCount !== undefined) return yield* fail(ctx, `invalid line count: '${badCount}'`)
    const limit = counts.length === 0 ? undefined : Math.min(...(counts as Array<number>))
    const repeat = args.flags.has("repeat")
    if (repeat && limit === undefined) {
      return yield* fail(ctx, "--repeat without -n would never end; give a count with -n")
    }
    let seed: Uint8Array | undefined
    const source = args.values.get("random-source")
    if (source !== undefined) {
      // An endless device seeds with its first chunk (GNU reads only the bytes it needs).
      const device = yield* endlessDeviceAt(ctx.fs, ctx.resolvePath(source))
      const read = device !== undefined ? Either.right(deviceChunk(device)) : yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(source)))
      if (read._tag === "Left") return yield* fail(ctx, `${source}: ${vfsErrorText(read.left.reason)}`)
      seed = read.right
    }
    let items: Array<string>
    if (range !== undefined) {
      const m = /^(\d+)-(\d+)$/.exec(range)
      if (m === null || Number(m[2]) + 1 < Number(m[1])) return yield* fail(ctx, `invalid input range: '${range}'`)
      const lo = Number(m[1])
      const hi = Number(m[2])
      if (args.operands.length > 0) return yield* usageError(ctx, `extra operand '${args.operands[0]}'`, 1)
      if (hi - lo > 10_000_000 && !repeat) return yield* fail(ctx, "input range too large for the sandbox")
      items = repeat ? [] : Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i))
      if (repeat) {
        const random = makeRandom(seed)
        const out: Array<string> = []
        for (let i = 0; i < limit!; i++) out.push(String(lo + random(hi - lo + 1)))
        return yield* emit(ctx, args, out, eol)
      }
    } else if (echo) items = args.operands.map(textToBinary)
    else {
      if (args.operands.length > 1) return yield* usageError(ctx, `extra operand '${args.operands[1]}'`, 1)
      const input = yield* readOperand(ctx, args.operands[0] ?? "-")
      if (input.data === undefined) return 1
      items = splitRecords(input.data, eol)
    }
    const random = makeRandom(seed)
    const out: Array<string> = []
    if (repeat) {
      if (items.length === 0) {
        if (limit! > 0) return yield* fail(ctx, "no lines to repeat")
      } else for (let i = 0; i < limit!; i++) out.push(items[random(items.length)]!)
    } else {
      const take = Math.min(items.length, limit ?? items.length)
      for (let i = 0; i < take; i++) {
        const j = i + random(items.length - i)
        const t = items[i]!
        items[i] = items[j]!
        items[j] = t
        out.push(items[i]!)
      }
    }
    return yield* emit(ctx, args, out, eol)
  })

const emit = (ctx: CommandContext, args: ParsedArgs, lines: ReadonlyArray<string>, eol: string): Run =>
  Effect.gen(function* () {
    const text = lines.length === 0 ? "" : lines.join(eol) + eol
    const output = args.values.get("output")
    if (output !== undefined) return (yield* writeFileOperand(ctx, output, text)) ? 0 : 1
    yield* writeBinary(ctx, text)
    return 0
  })

export const shufCommand = defineCommand("shuf", (ctx) =>
  withArgs(ctx, specs, "shuf [OPTION]... [FILE]\n  or:  shuf -e [OPTION]... [ARG]...\n  or:  shuf -i LO-HI [OPTION]...\nWrite a random permutation of the input lines to standard output.", (args) => run(ctx, args))
)
