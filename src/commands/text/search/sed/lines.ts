import { LimitExceeded } from "../../../../limits/ExecutionLimits.js"
import type { MemoryLease } from "../../../../limits/Budget.js"
import { concatBytes } from "../../../support/io.js"
import { encodeLatin1 } from "../text.js"

/**
 * Input bytes cut into decoded lines, chunk by chunk, so sed never holds more than one chunk
 * plus one unfinished line.
 *
 * Decoding: a batch of complete lines that is valid UTF-8 is decoded as UTF-8; once a batch is
 * not, the rest of the stream is read one byte per character (latin1) so every byte survives
 * the round trip (the encoder follows the same switch). A separator byte (LF or NUL) never
 * occurs inside a UTF-8 sequence, so cutting at separators never splits a character.
 */
export class LineSplitter {
  /** Bytes after the last separator seen, waiting for the rest of their line. */
  private partial: Array<Uint8Array> = []
  private partialBytes = 0
  private latin1 = false

  constructor(
    private readonly separator: number,
    private readonly lease: MemoryLease,
    private readonly maxLineLength: number
  ) {}

  /** Complete lines (without their separator) in `chunk` and the unfinished line before it. */
  push(chunk: Uint8Array): Array<string> {
    const last = chunk.lastIndexOf(this.separator)
    if (last === -1) {
      this.keep(chunk)
      return []
    }
    const head = chunk.subarray(0, last)
    const bytes = this.partial.length === 0 ? head : this.join(head)
    this.lease.free(this.partialBytes)
    this.partial = []
    this.partialBytes = 0
    const lines = this.decode(bytes).split(String.fromCharCode(this.separator))
    if (last + 1 < chunk.length) this.keep(chunk.slice(last + 1))
    return lines
  }

  /** The last line when the input ends without a separator (undefined when there is none). */
  end(): string | undefined {
    if (this.partial.length === 0) return undefined
    const bytes = this.join(new Uint8Array(0))
    this.lease.free(this.partialBytes)
    this.partial = []
    this.partialBytes = 0
    return this.decode(bytes)
  }

  /** Encode text for output, in the form the input was decoded from. */
  encode(text: string): Uint8Array {
    return this.latin1 ? encodeMixed(text) : utf8Encoder.encode(text)
  }

  private keep(bytes: Uint8Array): void {
    if (bytes.length === 0) return
    // A line longer than any value may be is a limit, not a reason to grow without end.
    if (this.partialBytes + bytes.length > this.maxLineLength) {
      throw new LimitExceeded({ limit: "maxStringLength", value: this.maxLineLength, message: `sed: maximum string length exceeded (${this.maxLineLength} characters)` })
    }
    this.lease.alloc(bytes.length)
    this.partial.push(bytes)
    this.partialBytes += bytes.length
  }

  private join(tail: Uint8Array): Uint8Array {
    const out = new Uint8Array(this.partialBytes + tail.length)
    let offset = 0
    for (const piece of this.partial) {
      out.set(piece, offset)
      offset += piece.length
    }
    out.set(tail, offset)
    return out
  }

  private decode(bytes: Uint8Array): string {
    if (!this.latin1) {
      try {
        return strictDecoder.decode(bytes)
      } catch {
        this.latin1 = true
      }
    }
    let text = ""
    for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)))
    return text
  }
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true })
const utf8Encoder = new TextEncoder()

/**
 * Latin1 for text decoded byte per character; characters beyond one byte (kept in the hold
 * space from before the switch, or inserted by the script) as UTF-8.
 */
const encodeMixed = (text: string): Uint8Array => {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff) {
      const parts: Array<Uint8Array> = []
      let start = 0
      for (let j = 0; j < text.length; j++) {
        if (text.charCodeAt(j) <= 0xff) continue
        parts.push(encodeLatin1(text.slice(start, j)))
        const wide = text.codePointAt(j)! > 0xffff ? 2 : 1
        parts.push(utf8Encoder.encode(text.slice(j, j + wide)))
        j += wide - 1
        start = j + 1
      }
      parts.push(encodeLatin1(text.slice(start)))
      return concatBytes(parts)
    }
  }
  return encodeLatin1(text)
}
