/** `cmp`: compare two files byte by byte (GNU diffutils: -b -i -l -n -s, positional skips). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fileErrorMessage, printError } from "../../support/io.js"
import { parseArgs } from "../../support/args.js"
import { textToBinary, toBinary, withArgs, writeBinary, type Run } from "./common.js"

const specs = [
  { short: "b", long: "print-bytes" },
  { short: "i", long: "ignore-initial", value: true },
  { short: "l", long: "verbose" },
  { short: "n", long: "bytes", value: true },
  { short: "s", long: "quiet" },
  { long: "silent", key: "quiet" },
  { short: "v", long: "version" }
]

const MULTIPLIERS: Record<string, number> = { "": 1, b: 512, c: 1, w: 2 }
for (const [index, letter] of ["K", "M", "G", "T", "P", "E"].entries()) {
  const power = index + 1
  MULTIPLIERS[letter] = 1024 ** power
  MULTIPLIERS[`${letter}iB`] = 1024 ** power
  MULTIPLIERS[`${letter}B`] = 1000 ** power
}
MULTIPLIERS["k"] = 1024
MULTIPLIERS["kB"] = 1000

/** A byte count as gnulib's xstrtoumax reads it: decimal, 0x hex or 0 octal, with a size suffix. */
const parseSize = (text: string): number | undefined => {
  const match = /^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)(.*)$/.exec(text)
  if (match === null) return undefined
  const digits = match[1]!
  const base = /^0[xX]/.test(digits) ? Number(digits) : digits.startsWith("0") ? parseInt(digits, 8) : Number(digits)
  const multiplier = MULTIPLIERS[match[2]!]
  return multiplier === undefined ? undefined : base * multiplier
}

/** A byte as cmp -b shows it: printable as is, others as ^X, M-X, M-^X. */
const showByte = (byte: number): string => {
  if (byte >= 32 && byte < 127) return String.fromCharCode(byte)
  let out = ""
  let c = byte
  if (c >= 128) {
    out += "M-"
    c -= 128
  }
  if (c < 32) return out + "^" + String.fromCharCode(c + 64)
  if (c === 127) return out + "^?"
  return out + String.fromCharCode(c)
}

const octal = (byte: number) => byte.toString(8).padStart(3)

const tryHelp = (ctx: CommandContext, message: string): Run =>
  Effect.as(ctx.stderr.write(`cmp: ${message}\ncmp: Try 'cmp --help' for more information.\n`), 2)

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    if (args.flags.has("version")) return yield* Effect.as(ctx.stdout.write("cmp (GNU diffutils) 3.8\n"), 0)
    const quiet = args.flags.has("quiet")
    const verbose = args.flags.has("verbose")
    const printBytes = args.flags.has("print-bytes")
    if (quiet && verbose) return yield* tryHelp(ctx, "options -l and -s are incompatible")
    const ops = args.operands
    if (ops.length === 0) return yield* tryHelp(ctx, "missing operand after 'cmp'")
    if (ops.length > 4) return yield* tryHelp(ctx, `extra operand '${ops[4]}'`)
    const skips = [0, 0]
    const initial = args.values.get("ignore-initial")
    if (initial !== undefined) {
      const [first, second] = initial.split(":", 2) as [string, string | undefined]
      const a = parseSize(first)
      const b = second === undefined ? a : parseSize(second)
      if (a === undefined || b === undefined) return yield* tryHelp(ctx, `invalid --ignore-initial value '${initial}'`)
      skips[0] = a
      skips[1] = b
    }
    for (const k of [0, 1]) {
      const operand = ops[k + 2]
      if (operand === undefined) continue
      const size = parseSize(operand)
      if (size === undefined) return yield* tryHelp(ctx, `invalid --ignore-initial value '${operand}'`)
      skips[k] = size
    }
    let limit = Number.POSITIVE_INFINITY
    const bytesText = args.values.get("bytes")
    if (bytesText !== undefined) {
      const size = parseSize(bytesText)
      if (size === undefined) return yield* tryHelp(ctx, `invalid --bytes value '${bytesText}'`)
      limit = size
    }
    const names = [ops[0]!, ops[1] ?? "-"]
    const data: Array<string> = []
    const regular: Array<boolean> = []
    let stdinRead = false
    for (const name of names) {
      if (name === "-") {
        data.push(stdinRead ? "" : toBinary(yield* ctx.stdin.readAll))
        stdinRead = true
        regular.push(false)
        continue
      }
      const path = ctx.resolvePath(name)
      const stat = yield* Effect.either(ctx.fs.stat(path))
      const bytes = stat._tag === "Right" && stat.right.type === "directory" ? undefined : yield* Effect.either(ctx.fs.readFile(path))
      if (bytes === undefined || bytes._tag === "Left") {
        if (!quiet) yield* printError(ctx, bytes === undefined ? `${name}: Is a directory` : fileErrorMessage(name, bytes.left))
        return 2
      }
      data.push(toBinary(bytes.right))
      regular.push(true)
    }
    // The same file named twice is equal without reading (GNU checks the inode first).
    if (names[0] === names[1] && names[0] !== "-" && skips[0] === skips[1]) return 0
    const a = data[0]!.slice(skips[0])
    const b = data[1]!.slice(skips[1])
    const length = Math.min(a.length, b.length, limit)
    const [nameA, nameB] = [textToBinary(names[0]!), textToBinary(names[1]!)]
    // -l pads offsets to the widest one possible: the shortest regular file, or the limit.
    let widest = limit
    for (const [k, text] of [a, b].entries()) if (regular[k]) widest = Math.min(widest, text.length)
    const width = String(Number.isFinite(widest) ? widest : 0).length
    let out = ""
    let line = 1
    let differs = false
    for (let i = 0; i < length; i++) {
      const x = a.charCodeAt(i)
      const y = b.charCodeAt(i)
      if (x !== y) {
        differs = true
        if (quiet) break
        if (!verbose) {
          out += `${nameA} ${nameB} differ: byte ${i + 1}, line ${line}`
          out += printBytes ? ` is ${octal(x)} ${showByte(x)} ${octal(y)} ${showByte(y)}\n` : "\n"
          break
        }
        const offset = String(i + 1).padStart(width)
        out += printBytes ? `${offset} ${octal(x)} ${showByte(x).padEnd(4)} ${octal(y)} ${showByte(y)}\n` : `${offset} ${octal(x)} ${octal(y)}\n`
        // -l lists every differing byte: written in blocks, under the budget.
        if (out.length >= 65536) {
          ctx.budget.step(out.length >> 4)
          yield* writeBinary(ctx, out)
          out = ""
          yield* ctx.budget.checkpoint
        }
      } else if (x === 10) line++
      if ((i & 0xffff) === 0xffff) {
        ctx.budget.step(0x10000 >> 4)
        yield* ctx.budget.checkpoint
      }
    }
    yield* writeBinary(ctx, out)
    // One input ended before the other (within the limit).
    if ((differs && !verbose) || a.length === b.length || length === limit) return differs ? 1 : 0
    if (!quiet) {
      const shorter = a.length < b.length ? names[0]! : names[1]!
      const common = a.slice(0, length)
      let where = ""
      if (length === 0) where = " which is empty"
      else if (verbose) where = ` after byte ${length}`
      else {
        const newlines = common.split("\n").length - 1
        where = common.endsWith("\n") ? ` after byte ${length}, line ${newlines}` : ` after byte ${length}, in line ${newlines + 1}`
      }
      yield* ctx.stderr.write(`cmp: EOF on ${shorter}${where}\n`)
    }
    return 1
  })

export const cmpCommand = defineCommand("cmp", (ctx) => {
  const parsed = parseArgs(ctx.args, [...specs, { long: "help" }])
  // Like diff, cmp prefixes its --help hint with its name.
  if (parsed._tag === "Error") return tryHelp(ctx, parsed.message)
  return withArgs(ctx, specs, "cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]\nCompare two files byte by byte.", (args) => run(ctx, args), { usageStatus: 2 })
})
