/** `tr`: translate, delete or squeeze bytes of standard input (GNU, C locale). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { forEachChunk, stdinReader } from "../../support/input.js"
import { usageError } from "../../support/io.js"
import { fail, textToBinary, withArgs, type Run } from "./common.js"
import { parseSet } from "./trSets.js"

const specs = [
  { short: "c", long: "complement", key: "complement" },
  { short: "C", key: "complement" },
  { short: "d", long: "delete" },
  { short: "s", long: "squeeze-repeats" },
  { short: "t", long: "truncate-set1" }
]

const USAGE = "tr [OPTION]... STRING1 [STRING2]\nTranslate, squeeze, and/or delete characters from standard input."

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const del = args.flags.has("delete")
    const squeeze = args.flags.has("squeeze-repeats")
    const complement = args.flags.has("complement")
    const ops = args.operands
    if (ops.length === 0) return yield* usageError(ctx, "missing operand", 1)
    const translating = !del && ops.length >= 2
    const maxOps = del && !squeeze ? 1 : !del && squeeze && ops.length === 1 ? 1 : 2
    if (ops.length > maxOps) {
      const hint = del && !squeeze ? "\nOnly one string may be given when deleting without squeezing repeats." : ""
      return yield* usageError(ctx, `extra operand '${ops[maxOps]}'${hint}`, 1)
    }
    if ((del && squeeze && ops.length < 2) || (!del && !squeeze && ops.length < 2)) {
      const why = del ? "both deleting and squeezing repeats" : "translating"
      return yield* usageError(ctx, `missing operand after '${ops[0]}'\nTwo strings must be given when ${why}.`, 1)
    }
    const set1 = parseSet(textToBinary(ops[0]!), false)
    if (set1._tag === "Error") return yield* fail(ctx, set1.message)
    let members1 = new Uint8Array(256)
    for (const b of set1.bytes) members1[b] = 1
    let list1 = set1.bytes
    if (complement) {
      list1 = []
      for (let c = 0; c < 256; c++) if (members1[c] === 0) list1.push(c)
      members1 = new Uint8Array(256)
      for (const b of list1) members1[b] = 1
    }
    let set2: Array<number> = []
    if (ops.length >= 2) {
      const parsed2 = parseSet(textToBinary(ops[1]!), true, list1.length)
      if (parsed2._tag === "Error") return yield* fail(ctx, parsed2.message)
      if (translating && parsed2.classes.some((c) => c.name !== "upper" && c.name !== "lower")) {
        return yield* fail(ctx, "when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'")
      }
      set2 = parsed2.bytes
    }
    const map = new Int16Array(256).fill(-1)
    if (translating) {
      if (set2.length === 0 && list1.length > 0) return yield* fail(ctx, "when not truncating set1, string2 must be non-empty")
      const truncate = args.flags.has("truncate-set1")
      const n = truncate ? Math.min(list1.length, set2.length) : list1.length
      for (let i = 0; i < n; i++) map[list1[i]!] = set2[Math.min(i, set2.length - 1)]!
    }
    const squeezeSet = new Uint8Array(256)
    if (squeeze) for (const b of ops.length >= 2 ? set2 : list1) squeezeSet[b] = 1

    // Byte by byte over the stream, chunk by chunk: `yes | tr y z | head -1` ends at once.
    let last = -1
    yield* forEachChunk(stdinReader(ctx), (input) => {
      const out = new Uint8Array(input.length)
      let n = 0
      for (let i = 0; i < input.length; i++) {
        let c = input[i]!
        if (del && members1[c] === 1) continue
        if (translating && map[c]! >= 0) c = map[c]!
        if (squeeze && c === last && squeezeSet[c] === 1) continue
        out[n++] = c
        last = c
      }
      return n > 0 ? ctx.stdout.write(out.subarray(0, n)) : Effect.void
    })
    return 0
  })

export const trCommand = defineCommand("tr", (ctx) => withArgs(ctx, specs, USAGE, (args) => run(ctx, args)))
