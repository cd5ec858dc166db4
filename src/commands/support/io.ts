import { Effect } from "effect"
import { vfsErrorText, type VfsError } from "../../vfs/VfsError.js"
import type { CommandContext, CommandFailure } from "../Command.js"

const encoder = new TextEncoder()
const decoder = new TextDecoder("utf-8")

export const encodeText = (text: string): Uint8Array => encoder.encode(text)

/** Concatenate byte chunks (returns the only chunk as is). */
export const concatBytes = (chunks: ReadonlyArray<Uint8Array>): Uint8Array => {
  if (chunks.length === 1) return chunks[0]!
  let length = 0
  for (const chunk of chunks) length += chunk.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}
/** Decode UTF-8, replacing invalid sequences (text commands decode at their own edge). */
export const decodeText = (bytes: Uint8Array): string => decoder.decode(bytes)

/** Write `cmd: message\n` to stderr. */
export const printError = (ctx: CommandContext, message: string): Effect.Effect<void, CommandFailure> =>
  ctx.stderr.write(`${ctx.name}: ${message}\n`)

/** GNU-style usage failure: the message, the `--help` hint, and status 1 (or the tool's `status`). */
export const usageError = (ctx: CommandContext, message: string, status = 1): Effect.Effect<number, CommandFailure> =>
  Effect.as(ctx.stderr.write(`${ctx.name}: ${message}\nTry '${ctx.name} --help' for more information.\n`), status)

/** The message a file error prints: `cmd: path: No such file or directory`. */
export const fileErrorMessage = (path: string, error: VfsError): string => `${path}: ${vfsErrorText(error.reason)}`
