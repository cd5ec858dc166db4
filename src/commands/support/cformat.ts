/**
 * C `printf` conversions with glibc semantics, shared by awk's printf/sprintf, the shell's
 * printf builtin, seq and numfmt.
 *
 * `parseFormat` splits a format into literal text and conversion specs (escape sequences are
 * the caller's business: awk and the shell process them differently). `formatConversion`
 * renders one conversion for one argument. Floating-point output is exactly rounded
 * (round-half-even on the exact binary value, as glibc does), which JavaScript's
 * `toFixed`/`toPrecision` are not on exact ties, so ties take a slower exact path.
 */

export interface ConversionSpec {
  /** `-`: pad on the right. */
  readonly leftAlign: boolean
  /** `+`: always print a sign. */
  readonly plusSign: boolean
  /** ` `: a space where a plus sign would go. */
  readonly spaceSign: boolean
  /** `#`: alternate form (0 / 0x prefixes, always a decimal point, keep trailing zeros). */
  readonly alternate: boolean
  /** `0`: pad numbers with zeros. */
  readonly zeroPad: boolean
  /** `'`: thousands grouping (no-op in the C locale). */
  readonly grouping: boolean
  /** Field width; `"*"` takes it from the next argument. */
  readonly width: number | "*" | undefined
  /** Precision; `"*"` takes it from the next argument. */
  readonly precision: number | "*" | undefined
  /** The conversion letter: one of `diouxXeEfFgGaAcs`. */
  readonly conversion: string
  /** The spec's source text, e.g. `%-5.2f` (length modifiers included). */
  readonly text: string
}

export type FormatPiece =
  | { readonly _tag: "Literal"; readonly text: string }
  | { readonly _tag: "Conversion"; readonly spec: ConversionSpec }
  /** A `%` not followed by a valid conversion; `text` runs to the offending character (or the end). */
  | { readonly _tag: "Invalid"; readonly text: string; readonly character: string | undefined }

/** The value a conversion renders. `integer` carries an exact integer (the shell's intmax_t). */
export type FormatValue =
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "integer"; readonly value: bigint }
  | { readonly kind: "string"; readonly value: string }

const CONVERSIONS = "diouxXeEfFgGaAcs"
const LENGTH_MODIFIERS = "hlLqjzt"

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9"

/** Split a format into literal text (with `%%` folded to `%`) and conversion specs. */
export const parseFormat = (format: string): ReadonlyArray<FormatPiece> => {
  const pieces: Array<FormatPiece> = []
  let literal = ""
  let i = 0
  const n = format.length
  while (i < n) {
    const pct = format.indexOf("%", i)
    if (pct === -1) {
      literal += format.slice(i)
      break
    }
    literal += format.slice(i, pct)
    i = pct + 1
    if (format[i] === "%") {
      literal += "%"
      i++
      continue
    }
    let leftAlign = false
    let plusSign = false
    let spaceSign = false
    let alternate = false
    let zeroPad = false
    let grouping = false
    for (;;) {
      const c = format[i]
      if (c === "-") leftAlign = true
      else if (c === "+") plusSign = true
      else if (c === " ") spaceSign = true
      else if (c === "#") alternate = true
      else if (c === "0") zeroPad = true
      else if (c === "'") grouping = true
      else break
      i++
    }
    let width: number | "*" | undefined
    if (format[i] === "*") {
      width = "*"
      i++
    } else if (isDigit(format[i])) {
      const start = i
      while (isDigit(format[i])) i++
      width = Number(format.slice(start, i))
    }
    let precision: number | "*" | undefined
    if (format[i] === ".") {
      i++
      if (format[i] === "*") {
        precision = "*"
        i++
      } else {
        const start = i
        while (isDigit(format[i])) i++
        precision = start === i ? 0 : Number(format.slice(start, i))
      }
    }
    while (i < n && LENGTH_MODIFIERS.includes(format[i]!)) i++
    const conversion = format[i]
    if (conversion === undefined || !CONVERSIONS.includes(conversion)) {
      if (literal !== "") pieces.push({ _tag: "Literal", text: literal })
      literal = ""
      const end = conversion === undefined ? n : i + 1
      pieces.push({ _tag: "Invalid", text: format.slice(pct, end), character: conversion })
      i = end
      continue
    }
    i++
    if (literal !== "") pieces.push({ _tag: "Literal", text: literal })
    literal = ""
    pieces.push({
      _tag: "Conversion",
      spec: {
        leftAlign,
        plusSign,
        spaceSign,
        alternate,
        zeroPad,
        grouping,
        width,
        precision,
        conversion,
        text: format.slice(pct, i)
      }
    })
  }
  if (literal !== "") pieces.push({ _tag: "Literal", text: literal })
  return pieces
}

/** Values for `*` width / precision, taken by the caller from the argument list. */
export interface StarValues {
  readonly width?: number
  readonly precision?: number
}

/**
 * Render one conversion. `%d`-family conversions of a `number` truncate toward zero; `%u %o %x`
 * of a negative value wrap modulo 2^64 as C does. `%c` of a number is that code point; of a
 * string, its first character. `%s` of a number uses JavaScript's shortest form: callers with
 * their own number-to-string rules (awk's CONVFMT) pass a string instead.
 */
export const formatConversion = (spec: ConversionSpec, value: FormatValue, stars: StarValues = {}): string => {
  let leftAlign = spec.leftAlign
  let width = spec.width === "*" ? (stars.width ?? 0) : (spec.width ?? 0)
  if (width < 0) {
    leftAlign = true
    width = -width
  }
  let precision = spec.precision === "*" ? stars.precision : spec.precision
  if (precision !== undefined && precision < 0) precision = undefined
  const conv = spec.conversion
  switch (conv) {
    case "s": {
      let text = value.kind === "string" ? value.value : String(value.value)
      if (precision !== undefined) text = truncateChars(text, precision)
      return pad(text, width, leftAlign)
    }
    case "c": {
      let text: string
      if (value.kind === "string") text = truncateChars(value.value, 1)
      else {
        const code = Number(value.value)
        text = Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : String.fromCharCode(Math.trunc(code) & 0xff)
      }
      return pad(text, width, leftAlign)
    }
    case "d":
    case "i":
    case "o":
    case "u":
    case "x":
    case "X": {
      const number = numericValue(value)
      if (typeof number === "number" && !Number.isFinite(number)) {
        return formatNonFinite(number, { ...spec, leftAlign }, width, false)
      }
      return formatInteger(typeof number === "bigint" ? number : BigInt(Math.trunc(number)), conv, spec, leftAlign, width, precision)
    }
    default: {
      const raw = numericValue(value)
      const number = typeof raw === "bigint" ? Number(raw) : raw
      return formatFloat(number, conv, spec, leftAlign, width, precision)
    }
  }
}

/** Parse and render a whole format with already-typed arguments (reusing the format while arguments remain is the caller's choice). */
export const formatAll = (format: string, args: ReadonlyArray<FormatValue>): string => {
  let out = ""
  let next = 0
  const take = (): FormatValue | undefined => args[next++]
  const takeNumber = (): number => {
    const arg = take()
    return arg === undefined ? 0 : arg.kind === "string" ? Number(arg.value) || 0 : Number(arg.value)
  }
  for (const piece of parseFormat(format)) {
    if (piece._tag === "Literal" || piece._tag === "Invalid") {
      out += piece.text
      continue
    }
    const spec = piece.spec
    const width = spec.width === "*" ? takeNumber() : undefined
    const precision = spec.precision === "*" ? takeNumber() : undefined
    const arg = take() ?? (spec.conversion === "s" || spec.conversion === "c" ? { kind: "string", value: "" } : { kind: "number", value: 0 })
    out += formatConversion(spec, arg, { ...(width !== undefined ? { width } : {}), ...(precision !== undefined ? { precision } : {}) })
  }
  return out
}

const numericValue = (value: FormatValue): number | bigint => {
  if (value.kind !== "string") return value.value
  const n = Number(value.value.trim())
  return Number.isNaN(n) ? 0 : n
}

const truncateChars = (text: string, count: number): string => {
  if (text.length <= count) return text
  // Count code points, not UTF-16 units, so a multibyte character is never split.
  let units = 0
  let seen = 0
  while (units < text.length && seen < count) {
    const code = text.charCodeAt(units)
    units += code >= 0xd800 && code <= 0xdbff ? 2 : 1
    seen++
  }
  return text.slice(0, units)
}

const charLength = (text: string): number => {
  let length = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) length--
  }
  return length
}

const pad = (text: string, width: number, leftAlign: boolean): string => {
  const length = charLength(text)
  if (length >= width) return text
  const fill = " ".repeat(width - length)
  return leftAlign ? text + fill : fill + text
}

/** Pad a number already split into sign/prefix and digits, honouring `-` and `0`. */
const padNumber = (sign: string, body: string, width: number, leftAlign: boolean, zeroPad: boolean): string => {
  const length = sign.length + body.length
  if (length >= width) return sign + body
  if (leftAlign) return sign + body + " ".repeat(width - length)
  if (zeroPad) return sign + "0".repeat(width - length) + body
  return " ".repeat(width - length) + sign + body
}

const TWO_64 = 1n << 64n

const formatInteger = (
  value: bigint,
  conv: string,
  spec: ConversionSpec,
  leftAlign: boolean,
  width: number,
  precision: number | undefined
): string => {
  let sign = ""
  let magnitude = value
  if (conv === "d" || conv === "i") {
    if (value < 0n) {
      sign = "-"
      magnitude = -value
    } else if (spec.plusSign) sign = "+"
    else if (spec.spaceSign) sign = " "
  } else if (value < 0n) {
    magnitude = ((value % TWO_64) + TWO_64) % TWO_64
  }
  const radix = conv === "o" ? 8 : conv === "x" || conv === "X" ? 16 : 10
  let digits = magnitude.toString(radix)
  if (conv === "X") digits = digits.toUpperCase()
  if (precision !== undefined) {
    if (precision === 0 && magnitude === 0n) digits = ""
    else if (digits.length < precision) digits = "0".repeat(precision - digits.length) + digits
  }
  if (spec.alternate) {
    if (conv === "o" && !digits.startsWith("0")) digits = "0" + digits
    else if ((conv === "x" || conv === "X") && magnitude !== 0n) sign = conv === "x" ? "0x" : "0X"
  }
  return padNumber(sign, digits, width, leftAlign, spec.zeroPad && precision === undefined)
}

const formatNonFinite = (value: number, spec: ConversionSpec, width: number, upper: boolean): string => {
  const negative = value < 0
  let body = Number.isNaN(value) ? "nan" : "inf"
  if (upper) body = body.toUpperCase()
  const sign = negative ? "-" : spec.plusSign ? "+" : spec.spaceSign ? " " : ""
  return padNumber(sign, body, width, spec.leftAlign, false)
}

const formatFloat = (
  value: number,
  conv: string,
  spec: ConversionSpec,
  leftAlign: boolean,
  width: number,
  precision: number | undefined
): string => {
  const upper = conv === "E" || conv === "F" || conv === "G" || conv === "A"
  if (!Number.isFinite(value)) return formatNonFinite(value, { ...spec, leftAlign }, width, upper)
  const negative = value < 0 || Object.is(value, -0)
  const sign = negative ? "-" : spec.plusSign ? "+" : spec.spaceSign ? " " : ""
  const magnitude = Math.abs(value)
  let body: string
  switch (conv) {
    case "f":
    case "F":
      body = fixed(magnitude, precision ?? 6, spec.alternate)
      break
    case "e":
    case "E":
      body = exponential(magnitude, precision ?? 6, spec.alternate)
      break
    case "g":
    case "G":
      body = general(magnitude, precision ?? 6, spec.alternate)
      break
    default:
      body = hexFloat(magnitude, precision, spec.alternate)
      break
  }
  if (upper) body = body.toUpperCase()
  return padNumber(sign, body, width, leftAlign, spec.zeroPad)
}

/** The exact decimal expansion of a finite non-negative double: digits and the decimal point's position. */
const exactDecimal = (value: number): { digits: string; point: number } => {
  if (value === 0) return { digits: "0", point: 1 }
  const { mantissa, exponent } = decompose(value)
  if (exponent >= 0) {
    const digits = (mantissa << BigInt(exponent)).toString()
    return { digits, point: digits.length }
  }
  // m / 2^k = m * 5^k / 10^k
  const k = -exponent
  const digits = (mantissa * 5n ** BigInt(k)).toString()
  return { digits, point: digits.length - k }
}

const float64 = new Float64Array(1)
const words = new Uint32Array(float64.buffer)
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/** value = mantissa * 2^exponent with an odd mantissa (value finite and positive). */
const decompose = (value: number): { mantissa: bigint; exponent: number } => {
  float64[0] = value
  const hi = words[LITTLE_ENDIAN ? 1 : 0]!
  const lo = words[LITTLE_ENDIAN ? 0 : 1]!
  const biased = (hi >>> 20) & 0x7ff
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo)
  let exponent: number
  if (biased === 0) exponent = -1074
  else {
    mantissa |= 1n << 52n
    exponent = biased - 1075
  }
  while ((mantissa & 1n) === 0n && mantissa !== 0n) {
    mantissa >>= 1n
    exponent++
  }
  return { mantissa, exponent }
}

/** The binary exponent of the odd mantissa, cheaply (for tie detection). */
const oddExponent = (value: number): number => decompose(value).exponent

/**
 * Round the exact digits to keep `count` digits (count may be <= 0), half to even.
 * Returns the rounded digit string (length count, or count+1 on carry-out).
 */
const roundDigits = (digits: string, count: number): string => {
  if (count < 0) return ""
  if (digits.length <= count) return digits + "0".repeat(count - digits.length)
  const kept = digits.slice(0, count)
  const first = digits.charCodeAt(count) - 48
  let roundUp: boolean
  if (first > 5) roundUp = true
  else if (first < 5) roundUp = false
  else {
    let rest = false
    for (let i = count + 1; i < digits.length; i++) {
      if (digits[i] !== "0") {
        rest = true
        break
      }
    }
    roundUp = rest || (count > 0 && (kept.charCodeAt(count - 1) - 48) % 2 === 1)
  }
  if (!roundUp) return kept
  if (count === 0) return "1"
  return (BigInt(kept) + 1n).toString().padStart(count, "0")
}

const withPoint = (intPart: string, frac: string, alternate: boolean): string =>
  frac.length > 0 ? `${intPart}.${frac}` : alternate ? `${intPart}.` : intPart

/** `%f` of a non-negative finite value. */
const fixed = (value: number, precision: number, alternate: boolean): string => {
  if (value < 1e21 && precision <= 100 && oddExponent(value) !== -(precision + 1)) {
    const text = value.toFixed(precision)
    return alternate && precision === 0 ? text + "." : text
  }
  const { digits, point } = exactDecimal(value)
  // Keep `point + precision` digits of the exact expansion (point may be negative).
  const padded = point < 1 ? "0".repeat(1 - point) + digits : digits
  const intDigits = Math.max(point, 1)
  const rounded = roundDigits(padded, intDigits + precision)
  const carry = rounded.length > intDigits + precision ? 1 : 0
  const intPart = rounded.slice(0, intDigits + carry).replace(/^0+(?=\d)/, "")
  return withPoint(intPart, rounded.slice(intDigits + carry), alternate)
}

/** Significant digits of `value` rounded to `count` digits and the decimal exponent of the first. */
const significant = (value: number, count: number): { digits: string; exponent: number } => {
  if (value === 0) return { digits: "0".repeat(count), exponent: 0 }
  if (count <= 100) {
    const text = value.toExponential(count - 1)
    const e = text.indexOf("e")
    const exponent = Number(text.slice(e + 1))
    const odd = oddExponent(value)
    // A tie is only possible when the cut falls exactly one binary place past the value's last bit.
    if (odd !== -(count - exponent) && odd !== -(count - exponent + 1)) {
      return { digits: text.slice(0, e).replace(".", ""), exponent }
    }
  }
  const { digits, point } = exactDecimal(value)
  const lead = digits.search(/[1-9]/)
  const trimmed = digits.slice(lead)
  const rounded = roundDigits(trimmed, count)
  const exponent = point - lead - 1
  return rounded.length > count ? { digits: rounded.slice(0, count), exponent: exponent + 1 } : { digits: rounded, exponent }
}

const exponentText = (exponent: number): string =>
  (exponent < 0 ? "e-" : "e+") + String(Math.abs(exponent)).padStart(2, "0")

/** `%e` of a non-negative finite value. */
const exponential = (value: number, precision: number, alternate: boolean): string => {
  const { digits, exponent } = significant(value, precision + 1)
  return withPoint(digits[0]!, digits.slice(1), alternate) + exponentText(exponent)
}

/** `%g` of a non-negative finite value. */
const general = (value: number, precision: number, alternate: boolean): string => {
  const p = precision === 0 ? 1 : precision
  const { digits, exponent } = significant(value, p)
  let intPart: string
  let frac: string
  let suffix = ""
  if (exponent < -4 || exponent >= p) {
    intPart = digits[0]!
    frac = digits.slice(1)
    suffix = exponentText(exponent)
  } else if (exponent >= 0) {
    intPart = digits.slice(0, exponent + 1)
    frac = digits.slice(exponent + 1)
  } else {
    intPart = "0"
    frac = "0".repeat(-exponent - 1) + digits
  }
  if (!alternate) frac = frac.replace(/0+$/, "")
  return withPoint(intPart, frac, alternate) + suffix
}

/** `%a` of a non-negative finite value, as glibc prints it (`0x1.8p+1`). */
const hexFloat = (value: number, precision: number | undefined, alternate: boolean): string => {
  if (value === 0) return withPoint("0x0", precision !== undefined ? "0".repeat(precision) : "", alternate) + "p+0"
  float64[0] = value
  const hi = words[LITTLE_ENDIAN ? 1 : 0]!
  const lo = words[LITTLE_ENDIAN ? 0 : 1]!
  const biased = (hi >>> 20) & 0x7ff
  let fraction = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo)
  let lead = biased === 0 ? 0n : 1n
  const exponent = biased === 0 ? -1022 : biased - 1023
  let hex = fraction.toString(16).padStart(13, "0")
  if (precision !== undefined && precision < 13) {
    const shift = BigInt((13 - precision) * 4)
    const full = (lead << 52n) | fraction
    const half = 1n << (shift - 1n)
    let kept = full >> shift
    const rest = full & ((1n << shift) - 1n)
    if (rest > half || (rest === half && (kept & 1n) === 1n)) kept++
    lead = kept >> BigInt(precision * 4)
    fraction = kept & ((1n << BigInt(precision * 4)) - 1n)
    hex = precision === 0 ? "" : fraction.toString(16).padStart(precision, "0")
  } else {
    hex = precision === undefined ? hex.replace(/0+$/, "") : hex.padEnd(precision, "0")
  }
  return withPoint(`0x${lead.toString(16)}`, hex, alternate) + (exponent < 0 ? `p${exponent}` : `p+${exponent}`)
}
