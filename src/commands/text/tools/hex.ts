/** `xxd` (hex dump and -r reverse) and `hexdump`/`hd` (default 16-bit words, -C canonical). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fail, fromBinary, readOperand, withArgs, writeBinary, type Run } from "./common.js"
import { forEachDumpLine } from "./dumpLines.js"

const printable = (b: number): string => (b >= 32 && b < 127 ? String.fromCharCode(b) : ".")
const hex2 = (b: number): string => b.toString(16).padStart(2, "0")

const parseNumber = (text: string): number | undefined => {
  const m = /^([+-]?)(0x[0-9a-f]+|\d+)$/i.exec(text)
  if (m === null) return undefined
  const n = m[2]!.toLowerCase().startsWith("0x") ? parseInt(m[2]!, 16) : Number(m[2])
  return m[1] === "-" ? -n : n
}

const xxdSpecs = [
  { short: "p", long: "plain", key: "p" },
  { long: "ps", key: "p" },
  { short: "r", long: "revert" },
  { short: "u", key: "u" },
  { short: "i", long: "include" },
  { short: "l", long: "len", value: true },
  { short: "s", long: "seek", value: true },
  { short: "c", long: "cols", value: true },
  { short: "g", long: "groupsize", value: true },
  { short: "o", value: true, key: "offset" }
]

const xxdReverse = (text: string, plain: boolean): Uint8Array => {
  const out: Array<number> = []
  if (plain) {
    const digits = text.replace(/[^0-9a-fA-F]/g, "")
    for (let i = 0; i + 1 < digits.length; i += 2) out.push(parseInt(digits.slice(i, i + 2), 16))
    return Uint8Array.from(out)
  }
  const result: Array<number> = []
  for (const line of text.split("\n")) {
    const m = /^\s*([0-9a-fA-F]+):\s?(.*)$/.exec(line)
    if (m === null) continue
    const offset = parseInt(m[1]!, 16)
    // The hex area ends at the two-space gap before the ASCII column.
    const area = m[2]!.split("  ")[0]!.replace(/\s/g, "")
    let at = offset
    for (let i = 0; i + 1 < area.length; i += 2) {
      const byte = parseInt(area.slice(i, i + 2), 16)
      if (Number.isNaN(byte)) break
      while (result.length < at) result.push(0)
      result[at++] = byte
    }
  }
  return Uint8Array.from(result)
}

const runXxd = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    if (args.operands.length > 2) return yield* fail(ctx, "too many arguments", 1)
    const plain = args.flags.has("p")
    const numberOption = (key: string): number | undefined | "bad" => {
      const v = args.values.get(key)
      return v === undefined ? undefined : parseNumber(v) ?? "bad"
    }
    const seek = numberOption("seek")
    const length = numberOption("len")
    const cols = numberOption("cols")
    const group = numberOption("groupsize")
    const offset = numberOption("offset")
    const name = args.operands[0] ?? "-"
    const revert = args.flags.has("revert")
    const include = args.flags.has("include")
    const plainOrInclude = plain || include
    if (!revert) {
      for (const v of [seek, length, cols, group, offset]) if (v === "bad") return yield* fail(ctx, "invalid number", 1)
      // As xxd: a negative width is refused, and more than 256 in the hex dump; 0 means the default
      // (for -p: all on one line). A zero width must never reach the loops below.
      if (cols !== undefined && ((cols as number) < 0 || (!plainOrInclude && (cols as number) > 256))) {
        return yield* fail(ctx, "invalid number of columns (max. 256).", 1)
      }
    }
    // What needs the whole input: -r, -i (its length goes last), -p -c 0 (one line), a seek from the end.
    if (revert || include || (plain && cols === 0) || (typeof seek === "number" && seek < 0)) {
      const input = yield* readOperand(ctx, name)
      if (input.data === undefined) return 2
      if (revert) {
        yield* ctx.stdout.write(xxdReverse(input.data, plain))
        return 0
      }
      for (const v of [seek, length, cols, group, offset]) if (v === "bad") return yield* fail(ctx, "invalid number", 1)
      yield* writeBinary(ctx, xxdWhole(ctx, args, fromBinary(input.data), { seek, length, cols, group, offset } as XxdNumbers))
      return 0
    }
    const upper = args.flags.has("u")
    const h = (b: number) => (upper ? hex2(b).toUpperCase() : hex2(b))
    const start = (seek as number | undefined) ?? 0
    const range = { skip: start, limit: length as number | undefined }
    if (plain) {
      const per = (cols as number | undefined) ?? 30
      const dumped = yield* forEachDumpLine(ctx, [name], { ...range, width: per }, (line) => {
        ctx.budget.step(line.length)
        return Array.from(line, h).join("") + "\n"
      })
      return dumped.status === 0 ? 0 : 2
    }
    const per = cols === undefined || cols === 0 ? 16 : (cols as number)
    const format = hexLine(per, (group as number | undefined) ?? 2, ((offset as number | undefined) ?? 0) + start, upper, h)
    const dumped = yield* forEachDumpLine(ctx, [name], { ...range, width: per }, format)
    return dumped.status === 0 ? 0 : 2
  })

interface XxdNumbers {
  readonly seek: number | undefined
  readonly length: number | undefined
  readonly cols: number | undefined
  readonly group: number | undefined
  readonly offset: number | undefined
}

/** One line of the default hex dump: address, grouped hex, printable bytes. */
const hexLine = (per: number, size: number, base: number, upper: boolean, h: (b: number) => string) => {
  const groupSize = size <= 0 ? per : size
  const groupsPerLine = Math.ceil(per / groupSize)
  const areaWidth = per * 2 + groupsPerLine
  return (line: Uint8Array, at: number): string => {
    let area = ""
    for (let k = 0; k < line.length; k++) {
      area += h(line[k]!)
      if ((k + 1) % groupSize === 0 || k === line.length - 1) area += " "
    }
    const addr = (base + at).toString(16).padStart(8, "0")
    return `${upper ? addr.toUpperCase() : addr}: ${area.padEnd(areaWidth)} ${Array.from(line, printable).join("")}\n`
  }
}

/** xxd over a whole input in memory (-i, -p -c 0, a seek from the end). */
const xxdWhole = (ctx: CommandContext, args: ParsedArgs, all: Uint8Array, n: XxdNumbers): string => {
  const { seek, length, cols, group, offset } = n
  const plain = args.flags.has("p")
  const width = (fallback: number, zero: number): number => (cols === undefined || cols === 0 ? (cols === 0 ? zero : fallback) : cols)
  const start = seek === undefined ? 0 : seek < 0 ? Math.max(0, all.length + seek) : seek
  const data = all.subarray(start, length === undefined ? undefined : start + length)
  const upper = args.flags.has("u")
  const h = (b: number) => (upper ? hex2(b).toUpperCase() : hex2(b))
  let out = ""
  if (plain) {
    const per = width(30, Math.max(1, data.length))
    for (let i = 0; i < data.length; i += per) {
      ctx.budget.step(per)
      out += Array.from(data.subarray(i, i + per), h).join("") + "\n"
    }
  } else if (args.flags.has("include")) {
    const per = width(12, 12)
    const name = args.operands[0]
    const items: Array<string> = []
    for (let i = 0; i < data.length; i += per) {
      ctx.budget.step(per)
      items.push("  " + Array.from(data.subarray(i, i + per), (b) => `0x${h(b)}`).join(", "))
    }
    const body = items.join(",\n") + (items.length > 0 ? "\n" : "")
    if (name === undefined || name === "-") out = body
    else {
      const id = name.replace(/[^A-Za-z0-9]/g, "_").replace(/^(\d)/, "__$1")
      out = `unsigned char ${id}[] = {\n${body}};\nunsigned int ${id}_len = ${data.length};\n`
    }
  } else {
    const per = width(16, 16)
    const format = hexLine(per, group ?? 2, (offset ?? 0) + start, upper, h)
    for (let i = 0; i < data.length; i += per) {
      ctx.budget.step(per)
      out += format(data.subarray(i, i + per), i)
    }
  }
  return out
}

const hexdumpSpecs = [
  { short: "C", key: "C" },
  { short: "n", value: true, key: "n" },
  { short: "s", value: true, key: "s" },
  { short: "v", key: "v" },
  { short: "x", key: "x" },
  { short: "e", value: true, key: "e" },
  { short: "f", value: true, key: "f" }
]

const runHexdump = (ctx: CommandContext, args: ParsedArgs, canonical: boolean): Run =>
  Effect.gen(function* () {
    if (args.values.has("e") || args.values.has("f")) return yield* fail(ctx, "format strings (-e/-f) are not supported", 2)
    const skip = args.values.has("s") ? parseNumber(args.values.get("s")!) : 0
    const count = args.values.has("n") ? parseNumber(args.values.get("n")!) : undefined
    if (skip === undefined || (args.values.has("n") && count === undefined)) return yield* fail(ctx, "invalid number", 1)
    const isCanonical = canonical || args.flags.has("C")
    const verbose = args.flags.has("v")
    let previous: string | undefined
    let starred = false
    const formatLine = (line: Uint8Array, at: number): string => {
      const key = Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString("latin1")
      if (!verbose && line.length === 16 && key === previous) {
        const star = starred ? "" : "*\n"
        starred = true
        return star
      }
      previous = key
      starred = false
      const offset = skip + at
      if (isCanonical) {
        let area = ""
        for (let k = 0; k < 16; k++) {
          area += k < line.length ? hex2(line[k]!) + " " : "   "
          if (k === 7) area += " "
        }
        return `${offset.toString(16).padStart(8, "0")}  ${area} |${Array.from(line, printable).join("")}|\n`
      }
      let words = ""
      for (let k = 0; k < 16; k += 2) {
        if (k < line.length) {
          const word = line[k]! | ((line[k + 1] ?? 0) << 8)
          words += " " + word.toString(16).padStart(4, "0")
        } else words += "     "
      }
      return `${offset.toString(16).padStart(7, "0")}${words}\n`
    }
    const dumped = yield* forEachDumpLine(ctx, args.operands, { skip, limit: count, width: 16 }, formatLine)
    const end = skip + dumped.total
    if (dumped.total > 0 || skip > 0) yield* writeBinary(ctx, (isCanonical ? end.toString(16).padStart(8, "0") : end.toString(16).padStart(7, "0")) + "\n")
    return dumped.status
  })

export const xxdCommand = defineCommand("xxd", (ctx) =>
  withArgs(ctx, xxdSpecs, "xxd [options] [infile [outfile]]\nMake a hex dump or do the reverse.", (args) => runXxd(ctx, args))
)
export const hexdumpCommand = defineCommand("hexdump", (ctx) =>
  withArgs(ctx, hexdumpSpecs, "hexdump [options] <file>...\nDisplay file contents in hexadecimal.", (args) => runHexdump(ctx, args, false))
)
export const hdCommand = defineCommand("hd", (ctx) =>
  withArgs(ctx, hexdumpSpecs, "hd [options] <file>...\nDisplay file contents in canonical hex+ASCII.", (args) => runHexdump(ctx, args, true))
)
