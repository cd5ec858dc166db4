/** `comm`: compare two sorted files line by line (three columns, -1 -2 -3, order checking). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import { fromBinary, readOperand, splitRecords, textToBinary, withArgs, writeBinary, type Run } from "./common.js"

const specs = [
  { short: "1", key: "1" },
  { short: "2", key: "2" },
  { short: "3", key: "3" },
  { long: "check-order" },
  { long: "nocheck-order" },
  { long: "output-delimiter", value: true },
  { long: "total" },
  { short: "z", long: "zero-terminated" }
]

const USAGE = "comm [OPTION]... FILE1 FILE2\nCompare sorted files FILE1 and FILE2 line by line."

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const ops = args.operands
    if (ops.length < 2) return yield* usageError(ctx, ops.length === 0 ? "missing operand" : `missing operand after '${ops[0]}'`, 1)
    if (ops.length > 2) return yield* usageError(ctx, `extra operand '${ops[2]}'`, 1)
    const a = yield* readOperand(ctx, ops[0]!)
    if (a.data === undefined) return 1
    const b = yield* readOperand(ctx, ops[1]!)
    if (b.data === undefined) return 1
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    const files = [splitRecords(a.data, eol), splitRecords(b.data, eol)] as const
    const show = [!args.flags.has("1"), !args.flags.has("2"), !args.flags.has("3")]
    const delimiterArg = args.values.get("output-delimiter")
    const delimiter = delimiterArg === undefined ? "\t" : delimiterArg === "" ? "\0" : textToBinary(delimiterArg)
    const mode = args.flags.has("check-order") ? "strict" : args.flags.has("nocheck-order") ? "off" : "default"
    const counts = [0, 0, 0]
    const warned = [false, false]
    let seenUnpairable = false
    let out = ""
    const emit = (column: 0 | 1 | 2, line: string) => {
      counts[column]!++
      if (!show[column]) return
      let prefix = ""
      for (let c = 0; c < column; c++) if (show[c]) prefix += delimiter
      out += prefix + line + eol
    }
    let i = 0
    let j = 0
    const outOfOrder = (which: 0 | 1, index: number): boolean => {
      if (mode === "off" || (mode === "default" && !seenUnpairable) || warned[which] || index === 0) return false
      const lines = files[which]
      return lines[index - 1]! > lines[index]!
    }
    while (i < files[0].length || j < files[1].length) {
      const x = files[0][i]
      const y = files[1][j]
      let advanced: 0 | 1 | 2
      if (y === undefined || (x !== undefined && x < y)) {
        seenUnpairable = true
        emit(0, x!)
        i++
        advanced = 0
      } else if (x === undefined || x > y) {
        seenUnpairable = true
        emit(1, y)
        j++
        advanced = 1
      } else {
        emit(2, x)
        i++
        j++
        advanced = 2
      }
      for (const which of [0, 1] as const) {
        if (advanced !== which && advanced !== 2) continue
        const index = which === 0 ? i : j
        if (index < files[which].length && outOfOrder(which, index)) {
          warned[which] = true
          yield* writeBinary(ctx, out)
          out = ""
          yield* ctx.stderr.write(`comm: file ${which + 1} is not in sorted order\n`)
          if (mode === "strict") return 1
        }
      }
    }
    if (args.flags.has("total")) out += `${counts[0]}${delimiter}${counts[1]}${delimiter}${counts[2]}${delimiter}total${eol}`
    yield* ctx.stdout.write(fromBinary(out))
    if (warned[0] || warned[1]) {
      yield* ctx.stderr.write("comm: input is not in sorted order\n")
      return 1
    }
    return 0
  })

export const commCommand = defineCommand("comm", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args)))
