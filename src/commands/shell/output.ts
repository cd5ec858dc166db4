import { Effect } from "effect"
import { shellEscape } from "../../expansion/quoting.js"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import { echoEscapes, formatEscapes, percentBEscapes, toOutput, toVariableText } from "./escapes.js"
import { optionError, printUsage, scanOptions } from "./usage.js"
import { formatConversion, parseFormat, type FormatValue } from "../support/cformat.js"

/** `echo` and `printf`. */

export const echoBuiltin: ShellBuiltin = {
  name: "echo",
  run: (ctx) => {
    let newline = true
    let escapes = ctx.shell.state.shopt["xpg_echo"] === true
    let i = 0
    for (; i < ctx.args.length; i++) {
      const arg = ctx.args[i]!
      if (!/^-[neE]+$/.test(arg)) break
      for (const c of arg.slice(1)) {
        if (c === "n") newline = false
        else if (c === "e") escapes = true
        else escapes = false
      }
    }
    const words = ctx.args.slice(i)
    let out = ""
    for (let w = 0; w < words.length; w++) {
      if (w > 0) out += " "
      if (escapes) {
        const { text, stop } = echoEscapes(words[w]!)
        out += text
        if (stop) return Effect.as(ctx.stdout.write(toOutput(out)), 0)
      } else out += words[w]!
    }
    if (newline) out += "\n"
    return Effect.as(ctx.stdout.write(escapes ? toOutput(out) : out), 0)
  }
}

type FormatToken =
  | { readonly _tag: "Literal"; readonly text: string }
  | { readonly _tag: "Bad"; readonly character: string; readonly spec: string }
  | { readonly _tag: "Spec"; readonly flags: string; readonly width: string; readonly precision: string | undefined; readonly conversion: string }

const SPEC = /%([-+ #0']*)(\*|\d*)(?:\.(\*|\d*))?(?:hh|h|ll|l|L|j|z|t)?(\([^)]*\)T|[diouxXeEfFgGaAcsbq%]|.?)/gs

/** Split a printf format into literal text and conversions, including bash's %b, %q and %(fmt)T. */
const tokenizeFormat = (format: string): Array<FormatToken> => {
  const tokens: Array<FormatToken> = []
  let last = 0
  for (const m of format.matchAll(SPEC)) {
    if (m.index > last) tokens.push({ _tag: "Literal", text: format.slice(last, m.index) })
    last = m.index + m[0].length
    const conversion = m[4] ?? ""
    if (conversion === "%") tokens.push({ _tag: "Literal", text: "%" })
    else if (conversion === "" || !/^(\(.*\)T|[diouxXeEfFgGaAcsbq])$/s.test(conversion)) tokens.push({ _tag: "Bad", character: conversion, spec: m[0] })
    else tokens.push({ _tag: "Spec", flags: m[1] ?? "", width: m[2] ?? "", precision: m[3], conversion })
  }
  if (last < format.length) tokens.push({ _tag: "Literal", text: format.slice(last) })
  return tokens
}

/** Parse a printf numeric argument as bash does: `'c` is a char code, 0x/0 prefixes, trailing junk is an error. */
const parseNumber = (arg: string, integer: boolean): { value: FormatValue; error: boolean } => {
  if (/^['"]/.test(arg)) {
    const code = arg.length > 1 ? arg.codePointAt(1)! : 0
    return { value: integer ? { kind: "integer", value: BigInt(code) } : { kind: "number", value: code }, error: false }
  }
  const trimmed = arg.trim()
  if (trimmed === "") return { value: integer ? { kind: "integer", value: 0n } : { kind: "number", value: 0 }, error: false }
  if (integer) {
    const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)/.exec(trimmed)
    if (m === null) return { value: { kind: "integer", value: 0n }, error: true }
    const digits = m[2]!
    let n = digits.startsWith("0x") || digits.startsWith("0X") ? BigInt(digits) : digits.length > 1 && digits.startsWith("0") ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits)
    if (m[1] === "-") n = -n
    return { value: { kind: "integer", value: BigInt.asIntN(64, n) }, error: m[0].length !== trimmed.length }
  }
  const m = /^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|0[xX][0-9a-fA-F]+|inf|infinity|nan)/i.exec(trimmed)
  if (m === null) return { value: { kind: "number", value: 0 }, error: true }
  const value = /^[+-]?0[xX]/.test(m[0]) ? Number.parseInt(m[0], 16) : Number(m[0].replace(/^([+-]?)inf(inity)?$/i, "$1Infinity"))
  return { value: { kind: "number", value }, error: m[0].length !== trimmed.length }
}

export const printfBuiltin: ShellBuiltin = {
  name: "printf",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "", "v")
      if ("error" in scanned) return yield* optionError(ctx, "printf", scanned)
      const target = scanned.options.findLast((o) => o.letter === "v")?.value
      const args = scanned.rest
      if (args.length === 0) {
        yield* printUsage(ctx, "printf")
        return 2
      }
      const format = args[0]!
      const values = args.slice(1)
      const pieces = tokenizeFormat(format)
      let out = ""
      let status = 0
      let next = 0
      let stop = false
      const take = () => values[next++]
      const hasConversions = pieces.some((p) => p._tag !== "Literal")
      do {
        for (const piece of pieces) {
          if (piece._tag === "Literal") {
            out += formatEscapes(piece.text)
            continue
          }
          if (piece._tag === "Bad") {
            // A format ending inside a conversion is "missing"; an unknown letter is "invalid".
            yield* ctx.shell.errorLine(piece.character === "" ? `printf: \`${piece.spec}': missing format character` : `printf: \`${piece.character}': invalid format character`)
            status = 1
            stop = true
            break
          }
          const star = (): number => {
            const a = take()
            return a === undefined ? 0 : Number.parseInt(a, 10) || 0
          }
          const width = piece.width === "*" ? star() : piece.width === "" ? undefined : Number(piece.width)
          const precision = piece.precision === "*" ? star() : piece.precision === undefined ? undefined : Number(piece.precision || 0)
          const conv = piece.conversion
          if (conv === "b" || conv === "q" || conv.endsWith(")T")) {
            const arg = take()
            let rendered: string
            if (conv === "b") {
              const decoded = percentBEscapes(arg ?? "")
              rendered = decoded.text
              if (decoded.stop) stop = true
            } else if (conv === "q") rendered = shellEscape(arg ?? "")
            else {
              const seconds = arg === undefined || arg === "-1" || arg === "" ? Date.now() / 1000 : Number(arg)
              rendered = strftimeBasic(conv.slice(1, -2), new Date(seconds * 1000))
            }
            if (precision !== undefined) rendered = rendered.slice(0, precision)
            const w = width ?? 0
            rendered = piece.flags.includes("-") || (width ?? 0) < 0 ? rendered.padEnd(Math.abs(w)) : rendered.padStart(w)
            out += rendered
            if (stop) break
            continue
          }
          const parsedSpec = parseFormat(`%${piece.flags}${piece.width === "*" ? "*" : piece.width}${piece.precision === undefined ? "" : `.${piece.precision}`}${conv}`)[0]
          if (parsedSpec === undefined || parsedSpec._tag !== "Conversion") {
            yield* ctx.shell.errorLine(`printf: \`${conv}': invalid format character`)
            status = 1
            stop = true
            break
          }
          const spec = parsedSpec.spec
          const raw = take()
          let value: FormatValue
          if (conv === "s" || conv === "c") value = { kind: "string", value: raw ?? "" }
          else {
            const integer = "diouxX".includes(conv)
            const parsed = parseNumber(raw ?? "", integer)
            if (parsed.error) {
              yield* ctx.shell.errorLine(`printf: ${raw}: invalid number`)
              status = 1
            }
            value = parsed.value
          }
          out += formatConversion(spec, value, { ...(width !== undefined ? { width } : {}), ...(precision !== undefined ? { precision } : {}) })
        }
      } while (!stop && hasConversions && next < values.length)
      if (target !== undefined) {
        const error = ctx.shell.assign(() => ctx.shell.state.setScalar(target, toVariableText(out)))
        if (error !== undefined) {
          yield* ctx.shell.errorLine(`printf: ${error}`)
          return 1
        }
        return status
      }
      yield* ctx.stdout.write(toOutput(out))
      return status
    })
}

const pad2 = (n: number) => String(n).padStart(2, "0")
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

/** The common strftime specifiers for `printf '%(fmt)T'` (UTC). */
const strftimeBasic = (format: string, d: Date): string =>
  format.replace(/%([a-zA-Z%])/g, (_, c: string) => {
    switch (c) {
      case "Y":
        return String(d.getUTCFullYear())
      case "m":
        return pad2(d.getUTCMonth() + 1)
      case "d":
        return pad2(d.getUTCDate())
      case "H":
        return pad2(d.getUTCHours())
      case "M":
        return pad2(d.getUTCMinutes())
      case "S":
        return pad2(d.getUTCSeconds())
      case "s":
        return String(Math.floor(d.getTime() / 1000))
      case "a":
        return DAYS[d.getUTCDay()]!
      case "b":
        return MONTHS[d.getUTCMonth()]!
      case "F":
        return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`
      case "T":
        return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`
      case "%":
        return "%"
      default:
        return `%${c}`
    }
  })
