import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../Command.js"
import { parseArgs } from "../support/args.js"
import { decodeText, fileErrorMessage } from "../support/io.js"
import { fail, failWithHint, printHelp } from "./help.js"

/**
 * `xargs [OPTION]... [COMMAND [ARG]...]`: builds command lines from input items and runs them
 * in the sandbox through `ctx.exec`. `-P` is accepted but invocations run one after another, in
 * order; `--process-slot-var` still hands out slots round-robin so sharding scripts work.
 * Statuses follow GNU: 123 when an invocation failed, 124 when one exited 255, 127/126 when the
 * command is missing.
 */

const HELP = `Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...
Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.

  -0, --null                   items are separated by a null, not whitespace
  -a, --arg-file=FILE          read arguments from FILE, not standard input
  -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER
  -E END                       set logical EOF string
  -I R                         same as --replace=R
  -i, --replace[=R]            replace R in INITIAL-ARGS with names read from input (default {})
  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per command line
  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
  -P, --max-procs=MAX-PROCS    accepted; commands run one at a time
      --process-slot-var=VAR   set environment variable VAR in child processes
  -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND
  -s, --max-chars=MAX-CHARS    limit length of command line to MAX-CHARS
  -t, --verbose                print commands before executing them
  -x, --exit                   exit if the size (see -s) is exceeded
      --help                   display this help and exit
`

const DEFAULT_MAX_CHARS = 131072

/** Decode a `-d` argument: a single character or a C escape (`\n`, `\t`, `\0`, `\x41`, `\101`). */
const parseDelimiter = (text: string): string | undefined => {
  if (text.length === 1) return text
  const simple: Record<string, string> = { "\\n": "\n", "\\t": "\t", "\\0": "\0", "\\\\": "\\", "\\r": "\r", "\\a": "\x07", "\\b": "\b", "\\f": "\f", "\\v": "\v" }
  if (simple[text] !== undefined) return simple[text]
  const hex = /^\\x([0-9a-fA-F]{1,2})$/.exec(text)
  if (hex !== null) return String.fromCharCode(parseInt(hex[1]!, 16))
  const octal = /^\\([0-7]{1,3})$/.exec(text)
  if (octal !== null) return String.fromCharCode(parseInt(octal[1]!, 8))
  return undefined
}

interface Line {
  readonly items: Array<string>
  /** The line ends with a blank, which continues it for -L. */
  readonly continues: boolean
}

type Split = { readonly lines: Array<Line> } | { readonly error: string }

/** Default input syntax: blank-separated items with '…', "…" and backslash quoting, grouped by line. */
const splitQuoted = (input: string, eof: string | undefined, wholeLines: boolean): Split => {
  const lines: Array<Line> = []
  let items: Array<string> = []
  let current = ""
  let inItem = false
  let i = 0
  const endItem = (): boolean => {
    if (!inItem) return false
    inItem = false
    const item = current
    current = ""
    if (eof !== undefined && eof !== "" && item === eof) return true
    items.push(item)
    return false
  }
  while (i < input.length) {
    const c = input[i]!
    if (c === "\n") {
      if (endItem()) break
      if (items.length > 0) lines.push({ items, continues: /[ \t]$/.test(input.slice(0, i)) })
      items = []
      i++
      continue
    }
    if (!wholeLines && (c === " " || c === "\t")) {
      if (endItem()) break
      i++
      continue
    }
    if (wholeLines && !inItem && (c === " " || c === "\t")) {
      i++
      continue
    }
    if (c === "'" || c === '"') {
      const close = input.indexOf(c, i + 1)
      const newline = input.indexOf("\n", i + 1)
      if (close === -1 || (newline !== -1 && newline < close)) {
        const kind = c === "'" ? "single" : "double"
        return { error: `unmatched ${kind} quote; by default quotes are special to xargs unless you use the -0 option` }
      }
      current += input.slice(i + 1, close)
      inItem = true
      i = close + 1
      continue
    }
    if (c === "\\" && i + 1 < input.length) {
      current += input[i + 1]
      inItem = true
      i += 2
      continue
    }
    current += c
    inItem = true
    i++
  }
  if (i >= input.length) endItem()
  if (items.length > 0) lines.push({ items, continues: false })
  return { lines }
}

/** `-0` / `-d`: every delimiter ends an item, empty items included; no quoting. */
const splitDelimited = (input: string, delimiter: string): Array<Line> => {
  const parts = input.split(delimiter)
  if (parts[parts.length - 1] === "") parts.pop()
  return parts.map((item) => ({ items: [item], continues: false }))
}

const positiveInt = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined

export const xargsCommand = defineCommand("xargs", (ctx) =>
  Effect.gen(function* () {
    // -i and -e take optional attached values, which the generic parser cannot express.
    const argv = ctx.args.map((arg) => (arg === "-i" ? "--replace" : /^-i./.test(arg) ? `--replace=${arg.slice(2)}` : /^-e/.test(arg) ? `--eof=${arg.slice(2)}` : arg))
    const parsed = parseArgs(
      argv,
      [
        { short: "0", long: "null", key: "null" },
        { short: "a", long: "arg-file", key: "file", value: true },
        { short: "d", long: "delimiter", key: "delimiter", value: true },
        { short: "E", key: "eof", value: true },
        { long: "eof", key: "eof", value: true, optionalValue: true },
        { short: "I", key: "replace", value: true },
        { long: "replace", key: "replace", value: true, optionalValue: true },
        { short: "L", long: "max-lines", key: "lines", value: true },
        { short: "l", key: "lines1" },
        { short: "n", long: "max-args", key: "args", value: true },
        { short: "P", long: "max-procs", key: "procs", value: true },
        { long: "process-slot-var", key: "slotVar", value: true },
        { short: "r", long: "no-run-if-empty", key: "noEmpty" },
        { short: "s", long: "max-chars", key: "chars", value: true },
        { short: "t", long: "verbose", key: "verbose" },
        { short: "x", long: "exit", key: "exit" },
        { short: "p", long: "interactive", key: "interactive" },
        { long: "open-tty", short: "o", key: "tty" },
        { long: "show-limits", key: "limits" },
        { long: "help", key: "help" }
      ],
      { stopAtFirstOperand: true }
    )
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    const { flags, values, operands } = parsed.args
    if (flags.has("help")) return yield* printHelp(ctx, HELP)
    if (flags.has("interactive") || flags.has("tty")) return yield* fail(ctx, "interactive prompting is not available in the sandbox", 1)

    for (const [key, option] of [["args", "-n"], ["lines", "-L"], ["procs", "-P"], ["chars", "-s"]] as const) {
      const text = values.get(key)
      if (text === undefined) continue
      if (key === "procs" ? !/^\d+$/.test(text) : positiveInt(text) === undefined) {
        return yield* fail(ctx, `invalid number "${text}" for ${option} option`, 1)
      }
    }
    let delimiter: string | undefined
    if (flags.has("null")) delimiter = "\0"
    if (values.has("delimiter")) {
      delimiter = parseDelimiter(values.get("delimiter")!)
      if (delimiter === undefined) return yield* fail(ctx, `invalid input delimiter specification ${values.get("delimiter")}: the delimiter must be either a single character or an escape sequence starting with \\.`, 1)
    }
    const replaceValue = values.get("replace")
    const replace = replaceValue === undefined ? undefined : replaceValue === "" ? "{}" : replaceValue
    const maxArgs = positiveInt(values.get("args"))
    const maxLines = replace !== undefined ? 1 : flags.has("lines1") ? 1 : positiveInt(values.get("lines"))
    const maxChars = positiveInt(values.get("chars")) ?? DEFAULT_MAX_CHARS
    const procs = Number(values.get("procs") ?? "1")
    const slotVar = values.get("slotVar")
    const command = operands.length === 0 ? ["echo"] : operands

    let inputBytes: Uint8Array
    const file = values.get("file")
    if (file !== undefined) {
      const read = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(file)))
      if (read._tag === "Left") return yield* fail(ctx, `cannot open input file '${file}': ${fileErrorMessage(file, read.left).slice(file.length + 2)}`, 1)
      inputBytes = read.right
    } else inputBytes = yield* ctx.stdin.readAll
    const input = decodeText(inputBytes)

    let lines: Array<Line>
    let splitError: string | undefined
    if (delimiter !== undefined) lines = splitDelimited(input, delimiter)
    else {
      const split = splitQuoted(input, values.get("eof"), replace !== undefined)
      if ("error" in split) {
        splitError = split.error
        lines = []
      } else lines = split.lines
    }

    // Group items into invocations.
    const batches: Array<Array<string>> = []
    if (replace !== undefined) {
      for (const line of lines) {
        const item = line.items.join(" ")
        batches.push(command.slice(1).map((arg) => arg.split(replace).join(item)))
      }
    } else {
      const baseLength = command.reduce((sum, arg) => sum + arg.length + 1, 0)
      let batch: Array<string> = []
      let batchLines = 0
      let length = baseLength
      const flush = () => {
        batches.push(batch)
        batch = []
        batchLines = 0
        length = baseLength
      }
      for (const line of lines) {
        for (const item of line.items) {
          if (batch.length > 0 && ((maxArgs !== undefined && batch.length >= maxArgs) || length + item.length + 1 > maxChars)) flush()
          batch.push(item)
          length += item.length + 1
        }
        if (!line.continues) batchLines++
        if (maxLines !== undefined && batchLines >= maxLines) flush()
      }
      if (batch.length > 0 || (batches.length === 0 && !flags.has("noEmpty") && splitError === undefined)) flush()
    }

    const program = command[0]!
    const fixedArgs = replace !== undefined ? [] : command.slice(1)
    let status = 0
    for (let index = 0; index < batches.length; index++) {
      const argvOut = [program, ...fixedArgs, ...batches[index]!]
      if (flags.has("verbose")) yield* ctx.stderr.write(`${argvOut.join(" ")}\n`)
      if (!ctx.hasCommand(program)) {
        yield* ctx.stderr.write(`xargs: ${program}: No such file or directory\n`)
        return 127
      }
      const slot = procs > 1 ? index % procs : 0
      const env = slotVar === undefined ? undefined : { ...ctx.env, [slotVar]: String(slot) }
      const code = yield* ctx.exec(argvOut, env === undefined ? undefined : { env })
      if (code === 255) {
        yield* ctx.stderr.write(`xargs: ${program}: exited with status 255; aborting\n`)
        return 124
      }
      if (code === 126 || code === 127) return code
      if (code !== 0) status = 123
    }
    if (splitError !== undefined) return yield* fail(ctx, splitError, 1)
    return status
  })
)
