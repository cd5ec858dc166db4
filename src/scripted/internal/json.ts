/**
 * JSON as the reference emits it: object keys in sorted order everywhere (§4.1), compact or
 * pretty (2-space indent, `": "` separator). Non-finite numbers serialise as `null`.
 */

export type JsonValue = null | boolean | number | string | ReadonlyArray<JsonValue> | { readonly [key: string]: JsonValue }

export const isJsonObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Deep copy with object keys sorted (byte order, as a BTreeMap of Strings sorts them). */
export const sortKeys = (value: unknown): JsonValue => {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (isJsonObject(value)) {
    const out: Record<string, JsonValue> = {}
    for (const key of Object.keys(value).sort(compareKeys)) {
      const item = (value as Record<string, unknown>)[key]
      if (item !== undefined) out[key] = sortKeys(item)
    }
    return out
  }
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  if (typeof value === "string" || typeof value === "boolean" || value === null) return value
  return null
}

/** Rust compares `String`s byte-wise (UTF-8), which differs from UTF-16 order above the BMP. */
export const compareKeys = (a: string, b: string): number => {
  if (a === b) return 0
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"))
}

export const toJson = (value: unknown): string => JSON.stringify(sortKeys(value))

export const toPrettyJson = (value: unknown): string => JSON.stringify(sortKeys(value), null, 2)

/** Parse JSON text, or `undefined` when it is not valid JSON. */
export const parseJson = (text: string): { readonly value: JsonValue } | undefined => {
  try {
    return { value: JSON.parse(text) as JsonValue }
  } catch {
    return undefined
  }
}

const encoder = new TextEncoder()

export const utf8Length = (text: string): number => encoder.encode(text).length

/** Deep structural equality of JSON values (for `enum`). */
export const jsonEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]))
  if (isJsonObject(a) && isJsonObject(b)) {
    const ka = Object.keys(a)
    if (ka.length !== Object.keys(b).length) return false
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]))
  }
  return false
}
