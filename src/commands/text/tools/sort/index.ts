/** `sort`: GNU sort in the C locale (byte order), with keys, the ordering flags, -c/-C, -u, -o. */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../../Command.js"
import type { ParsedArgs } from "../../../support/args.js"
import { vfsErrorText } from "../../../../vfs/VfsError.js"
import type { MemoryLease } from "../../../../limits/Budget.js"
import { fail, fromBinary, joinRecords, toBinary, withArgs, type Run } from "../common.js"
import { collectBytes, collectStdin, RecordCollector, writeRecords } from "../heldRecords.js"
import { mergeRuns, sortInPieces } from "./sortInPieces.js"
import { compareBytes } from "./collate.js"
import {
  applyOrderingLetter,
  compareKeyValues,
  emptyOrdering,
  extractKey,
  hasNoOrdering,
  incompatibility,
  keyValue,
  parseKeySpec,
  type Key,
  type KeyValue,
  type Ordering
} from "./keys.js"

const ORDERING_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ["b", "ignore-leading-blanks"],
  ["d", "dictionary-order"],
  ["f", "ignore-case"],
  ["g", "general-numeric-sort"],
  ["h", "human-numeric-sort"],
  ["i", "ignore-nonprinting"],
  ["M", "month-sort"],
  ["n", "numeric-sort"],
  ["R", "random-sort"],
  ["r", "reverse"],
  ["V", "version-sort"]
]

const SORT_WORDS: Record<string, string> = {
  "general-numeric": "g",
  "human-numeric": "h",
  month: "M",
  numeric: "n",
  random: "R",
  version: "V"
}

const specs = [
  ...ORDERING_OPTIONS.map(([short, long]) => ({ short, long, key: short })),
  { short: "c", key: "c" },
  { short: "C", key: "C" },
  { long: "check", value: true, optionalValue: true },
  { short: "k", long: "key", value: true, multiple: true },
  { short: "m", long: "merge" },
  { short: "o", long: "output", value: true },
  { short: "s", long: "stable" },
  { short: "S", long: "buffer-size", value: true },
  { short: "t", long: "field-separator", value: true },
  { short: "T", long: "temporary-directory", value: true, multiple: true },
  { short: "u", long: "unique" },
  { short: "z", long: "zero-terminated" },
  { long: "parallel", value: true },
  { long: "batch-size", value: true },
  { long: "compress-program", value: true },
  { long: "random-source", value: true },
  { long: "sort", value: true }
]

const USAGE = "sort [OPTION]... [FILE]...\nWrite sorted concatenation of all FILE(s) to standard output."

interface Line {
  readonly line: string
  readonly keys: ReadonlyArray<KeyValue>
}

const seedFrom = (bytes: Uint8Array | undefined): number => {
  if (bytes === undefined) return (Math.random() * 0x100000000) >>> 0
  let h = 0x9e3779b9
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x85ebca6b) >>> 0
  return h
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const global: Ordering = emptyOrdering()
    for (const [letter] of ORDERING_OPTIONS) if (args.flags.has(letter)) applyOrderingLetter(global, letter, false)
    if (global.skipStartBlanks) global.skipEndBlanks = true
    const sortWord = args.values.get("sort")
    if (sortWord !== undefined) {
      const letter = SORT_WORDS[sortWord]
      if (letter === undefined) {
        return yield* fail(ctx, `invalid argument '${sortWord}' for '--sort'\nValid arguments are:\n  - 'general-numeric'\n  - 'human-numeric'\n  - 'month'\n  - 'numeric'\n  - 'random'\n  - 'version'\nTry 'sort --help' for more information.`, 2)
      }
      applyOrderingLetter(global, letter, false)
    }
    const clash = incompatibility(global)
    if (clash !== undefined) return yield* fail(ctx, `options '-${clash}' are incompatible`, 2)

    const unique = args.flags.has("unique")
    const keys: Array<Key> = []
    for (const spec of args.lists.get("key") ?? []) {
      const parsed = parseKeySpec(spec)
      if (parsed._tag === "Error") return yield* fail(ctx, parsed.message, 2)
      const key = parsed.key
      if (hasNoOrdering(key)) Object.assign(key, global)
      const keyClash = incompatibility(key)
      if (keyClash !== undefined) return yield* fail(ctx, `options '-${keyClash}' are incompatible`, 2)
      keys.push(key)
    }
    if (keys.length === 0 && (unique || !hasNoOrdering({ ...global, reverse: false }))) {
      keys.push({ ...global, startField: 0, startChar: 0, endField: undefined, endChar: 0 })
    }

    let tab: string | undefined
    const tabArg = args.values.get("field-separator")
    if (tabArg !== undefined) {
      const t = tabArg === "\\0" ? "\0" : tabArg
      if (t.length === 0) return yield* fail(ctx, "empty tab", 2)
      const binaryTab = toBinary(new TextEncoder().encode(t))
      if (binaryTab.length > 1) return yield* fail(ctx, `multi-character tab '${t}'`, 2)
      tab = binaryTab
    }

    const checkLong = args.values.get("check")
    const check = args.flags.has("C") || checkLong === "quiet" || checkLong === "silent" ? "quiet" : args.flags.has("c") || checkLong !== undefined ? "diagnose" : undefined
    if (checkLong !== undefined && !["", "quiet", "silent", "diagnose-first"].includes(checkLong)) {
      return yield* fail(ctx, `invalid argument '${checkLong}' for '--check'\nValid arguments are:\n  - 'quiet', 'silent'\n  - 'diagnose-first'\nTry 'sort --help' for more information.`, 2)
    }
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    const stable = args.flags.has("stable")
    const operands = args.operands.length === 0 ? ["-"] : args.operands
    if (check !== undefined && operands.length > 1) {
      return yield* Effect.as(
        ctx.stderr.write(`sort: extra operand '${operands[1]}' not allowed with -${check === "quiet" ? "C" : "c"}\n`),
        2
      )
    }

    let seed = seedFrom(undefined)
    const randomSource = args.values.get("random-source")
    if (randomSource !== undefined) {
      const bytes = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(randomSource)))
      if (bytes._tag === "Left") return yield* fail(ctx, `${randomSource}: ${vfsErrorText(bytes.left.reason)}`, 2)
      seed = seedFrom(bytes.right)
    }

    // The records are held on a lease: an endless or huge input ends on the memory limit.
    const lease = ctx.budget.lease()
    return yield* Effect.ensuring(
      sortRecords(ctx, args, { operands, eol, keys, tab, seed, global, unique, stable, check }, lease),
      Effect.sync(() => lease.release())
    )
  })

interface SortPlan {
  readonly operands: ReadonlyArray<string>
  readonly eol: string
  readonly keys: ReadonlyArray<Key>
  readonly tab: string | undefined
  readonly seed: number
  readonly global: Ordering
  readonly unique: boolean
  readonly stable: boolean
  readonly check: "quiet" | "diagnose" | undefined
}

/** Bytes a prepared line holds beyond its text: the object and one parsed value per key. */
const PREPARED_OVERHEAD = 48
const KEY_OVERHEAD = 48

const sortRecords = (ctx: CommandContext, args: ParsedArgs, plan: SortPlan, lease: MemoryLease): Run =>
  Effect.gen(function* () {
    const { operands, eol, keys, tab, seed, global, unique, stable, check } = plan
    // One group of records per operand: `-m` merges them as they are, otherwise they are one input.
    const groups: Array<Array<string>> = []
    for (const name of operands) {
      const collector = new RecordCollector(eol, lease)
      if (name === "-") yield* collectStdin(ctx, collector)
      else {
        const read = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(name)))
        if (read._tag === "Left") return yield* fail(ctx, `cannot read: ${name}: ${vfsErrorText(read.left.reason)}`, 2)
        yield* collectBytes(ctx, read.right, collector)
      }
      groups.push(collector.finish())
    }
    const merge = args.flags.has("merge") && check === undefined
    const lines = groups.length === 1 ? groups[0]! : merge ? [] : groups.flat()

    const reverseAll = global.reverse
    const prepare = (line: string): Line => ({ line, keys: keys.map((k) => keyValue(extractKey(line, k, tab), k, seed)) })
    const compareKeys = (a: Line, b: Line): number => {
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!
        const d = compareKeyValues(a.keys[i]!, b.keys[i]!, key)
        if (d !== 0) return key.reverse ? -d : d
      }
      return 0
    }
    const compareLines = (a: Line, b: Line): number => {
      const d = compareKeys(a, b)
      if (d !== 0 || stable || unique) return d
      const l = compareBytes(a.line, b.line)
      return reverseAll ? -l : l
    }

    if (check !== undefined) {
      let previous: Line | undefined
      for (let i = 0; i < lines.length; i++) {
        ctx.budget.step(keys.length + 1)
        const current = prepare(lines[i]!)
        if (previous !== undefined) {
          const d = compareLines(previous, current)
          if (d > 0 || (unique && d === 0)) {
            if (check === "diagnose") yield* ctx.stderr.write(fromBinary(`sort: ${operands[0]}:${i + 1}: disorder: ${current.line}\n`))
            return 1
          }
        }
        previous = current
        if ((i & 4095) === 4095) yield* ctx.budget.checkpoint
      }
      return 0
    }

    let sorted: Array<string>
    if (keys.length === 0 && !unique) {
      const byBytes = reverseAll ? (a: string, b: string) => compareBytes(b, a) : compareBytes
      sorted = merge ? yield* mergeRuns(groups, byBytes, ctx.budget) : yield* sortInPieces(lines, byBytes, ctx.budget)
    } else {
      const prepareAll = (records: ReadonlyArray<string>) =>
        Effect.gen(function* () {
          const prepared: Array<Line> = new Array(records.length)
          for (let i = 0; i < records.length; i++) {
            prepared[i] = prepare(records[i]!)
            if ((i & 1023) === 1023) {
              ctx.budget.step(1024 * (keys.length + 1))
              lease.alloc(1024 * (PREPARED_OVERHEAD + KEY_OVERHEAD * keys.length))
              yield* ctx.budget.checkpoint
            }
          }
          return prepared
        })
      let prepared: Array<Line>
      if (merge) {
        const runs: Array<Array<Line>> = []
        for (const group of groups) runs.push(yield* prepareAll(group))
        prepared = yield* mergeRuns(runs, compareLines, ctx.budget)
      } else prepared = yield* sortInPieces(yield* prepareAll(lines), compareLines, ctx.budget)
      sorted = []
      for (let i = 0; i < prepared.length; i++) {
        if (unique && i > 0 && compareKeys(prepared[i - 1]!, prepared[i]!) === 0) continue
        sorted.push(prepared[i]!.line)
      }
      ctx.budget.step(prepared.length)
    }
    const outPath = args.values.get("output")
    if (outPath !== undefined) {
      // Written only after all input is read, so `sort -o f f` works as in GNU.
      const output = joinRecords(sorted, eol)
      lease.alloc(output.length)
      const written = yield* Effect.either(ctx.fs.writeFile(ctx.resolvePath(outPath), fromBinary(output)))
      if (written._tag === "Left") return yield* fail(ctx, `open failed: ${outPath}: ${vfsErrorText(written.left.reason)}`, 2)
      return 0
    }
    yield* writeRecords(ctx, sorted, eol)
    return 0
  })

export const sortCommand = defineCommand("sort", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args), { usageStatus: 2 }))
