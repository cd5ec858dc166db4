/**
 * Byte-clean text for awk: input is decoded as UTF-8, but each byte that is not part of a valid
 * sequence becomes a lone surrogate U+DC80..U+DCFF ("surrogate escape"), and output turns those
 * back into the original bytes. Valid UTF-8 takes the fast native path both ways.
 */

import { concatBytes } from "../../support/io.js"

const strict = new TextDecoder("utf-8", { fatal: true })
const encoder = new TextEncoder()

/** Decodes a byte stream chunk by chunk, keeping an incomplete trailing sequence for the next chunk. */
export class ByteDecoder {
  private pending: Uint8Array = new Uint8Array(0)

  decode(chunk: Uint8Array, final = false): string {
    let bytes = chunk
    if (this.pending.length > 0) {
      bytes = new Uint8Array(this.pending.length + chunk.length)
      bytes.set(this.pending)
      bytes.set(chunk, this.pending.length)
    }
    const cut = final ? bytes.length : completeLength(bytes)
    this.pending = bytes.slice(cut)
    return decodeBytes(cut === bytes.length ? bytes : bytes.subarray(0, cut))
  }

  end(): string {
    const rest = this.pending
    this.pending = new Uint8Array(0)
    return rest.length === 0 ? "" : decodeBytes(rest)
  }
}

/** Length of the prefix that does not end inside a (possibly valid) multi-byte sequence. */
const completeLength = (bytes: Uint8Array): number => {
  const n = bytes.length
  for (let back = 1; back <= 3 && back <= n; back++) {
    const b = bytes[n - back]!
    if ((b & 0xc0) === 0x80) continue
    const need = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 1
    return need > back ? n - back : n
  }
  return n
}

export const decodeBytes = (bytes: Uint8Array): string => {
  try {
    return strict.decode(bytes)
  } catch {
    return decodeEscaping(bytes)
  }
}

const decodeEscaping = (bytes: Uint8Array): string => {
  const parts: Array<string> = []
  let run: Array<number> = []
  const flush = () => {
    if (run.length > 0) {
      parts.push(String.fromCharCode(...run))
      run = []
    }
  }
  const n = bytes.length
  let i = 0
  while (i < n) {
    const b = bytes[i]!
    let code = -1
    let size = 1
    if (b < 0x80) code = b
    else if (b >= 0xc2 && b < 0xe0 && i + 1 < n && (bytes[i + 1]! & 0xc0) === 0x80) {
      code = ((b & 0x1f) << 6) | (bytes[i + 1]! & 0x3f)
      size = 2
    } else if (b >= 0xe0 && b < 0xf0 && i + 2 < n && (bytes[i + 1]! & 0xc0) === 0x80 && (bytes[i + 2]! & 0xc0) === 0x80) {
      const c = ((b & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f)
      if (c >= 0x800 && (c < 0xd800 || c > 0xdfff)) {
        code = c
        size = 3
      }
    } else if (
      b >= 0xf0 && b <= 0xf4 && i + 3 < n &&
      (bytes[i + 1]! & 0xc0) === 0x80 && (bytes[i + 2]! & 0xc0) === 0x80 && (bytes[i + 3]! & 0xc0) === 0x80
    ) {
      const c = ((b & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f)
      if (c >= 0x10000 && c <= 0x10ffff) {
        code = c
        size = 4
      }
    }
    if (code < 0) code = 0xdc00 + b
    if (code > 0xffff) {
      run.push(0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff))
    } else run.push(code)
    if (run.length > 8192) flush()
    i += size
  }
  flush()
  return parts.join("")
}

const ESCAPED = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/g

/** UTF-8 bytes of `text`, with escaped bytes restored. */
export const encodeText = (text: string): Uint8Array => {
  ESCAPED.lastIndex = 0
  if (!ESCAPED.test(text)) return encoder.encode(text)
  const chunks: Array<Uint8Array> = []
  let start = 0
  ESCAPED.lastIndex = 0
  for (let m = ESCAPED.exec(text); m !== null; m = ESCAPED.exec(text)) {
    if (m.index > start) chunks.push(encoder.encode(text.slice(start, m.index)))
    chunks.push(Uint8Array.of(text.charCodeAt(m.index) - 0xdc00))
    start = m.index + 1
  }
  if (start < text.length) chunks.push(encoder.encode(text.slice(start)))
  return concatBytes(chunks)
}
