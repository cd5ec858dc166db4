import { Effect } from "effect"
import { shellEscape } from "../../expansion/quoting.js"
import { toExecFailure, toExpansionFailed, type ShellBuiltin, type ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { Attr } from "../../interpreter/variables.js"
import { echoEscapes, formatEscapes, percentBEscapes, toOutput, toVariableText } from "./escapes.js"
import { optionError, printUsage, scanOptions } from "./usage.js"
import { formatConversion, parseFormat } from "../support/cformat.js"
import { strftime } from "../system/date/strftime.js"
import { breakDown, zoneFromTz } from "../system/date/zone.js"
import { fitsLocaltime } from "../support/calendar.js"
import { byteField, firstByte, parseNumber } from "./printfArgs.js"

/** `echo` and `printf`. */

/** Output to a closed (or read-only) standard output fails as in bash. */
const writeError = (ctx: ShellBuiltinContext, name: string) => Effect.as(ctx.shell.errorLine(`${name}: write error: Bad file descriptor`), 1)

/** What `echo ARGS` writes: text, or bytes when `-e` escapes made some. */
const echoOutput = (args: ReadonlyArray<string>, xpgEcho: boolean): string | Uint8Array => {
  let newline = true
  let escapes = xpgEcho
  let i = 0
  for (; i < args.length; i++) {
    const arg = args[i]!
    if (!/^-[neE]+$/.test(arg)) break
    for (const c of arg.slice(1)) {
      if (c === "n") newline = false
      else if (c === "e") escapes = true
      else escapes = false
    }
  }
  let out = ""
  for (let w = i; w < args.length; w++) {
    if (w > i) out += " "
    if (escapes) {
      const { text, stop } = echoEscapes(args[w]!)
      out += text
      if (stop) return toOutput(out)
    } else out += args[w]!
  }
  if (newline) out += "\n"
  return escapes ? toOutput(out) : out
}

export const echoBuiltin: ShellBuiltin = {
  name: "echo",
  run: (ctx) => {
    const out = echoOutput(ctx.args, ctx.shell.state.shopt["xpg_echo"] === true)
    if (out.length > 0 && ctx.shell.fds.get(1)?.output === undefined) return writeError(ctx, "echo")
    return Effect.as(ctx.stdout.write(out), 0)
  },
  runSync: (shell, argv) => {
    const sink = shell.fds.get(1)?.output
    if (sink?.writeSync === undefined) return undefined
    return sink.writeSync(echoOutput(argv.slice(1), shell.state.shopt["xpg_echo"] === true)) ? 0 : undefined
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
    // Only a bare `%%` is a literal percent sign; `%5%` is an invalid conversion.
    if (conversion === "%" && m[0] === "%%") tokens.push({ _tag: "Literal", text: "%" })
    else if (conversion === "" || !/^(\(.*\)T|[diouxXeEfFgGaAcsbq])$/s.test(conversion)) tokens.push({ _tag: "Bad", character: conversion, spec: m[0] })
    else tokens.push({ _tag: "Spec", flags: m[1] ?? "", width: m[2] ?? "", precision: m[3], conversion })
  }
  if (last < format.length) tokens.push({ _tag: "Literal", text: format.slice(last) })
  return tokens
}

export const printfBuiltin: ShellBuiltin = {
  name: "printf",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "", "v")
      if ("error" in scanned) return yield* optionError(ctx, "printf", scanned)
      const target = scanned.options.findLast((o) => o.letter === "v")?.value
      const args = scanned.rest
      if (target !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*(\[.+\])?$/s.test(target)) {
        yield* ctx.shell.errorLine(`printf: \`${target}': not a valid identifier`)
        return 2
      }
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
      // bash writes each completed pass over the format before a later pass's diagnostic, so
      // with 2>&1 the two interleave as they do there.
      let written = 0
      let passStart = 0
      const diagnose = (message: string) =>
        Effect.gen(function* () {
          if (target === undefined && passStart > written) {
            yield* ctx.stdout.write(toOutput(out.slice(written, passStart)))
            written = passStart
          }
          yield* ctx.shell.errorLine(message)
        })
      do {
        passStart = out.length
        for (const piece of pieces) {
          if (piece._tag === "Literal") {
            out += formatEscapes(piece.text)
            continue
          }
          if (piece._tag === "Bad") {
            // A format ending inside a conversion is "missing"; an unknown letter is "invalid".
            yield* diagnose(piece.character === "" ? `printf: \`${piece.spec}': missing format character` : `printf: \`${piece.character}': invalid format character`)
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
          if (conv === "b" || conv === "q" || conv === "s" || conv === "c" || conv.endsWith(")T")) {
            const arg = take()
            let rendered: string
            if (conv === "b") {
              const decoded = percentBEscapes(arg ?? "")
              rendered = decoded.text
              if (decoded.stop) stop = true
            } else if (conv === "q") rendered = shellEscape(arg ?? "")
            else if (conv === "s") rendered = arg ?? ""
            else if (conv === "c") rendered = firstByte(arg ?? "")
            else {
              const time = formatTime(ctx, conv.slice(1, -2), arg)
              rendered = time.text
              if (time.invalid) {
                yield* diagnose(`printf: ${arg}: invalid number`)
                status = 1
              } else if (time.outOfRange) yield* diagnose(`printf: warning: ${arg}: Numerical result out of range`)
            }
            out += byteField(rendered, width, conv === "c" ? undefined : precision, piece.flags.includes("-"))
            if (stop) break
            continue
          }
          const parsedSpec = parseFormat(`%${piece.flags}${piece.width === "*" ? "*" : piece.width}${piece.precision === undefined ? "" : `.${piece.precision}`}${conv}`)[0]
          if (parsedSpec === undefined || parsedSpec._tag !== "Conversion") {
            yield* diagnose(`printf: \`${conv}': invalid format character`)
            status = 1
            stop = true
            break
          }
          const spec = parsedSpec.spec
          const raw = take()
          const parsed = parseNumber(raw ?? "", conv)
          if (parsed.invalid) {
            yield* diagnose(`printf: ${raw}: invalid number`)
            status = 1
          } else if (parsed.outOfRange) yield* diagnose(`printf: warning: ${raw}: Numerical result out of range`)
          const value = parsed.value
          out += formatConversion(spec, value, { ...(width !== undefined ? { width } : {}), ...(precision !== undefined ? { precision } : {}) })
        }
      } while (!stop && hasConversions && next < values.length)
      if (target !== undefined) {
        const error = yield* Effect.try({ try: () => assignTarget(ctx.shell, target, toVariableText(out)), catch: toExecFailure })
        if (error !== undefined) {
          yield* ctx.shell.errorLine(error.endsWith(": readonly variable") ? error : `printf: ${error}`)
          return 1
        }
        return status
      }
      if (out !== "" && ctx.shell.fds.get(1)?.output === undefined) return yield* writeError(ctx, "printf")
      yield* ctx.stdout.write(toOutput(written === 0 ? out : out.slice(written)))
      return status
    })
}

/**
 * `%(fmt)T`: strftime in the shell's TZ; no argument or -1 is now, -2 the shell's start. As in
 * bash, a time `localtime` cannot represent (its year does not fit an int) prints the epoch.
 */
const formatTime = (ctx: ShellBuiltinContext, format: string, arg: string | undefined): { text: string; invalid: boolean; outOfRange: boolean } => {
  const state = ctx.shell.state
  const parsed = arg === undefined || arg === "" ? undefined : parseNumber(arg, "d")
  const given = parsed === undefined ? -1n : (parsed.value.value as bigint)
  const seconds = given === -1n ? BigInt(Math.floor(Date.now() / 1000)) : given === -2n ? BigInt(Math.floor(state.startTimeMs / 1000)) : given
  const zone = zoneFromTz(state.getScalar("TZ"))
  let fields = breakDown({ seconds: Number(seconds), nanos: 0 }, zone, seconds)
  if (!fitsLocaltime(fields.year)) fields = breakDown({ seconds: 0, nanos: 0 }, zone)
  // glibc's strftime computes tm_year + 1900 in an int: the last years it represents wrap around.
  if (fields.year > 2147483647) fields = { ...fields, year: fields.year | 0 }
  return { text: strftime(format, fields), invalid: parsed?.invalid === true, outOfRange: parsed?.outOfRange === true }
}

/** `printf -v NAME` or `-v NAME[SUB]`: an element of an indexed (arithmetic subscript) or associative array. */
export const assignTarget = (shell: ShellBuiltinContext["shell"], target: string, value: string): string | undefined => {
  const element = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/s.exec(target)
  if (element === null) return shell.assign(() => shell.state.setScalar(target, value))
  const [, name, subscript] = element as unknown as [string, string, string]
  const v = shell.state.peek(name)
  if (v !== undefined && (v.attrs & Attr.assoc) !== 0) return shell.assign(() => shell.state.setElement(name, subscript, value))
  // A bad subscript is a fatal arithmetic error, as in bash: it propagates to the shell.
  return shell.assign(() => shell.state.setElement(name, Number(shell.arithmetic(subscript)), value))
}
