import { Buffer } from "node:buffer"
import { Effect } from "effect"
import type { Budget } from "../../limits/Budget.js"
import { LimitExceeded } from "../../limits/ExecutionLimits.js"
import type { CommandFailure } from "../Command.js"
import type { ChunkReader } from "./input.js"
import { concatBytes } from "./io.js"

/**
 * Records (lines, NUL-terminated records) out of a stream of chunks, as binary strings (one
 * char per byte, latin1): each chunk is split where the separator falls, and a record that
 * spans chunks is kept as a list of pieces joined once, when its end arrives (never a
 * growing string concatenated per chunk). What waits for its end is charged to the memory
 * account; a record longer than the longest string a script may hold ends the script with
 * the string-length limit, never with the host's memory.
 */

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1")

export const recordTooLong = (max: number): LimitExceeded =>
  new LimitExceeded({ limit: "maxStringLength", value: max, message: `maximum string length exceeded (${max} characters)` })

/** Splits chunks into records ended by a one-byte `separator`, carrying the unfinished tail. */
export class RecordSplitter {
  private pieces: Array<string> = []
  private pendingLength = 0

  constructor(
    private readonly separator: string,
    private readonly budget: Budget
  ) {}

  /** The complete records of `text` (a binary string), the tail of the previous chunks first. */
  push(text: string): Array<string> {
    const records: Array<string> = []
    const sep = this.separator
    let at = text.indexOf(sep)
    if (at === -1) {
      this.hold(text)
      return records
    }
    let start = 0
    if (this.pieces.length > 0) {
      this.pieces.push(text.slice(0, at))
      records.push(this.pieces.join(""))
      this.drop()
      start = at + 1
      at = text.indexOf(sep, start)
    }
    while (at !== -1) {
      records.push(text.slice(start, at))
      start = at + 1
      at = text.indexOf(sep, start)
    }
    if (start < text.length) this.hold(text.slice(start))
    return records
  }

  /** The last record when the input ended without its separator. */
  finish(): string | undefined {
    if (this.pieces.length === 0) return undefined
    const last = this.pieces.join("")
    this.drop()
    return last
  }

  /** Give back what the unfinished record held (the command stopped early). */
  release(): void {
    this.drop()
  }

  private hold(piece: string): void {
    if (piece.length === 0) return
    const max = this.budget.limits.maxStringLength
    if (this.pendingLength + piece.length > max) {
      this.drop()
      throw this.budget.stop(recordTooLong(max))
    }
    this.budget.alloc(piece.length)
    this.pieces.push(piece)
    this.pendingLength += piece.length
  }

  private drop(): void {
    this.budget.free(this.pendingLength)
    this.pieces = []
    this.pendingLength = 0
  }
}

/**
 * Pulls records from a chunk reader in batches (the complete records of one chunk), so a
 * command pays one Effect step per chunk, not per line.
 */
export class RecordReader {
  private readonly splitter: RecordSplitter
  private ended = false
  /** After the last batch: the input's last record had no separator after it. */
  unterminated = false

  constructor(
    private readonly reader: ChunkReader,
    separator: string,
    budget: Budget
  ) {
    this.splitter = new RecordSplitter(separator, budget)
  }

  /** The next non-empty batch of records, or `undefined` at end of input. */
  readonly next: Effect.Effect<Array<string> | undefined, CommandFailure> = Effect.suspend(() => this.pull())

  private pull(): Effect.Effect<Array<string> | undefined, CommandFailure> {
    if (this.ended) return Effect.succeed(undefined)
    return Effect.flatMap(this.reader, (chunk) => {
      if (chunk === undefined) {
        this.ended = true
        const last = this.splitter.finish()
        if (last === undefined) return Effect.succeed(undefined)
        this.unterminated = true
        return Effect.succeed([last])
      }
      const records = Effect.try({ try: () => this.splitter.push(latin1(chunk)), catch: (e) => e as LimitExceeded })
      return Effect.flatMap(records, (batch) => (batch.length > 0 ? Effect.succeed(batch) : this.pull()))
    })
  }

  /** Stop reading: give back what an unfinished record held. */
  close(): void {
    this.ended = true
    this.splitter.release()
  }
}

/**
 * Run `each` over the record batches of `reader` until the input ends or `each` answers
 * `false`. `each` learns whether the batch holds the input's unterminated last record.
 */
export const forEachRecords = (
  reader: ChunkReader,
  separator: string,
  budget: Budget,
  each: (records: Array<string>, unterminatedLast: boolean) => Effect.Effect<boolean | void, CommandFailure>
): Effect.Effect<void, CommandFailure> => {
  const records = new RecordReader(reader, separator, budget)
  return Effect.gen(function* () {
    for (;;) {
      const batch = yield* records.next
      if (batch === undefined) return
      if ((yield* each(batch, records.unterminated)) === false) return
    }
  }).pipe(Effect.ensuring(Effect.sync(() => records.close())))
}

/**
 * Blocks of complete lines out of a stream of chunks, as bytes: a block is released once at
 * least `minBytes` are gathered and ends at the last terminator seen (a tool that decodes or
 * classifies its input per block, like grep, sees whole lines). What waits is charged to the
 * memory account; a line longer than the string-length limit ends the script with that limit.
 */
export class LineBlocks {
  private chunks: Array<Uint8Array> = []
  private size = 0
  private charged = 0

  constructor(
    private readonly budget: Budget,
    private readonly terminator: number,
    private readonly minBytes: number
  ) {}

  /** Add a chunk; the next block when one is complete. Throws the limit a runaway line hits. */
  push(chunk: Uint8Array): Uint8Array | undefined {
    if (chunk.length === 0) return undefined
    this.chunks.push(chunk)
    this.size += chunk.length
    if (this.size >= this.minBytes) {
      for (let j = this.chunks.length - 1; j >= 0; j--) {
        const at = this.chunks[j]!.lastIndexOf(this.terminator)
        if (at === -1) continue
        const last = this.chunks[j]!
        const block = concatBytes([...this.chunks.slice(0, j), last.subarray(0, at + 1)])
        this.chunks = at + 1 < last.length ? [last.subarray(at + 1), ...this.chunks.slice(j + 1)] : this.chunks.slice(j + 1)
        this.size -= block.length
        this.charge()
        return block
      }
      const max = this.budget.limits.maxStringLength
      if (this.size > max) throw this.budget.stop(recordTooLong(max))
    }
    this.charge()
    return undefined
  }

  /** What is left at the end of input (the last lines, the last one maybe unterminated). */
  finish(): Uint8Array | undefined {
    const rest = this.chunks.length === 0 ? undefined : concatBytes(this.chunks)
    this.release()
    return rest
  }

  /** Give back what the pending bytes held. */
  release(): void {
    this.chunks = []
    this.size = 0
    this.charge()
  }

  private charge(): void {
    if (this.size > this.charged) this.budget.alloc(this.size - this.charged)
    else this.budget.free(this.charged - this.size)
    this.charged = this.size
  }
}
