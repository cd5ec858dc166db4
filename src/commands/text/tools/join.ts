/** `join`: join lines of two sorted files on a common field (-t -1 -2 -j -a -v -e -o -i --header). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import { fail, fromBinary, readOperand, splitRecords, textToBinary, withArgs, writeBinary, type Run } from "./common.js"

/** Output written once this much is pending (and a checkpoint after each write). */
const BLOCK = 64 * 1024

const specs = [
  { short: "a", value: true, multiple: true, key: "a" },
  { short: "v", value: true, multiple: true, key: "v" },
  { short: "e", value: true, key: "e" },
  { short: "i", long: "ignore-case" },
  { short: "j", value: true, key: "j" },
  { short: "1", value: true, key: "1" },
  { short: "2", value: true, key: "2" },
  { short: "o", value: true, multiple: true, key: "o" },
  { short: "t", value: true, key: "t" },
  { short: "z", long: "zero-terminated" },
  { long: "check-order" },
  { long: "nocheck-order" },
  { long: "header" }
]

type OutField = { file: 0 } | { file: 1 | 2; field: number }

const splitFields = (line: string, tab: string | undefined): Array<string> =>
  tab === undefined ? line.split(/[ \t]+/).filter((f, i, all) => f !== "" || (i > 0 && i < all.length - 1)) : line.split(tab)

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const ops = args.operands
    if (ops.length < 2) return yield* usageError(ctx, ops.length === 0 ? "missing operand" : `missing operand after '${ops[0]}'`, 1)
    if (ops.length > 2) return yield* usageError(ctx, `extra operand '${ops[2]}'`, 1)
    const fieldArg = (key: string): number | string | undefined => {
      const v = args.values.get(key) ?? args.values.get("j")
      if (v === undefined) return undefined
      return /^\d+$/.test(v) && Number(v) > 0 ? Number(v) - 1 : `invalid field number: '${v}'`
    }
    const f1 = fieldArg("1") ?? 0
    const f2 = fieldArg("2") ?? 0
    if (typeof f1 === "string") return yield* fail(ctx, f1)
    if (typeof f2 === "string") return yield* fail(ctx, f2)
    const fileNumbers = (key: string): Set<number> | string => {
      const set = new Set<number>()
      for (const v of args.lists.get(key) ?? []) {
        if (v !== "1" && v !== "2") return `invalid field number: '${v}'`
        set.add(Number(v))
      }
      return set
    }
    const unpaired = fileNumbers("a")
    const onlyUnpaired = fileNumbers("v")
    if (typeof unpaired === "string") return yield* fail(ctx, unpaired)
    if (typeof onlyUnpaired === "string") return yield* fail(ctx, onlyUnpaired)
    const tabArg = args.values.get("t")
    const tab = tabArg === undefined ? undefined : tabArg === "" ? "\n" : textToBinary(tabArg)
    if (tab !== undefined && tab.length > 1 && tabArg !== "\\0") return yield* fail(ctx, `multi-character tab '${tabArg}'`)
    const outSep = tab ?? " "
    const empty = args.values.has("e") ? textToBinary(args.values.get("e")!) : ""
    let format: Array<OutField> | "auto" | undefined
    for (const spec of args.lists.get("o") ?? []) {
      if (spec === "auto") {
        format = "auto"
        continue
      }
      format = format === "auto" || format === undefined ? [] : format
      for (const item of spec.split(/[,\s]+/)) {
        if (item === "0") format.push({ file: 0 })
        else {
          const m = /^([12])\.(\d+)$/.exec(item)
          if (m === null || Number(m[2]) === 0) return yield* fail(ctx, `invalid field specifier: '${item}'`)
          format.push({ file: Number(m[1]) as 1 | 2, field: Number(m[2]) - 1 })
        }
      }
    }
    const a = yield* readOperand(ctx, ops[0]!)
    const b = a.data === undefined ? a : yield* readOperand(ctx, ops[1]!)
    if (a.data === undefined || b.data === undefined) return 1
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    const fold = args.flags.has("ignore-case")
    const files = [splitRecords(a.data, eol).map((l) => splitFields(l, tab)), splitRecords(b.data, eol).map((l) => splitFields(l, tab))]
    const joinFields = [f1, f2]
    const keyOf = (which: 0 | 1, fields: ReadonlyArray<string>) => {
      const k = fields[joinFields[which]!] ?? ""
      return fold ? k.toLowerCase() : k
    }
    const autoCounts = [files[0]![0]?.length ?? 0, files[1]![0]?.length ?? 0]
    const render = (x: ReadonlyArray<string> | undefined, y: ReadonlyArray<string> | undefined): string => {
      const key = x !== undefined ? x[f1] ?? "" : y![f2] ?? ""
      const cells: Array<string> = []
      if (format === undefined) {
        cells.push(key)
        if (x !== undefined) x.forEach((f, i) => i !== f1 && cells.push(f))
        if (y !== undefined) y.forEach((f, i) => i !== f2 && cells.push(f))
      } else {
        const fields: Array<OutField> =
          format === "auto"
            ? [{ file: 0 }, ...Array.from({ length: autoCounts[0]! }, (_, i) => ({ file: 1 as const, field: i })).filter((f) => f.field !== f1), ...Array.from({ length: autoCounts[1]! }, (_, i) => ({ file: 2 as const, field: i })).filter((f) => f.field !== f2)]
            : format
        for (const f of fields) {
          if (f.file === 0) cells.push(key === "" && x === undefined && y === undefined ? empty : key)
          else {
            const source = f.file === 1 ? x : y
            cells.push(source?.[f.field] ?? empty)
          }
        }
      }
      return cells.join(outSep) + eol
    }
    const strict = args.flags.has("check-order")
    const checking = !args.flags.has("nocheck-order")
    let out = ""
    let i = 0
    let j = 0
    if (args.flags.has("header")) {
      if (files[0]!.length > 0 || files[1]!.length > 0) out += render(files[0]![0] ?? [], files[1]![0] ?? [])
      i = 1
      j = 1
    }
    const printOnly = onlyUnpaired.size > 0
    const disorder: Array<boolean> = [false, false]
    const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
    while (i < files[0]!.length || j < files[1]!.length) {
      const x = files[0]![i]
      const y = files[1]![j]
      const d = x === undefined ? 1 : y === undefined ? -1 : compare(keyOf(0, x), keyOf(1, y))
      if (d < 0) {
        if (unpaired.has(1) || onlyUnpaired.has(1)) out += render(x, undefined)
        i++
      } else if (d > 0) {
        if (unpaired.has(2) || onlyUnpaired.has(2)) out += render(undefined, y)
        j++
      } else {
        const key = keyOf(0, x!)
        let iEnd = i
        while (iEnd < files[0]!.length && keyOf(0, files[0]![iEnd]!) === key) iEnd++
        let jEnd = j
        while (jEnd < files[1]!.length && keyOf(1, files[1]![jEnd]!) === key) jEnd++
        if (!printOnly) {
          // A key repeated in both files joins every pair: written in blocks, under the budget.
          for (let p = i; p < iEnd; p++) {
            ctx.budget.step(jEnd - j)
            for (let q = j; q < jEnd; q++) out += render(files[0]![p], files[1]![q])
            if (out.length >= BLOCK) {
              yield* writeBinary(ctx, out)
              out = ""
              yield* ctx.budget.checkpoint
            }
          }
        }
        i = iEnd
        j = jEnd
      }
      ctx.budget.step(1)
      if (out.length >= BLOCK) {
        yield* writeBinary(ctx, out)
        out = ""
        yield* ctx.budget.checkpoint
      }
      for (const which of [0, 1] as const) {
        const index = which === 0 ? i : j
        const lines = files[which]!
        if (checking && !disorder[which] && index > 0 && index < lines.length && compare(keyOf(which, lines[index - 1]!), keyOf(which, lines[index]!)) > 0) {
          disorder[which] = true
          yield* writeBinary(ctx, out)
          out = ""
          yield* ctx.stderr.write(fromBinary(`join: ${textToBinary(ops[which]!)}:${index + 1}: is not sorted: ${lines[index]!.join(outSep)}\n`))
          if (strict) return 1
        }
      }
    }
    yield* writeBinary(ctx, out)
    if (disorder[0] || disorder[1]) {
      yield* ctx.stderr.write("join: input is not in sorted order\n")
      return 1
    }
    return 0
  })

export const joinCommand = defineCommand("join", (ctx) =>
  withArgs(ctx, specs, "join [OPTION]... FILE1 FILE2\nFor each pair of input lines with identical join fields, write a line to\nstandard output.", (args) => run(ctx, args))
)
