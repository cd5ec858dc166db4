import { parseJson, type JsonValue } from "./json.js"
import type { EffectiveType } from "./schemaTypes.js"

/** JSON text longer than this is never parsed (kept as a string). */
export const MAX_JSON_TEXT_BYTES = 65536

const I64_MIN = -(2n ** 63n)
const I64_MAX = 2n ** 63n - 1n

/** Rust `i64::from_str`: optional sign, ASCII digits only, in range. */
export const parseI64 = (text: string): number | undefined => {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined
  const big = BigInt(text)
  if (big < I64_MIN || big > I64_MAX) return undefined
  return Number(big)
}

const DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/
const SPECIAL = /^[+-]?(?:inf|infinity|nan)$/i

/** Rust `f64::from_str`: decimal or exponent forms, `inf`/`infinity`/`nan` in any case. */
export const parseF64 = (text: string): number | undefined => {
  if (DECIMAL.test(text)) return Number(text)
  if (SPECIAL.test(text)) {
    const negative = text.startsWith("-")
    if (/nan/i.test(text)) return Number.NaN
    return negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
  }
  return undefined
}

/** A JSON value when `text` starts with `[` or `{`, parses and is not too long. */
export const parseJsonAggregate = (text: string): JsonValue | undefined => {
  const trimmed = text.trimStart()
  if (!(trimmed.startsWith("[") || trimmed.startsWith("{"))) return undefined
  if (Buffer.byteLength(text, "utf8") > MAX_JSON_TEXT_BYTES) return undefined
  return parseJson(text)?.value
}

/**
 * A flag value coerced by its property's effective type; text that does not fit the type stays
 * a string (schema validation reports it). Infinite / NaN numbers become JSON `null`.
 */
export const coerce = (text: string, type: EffectiveType): JsonValue => {
  switch (type.kind) {
    case "integer":
      return parseI64(text) ?? text
    case "number": {
      const n = parseF64(text)
      if (n === undefined) return text
      return Number.isFinite(n) ? n : null
    }
    case "boolean":
      if (text === "true" || text === "1" || text === "yes") return true
      if (text === "false" || text === "0" || text === "no") return false
      return text
    case "array":
    case "object": {
      const parsed = parseJsonAggregate(text)
      return parsed === undefined ? text : parsed
    }
    default:
      return text
  }
}
