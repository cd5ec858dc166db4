/**
 * Decoding input for the regex tools: valid UTF-8 is decoded as UTF-8; anything else is read
 * one byte per character (latin1) so that every byte survives a round trip unchanged.
 */
export interface DecodedText {
  readonly text: string
  /** Encode text derived from `text` back to the original byte form. */
  readonly encode: (text: string) => Uint8Array
  /** Whether the bytes were valid UTF-8. */
  readonly utf8: boolean
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true })
const encoder = new TextEncoder()

export const encodeLatin1 = (text: string): Uint8Array => {
  const out = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff
  return out
}

const encodeUtf8 = (text: string): Uint8Array => encoder.encode(text)

export const decodeBytes = (bytes: Uint8Array): DecodedText => {
  try {
    return { text: strictDecoder.decode(bytes), encode: encodeUtf8, utf8: true }
  } catch {
    let text = ""
    for (let i = 0; i < bytes.length; i += 8192) {
      text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)))
    }
    return { text, encode: encodeLatin1, utf8: false }
  }
}

/** UTF-8 byte length of a string (for grep -b offsets). */
export const utf8Length = (text: string): number => {
  let length = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) length += 1
    else if (code < 0x800) length += 2
    else if (code >= 0xd800 && code <= 0xdbff) {
      length += 4
      i++
    } else length += 3
  }
  return length
}
