/** `numfmt`: convert numbers to and from human-readable SI/IEC forms (GNU rounding and layout). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import { fail, readOperand, splitRecords, withArgs, writeBinary, type Run } from "./common.js"
import { parseCutList, type Range } from "./cutList.js"

type Scale = "none" | "auto" | "si" | "iec" | "iec-i"
type Rounding = "up" | "down" | "from-zero" | "towards-zero" | "nearest"

const SUFFIXES = "KMGTPEZYRQ"

const specs = [
  { long: "from", value: true },
  { long: "to", value: true },
  { long: "from-unit", value: true },
  { long: "to-unit", value: true },
  { long: "round", value: true },
  { long: "suffix", value: true },
  { long: "padding", value: true },
  { long: "format", value: true },
  { long: "field", value: true },
  { short: "d", long: "delimiter", value: true },
  { long: "header", value: true, optionalValue: true },
  { long: "invalid", value: true },
  { long: "grouping" },
  { short: "z", long: "zero-terminated" },
  { long: "debug" }
]

const roundWith = (value: number, mode: Rounding): number => {
  switch (mode) {
    case "up": return Math.ceil(value)
    case "down": return Math.floor(value)
    case "from-zero": return Math.sign(value) * Math.ceil(Math.abs(value))
    case "towards-zero": return Math.trunc(value)
    case "nearest": return Math.sign(value) * Math.round(Math.abs(value))
  }
}

/** C's %.Nf: round half to even on the binary value, as printf does. */
const fixed = (value: number, digits: number): string => {
  const text = value.toFixed(digits)
  return text === "-0" || /^-0\.0*$/.test(text) ? text.slice(1) : text
}

interface Format {
  readonly prefix: string
  readonly suffix: string
  readonly width: number
  readonly left: boolean
  readonly zero: boolean
  readonly precision: number | undefined
}

const parseFormat = (text: string): Format | string => {
  const m = /^((?:[^%]|%%)*)%([-0']*)(\d*)(?:\.(\d*))?f((?:[^%]|%%)*)$/.exec(text)
  if (m === null) return text.includes("%") ? `invalid format '${text}', directive must be %[0]['][-][N][.][N]f` : `format '${text}' has no % directive`
  return {
    prefix: m[1]!.replace(/%%/g, "%"),
    suffix: m[5]!.replace(/%%/g, "%"),
    width: m[3] === "" ? 0 : Number(m[3]),
    left: m[2]!.includes("-"),
    zero: m[2]!.includes("0"),
    precision: m[4] === undefined ? undefined : m[4] === "" ? 0 : Number(m[4])
  }
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const scaleArg = (key: string, allowed: ReadonlyArray<string>): Scale | undefined => {
      const v = args.values.get(key) ?? "none"
      return allowed.includes(v) ? (v as Scale) : undefined
    }
    const from = scaleArg("from", ["none", "auto", "si", "iec", "iec-i"])
    const to = scaleArg("to", ["none", "si", "iec", "iec-i"])
    if (from === undefined) return yield* usageError(ctx, `invalid argument '${args.values.get("from")}' for '--from'`, 1)
    if (to === undefined) return yield* usageError(ctx, `invalid argument '${args.values.get("to")}' for '--to'`, 1)
    const round = (args.values.get("round") ?? "from-zero") as Rounding
    if (!["up", "down", "from-zero", "towards-zero", "nearest"].includes(round)) return yield* usageError(ctx, `invalid argument '${round}' for '--round'`, 1)
    const invalid = args.values.get("invalid") ?? "abort"
    if (!["abort", "fail", "warn", "ignore"].includes(invalid)) return yield* usageError(ctx, `invalid argument '${invalid}' for '--invalid'`, 1)
    const unit = (key: string): number | string => {
      const v = args.values.get(key)
      if (v === undefined) return 1
      const m = /^(\d+)([KMGTPEZYRQ]?)(i?)$/.exec(v)
      if (m === null || Number(m[1]) === 0) return `invalid unit size: '${v}'`
      const power = m[2] === "" ? 0 : SUFFIXES.indexOf(m[2]!) + 1
      return Number(m[1]) * Math.pow(m[3] === "i" || key === "x" ? 1024 : 1000, power)
    }
    const fromUnit = unit("from-unit")
    const toUnit = unit("to-unit")
    if (typeof fromUnit === "string") return yield* fail(ctx, fromUnit)
    if (typeof toUnit === "string") return yield* fail(ctx, toUnit)
    const suffix = args.values.get("suffix") ?? ""
    const paddingText = args.values.get("padding")
    if (paddingText !== undefined && (!/^-?\d+$/.test(paddingText) || Number(paddingText) === 0)) return yield* fail(ctx, `invalid padding value '${paddingText}'`)
    const padding = paddingText === undefined ? 0 : Number(paddingText)
    let format: Format | undefined
    const formatText = args.values.get("format")
    if (formatText !== undefined) {
      const parsed = parseFormat(formatText)
      if (typeof parsed === "string") return yield* fail(ctx, parsed)
      format = parsed
    }
    let fields: ReadonlyArray<Range> = [{ lo: 1, hi: 1 }]
    const fieldText = args.values.get("field")
    if (fieldText !== undefined) {
      const parsed = parseCutList(fieldText, true)
      if (parsed._tag === "Error") return yield* fail(ctx, parsed.message)
      fields = parsed.ranges
    }
    const delimiter = args.values.get("delimiter")
    if (delimiter !== undefined && delimiter.length !== 1) return yield* fail(ctx, `the delimiter must be a single character`)

    let status = 0
    let stop = false
    const report = (message: string) => Effect.gen(function* () {
      if (invalid === "ignore") return
      yield* ctx.stderr.write(`numfmt: ${message}\n`)
    })

    /** Convert one number token; undefined (with a message) when invalid. */
    const convert = (token: string): { text?: string; error?: string } => {
      const m = /^(-?)(\d*\.?\d*)([KMGTPEZYRQ]?)(i?)(.*)$/.exec(token)
      if (m === null || m[2] === "" || m[2] === ".") return { error: `invalid number: '${token}'` }
      let rest = m[5]!
      if (rest !== "" && suffix !== "" && rest === suffix) rest = ""
      if (rest !== "") return { error: m[3] === "" ? `invalid suffix in input: '${token}'` : `invalid suffix in input '${token}': '${rest}'` }
      const letter = m[3]!
      let value = Number(m[1]! + m[2]!)
      if (letter !== "") {
        if (from === "none") return { error: `rejecting suffix in input: '${token}' (consider using --from)` }
        if (from === "iec-i" && m[4] !== "i") return { error: `missing 'i' suffix in input: '${token}' (e.g Ki/Mi/Gi)` }
        const base = from === "iec" || from === "iec-i" || (from === "auto" && m[4] === "i") ? 1024 : 1000
        value *= Math.pow(base, SUFFIXES.indexOf(letter) + 1)
      } else if (m[4] === "i") return { error: `invalid suffix in input: '${token}'` }
      value = (value * (fromUnit as number)) / (toUnit as number)
      const decimals = (m[2]!.split(".")[1] ?? "").length
      let text: string
      if (to === "none") {
        const precision = format?.precision ?? (from === "none" && letter === "" ? decimals : 0)
        const scale = Math.pow(10, precision)
        text = fixed(roundWith(value * scale, round) / scale, precision)
      } else {
        const base = to === "si" ? 1000 : 1024
        let power = 0
        let v = value
        while (Math.abs(v) >= base && power < SUFFIXES.length) {
          v /= base
          power++
        }
        const userPrecision = format?.precision
        const adjust = userPrecision !== undefined ? Math.min(power * 3, userPrecision) : Math.abs(v) < 10 ? 1 : 0
        const scale = Math.pow(10, adjust)
        v = roundWith(v * scale, round) / scale
        if (Math.abs(v) >= base && power < SUFFIXES.length) {
          v /= base
          power++
        }
        const showDecimal = v !== 0 && Math.abs(v) < 10 && power > 0
        const digits = userPrecision !== undefined ? userPrecision : showDecimal ? 1 : 0
        text = fixed(v, digits) + (power === 0 ? "" : SUFFIXES[power - 1]! + (to === "iec-i" ? "i" : ""))
      }
      text += suffix
      if (format !== undefined) {
        const padded = format.left ? text.padEnd(format.width) : format.zero && /^-?\d/.test(text) ? (text.startsWith("-") ? "-" + text.slice(1).padStart(format.width - 1, "0") : text.padStart(format.width, "0")) : text.padStart(format.width)
        text = format.prefix + padded + format.suffix
      }
      if (padding !== 0) text = padding > 0 ? text.padStart(padding) : text.padEnd(-padding)
      return { text }
    }

    const convertLine = (line: string) =>
      Effect.gen(function* () {
        const pieces = delimiter === undefined ? line.split(/(\s+)/) : line.split(delimiter)
        // With blank separation, pieces alternate text and blanks; a leading blank run stays attached.
        const fieldIndexes: Array<number> = []
        if (delimiter === undefined) {
          for (let i = 0; i < pieces.length; i += 2) if (pieces[i] !== "" || i > 0) fieldIndexes.push(i)
        } else for (let i = 0; i < pieces.length; i++) fieldIndexes.push(i)
        let failed = false
        fieldIndexes.forEach((pieceIndex, n) => {
          if (failed || !fields.some((r) => n + 1 >= r.lo && n + 1 <= r.hi)) return
          const piece = pieces[pieceIndex]!
          const converted = convert(piece)
          if (converted.error !== undefined) {
            failed = true
            errors.push(converted.error)
          } else if (padding === 0 && format === undefined && delimiter === undefined && pieceIndex > 0 && pieceIndex === 2 && pieces[0] === "") {
            const blanks = pieces[1]!
            const width = blanks.length + piece.length
            pieces[1] = ""
            pieces[pieceIndex] = converted.text!.padStart(width)
          } else pieces[pieceIndex] = converted.text!
        })
        if (failed) {
          for (const e of errors.splice(0)) yield* report(e)
          if (invalid === "abort") {
            stop = true
            status = 2
            return
          }
          if (invalid === "fail") status = 2
          yield* writeBinary(ctx, line + eol)
          return
        }
        yield* writeBinary(ctx, pieces.join(delimiter ?? "") + eol)
      })
    const errors: Array<string> = []
    const eol = args.flags.has("zero-terminated") ? "\0" : "\n"
    if (args.operands.length > 0) {
      for (const operand of args.operands) {
        yield* convertLine(operand)
        if (stop) break
      }
      return status
    }
    const input = yield* readOperand(ctx, "-")
    const lines = splitRecords(input.data ?? "", eol)
    const headerText = args.values.get("header")
    const headerLines = headerText === undefined ? 0 : headerText === "" ? 1 : Number(headerText)
    for (let i = 0; i < lines.length; i++) {
      if (i < headerLines) {
        yield* writeBinary(ctx, lines[i]! + eol)
        continue
      }
      yield* convertLine(lines[i]!)
      if (stop) break
    }
    return status
  })

export const numfmtCommand = defineCommand("numfmt", (ctx) =>
  withArgs(ctx, specs, "numfmt [OPTION]... [NUMBER]...\nReformat NUMBER(s), or the numbers from standard input if none are specified.", (args) => run(ctx, args))
)
