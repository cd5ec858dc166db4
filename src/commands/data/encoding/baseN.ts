/**
 * Base64 and base32 (RFC 4648) as GNU coreutils' `base64`/`base32` apply them: encoding wraps
 * lines; decoding skips newlines (and, with ignoreGarbage, any byte outside the alphabet),
 * accepts concatenated padded groups, and stops at the first invalid group, keeping what it
 * decoded before it.
 */

export interface BaseCodec {
  readonly name: string
  readonly alphabet: string
  /** Characters per group and bytes per group. */
  readonly groupChars: number
  readonly groupBytes: number
  readonly encode: (data: Uint8Array) => string
}

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

const encodeBase32 = (data: Uint8Array): string => {
  let out = ""
  for (let i = 0; i < data.length; i += 5) {
    const chunk = data.subarray(i, i + 5)
    let bits = 0n
    for (let j = 0; j < 5; j++) bits = (bits << 8n) | BigInt(chunk[j] ?? 0)
    const chars = Math.ceil((chunk.length * 8) / 5)
    for (let j = 0; j < 8; j++) {
      out += j < chars ? base32Alphabet[Number((bits >> BigInt(35 - j * 5)) & 31n)] : "="
    }
  }
  return out
}

export const base64Codec: BaseCodec = {
  name: "base64",
  alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
  groupChars: 4,
  groupBytes: 3,
  encode: (data) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64")
}

export const base32Codec: BaseCodec = {
  name: "base32",
  alphabet: base32Alphabet,
  groupChars: 8,
  groupBytes: 5,
  encode: encodeBase32
}

/** Insert a newline every `width` characters and after the last line (width 0: one line). */
export const wrapLines = (text: string, width: number): string => {
  if (text.length === 0) return ""
  if (width <= 0) return text
  let out = ""
  for (let i = 0; i < text.length; i += width) out += `${text.slice(i, i + width)}\n`
  return out
}

const EQUALS = 0x3d

/** Decode; `ok` is false at the first invalid or incomplete group. */
export const decodeBaseN = (
  codec: BaseCodec,
  input: Uint8Array,
  ignoreGarbage: boolean
): { readonly data: Uint8Array; readonly ok: boolean } => {
  const values = new Int16Array(256).fill(-1)
  for (let i = 0; i < codec.alphabet.length; i++) values[codec.alphabet.charCodeAt(i)] = i
  const symbols: Array<number> = []
  for (const byte of input) {
    if (byte === 0x0a) continue
    if (ignoreGarbage && values[byte] === -1 && byte !== EQUALS) continue
    symbols.push(byte)
  }
  const bitsPerChar = codec.groupChars === 4 ? 6 : 5
  const out: Array<number> = []
  for (let i = 0; i < symbols.length; i += codec.groupChars) {
    const group = symbols.slice(i, i + codec.groupChars)
    // Count the data characters before any padding; everything after padding must be '='.
    let dataChars = 0
    while (dataChars < group.length && values[group[dataChars]!] !== -1) dataChars++
    const padded = group.slice(dataChars).every((c) => c === EQUALS)
    const complete = group.length === codec.groupChars
    // GNU base64 keeps the bytes of a truncated last group; base32 drops them.
    if (complete || codec.groupChars === 4) emitBits(group, values, bitsPerChar, out, dataChars)
    const fullOrValidPartial = dataChars === codec.groupChars || isValidPartial(codec, dataChars)
    if (!padded || !complete || !fullOrValidPartial) return { data: Uint8Array.from(out), ok: false }
  }
  return { data: Uint8Array.from(out), ok: true }
}

const isValidPartial = (codec: BaseCodec, dataChars: number): boolean =>
  codec.groupChars === 4 ? dataChars === 2 || dataChars === 3 : [2, 4, 5, 7].includes(dataChars)

const emitBits = (
  chars: ReadonlyArray<number>,
  values: Int16Array,
  bitsPerChar: number,
  out: Array<number>,
  count: number
): void => {
  let buffer = 0
  let bits = 0
  for (let i = 0; i < count; i++) {
    buffer = ((buffer << bitsPerChar) | values[chars[i]!]!) & 0xffff
    bits += bitsPerChar
    if (bits >= 8) {
      bits -= 8
      out.push((buffer >> bits) & 0xff)
    }
  }
}
