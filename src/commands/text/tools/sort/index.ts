/** `sort`: GNU sort in the C locale (byte order), with keys, the ordering flags, -c/-C, -u, -o. */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../../Command.js"
import type { ParsedArgs } from "../../../support/args.js"
import { vfsErrorText } from "../../../../vfs/VfsError.js"
import { fail, fromBinary, joinRecords, splitRecords, toBinary, withArgs, writeBinary, type Run } from "../common.js"
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

    const lines: Array<string> = []
    for (const name of operands) {
      let data: string
      if (name === "-") data = toBinary(yield* ctx.stdin.readAll)
      else {
        const read = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(name)))
        if (read._tag === "Left") return yield* fail(ctx, `cannot read: ${name}: ${vfsErrorText(read.left.reason)}`, 2)
        data = toBinary(read.right)
      }
      for (const record of splitRecords(data, eol)) lines.push(record)
    }

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
        const current = prepare(lines[i]!)
        if (previous !== undefined) {
          const d = compareLines(previous, current)
          if (d > 0 || (unique && d === 0)) {
            if (check === "diagnose") yield* ctx.stderr.write(fromBinary(`sort: ${operands[0]}:${i + 1}: disorder: ${current.line}\n`))
            return 1
          }
        }
        previous = current
      }
      return 0
    }

    let sorted: Array<string>
    if (keys.length === 0 && !unique) {
      sorted = lines.sort()
      if (reverseAll) sorted.reverse()
    } else {
      const prepared = lines.map(prepare).sort(compareLines)
      sorted = []
      for (let i = 0; i < prepared.length; i++) {
        if (unique && i > 0 && compareKeys(prepared[i - 1]!, prepared[i]!) === 0) continue
        sorted.push(prepared[i]!.line)
      }
    }
    const output = joinRecords(sorted, eol)
    const outPath = args.values.get("output")
    if (outPath !== undefined) {
      const written = yield* Effect.either(ctx.fs.writeFile(ctx.resolvePath(outPath), fromBinary(output)))
      if (written._tag === "Left") return yield* fail(ctx, `open failed: ${outPath}: ${vfsErrorText(written.left.reason)}`, 2)
      return 0
    }
    yield* writeBinary(ctx, output)
    return 0
  })

export const sortCommand = defineCommand("sort", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args), { usageStatus: 2 }))
