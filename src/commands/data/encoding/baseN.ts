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

/**
 * A decoder fed chunk by chunk: complete groups are decoded as they arrive, an incomplete one
 * waits for the next chunk. After the first invalid group it decodes nothing more (`failed`).
 */
export class BaseNDecoder {
  private readonly values = new Int16Array(256).fill(-1)
  private readonly bitsPerChar: number
  private pending: Array<number> = []
  failed = false

  constructor(
    private readonly codec: BaseCodec,
    private readonly ignoreGarbage: boolean
  ) {
    for (let i = 0; i < codec.alphabet.length; i++) this.values[codec.alphabet.charCodeAt(i)] = i
    this.bitsPerChar = codec.groupChars === 4 ? 6 : 5
  }

  /** The bytes of the complete groups `input` finishes. */
  push(input: Uint8Array): Uint8Array {
    if (this.failed) return new Uint8Array(0)
    const symbols = this.pending
    for (const byte of input) {
      if (byte === 0x0a) continue
      if (this.ignoreGarbage && this.values[byte] === -1 && byte !== EQUALS) continue
      symbols.push(byte)
    }
    const whole = symbols.length - (symbols.length % this.codec.groupChars)
    this.pending = symbols.slice(whole)
    return this.decode(symbols, whole)
  }

  /** End of input: the bytes of a last, incomplete group (which makes the input invalid). */
  finish(): Uint8Array {
    const rest = this.pending
    this.pending = []
    return this.failed || rest.length === 0 ? new Uint8Array(0) : this.decode(rest, rest.length)
  }

  private decode(symbols: ReadonlyArray<number>, end: number): Uint8Array {
    const { codec, values } = this
    const out: Array<number> = []
    for (let i = 0; i < end && !this.failed; i += codec.groupChars) {
      const group = symbols.slice(i, Math.min(end, i + codec.groupChars))
      // Count the data characters before any padding; everything after padding must be '='.
      let dataChars = 0
      while (dataChars < group.length && values[group[dataChars]!] !== -1) dataChars++
      const padded = group.slice(dataChars).every((c) => c === EQUALS)
      const complete = group.length === codec.groupChars
      // GNU base64 keeps the bytes of a truncated last group; base32 drops them.
      if (complete || codec.groupChars === 4) emitBits(group, values, this.bitsPerChar, out, dataChars)
      const fullOrValidPartial = dataChars === codec.groupChars || isValidPartial(codec, dataChars)
      if (!padded || !complete || !fullOrValidPartial) this.failed = true
    }
    return Uint8Array.from(out)
  }
}

/** Decode; `ok` is false at the first invalid or incomplete group. */
export const decodeBaseN = (
  codec: BaseCodec,
  input: Uint8Array,
  ignoreGarbage: boolean
): { readonly data: Uint8Array; readonly ok: boolean } => {
  const decoder = new BaseNDecoder(codec, ignoreGarbage)
  const head = decoder.push(input)
  const tail = decoder.finish()
  const data = new Uint8Array(head.length + tail.length)
  data.set(head)
  data.set(tail, head.length)
  return { data, ok: !decoder.failed }
}

/**
 * An encoder fed chunk by chunk: whole groups are encoded as they arrive (a partial group
 * waits), and lines are wrapped at `width` across chunks.
 */
export class BaseNEncoder {
  private carry = new Uint8Array(0)
  private column = 0
  private any = false

  constructor(
    private readonly codec: BaseCodec,
    private readonly width: number
  ) {}

  push(input: Uint8Array): string {
    const data = this.carry.length === 0 ? input : concat(this.carry, input)
    const whole = data.length - (data.length % this.codec.groupBytes)
    this.carry = data.slice(whole)
    return this.wrap(this.codec.encode(data.subarray(0, whole)))
  }

  finish(): string {
    const text = this.wrap(this.carry.length === 0 ? "" : this.codec.encode(this.carry))
    this.carry = new Uint8Array(0)
    return this.any && this.width > 0 && this.column > 0 ? `${text}\n` : text
  }

  private wrap(text: string): string {
    if (text.length === 0) return ""
    this.any = true
    if (this.width <= 0) return text
    let out = ""
    let at = 0
    while (at < text.length) {
      const take = Math.min(text.length - at, this.width - this.column)
      out += text.slice(at, at + take)
      at += take
      this.column += take
      if (this.column === this.width) {
        out += "\n"
        this.column = 0
      }
    }
    return out
  }
}

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
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
