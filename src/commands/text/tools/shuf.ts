/** `shuf`: random permutations (-e, -i, -n, -r, -z, -o), seedable with --random-source. */
import { Effect, Either } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../../Command.js"
import type { MemoryLease } from "../../../limits/Budget.js"
import type { ParsedArgs } from "../../support/args.js"
import { fileErrorMessage, printError, usageError } from "../../support/io.js"
import { deviceChunk, endlessDeviceAt } from "../../../vfs/devices.js"
import { vfsErrorText } from "../../../vfs/VfsError.js"
import { fail, fromBinary, textToBinary, withArgs, writeFileOperand, type Run } from "./common.js"
import { collectBytes, collectStdin, RecordCollector } from "./heldRecords.js"

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

/** Largest `-i` bound GNU accepts (uintmax_t). */
const MAX_RANGE_BOUND = (1n << 64n) - 1n

/** A uniform integer below `n` (a bigint, possibly beyond 2^32), from the 32-bit draws of `random`. */
const randomBelow = (random: (n: number) => number, n: bigint): bigint => {
  if (n <= 0x100000000n) return BigInt(random(Number(n)))
  let value = 0n
  for (let bits = 0n; 1n << bits < n << 32n; bits += 32n) value = (value << 32n) | BigInt(random(0x100000000))
  return value % n
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
    const random = makeRandom(seed)
    const lease = ctx.budget.lease()
    return yield* Effect.ensuring(
      Effect.gen(function* () {
        if (range !== undefined) {
          const m = /^(\d+)-(\d+)$/.exec(range)
          if (m === null) return yield* fail(ctx, `invalid input range: '${range}'`)
          const lo = BigInt(m[1]!)
          const hi = BigInt(m[2]!)
          if (lo > MAX_RANGE_BOUND || hi > MAX_RANGE_BOUND) {
            return yield* fail(ctx, `invalid input range: '${lo > MAX_RANGE_BOUND ? m[1] : m[2]}': Value too large for defined data type`)
          }
          if (hi + 1n < lo) return yield* fail(ctx, `invalid input range: '${range}'`)
          if (args.operands.length > 0) return yield* usageError(ctx, `extra operand '${args.operands[0]}'`, 1)
          const size = hi - lo + 1n
          const out = yield* openOutput(ctx, args.values.get("output"), eol)
          if (out === undefined) return 1
          if (repeat) {
            if (size === 0n && limit! > 0) return yield* fail(ctx, "no lines to repeat")
            for (let i = 0; i < limit!; i++) if (out.push(String(lo + randomBelow(random, size)))) yield* out.flush
          } else yield* permuteRange(ctx, lease, random, lo, size, limit, out)
          return yield* out.close
        }
        let items: Array<string>
        if (echo) items = args.operands.map(textToBinary)
        else {
          if (args.operands.length > 1) return yield* usageError(ctx, `extra operand '${args.operands[1]}'`, 1)
          const name = args.operands[0] ?? "-"
          const collector = new RecordCollector(eol, lease)
          if (name === "-") yield* collectStdin(ctx, collector)
          else {
            const read = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(name)))
            if (read._tag === "Left") return yield* fail(ctx, `${name}: ${vfsErrorText(read.left.reason)}`)
            yield* collectBytes(ctx, read.right, collector)
          }
          items = collector.finish()
        }
        // The output file is opened after all input is read, so `shuf -o f f` works as in GNU.
        const out = yield* openOutput(ctx, args.values.get("output"), eol)
        if (out === undefined) return 1
        if (repeat) {
          if (items.length === 0) {
            if (limit! > 0) return yield* fail(ctx, "no lines to repeat")
          } else for (let i = 0; i < limit!; i++) if (out.push(items[random(items.length)]!)) yield* out.flush
        } else {
          const take = Math.min(items.length, limit ?? items.length)
          for (let i = 0; i < take; i++) {
            const j = i + random(items.length - i)
            const t = items[i]!
            items[i] = items[j]!
            items[j] = t
            if (out.push(items[i]!)) yield* out.flush
          }
        }
        return yield* out.close
      }),
      Effect.sync(() => lease.release())
    )
  })

/**
 * `shuf -i LO-HI`: a Fisher-Yates shuffle of the range without materialising its lines. When
 * most of a range is written, the offsets live in a typed array (4 bytes each, on the lease);
 * when few are (`-n 3` of a huge range), only the positions a swap has touched are remembered,
 * so the cost follows the lines written, not the size of the range.
 */
const permuteRange = (
  ctx: CommandContext,
  lease: MemoryLease,
  random: (n: number) => number,
  lo: bigint,
  size: bigint,
  limit: number | undefined,
  out: Output
): Effect.Effect<void, CommandFailure> =>
  Effect.gen(function* () {
    const take = limit === undefined || BigInt(limit) > size ? size : BigInt(limit)
    if (size <= 0xffffffffn && take * 8n >= size) {
      const n = Number(size)
      lease.alloc(n * 4)
      const offsets = new Uint32Array(n)
      for (let i = 0; i < n; i++) {
        offsets[i] = i
        if ((i & 0xffff) === 0xffff) {
          ctx.budget.step(0x10000)
          yield* ctx.budget.checkpoint
        }
      }
      const base = lo <= BigInt(Number.MAX_SAFE_INTEGER) - size ? Number(lo) : undefined
      for (let i = 0; i < Number(take); i++) {
        const j = i + random(n - i)
        const picked = offsets[j]!
        offsets[j] = offsets[i]!
        if (out.push(base !== undefined ? String(base + picked) : String(lo + BigInt(picked)))) yield* out.flush
      }
      return
    }
    const moved = new Map<bigint, bigint>()
    for (let i = 0n; i < take; i++) {
      const j = i + randomBelow(random, size - i)
      const atI = moved.get(i) ?? i
      const atJ = moved.get(j) ?? j
      if (j !== i) {
        if (!moved.has(j)) lease.alloc(MOVED_ENTRY_BYTES)
        moved.set(j, atI)
      }
      if (moved.delete(i)) lease.free(MOVED_ENTRY_BYTES)
      if (out.push(String(lo + atJ))) yield* out.flush
    }
  })

/** What one remembered swap costs (a Map entry with two bigints). */
const MOVED_ENTRY_BYTES = 96

/** Lines written in blocks: to stdout (a reader that goes away stops shuf) or to the `-o` file. */
interface Output {
  /** Add a line; true when the block is full and `flush` must run before the next `push`. */
  readonly push: (record: string) => boolean
  /** Write the block, then a checkpoint. */
  readonly flush: Effect.Effect<void, CommandFailure>
  /** Flush what is left; the exit status (1 when the file could not be written). */
  readonly close: Effect.Effect<number, CommandFailure>
}

const BLOCK = 64 * 1024

const openOutput = (ctx: CommandContext, path: string | undefined, eol: string): Effect.Effect<Output | undefined, CommandFailure> =>
  Effect.gen(function* () {
    let target: string | undefined
    if (path !== undefined) {
      target = ctx.resolvePath(path)
      if (!(yield* writeFileOperand(ctx, path, ""))) return undefined
    }
    let block = ""
    let failed = false
    const write = Effect.suspend(() => {
      const data = fromBinary(block)
      block = ""
      if (target === undefined) return ctx.stdout.write(data)
      if (failed) return Effect.void
      return ctx.fs.appendFile(target, data).pipe(
        Effect.catchTag("VfsError", (error) => {
          failed = true
          return printError(ctx, fileErrorMessage(path!, error))
        })
      )
    })
    const push = (record: string): boolean => {
      ctx.budget.step(1)
      block += record + eol
      return block.length >= BLOCK
    }
    const close = Effect.suspend(() => (block.length > 0 ? write : Effect.void)).pipe(Effect.map(() => (failed ? 1 : 0)))
    return { push, flush: Effect.zipRight(write, ctx.budget.checkpoint), close }
  })

export const shufCommand = defineCommand("shuf", (ctx) =>
  withArgs(ctx, specs, "shuf [OPTION]... [FILE]\n  or:  shuf -e [OPTION]... [ARG]...\n  or:  shuf -i LO-HI [OPTION]...\nWrite a random permutation of the input lines to standard output.", (args) => run(ctx, args))
)
