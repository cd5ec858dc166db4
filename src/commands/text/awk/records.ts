/**
 * Record reading: a text buffer that grows as input arrives, cut into records by RS
 * (newline, a single character, paragraph mode `RS=""`, or a gawk regex).
 */
import { ByteDecoder } from "./bytes.js"
import { compileAwkRegex, IGNORE_CASE, regexExec, type RegexMode } from "./regex.js"

/** Returned by `next` when the buffer holds no complete record yet and more input may come. */
export const NEED_MORE = Symbol("NEED_MORE")

export interface RecordResult {
  readonly record: string
  /** The text that terminated the record (gawk's RT). */
  readonly terminator: string
}

export class RecordReader {
  private buffer = ""
  private pos = 0
  private ended = false
  private readonly decoder = new ByteDecoder()

  /** A reader over complete text (a file, a command's output). */
  static ofText(text: string): RecordReader {
    const reader = new RecordReader()
    reader.buffer = text
    reader.ended = true
    return reader
  }

  get atEnd(): boolean {
    return this.ended
  }

  push(chunk: Uint8Array): void {
    if (this.pos > 65536) {
      this.buffer = this.buffer.slice(this.pos)
      this.pos = 0
    }
    this.buffer += this.decoder.decode(chunk)
  }

  end(): void {
    this.buffer += this.decoder.end()
    this.ended = true
  }

  /** The next record under RS, `NEED_MORE`, or `undefined` at end of input. */
  next(rs: string, mode: RegexMode): RecordResult | typeof NEED_MORE | undefined {
    if (rs === "\n" || (rs.length === 1 && !((mode & IGNORE_CASE) !== 0 && /[a-zA-Z]/.test(rs)))) return this.nextByChar(rs)
    if (!this.ended) return NEED_MORE
    if (rs === "") return this.nextParagraph()
    return this.nextByRegex(rs, mode)
  }

  private nextByChar(rs: string): RecordResult | typeof NEED_MORE | undefined {
    const index = this.buffer.indexOf(rs, this.pos)
    if (index === -1) {
      if (!this.ended) return NEED_MORE
      if (this.pos >= this.buffer.length) return undefined
      const record = this.buffer.slice(this.pos)
      this.pos = this.buffer.length
      return { record, terminator: "" }
    }
    const record = this.buffer.slice(this.pos, index)
    this.pos = index + 1
    return { record, terminator: rs }
  }

  private nextParagraph(): RecordResult | undefined {
    const buffer = this.buffer
    let start = this.pos
    while (start < buffer.length && buffer[start] === "\n") start++
    if (start >= buffer.length) {
      this.pos = buffer.length
      return undefined
    }
    const re = /\n\n+/g
    re.lastIndex = start
    const m = re.exec(buffer)
    if (m === null) {
      let end = buffer.length
      while (end > start && buffer[end - 1] === "\n") end--
      this.pos = buffer.length
      return { record: buffer.slice(start, end), terminator: buffer.slice(end) }
    }
    this.pos = m.index + m[0].length
    return { record: buffer.slice(start, m.index), terminator: m[0] }
  }

  private nextByRegex(rs: string, mode: RegexMode): RecordResult | undefined {
    if (this.pos >= this.buffer.length) return undefined
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
      const record = this.buffer.slice(this.pos, m.index)
      this.pos = m.end
      return { record, terminator: this.buffer.slice(m.index, m.end) }
    }
    const record = this.buffer.slice(this.pos)
    this.pos = this.buffer.length
    return { record, terminator: "" }
  }
}
