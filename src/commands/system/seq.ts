import { Effect } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../Command.js"
import { type ConversionSpec, formatConversion, parseFormat } from "../support/cformat.js"
import { ChunkedWriter, fail, failWithHint, printHelp } from "./help.js"

/**
 * `seq [-s SEP] [-w] [-f FORMAT] [FIRST [INCREMENT]] LAST`, as GNU coreutils.
 *
 * Plain decimal operands are computed exactly (scaled big integers), so `seq 0 0.1 0.3` reaches
 * 0.3 as GNU's long double arithmetic does; hexadecimal and infinite operands use doubles and
 * `%g`, as GNU's default format does for them.
 */

const HELP = `Usage: seq [OPTION]... LAST
  or:  seq [OPTION]... FIRST LAST
  or:  seq [OPTION]... FIRST INCREMENT LAST
Print numbers from FIRST to LAST, in steps of INCREMENT.

  -f, --format=FORMAT      use printf style floating-point FORMAT
  -s, --separator=STRING   use STRING to separate numbers (default: \\n)
  -w, --equal-width        equalize width by padding with leading zeroes
      --help               display this help and exit
`

/** A parsed operand: its double value and, for plain decimals, its exact scaled form. */
interface Operand {
  readonly value: number
  /** Digits after the decimal point once the exponent is applied; undefined for hex/inf. */
  readonly precision: number | undefined
  /** Mantissa digits as an integer and the power of ten dividing them (value = digits / 10^scale). */
  readonly digits: bigint | undefined
  readonly scale: number
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

const parseOperand = (text: string): Operand | "invalid" | "nan" => {
  const trimmed = text.replace(/^\s+/, "")
  const decimal = DECIMAL.exec(trimmed)
  if (decimal !== null && (decimal[2] !== "" || (decimal[3] ?? "") !== "")) {
    const [, sign, whole = "", fraction = "", exponentText] = decimal
    const exponent = exponentText === undefined ? 0 : Number(exponentText)
    if (Math.abs(exponent) > 4000) return { value: Number(trimmed), precision: undefined, digits: undefined, scale: 0 }
    let digits = BigInt((whole + fraction) || "0")
    let scale = fraction.length - exponent
    if (scale < 0) {
      digits *= 10n ** BigInt(-scale)
      scale = 0
    }
    if (sign === "-") digits = -digits
    const precision = Math.max(0, fraction.length - exponent)
    return { value: Number(trimmed), precision, digits, scale }
  }
  if (/^[+-]?0[xX]([0-9a-fA-F]+(\.[0-9a-fA-F]*)?|\.[0-9a-fA-F]+)([pP][+-]?\d+)?$/.test(trimmed)) {
    const negative = trimmed.startsWith("-")
    const body = trimmed.replace(/^[+-]?0[xX]/, "")
    const [mantissa = "", power] = body.split(/[pP]/)
    const [intPart = "", fracPart = ""] = mantissa.split(".")
    let value = intPart === "" ? 0 : parseInt(intPart, 16)
    for (let i = 0; i < fracPart.length; i++) value += parseInt(fracPart[i]!, 16) / 16 ** (i + 1)
    if (power !== undefined) value *= 2 ** Number(power)
    return { value: negative ? -value : value, precision: undefined, digits: undefined, scale: 0 }
  }
  if (/^[+-]?inf(inity)?$/i.test(trimmed)) {
    return { value: trimmed.startsWith("-") ? -Infinity : Infinity, precision: undefined, digits: undefined, scale: 0 }
  }
  if (/^[+-]?nan$/i.test(trimmed)) return "nan"
  return "invalid"
}

/** Check a `-f` format: exactly one floating-point conversion. Returns the error text or the pieces. */
const checkFormat = (format: string): { prefix: string; spec: ConversionSpec; suffix: string } | string => {
  const pieces = parseFormat(format)
  let spec: ConversionSpec | undefined
  let prefix = ""
  let suffix = ""
  for (const piece of pieces) {
    if (piece._tag === "Invalid") {
      return piece.character === undefined ? `format '${format}' ends in %` : `format '${format}' has unknown %${piece.character} directive`
    }
    if (piece._tag === "Literal") {
      if (spec === undefined) prefix += piece.text
      else suffix += piece.text
      continue
    }
    if (spec !== undefined) return `format '${format}' has too many % directives`
    if (!"efgEFGaA".includes(piece.spec.conversion) || piece.spec.width === "*" || piece.spec.precision === "*") {
      return `format '${format}' has unknown ${piece.spec.text} directive`
    }
    spec = piece.spec
  }
  if (spec === undefined) return `format '${format}' has no % directive`
  return { prefix, spec, suffix }
}

/** Render `digits / 10^scale` with exactly `places` decimals (places <= scale, no rounding needed). */
const renderScaled = (digits: bigint, scale: number, places: number): string => {
  const negative = digits < 0n
  let text = (negative ? -digits : digits).toString()
  if (scale > places) text = text.slice(0, text.length - (scale - places)) || "0"
  if (places > 0) {
    text = text.padStart(places + 1, "0")
    text = `${text.slice(0, -places)}.${text.slice(-places)}`
  }
  return negative ? `-${text}` : text
}

interface Options {
  separator: string
  equalWidth: boolean
  format: string | undefined
}

const parseOptions = (ctx: CommandContext): { options: Options; operands: Array<string> } | { help: true } | { error: string } => {
  const options: Options = { separator: "\n", equalWidth: false, format: undefined }
  const args = ctx.args
  let i = 0
  for (; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") {
      i++
      break
    }
    if (!arg.startsWith("-") || arg.length === 1 || /^-[\d.]/.test(arg)) break
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=")
      const name = arg.slice(2, eq === -1 ? undefined : eq)
      const longs = ["separator", "equal-width", "format", "help", "version"].filter((l) => l.startsWith(name))
      if (longs.length !== 1) return { error: longs.length === 0 ? `unrecognized option '${arg}'` : `option '${arg}' is ambiguous` }
      const long = longs[0]!
      if (long === "help") return { help: true }
      if (long === "equal-width" || long === "version") {
        if (long === "version") return { error: "unrecognized option '--version'" }
        options.equalWidth = true
        continue
      }
      let value: string | undefined = eq === -1 ? args[++i] : arg.slice(eq + 1)
      if (value === undefined) return { error: `option '--${long}' requires an argument` }
      if (long === "separator") options.separator = value
      else options.format = value
      continue
    }
    for (let j = 1; j < arg.length; j++) {
      const letter = arg[j]!
      if (letter === "w") {
        options.equalWidth = true
        continue
      }
      if (letter !== "s" && letter !== "f") return { error: `invalid option -- '${letter}'` }
      const rest = arg.slice(j + 1)
      const value = rest !== "" ? rest : args[++i]
      if (value === undefined) return { error: `option requires an argument -- '${letter}'` }
      if (letter === "s") options.separator = value
      else options.format = value
      break
    }
  }
  return { options, operands: args.slice(i) }
}

export const seqCommand = defineCommand("seq", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseOptions(ctx)
    if ("help" in parsed) return yield* printHelp(ctx, HELP)
    if ("error" in parsed) return yield* failWithHint(ctx, parsed.error, 1)
    const { options, operands } = parsed
    if (operands.length === 0) return yield* failWithHint(ctx, "missing operand", 1)
    if (operands.length > 3) return yield* failWithHint(ctx, `extra operand '${operands[3]}'`, 1)
    const values: Array<Operand> = []
    for (const text of operands) {
      const operand = parseOperand(text)
      if (operand === "invalid") return yield* failWithHint(ctx, `invalid floating point argument: '${text}'`, 1)
      if (operand === "nan") return yield* failWithHint(ctx, `invalid 'not-a-number' argument: '${text}'`, 1)
      values.push(operand)
    }
    const one: Operand = { value: 1, precision: 0, digits: 1n, scale: 0 }
    const first = values.length >= 2 ? values[0]! : one
    const step = values.length === 3 ? values[1]! : one
    const last = values[values.length - 1]!
    if (step.value === 0) return yield* failWithHint(ctx, `invalid Zero increment value: '${operands[1]}'`, 1)
    if (options.format !== undefined && options.equalWidth) {
      return yield* failWithHint(ctx, "format string may not be specified when printing equal width strings", 1)
    }
    const custom = options.format === undefined ? undefined : checkFormat(options.format)
    if (typeof custom === "string") return yield* fail(ctx, custom, 1)

    const writer = new ChunkedWriter(ctx)
    let count = 0
    const emit = (text: string): boolean => writer.push(count++ === 0 ? text : options.separator + text)
    const renderNumber = (value: number): string =>
      custom !== undefined ? custom.prefix + formatConversion(custom.spec, { kind: "number", value }) + custom.suffix : ""

    const exact =
      first.digits !== undefined && step.digits !== undefined && first.precision !== undefined && step.precision !== undefined
    if (exact && (last.digits !== undefined || !Number.isFinite(last.value))) {
      // Exact path: everything scaled to a common power of ten.
      const scale = Math.max(first.scale, step.scale, last.digits === undefined ? 0 : last.scale)
      const up = (operand: Operand): bigint => operand.digits! * 10n ** BigInt(scale - operand.scale)
      const start = up(first)
      const increment = up(step)
      const end = last.digits === undefined ? undefined : up(last)
      const places = Math.max(first.precision!, step.precision!)
      let width = 0
      if (options.equalWidth) {
        width = renderScaled(start, scale, places).length
        if (end !== undefined) width = Math.max(width, renderScaled(end, scale, places).length)
      }
      const pad = (text: string): string => {
        if (text.length >= width) return text
        return text.startsWith("-") ? `-${text.slice(1).padStart(width - 1, "0")}` : text.padStart(width, "0")
      }
      const ascending = increment > 0n
      const infiniteEnd = end === undefined && (last.value > 0) === ascending
      if (end === undefined && !infiniteEnd) return 0
      for (let x = start; infiniteEnd || (ascending ? x <= end! : x >= end!); x += increment) {
        const text = custom !== undefined ? renderNumber(Number(renderScaled(x, scale, scale))) : pad(renderScaled(x, scale, places))
        if (emit(text)) yield* writer.flush()
      }
    } else {
      const ascending = step.value > 0
      const format: ConversionSpec = {
        leftAlign: false, plusSign: false, spaceSign: false, alternate: false, zeroPad: false, grouping: false,
        width: undefined, precision: undefined, conversion: "g", text: "%g"
      }
      for (let i = 0; ; i++) {
        const x = first.value + i * step.value
        if (ascending ? x > last.value : x < last.value) break
        const text = custom !== undefined ? renderNumber(x) : formatConversion(format, { kind: "number", value: x })
        if (emit(text)) yield* writer.flush()
        if (!Number.isFinite(x) && x === last.value) break
      }
    }
    if (count > 0) writer.push("\n")
    yield* writer.flush()
    return 0
  }) satisfies Effect.Effect<number, CommandFailure>
)
