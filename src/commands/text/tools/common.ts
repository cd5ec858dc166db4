/**
 * Shared plumbing for the text toolbox: argument parsing with `--help`, byte-clean "binary
 * strings" (one char per byte, latin1) so the hot loops work on plain JS strings with C-locale
 * byte order, and reading operands with GNU error messages.
 */
import { Buffer } from "node:buffer"
import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { parseArgs, type OptionSpec, type ParseOptions, type ParsedArgs } from "../../support/args.js"
import { collectBinary, withCommandMemory } from "../../support/collect.js"
import { openInputOrWarn } from "../../support/input.js"
import { forEachRecords } from "../../support/records.js"
import { encodeText, fileErrorMessage, printError, usageError } from "../../support/io.js"

export type Run = Effect.Effect<number, CommandFailure>

/** Bytes to a string holding one char (0-255) per byte. */
export const toBinary = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1")

/** A binary string back to bytes. */
export const fromBinary = (text: string): Uint8Array => Buffer.from(text, "latin1")

/** Ordinary (UTF-16) text, e.g. an argument, as a binary string of its UTF-8 bytes. */
export const textToBinary = (text: string): string => toBinary(encodeText(text))

/** A binary string holding UTF-8 back to ordinary text. */
export const binaryToText = (binary: string): string => Buffer.from(binary, "latin1").toString("utf8")

export const writeBinary = (ctx: CommandContext, binary: string): Effect.Effect<void, CommandFailure> =>
  binary.length === 0 ? Effect.void : ctx.stdout.write(fromBinary(binary))

/**
 * Parse argv with the given specs (plus `--help`); on a parse error print the GNU usage
 * failure (the tool's `usageStatus`, default 1 as in GNU coreutils), on `--help` print
 * `usage` and succeed with 0.
 */
export const withArgs = (
  ctx: CommandContext,
  specs: ReadonlyArray<OptionSpec>,
  usage: string,
  body: (args: ParsedArgs) => Run,
  options: ParseOptions & { readonly usageStatus?: number } = {}
): Run => {
  const parsed = parseArgs(ctx.args, [...specs, { long: "help", key: "__help" }], options)
  if (parsed._tag === "Error") {
    // GNU's status for a usage error, an unknown option included: 1, or the tool's own (sort, diff: 2).
    return usageError(ctx, parsed.message, options.usageStatus ?? 1)
  }
  if (parsed.args.flags.has("__help")) return Effect.as(ctx.stdout.write(`Usage: ${usage}\n`), 0)
  return withCommandMemory(ctx, body(parsed.args))
}

/** Print `cmd: message` and return `status`. */
export const fail = (ctx: CommandContext, message: string, status = 1): Run =>
  Effect.as(printError(ctx, message), status)

export interface Input {
  /** The operand as given (`-` for stdin). */
  readonly name: string
  /** The content as a binary string, or undefined when it could not be read (error printed). */
  readonly data: string | undefined
}

/**
 * Read one operand whole (`-` is stdin) as a binary string, printing `cmd: name: reason` on
 * failure. What it holds is charged to the command's memory account as it is read.
 */
export const readOperand = (ctx: CommandContext, name: string): Effect.Effect<Input, CommandFailure> =>
  Effect.flatMap(openInputOrWarn(ctx, name), (reader) =>
    reader === undefined ? Effect.succeed<Input>({ name, data: undefined }) : Effect.map(collectBinary(ctx, reader), (data): Input => ({ name, data }))
  )

/** Read every operand (stdin when none); a second `-` reads an already drained stdin (empty). */
export const readOperands = (ctx: CommandContext, operands: ReadonlyArray<string>): Effect.Effect<Array<Input>, CommandFailure> =>
  Effect.forEach(operands.length === 0 ? ["-"] : operands, (name) => readOperand(ctx, name))

/**
 * Split a binary string into records ended by `sep`; a final record without terminator is
 * kept, an empty trailing piece is not.
 */
export const splitRecords = (data: string, sep: string): Array<string> => {
  if (data.length === 0) return []
  const parts = data.split(sep)
  if (parts[parts.length - 1] === "") parts.pop()
  return parts
}

/** Join records, terminating each with `sep`. */
export const joinRecords = (records: ReadonlyArray<string>, sep: string): string =>
  records.length === 0 ? "" : records.join(sep) + sep

/** GNU quoting of a value in messages: 'value'. */
export const quote = (value: string): string => `'${value}'`

/** Parse a non-negative decimal integer (GNU rejects signs and junk). */
export const parseCount = (text: string): number | undefined => (/^\d+$/.test(text) ? Number(text) : undefined)

/** The display name GNU tools use for `-`. */
export const displayName = (name: string): string => (name === "-" ? "standard input" : name)

/** Write to a file operand (`sort -o`, `shuf -o`), printing GNU's message on failure. */
export const writeFileOperand = (
  ctx: CommandContext,
  path: string,
  binary: string
): Effect.Effect<boolean, CommandFailure> =>
  ctx.fs.writeFile(ctx.resolvePath(path), fromBinary(binary)).pipe(
    Effect.as(true),
    Effect.catchTag("VfsError", (error) => Effect.as(printError(ctx, fileErrorMessage(path, error)), false))
  )

/**
 * Stream the records of each operand in turn (stdin when none), a batch at a time, as GNU
 * filters do: output flows while input arrives and memory stays bounded. `each` learns whether
 * the batch ends with the input's unterminated last record, and may answer `false` to stop
 * reading. An operand that cannot be read prints its error; the status is then 1.
 */
export const forEachOperandRecords = (
  ctx: CommandContext,
  operands: ReadonlyArray<string>,
  separator: string,
  each: (records: Array<string>, unterminatedLast: boolean, name: string) => Effect.Effect<boolean | void, CommandFailure>
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    let status = 0
    for (const name of operands.length === 0 ? ["-"] : operands) {
      const reader = yield* openInputOrWarn(ctx, name)
      if (reader === undefined) {
        status = 1
        continue
      }
      yield* forEachRecords(reader, separator, ctx.budget, (records, unterminated) => each(records, unterminated, name))
    }
    return status
  })
