/**
 * Record reading: a text buffer that grows as input arrives, cut into records by RS
 * (newline, a single character, paragraph mode `RS=""`, or a gawk regex).
 */
import { Effect } from "effect"
import type { CommandFailure } from "../../Command.js"
import { LimitExceeded } from "../../../limits/ExecutionLimits.js"
import { ByteDecoder } from "./bytes.js"
import { compileAwkRegex, IGNORE_CASE, regexExec, type RegexMode } from "./regex.js"

/** Returned by `next` when the buffer holds no complete record yet and more input may come. */
export const NEED_MORE = Symbol("NEED_MORE")

export interface RecordResult {
  readonly record: string
  /** The text that terminated the record (gawk's RT). */
  readonly terminator: string
}

/** What a reader may hold: its buffer is on the memory account and no record may pass the string limit. */
export interface ReaderBudget {
  readonly alloc: (bytes: number) => void
  readonly free: (bytes: number) => void
  readonly maxRecordLength: number
}

const unlimited: ReaderBudget = { alloc: () => {}, free: () => {}, maxRecordLength: Number.MAX_SAFE_INTEGER }

/** Decoded text kept before the buffer drops what was consumed. */
const COMPACT_AFTER = 65536

export class RecordReader {
  private buffer = ""
  private pos = 0
  private ended = false
  /** No single-character terminator lies between `pos` and here (searches resume from it). */
  private scanFrom = 0
  private charged = 0
  private readonly decoder = new ByteDecoder()

  /**
   * `pull` gives the next chunk of this reader's input (undefined at its end); without it the
   * driver feeds the reader from stdin.
   */
  constructor(
    private readonly budget: ReaderBudget = unlimited,
    readonly pull?: Effect.Effect<Uint8Array | undefined, CommandFailure>
  ) {}

  /** A reader over complete text (a command's output). */
  static ofText(text: string, budget: ReaderBudget = unlimited): RecordReader {
    const reader = new RecordReader(budget)
    reader.buffer = text
    reader.ended = true
    reader.account()
    return reader
  }

  get atEnd(): boolean {
    return this.ended
  }

  push(chunk: Uint8Array): void {
    if (this.pos > COMPACT_AFTER) {
      this.buffer = this.buffer.slice(this.pos)
      this.scanFrom -= this.pos
      this.pos = 0
    }
    this.buffer += this.decoder.decode(chunk)
    this.account()
  }

  end(): void {
    this.buffer += this.decoder.end()
    this.ended = true
    this.account()
  }

  /** Give back the memory the buffer holds (the reader is closed or done). */
  release(): void {
    this.budget.free(this.charged)
    this.charged = 0
    this.buffer = ""
    this.pos = 0
    this.scanFrom = 0
  }

  /** Keep the memory account in step with the buffer; a record that outgrows the string limit ends the script. */
  private account(): void {
    const length = this.buffer.length
    if (length - this.pos > this.budget.maxRecordLength) {
      const max = this.budget.maxRecordLength
      throw new LimitExceeded({ limit: "maxStringLength", value: max, message: `awk: maximum string length exceeded (${max} characters)` })
    }
    if (length > this.charged) this.budget.alloc(length - this.charged)
    else if (length < this.charged) this.budget.free(this.charged - length)
    this.charged = length
  }

  /** The next record under RS, `NEED_MORE`, or `undefined` at end of input. */
  next(rs: string, mode: RegexMode): RecordResult | typeof NEED_MORE | undefined {
    if (rs === "\n" || (rs.length === 1 && !((mode & IGNORE_CASE) !== 0 && /[a-zA-Z]/.test(rs)))) return this.nextByChar(rs)
    if (rs === "") return this.nextParagraph()
    return this.nextByRegex(rs, mode)
  }

  private nextByChar(rs: string): RecordResult | typeof NEED_MORE | undefined {
    const index = this.buffer.indexOf(rs, Math.max(this.pos, this.scanFrom))
    if (index === -1) {
      if (!this.ended) {
        this.scanFrom = this.buffer.length
        return NEED_MORE
      }
      if (this.pos >= this.buffer.length) return undefined
      const record = this.buffer.slice(this.pos)
      this.pos = this.buffer.length
      return { record, terminator: "" }
    }
    const record = this.buffer.slice(this.pos, index)
    this.pos = this.scanFrom = index + 1
    return { record, terminator: rs }
  }

  /**
   * `RS = ""`: records separated by blank lines. A separator is complete once a character
   * other than a newline follows it (more input could lengthen it otherwise).
   */
  private nextParagraph(): RecordResult | typeof NEED_MORE | undefined {
    const buffer = this.buffer
    let start = this.pos
    while (start < buffer.length && buffer[start] === "\n") start++
    if (start >= buffer.length) {
      this.pos = buffer.length
      return this.ended ? undefined : NEED_MORE
    }
    this.pos = start
    const re = /\n\n+/g
    re.lastIndex = Math.max(start, this.scanFrom)
    const m = re.exec(buffer)
    if (m !== null && (this.ended || m.index + m[0].length < buffer.length)) {
      this.pos = m.index + m[0].length
      this.scanFrom = this.pos
      return { record: buffer.slice(start, m.index), terminator: m[0] }
    }
    if (!this.ended) {
      // Resume the search where a separator could still begin.
      this.scanFrom = m !== null ? m.index : Math.max(start, buffer.length - 1)
      return NEED_MORE
    }
    let end = buffer.length
    while (end > start && buffer[end - 1] === "\n") end--
    this.pos = buffer.length
    return { record: buffer.slice(start, end), terminator: buffer.slice(end) }
  }

  /**
   * A gawk regex RS. As gawk does, a match that reaches the end of what has been read waits for
   * more input (it could grow); so does the search when nothing matches yet.
   */
  private nextByRegex(rs: string, mode: RegexMode): RecordResult | typeof NEED_MORE | undefined {
    if (this.ended && this.pos >= this.buffer.length) return undefined
    const re = compileAwkRegex(rs, mode)
    let from = this.pos
    for (;;) {
      const m = regexExec(re, this.buffer, from)
      if (m === undefined) break
      if (m.end === m.index) {
        from = m.index + 1
        if (from > this.buffer.length) break
        continue
      }
      if (!this.ended && m.end >= this.buffer.length) return NEED_MORE
      const record = this.buffer.slice(this.pos, m.index)
      this.pos = this.scanFrom = m.end
      return { record, terminator: this.buffer.slice(m.index, m.end) }
    }
    if (!this.ended) return NEED_MORE
    const record = this.buffer.slice(this.pos)
    this.pos = this.buffer.length
    return { record, terminator: "" }
  }
}
