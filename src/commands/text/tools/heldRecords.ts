/**
 * Records a command must hold all at once (sort, shuf), read chunk by chunk and charged to the
 * exec's memory budget as they arrive: an endless input (`yes | sort`) ends on the memory limit
 * after a bounded amount of work instead of growing the heap until the deadline. Each chunk is
 * followed by a checkpoint, so reading a big file or a fast pipe stays fair.
 */
import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../../Command.js"
import type { MemoryLease } from "../../../limits/Budget.js"
import { fromBinary, toBinary } from "./common.js"

/** What one held record costs beyond its bytes (string header, array slot), roughly as V8 stores it. */
export const RECORD_OVERHEAD = 40

/** Bytes of a file split into pieces of this size, so one big file is handled like a stream. */
const PIECE = 64 * 1024

/** Splits chunks into records ended by `sep`, holding them on `lease`. */
export class RecordCollector {
  readonly records: Array<string> = []
  /** Pieces of a record not yet ended (kept apart so a long line is not re-scanned per chunk). */
  private partial: Array<string> = []

  constructor(
    private readonly sep: string,
    private readonly lease: MemoryLease
  ) {}

  /** Take one chunk of input (throws the memory limit when the account overflows). */
  feed(chunk: Uint8Array): void {
    const text = toBinary(chunk)
    const before = this.records.length
    this.lease.alloc(text.length)
    let start = 0
    for (;;) {
      const end = text.indexOf(this.sep, start)
      if (end < 0) break
      if (this.partial.length > 0) {
        this.partial.push(text.slice(start, end))
        this.records.push(this.partial.join(""))
        this.partial = []
      } else this.records.push(text.slice(start, end))
      start = end + 1
    }
    if (start < text.length) this.partial.push(text.slice(start))
    this.lease.alloc((this.records.length - before) * RECORD_OVERHEAD)
  }

  /** End of input: a last record without its terminator is kept. */
  finish(): Array<string> {
    if (this.partial.length > 0) {
      this.records.push(this.partial.join(""))
      this.partial = []
      this.lease.alloc(RECORD_OVERHEAD)
    }
    return this.records
  }
}

/** Feed all of stdin to `collector`, a chunk at a time, with a checkpoint after each. */
export const collectStdin = (ctx: CommandContext, collector: RecordCollector): Effect.Effect<void, CommandFailure> =>
  Effect.gen(function* () {
    for (;;) {
      const chunk = yield* ctx.stdin.read
      if (chunk === undefined) return
      collector.feed(chunk)
      yield* ctx.budget.checkpoint
    }
  })

/** Feed bytes already in memory (a file's content) to `collector` in pieces, with checkpoints. */
export const collectBytes = (ctx: CommandContext, bytes: Uint8Array, collector: RecordCollector): Effect.Effect<void, CommandFailure> =>
  Effect.gen(function* () {
    for (let offset = 0; offset < bytes.length; offset += PIECE) {
      collector.feed(bytes.subarray(offset, offset + PIECE))
      yield* ctx.budget.checkpoint
    }
  })

/**
 * Write records, each followed by `sep`, in blocks of about 64 KiB with a checkpoint between
 * them: output starts at once and a reader that goes away (`| head -1`) stops the writer.
 */
export const writeRecords = (ctx: CommandContext, records: ReadonlyArray<string>, sep: string): Effect.Effect<void, CommandFailure> =>
  Effect.gen(function* () {
    let block: Array<string> = []
    let size = 0
    for (let i = 0; i < records.length; i++) {
      const record = records[i]!
      block.push(record)
      size += record.length + 1
      if (size >= PIECE) {
        ctx.budget.step(block.length)
        yield* ctx.stdout.write(fromBinary(block.join(sep) + sep))
        yield* ctx.budget.checkpoint
        block = []
        size = 0
      }
    }
    if (block.length > 0) yield* ctx.stdout.write(fromBinary(block.join(sep) + sep))
  })
