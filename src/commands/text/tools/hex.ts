/** `xxd` (hex dump and -r reverse) and `hexdump`/`hd` (default 16-bit words, -C canonical). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fail, fromBinary, readOperand, withArgs, writeBinary, type Run } from "./common.js"

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
    const input = yield* readOperand(ctx, args.operands[0] ?? "-")
    if (input.data === undefined) return 2
    const plain = args.flags.has("p")
    if (args.flags.has("revert")) {
      const bytes = xxdReverse(input.data, plain)
      yield* ctx.stdout.write(bytes)
      return 0
    }
    const numberOption = (key: string): number | undefined | "bad" => {
      const v = args.values.get(key)
      return v === undefined ? undefined : parseNumber(v) ?? "bad"
    }
    const seek = numberOption("seek")
    const length = numberOption("len")
    const cols = numberOption("cols")
    const group = numberOption("groupsize")
    const offset = numberOption("offset")
    for (const v of [seek, length, cols, group, offset]) if (v === "bad") return yield* fail(ctx, "invalid number", 1)
    const plainOrInclude = plain || args.flags.has("include")
    // As xxd: a negative width is refused, and more than 256 in the hex dump; 0 means the default
    // (for -p: all on one line). A zero width must never reach the loops below.
    if (cols !== undefined && ((cols as number) < 0 || (!plainOrInclude && (cols as number) > 256))) {
      return yield* fail(ctx, "invalid number of columns (max. 256).", 1)
    }
    const width = (fallback: number, zero: number): number => (cols === undefined || cols === 0 ? (cols === 0 ? zero : fallback) : (cols as number))
    let data = fromBinary(input.data)
    const start = seek === undefined ? 0 : (seek as number) < 0 ? Math.max(0, data.length + (seek as number)) : (seek as number)
    data = data.subarray(start, length === undefined ? undefined : start + (length as number))
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
      const size = (group as number | undefined) ?? 2
      const groupSize = size <= 0 ? per : size
      const base = ((offset as number | undefined) ?? 0) + start
      const groupsPerLine = Math.ceil(per / groupSize)
      const areaWidth = per * 2 + groupsPerLine
      for (let i = 0; i < data.length; i += per) {
        ctx.budget.step(per)
        const line = data.subarray(i, i + per)
        let area = ""
        for (let k = 0; k < line.length; k++) {
          area += h(line[k]!)
          if ((k + 1) % groupSize === 0 || k === line.length - 1) area += " "
        }
        const addr = (base + i).toString(16).padStart(8, "0")
        out += `${upper ? addr.toUpperCase() : addr}: ${area.padEnd(areaWidth)} ${Array.from(line, printable).join("")}\n`
      }
    }
    yield* writeBinary(ctx, out)
    return 0
  })

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
    const operands = args.operands.length === 0 ? ["-"] : args.operands
    const chunks: Array<Uint8Array> = []
    let status = 0
    for (const name of operands) {
      const input = yield* readOperand(ctx, name)
      if (input.data === undefined) status = 1
      else chunks.push(fromBinary(input.data))
    }
    const skip = args.values.has("s") ? parseNumber(args.values.get("s")!) : 0
    const count = args.values.has("n") ? parseNumber(args.values.get("n")!) : undefined
    if (skip === undefined || (args.values.has("n") && count === undefined)) return yield* fail(ctx, "invalid number", 1)
    const all = Buffer.concat(chunks)
    const data = all.subarray(skip, count === undefined ? undefined : skip + count)
    const isCanonical = canonical || args.flags.has("C")
    const verbose = args.flags.has("v")
    let out = ""
    let previous: string | undefined
    let starred = false
    for (let i = 0; i < data.length; i += 16) {
      ctx.budget.step(16)
      const line = data.subarray(i, i + 16)
      const key = Buffer.from(line).toString("latin1")
      if (!verbose && line.length === 16 && key === previous) {
        if (!starred) out += "*\n"
        starred = true
        continue
      }
      previous = key
      starred = false
      const offset = skip + i
      if (isCanonical) {
        let area = ""
        for (let k = 0; k < 16; k++) {
          area += k < line.length ? hex2(line[k]!) + " " : "   "
          if (k === 7) area += " "
        }
        out += `${offset.toString(16).padStart(8, "0")}  ${area} |${Array.from(line, printable).join("")}|\n`
      } else {
        let words = ""
        for (let k = 0; k < 16; k += 2) {
          if (k < line.length) {
            const word = line[k]! | ((line[k + 1] ?? 0) << 8)
            words += " " + word.toString(16).padStart(4, "0")
          } else words += "     "
        }
        out += `${offset.toString(16).padStart(7, "0")}${words}\n`
      }
    }
    const end = skip + data.length
    if (data.length > 0 || skip > 0) out += (isCanonical ? end.toString(16).padStart(8, "0") : end.toString(16).padStart(7, "0")) + "\n"
    yield* writeBinary(ctx, out)
    return status
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
