/** `od`: dump bytes in octal, hex, decimal and character formats (GNU layout and duplicate '*'). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { fail, withArgs, writeBinary, type Run } from "./common.js"
import { forEachDumpLine } from "./dumpLines.js"

interface OutputType {
  readonly kind: "a" | "c" | "d" | "o" | "u" | "x"
  readonly size: number
  /** Printed width of one element without the separating space. */
  readonly digits: number
  /** A `z` suffix: the line's printable characters follow, between `>` and `<`. */
  readonly trailer?: boolean
}

const DIGITS: Record<string, Record<number, number>> = {
  o: { 1: 3, 2: 6, 4: 11, 8: 22 },
  x: { 1: 2, 2: 4, 4: 8, 8: 16 },
  u: { 1: 3, 2: 5, 4: 10, 8: 20 },
  d: { 1: 4, 2: 6, 4: 11, 8: 20 }
}
const SIZE_LETTERS: Record<string, number> = { C: 1, S: 2, I: 4, L: 8 }

const parseType = (spec: string): Array<OutputType> | string => {
  const types: Array<OutputType> = []
  let i = 0
  while (i < spec.length) {
    const kind = spec[i++]!
    const trailer = (): boolean => (spec[i] === "z" ? (i++, true) : false)
    if (kind === "a" || kind === "c") {
      types.push({ kind, size: 1, digits: 3, trailer: trailer() })
      continue
    }
    if (kind === "f") return `floating point output (-t ${spec}) is not supported`
    if (!"doux".includes(kind)) return `invalid character '${kind}' in type string '${spec}'`
    let size = 4
    const letter = spec[i]
    if (letter !== undefined && SIZE_LETTERS[letter] !== undefined) {
      size = SIZE_LETTERS[letter]!
      i++
    } else {
      const m = /^\d+/.exec(spec.slice(i))
      if (m !== null) {
        size = Number(m[0])
        i += m[0].length
        if (![1, 2, 4, 8].includes(size)) return `invalid type string '${spec}';\nthis system doesn't provide a ${size}-byte integral type`
      }
    }
    types.push({ kind: kind as OutputType["kind"], size, digits: DIGITS[kind]![size]!, trailer: trailer() })
  }
  return types
}

const NAMES = ["nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp"]
const C_ESCAPES: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r" }

const element = (type: OutputType, bytes: Uint8Array, at: number): string => {
  if (type.kind === "a") {
    const b = bytes[at]! & 0x7f
    return b <= 32 ? NAMES[b]! : b === 127 ? "del" : String.fromCharCode(b)
  }
  if (type.kind === "c") {
    const b = bytes[at]!
    return C_ESCAPES[b] ?? (b >= 32 && b < 127 ? String.fromCharCode(b) : b.toString(8).padStart(3, "0"))
  }
  let value = 0n
  for (let k = type.size - 1; k >= 0; k--) value = (value << 8n) | BigInt(bytes[at + k] ?? 0)
  if (type.kind === "d" && value >= 1n << BigInt(type.size * 8 - 1)) value -= 1n << BigInt(type.size * 8)
  const radix = type.kind === "o" ? 8 : type.kind === "x" ? 16 : 10
  const text = value.toString(radix)
  return type.kind === "o" || type.kind === "x" ? text.padStart(type.digits, "0") : text
}

const specs = [
  { short: "A", long: "address-radix", value: true },
  { short: "j", long: "skip-bytes", value: true },
  { short: "N", long: "read-bytes", value: true },
  { short: "t", long: "format", value: true, multiple: true },
  { short: "v", long: "output-duplicates" },
  { short: "w", long: "width", value: true, optionalValue: true },
  { short: "a", key: "a" },
  { short: "b", key: "b" },
  { short: "c", key: "c" },
  { short: "d", key: "d" },
  { short: "i", key: "i" },
  { short: "l", key: "l" },
  { short: "o", key: "o" },
  { short: "s", key: "s" },
  { short: "x", key: "x" },
  { long: "endian", value: true },
  { long: "traditional" }
]

const SHORTHAND: Record<string, string> = { a: "a", b: "o1", c: "c", d: "u2", i: "dI", l: "dL", o: "o2", s: "d2", x: "x2" }

/** Byte counts with GNU suffixes (0x hex, 0 octal, b k m multipliers). */
const parseSize = (text: string): number | undefined => {
  const m = /^(0x[0-9a-f]+|0[0-7]*|[1-9]\d*)(b|k|K|m|M|kB|MB|G)?$/i.exec(text)
  if (m === null) return undefined
  const base = m[1]!.toLowerCase().startsWith("0x") ? parseInt(m[1]!, 16) : m[1]!.length > 1 && m[1]!.startsWith("0") ? parseInt(m[1]!, 8) : Number(m[1])
  const mult = { b: 512, k: 1024, K: 1024, m: 1048576, M: 1048576, kB: 1000, MB: 1e6, G: 1024 ** 3 }[m[2] ?? ""] ?? 1
  return base * mult
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    if (args.values.has("endian") || args.flags.has("traditional")) return yield* fail(ctx, "--endian and --traditional are not supported", 2)
    const types: Array<OutputType> = []
    for (const { key, value } of args.order) {
      const spec = key === "format" ? value! : SHORTHAND[key]
      if (spec === undefined) continue
      const parsed = parseType(spec)
      if (typeof parsed === "string") return yield* fail(ctx, parsed)
      types.push(...parsed)
    }
    if (types.length === 0) types.push({ kind: "o", size: 2, digits: 6 })
    const radixText = args.values.get("address-radix") ?? "o"
    if (!["d", "o", "x", "n"].includes(radixText)) {
      return yield* fail(ctx, `invalid output address radix '${radixText}'; it must be one character from [doxn]`)
    }
    const skip = args.values.has("skip-bytes") ? parseSize(args.values.get("skip-bytes")!) : 0
    if (skip === undefined) return yield* fail(ctx, `invalid -j argument '${args.values.get("skip-bytes")}'`)
    const limit = args.values.has("read-bytes") ? parseSize(args.values.get("read-bytes")!) : undefined
    if (args.values.has("read-bytes") && limit === undefined) return yield* fail(ctx, `invalid -N argument '${args.values.get("read-bytes")}'`)
    const widthText = args.values.get("width")
    const width = widthText === undefined ? 16 : widthText === "" ? 32 : Number(widthText)
    if (!Number.isInteger(width) || width < 1) return yield* fail(ctx, `invalid -w argument '${widthText}'`)
    const lcm = types.reduce((l, t) => (l % t.size === 0 ? l : l * t.size), 1)
    if (width % lcm !== 0) return yield* fail(ctx, `warning: invalid width ${width}; using ${lcm * Math.max(1, Math.floor(width / lcm))} instead`)

    // GNU layout: every type's line spans the same width; the slack is spread over its fields.
    const blockWidth = Math.max(...types.map((t) => (t.digits + 1) * (width / t.size)))
    const addressWidth = radixText === "x" ? 6 : 7
    const address = (n: number): string =>
      radixText === "n" ? "" : n.toString(radixText === "d" ? 10 : radixText === "x" ? 16 : 8).padStart(addressWidth, "0")
    const verbose = args.flags.has("output-duplicates")
    let previous: string | undefined
    let starred = false
    const formatLine = (line: Uint8Array, offset: number): string => {
      const key = Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString("latin1")
      if (!verbose && line.length === width && key === previous) {
        const star = starred ? "" : "*\n"
        starred = true
        return star
      }
      previous = key
      starred = false
      let out = ""
      types.forEach((type, index) => {
        out += index === 0 ? address(skip + offset) : " ".repeat(radixText === "n" ? 0 : addressWidth)
        const fields = width / type.size
        const pad = blockWidth - type.digits * fields
        let padRemaining = pad
        let printed = 0
        for (let at = 0, k = 0; at < line.length; at += type.size, k++) {
          const nextPad = Math.floor((pad * (fields - k - 1)) / fields)
          const field = element(type, line, at).padStart(padRemaining - nextPad + type.digits)
          out += field
          printed += field.length
          padRemaining = nextPad
        }
        if (type.trailer === true) {
          // Blank out the missing fields of a short last line, then the printable bytes.
          let shown = ""
          for (const b of line) shown += b >= 32 && b < 127 ? String.fromCharCode(b) : "."
          out += " ".repeat(Math.max(0, blockWidth - printed)) + "  >" + shown + "<"
        }
        out += "\n"
      })
      return out
    }
    const dumped = yield* forEachDumpLine(ctx, args.operands, { skip, limit, width }, formatLine)
    // No input could be read: GNU prints nothing, not even the end address.
    if (dumped.opened === 0) return 1
    if (dumped.skipLeft > 0) {
      yield* fail(ctx, "cannot skip past end of combined input")
      return 1
    }
    if (radixText !== "n") yield* writeBinary(ctx, address(skip + dumped.total) + "\n")
    return dumped.status
  })

export const odCommand = defineCommand("od", (ctx) =>
  withArgs(ctx, specs, "od [OPTION]... [FILE]...\nWrite an unambiguous representation, octal bytes by default, of FILE to standard output.", (args) => run(ctx, args))
)
