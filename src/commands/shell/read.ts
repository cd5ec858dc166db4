import { Duration, Effect, Option } from "effect"
import { withLease, type Budget } from "../../limits/Budget.js"
import { stringTooLong, type LimitExceeded } from "../../limits/ExecutionLimits.js"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import type { ShellInput } from "../../interpreter/streams.js"
import { Attr, IndexedArray, isValidName } from "../../interpreter/variables.js"
import { assignTarget } from "./output.js"
import { optionError, scanOptions } from "./usage.js"

const ELEMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*\[.+\]$/s

/** `read`: one record from stdin or `-u fd`, split on IFS into names or an array. */

/** Marks a backslash-escaped character in the record: IFS does not split on it. */
const ESCAPED = "\u0000"
const ESCAPED_CODE = 0

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
 * Where the plain bytes from `at` end: at the delimiter, a backslash (unless raw) or the end of
 * the chunk (native searches); with `asciiLimit`, also at a non-ASCII byte or that position.
 */
const runEnd = (chunk: Uint8Array, at: number, delimiter: number, raw: boolean, asciiLimit: number | undefined): number => {
  let end = delimiter < 0 ? chunk.length : chunk.indexOf(delimiter, at)
  if (end === -1) end = chunk.length
  if (!raw) {
    const backslash = chunk.indexOf(0x5c, at)
    if (backslash !== -1 && backslash < end) end = backslash
  }
  if (asciiLimit === undefined) return end
  const limit = Math.min(end, asciiLimit)
  let i = at
  while (i < limit && chunk[i]! < 0x80) i++
  return i
}

/**
 * Read one record a character at a time (UTF-8 aware), leaving the rest of the input unread.
 * Without `-r`, backslash-newline continues the line and a backslash quotes the next character.
 */
const readRecord = (input: ShellInput, options: RecordOptions, progress: Progress, budget: Budget): Effect.Effect<void, LimitExceeded> =>
  // The record held so far is on the memory budget while it is read (the variable it lands in
  // is counted by the shell state afterwards).
  withLease(budget, (lease) => Effect.gen(function* () {
    let chunk: Uint8Array = new Uint8Array(0)
    let at = 0
    // Each chunk passes the budget, and the record may not outgrow one value: an endless input
    // without a delimiter (`read x < /dev/zero`) ends at the limit, not in the host's memory.
    const readChunk = Effect.gen(function* () {
      yield* budget.checkpoint
      if (progress.text.length > budget.limits.maxStringLength) return yield* Effect.fail(stringTooLong(budget.limits.maxStringLength))
      const next = yield* Effect.catchIf(input.read, (error) => error._tag !== "LimitExceeded", () => Effect.succeed(undefined))
      if (next !== undefined) lease.alloc(next.length)
      return next
    })
    const nextByte = function* () {
      while (at >= chunk.length) {
        const next = yield* readChunk
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
    // Runs of plain bytes are decoded natively; a multi-byte character split between two
    // chunks is carried by the streaming decoder. With a count (-n, -N), only ASCII runs are
    // taken here, so characters are counted one by one below.
    const runs = new TextDecoder()
    const delimiter = options.delimiter ?? -1
    const stopAtHigh = options.count !== undefined
    while (!done()) {
      const end = runEnd(chunk, at, delimiter, options.raw, stopAtHigh ? at + options.count! - progress.chars : undefined)
      if (end > at) {
        progress.text += runs.decode(chunk.subarray(at, end), { stream: true })
        progress.chars += end - at
        at = end
        if (done()) break
        if (at >= chunk.length) {
          // The chunk is spent: take the next one (or the end) and scan again.
          const next = yield* readChunk
          if (next !== undefined) {
            chunk = next
            at = 0
            continue
          }
        }
      }
      progress.text += runs.decode()
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
  }))


/** Split for `read`: the last name takes the rest of the line (trailing IFS whitespace trimmed). */
export const splitForRead = (text: string, ifs: string, maxFields: number): Array<string> => {
  // A native search flattens a text built by concatenation, so indexing it below is cheap.
  text.indexOf(ESCAPED)
  // By code unit, through a table: IFS is not searched once per character of the line.
  const ascii = new Uint8Array(128)
  const others = new Set<number>()
  for (let k = 0; k < ifs.length; k++) {
    const c = ifs.charCodeAt(k)
    if (c < 128) ascii[c] = 1
    else others.add(c)
  }
  const isSepCode = (c: number): boolean => (c < 128 ? ascii[c] === 1 : others.size > 0 && others.has(c))
  const isWsAt = (k: number): boolean => {
    const c = text.charCodeAt(k)
    return (c === 32 || c === 9 || c === 10) && ascii[c] === 1
  }
  const isSepAt = (k: number): boolean => isSepCode(text.charCodeAt(k))
  const escapedAt = (k: number): boolean => k >= 0 && text.charCodeAt(k) === ESCAPED_CODE
  const fields: Array<string> = []
  let i = 0
  while (i < text.length && isWsAt(i)) i++
  while (i < text.length) {
    if (fields.length === maxFields - 1) {
      let end = text.length
      // (Escapes are looked for inside the rest only, as in a slice of it.)
      const escapedInRest = (k: number): boolean => k >= i && escapedAt(k)
      while (end > i && isWsAt(end - 1) && !escapedInRest(end - 2)) end--
      // A single trailing non-whitespace separator is dropped, as bash does.
      // (With the IFS whitespace before it: `y :` is one field and its delimiter.)
      if (end > i && isSepAt(end - 1) && !isWsAt(end - 1) && !escapedInRest(end - 2)) {
        let fieldEnd = end - 1
        while (fieldEnd > i && isWsAt(fieldEnd - 1) && !escapedInRest(fieldEnd - 2)) fieldEnd--
        let another = false
        for (let k = i; k < fieldEnd && !another; k++) another = isSepAt(k) && !escapedInRest(k - 1)
        if (!another) end = fieldEnd
      }
      fields.push(text.slice(i, end))
      return fields
    }
    const start = i
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if ((c < 128 ? ascii[c] === 1 : others.has(c)) && (i === 0 || text.charCodeAt(i - 1) !== ESCAPED_CODE)) break
    }
    fields.push(text.slice(start, i))
    while (i < text.length && isWsAt(i)) i++
    if (i < text.length && isSepAt(i) && !isWsAt(i)) {
      i++
      while (i < text.length && isWsAt(i)) i++
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
        if (timeoutText === undefined) yield* readRecord(input, options, progress, ctx.budget)
        else {
          const outcome = yield* Effect.timeoutOption(readRecord(input, options, progress, ctx.budget), Duration.millis(Number(timeoutText) * 1000))
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
