import { compareKeys, isJsonObject, type JsonValue } from "./json.js"

/**
 * The effective type of a property schema (§2.5): what the flag parser and the usage hints
 * treat it as, after following `$ref`, type unions and combinators.
 */
export type EffectiveType =
  | { readonly kind: "boolean" | "array" | "object" | "integer" | "number" | "string" }
  | { readonly kind: "unknown" }

type Schema = Record<string, JsonValue>

const MAX_REF_DEPTH = 16

const known = new Set(["boolean", "array", "object", "integer", "number", "string"])

const byName = (name: string): EffectiveType =>
  known.has(name) ? ({ kind: name } as EffectiveType) : { kind: "unknown" }

/** Decode one JSON pointer segment (`~1` → `/`, `~0` → `~`). */
const decodeSegment = (segment: string): string => segment.replace(/~1/g, "/").replace(/~0/g, "~")

/** The schema a local `$ref` (`#/...`) points at inside `root`, or undefined. */
export const resolvePointer = (root: unknown, ref: string): unknown => {
  if (!ref.startsWith("#")) return undefined
  const pointer = ref.slice(1)
  if (pointer === "") return root
  if (!pointer.startsWith("/")) return undefined
  let node: unknown = root
  for (const raw of pointer.slice(1).split("/")) {
    const segment = decodeSegment(raw)
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined
      node = node[Number(segment)]
    } else if (isJsonObject(node)) {
      node = Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : undefined
    } else return undefined
    if (node === undefined) return undefined
  }
  return node
}

/**
 * Follow `$ref` chains from `schema` (depth ≤ 16, no cycles). Returns the first schema without a
 * `$ref`, or undefined when the chain is broken, cyclic or too deep.
 */
export const derefSchema = (schema: unknown, root: unknown): Schema | undefined => {
  let node = schema
  const seen = new Set<string>()
  for (let depth = 0; ; depth++) {
    if (!isJsonObject(node)) return undefined
    const ref = node["$ref"]
    if (typeof ref !== "string") return node
    if (depth >= MAX_REF_DEPTH || seen.has(ref)) return undefined
    seen.add(ref)
    node = resolvePointer(root, ref)
  }
}

const isAggregate = (t: EffectiveType): boolean => t.kind === "array" || t.kind === "object"

/** The effective type of `schema` (a property schema of the tool whose whole schema is `root`). */
export const effectiveType = (schema: unknown, root: unknown): EffectiveType => {
  const s = derefSchema(schema, root)
  if (s === undefined) return { kind: "unknown" }
  const type = s["type"]
  if (typeof type === "string") return byName(type)
  if (Array.isArray(type)) {
    const names = type.filter((t): t is string => typeof t === "string")
    if (names.includes("array")) return { kind: "array" }
    if (names.includes("object")) return { kind: "object" }
    const first = names.find((t) => t !== "null")
    if (first !== undefined) return byName(first)
  }
  for (const combinator of ["oneOf", "anyOf", "allOf"]) {
    const branches = s[combinator]
    if (!Array.isArray(branches)) continue
    const types = branches.map((b) => effectiveType(b, root))
    const chosen = types.find(isAggregate) ?? types.find((t) => t.kind !== "unknown")
    if (chosen !== undefined) return chosen
  }
  if (s["items"] !== undefined) return { kind: "array" }
  if (s["properties"] !== undefined) return { kind: "object" }
  return { kind: "unknown" }
}

/** The `properties` object of a schema, or `{}`. */
export const propertiesOf = (schema: unknown): Schema => {
  if (!isJsonObject(schema)) return {}
  const props = schema["properties"]
  return isJsonObject(props) ? props : {}
}

/** The hint after `--key` in a usage line (§2.3). */
const usageHint = (schema: unknown, root: unknown): string => {
  const t = effectiveType(schema, root)
  switch (t.kind) {
    case "object":
      return "<json|key=value...>"
    case "array": {
      const items = derefSchema(isJsonObject(schema) ? derefSchema(schema, root)?.["items"] : undefined, root)
      return effectiveType(items, root).kind === "object" ? "<json|key=value...>" : "<json|a,b,c>"
    }
    case "integer":
    case "number":
    case "boolean":
    case "string":
      return `<${t.kind}>`
    case "unknown": {
      const type = isJsonObject(schema) ? schema["type"] : undefined
      return typeof type === "string" ? `<${type}>` : "<value>"
    }
  }
}

/**
 * `--a <hint> --b <hint>` in sorted key order, or undefined unless `properties` is a non-empty
 * object (shared by the system prompt, `help` and `--help`).
 */
export const usage = (schema: unknown): string | undefined => {
  if (!isJsonObject(schema)) return undefined
  const props = schema["properties"]
  if (!isJsonObject(props)) return undefined
  const keys = Object.keys(props).sort(compareKeys)
  if (keys.length === 0) return undefined
  return keys.map((k) => `--${k} ${usageHint(props[k], schema)}`).join(" ")
}
