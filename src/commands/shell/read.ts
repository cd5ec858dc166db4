import { Duration, Effect, Option } from "effect"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import type { ShellInput } from "../../interpreter/streams.js"
import { Attr, IndexedArray, isValidName } from "../../interpreter/variables.js"
import { assignTarget } from "./output.js"
import { optionError, scanOptions } from "./usage.js"

const ELEMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*\[.+\]$/s

/** `read`: one record from stdin or `-u fd`, split on IFS into names or an array. */

/** Marks a backslash-escaped character in the record: IFS does not split on it. */
const ESCAPED = "\u0000"

interface RecordOptions {
  /** The delimiter byte; undefined with `-N` (only the count ends the record). */
  readonly delimiter: number | undefined
  readonly count: number | undefined
  readonly raw: boolean
}

/** What has been read so far: kept outside the effect so a timeout still sees partial input. */
interface Progress {
  text: string
  chars: number
  sawDelimiter: boolean
  eof: boolean
}

const utf8Length = (lead: number): number => (lead < 0xc0 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4)
const decoder = new TextDecoder()

/**
 * Read one record a character at a time (UTF-8 aware), leaving the rest of the input unread.
 * Without `-r`, backslash-newline continues the line and a backslash quotes the next character.
 */
const readRecord = (input: ShellInput, options: RecordOptions, progress: Progress): Effect.Effect<void, never> =>
  Effect.gen(function* () {
    let chunk: Uint8Array = new Uint8Array(0)
    let at = 0
    const nextByte = function* () {
      while (at >= chunk.length) {
        const next = yield* Effect.orElseSucceed(input.read, () => undefined)
        if (next === undefined) return undefined
        chunk = next
        at = 0
      }
      return chunk[at++]!
    }
    const nextChar = function* () {
      const lead = yield* nextByte()
      if (lead === undefined) return undefined
      const length = utf8Length(lead)
      if (length === 1) return { text: String.fromCharCode(lead), byte: lead }
      const bytes = [lead]
      for (let k = 1; k < length; k++) {
        if (at < chunk.length && (chunk[at]! & 0xc0) === 0x80) bytes.push(chunk[at++]!)
        else break
      }
      return { text: decoder.decode(Uint8Array.from(bytes)), byte: lead }
    }
    const done = () => options.count !== undefined && progress.chars >= options.count
    while (!done()) {
      // Fast path: plain ASCII bytes of the current chunk, no escapes to interpret.
      let run = ""
      while (at < chunk.length && !done()) {
        const b = chunk[at]!
        if (b === options.delimiter || b >= 0x80 || (b === 0x5c && !options.raw)) break
        run += String.fromCharCode(b)
        progress.chars++
        at++
      }
      progress.text += run
      if (done()) break
      const c = yield* nextChar()
      if (c === undefined) {
        progress.eof = true
        break
      }
      if (options.delimiter !== undefined && c.byte === options.delimiter) {
        progress.sawDelimiter = true
        break
      }
      if (!options.raw && c.text === "\\") {
        const quoted = yield* nextChar()
        if (quoted === undefined) {
          progress.eof = true
          break
        }
        if (quoted.text === "\n") continue
        progress.text += ESCAPED + quoted.text
        progress.chars++
        continue
      }
      progress.text += c.text
      progress.chars++
    }
    if (at < chunk.length) input.unread(chunk.subarray(at))
  })

/** Split for `read`: the last name takes the rest of the line (trailing IFS whitespace trimmed). */
export const splitForRead = (text: string, ifs: string, maxFields: number): Array<string> => {
  const isWs = (c: string) => (c === " " || c === "\t" || c === "\n") && ifs.includes(c)
  const isSep = (c: string) => ifs.includes(c)
  const fields: Array<string> = []
  let i = 0
  while (i < text.length && isWs(text[i]!)) i++
  while (i < text.length) {
    if (fields.length === maxFields - 1) {
      let rest = text.slice(i)
      let end = rest.length
      while (end > 0 && isWs(rest[end - 1]!) && rest[end - 2] !== ESCAPED) end--
      rest = rest.slice(0, end)
      // A single trailing non-whitespace separator is dropped, as bash does.
      if (rest.length > 0 && isSep(rest[rest.length - 1]!) && !isWs(rest[rest.length - 1]!) && rest[rest.length - 2] !== ESCAPED) {
        const trimmed = rest.slice(0, -1)
        if (![...trimmed].some((c, k) => isSep(c) && trimmed[k - 1] !== ESCAPED)) rest = trimmed
      }
      fields.push(rest)
      return fields
    }
    let field = ""
    while (i < text.length && !(isSep(text[i]!) && text[i - 1] !== ESCAPED)) {
      field += text[i]
      i++
    }
    fields.push(field)
    while (i < text.length && isWs(text[i]!)) i++
    if (i < text.length && isSep(text[i]!) && !isWs(text[i]!)) {
      i++
      while (i < text.length && isWs(text[i]!)) i++
    }
  }
  return fields
}

const unescape = (s: string) => (s.includes(ESCAPED) ? s.replace(/\u0000(.)/gsu, "$1") : s)

/** The input of `-u FD`, or an error message (status 1). */
const inputOf = (ctx: ShellBuiltinContext, fdText: string | undefined): ShellInput | string => {
  if (fdText === undefined) return ctx.stdin
  if (!/^\d+$/.test(fdText)) return `read: ${fdText}: invalid file descriptor specification`
  const input = ctx.shell.fds.input(Number(fdText))
  return input ?? `read: ${fdText}: invalid file descriptor: Bad file descriptor`
}

export const readBuiltin: ShellBuiltin = {
  name: "read",
  run: (ctx) =>
    Effect.gen(function* () {
      const shell = ctx.shell
      const state = shell.state
      const scanned = scanOptions(ctx.args, "ers", "adinNptu")
      if ("error" in scanned) return yield* optionError(ctx, "read", scanned)
      const value = (l: string) => scanned.options.findLast((o) => o.letter === l)?.value
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      const fail = (message: string) => Effect.as(shell.errorLine(message), 1)
      const raw = has("r")
      const arrayName = value("a")
      const names = scanned.rest
      // The names may be array elements (`read 'm[k]'`), as printf -v's may; not the -a array.
      if (arrayName !== undefined && !isValidName(arrayName)) return yield* fail(`read: \`${arrayName}': not a valid identifier`)
      for (const n of names) if (!isValidName(n) && !ELEMENT_NAME.test(n)) return yield* fail(`read: \`${n}': not a valid identifier`)
      const exactText = value("N")
      const countText = exactText ?? value("n")
      if (countText !== undefined && !/^\d+$/.test(countText)) return yield* fail(`read: ${countText}: invalid number`)
      const timeoutText = value("t")
      if (timeoutText !== undefined && !/^(\d+\.?\d*|\.\d+)$/.test(timeoutText)) return yield* fail(`read: ${timeoutText}: invalid timeout specification`)
      const input = inputOf(ctx, value("u"))
      if (typeof input === "string") return yield* fail(input)
      // -p prompts only when reading from a terminal; -e/-i need readline; -s hides typing.
      // None applies to a sandbox's pipes and files.
      if (timeoutText !== undefined && Number(timeoutText) === 0) return 0
      const delimiterText = value("d")
      const options: RecordOptions = {
        delimiter: exactText !== undefined ? undefined : delimiterText === undefined ? 10 : delimiterText === "" ? 0 : delimiterText.charCodeAt(0),
        count: countText === undefined ? undefined : Number(countText),
        raw
      }
      const progress: Progress = { text: "", chars: 0, sawDelimiter: false, eof: false }
      let timedOut = false
      if (options.count !== 0) {
        if (timeoutText === undefined) yield* readRecord(input, options, progress)
        else {
          const outcome = yield* Effect.timeoutOption(readRecord(input, options, progress), Duration.millis(Number(timeoutText) * 1000))
          timedOut = Option.isNone(outcome)
        }
      }
      const text = progress.text
      const assign = (name: string, v: string) => (isValidName(name) ? shell.assign(() => state.setScalar(name, v)) : assignTarget(shell, name, v))
      let error: string | undefined
      if (arrayName !== undefined) {
        const fields = splitForRead(text, state.getScalar("IFS") ?? " \t\n", Number.POSITIVE_INFINITY)
        if (((state.peek(arrayName)?.attrs ?? 0) & Attr.assoc) !== 0) return yield* fail(`read: ${arrayName}: not an indexed array`)
        error = shell.assign(() => state.setValue(arrayName, IndexedArray.from(fields.map(unescape))))
      } else if (names.length === 0) error = assign("REPLY", unescape(text))
      else if (exactText !== undefined) {
        // -N: the characters go to the first name unsplit.
        error = assign(names[0]!, unescape(text))
        for (const n of names.slice(1)) error ??= assign(n, "")
      } else {
        const fields = splitForRead(text, state.getScalar("IFS") ?? " \t\n", names.length)
        names.forEach((n, i) => (error ??= assign(n, unescape(fields[i] ?? ""))))
      }
      // A readonly variable is reported as an assignment would be, without `read: `.
      if (error !== undefined) return yield* fail(error.endsWith(": readonly variable") ? error : `read: ${error}`)
      if (timedOut) return 142
      return progress.eof ? 1 : 0
    })
}
