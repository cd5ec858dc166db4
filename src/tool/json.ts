/**
 * JSON the way the reference emits it: object keys in sorted order at every level (§4.1).
 * Compact by default; `pretty` gives 2-space indentation and a trailing newline.
 */
export const sortKeysDeep = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeysDeep)
  if (value !== null && typeof value === "object") {
    const sorted: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key]
      if (v !== undefined) sorted[key] = sortKeysDeep(v)
    }
    return sorted
  }
  return value
}

export const toSortedJson = (value: unknown, options: { readonly pretty?: boolean } = {}): string =>
  options.pretty === true ? `${JSON.stringify(sortKeysDeep(value), null, 2)}\n` : JSON.stringify(sortKeysDeep(value))
