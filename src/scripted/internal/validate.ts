import { compareKeys, isJsonObject, jsonEqual, type JsonValue } from "./json.js"
import { derefSchema } from "./schemaTypes.js"

/**
 * The schema subset a tool's params are validated against (§2.7): type, oneOf/anyOf (not
 * exclusive), allOf, enum, required, additionalProperties: false, properties, items. `$ref` is
 * resolved (0.18). Returns the first error message, or undefined when valid.
 */
export const validate = (value: unknown, schema: unknown, root: unknown = schema, path = "input"): string | undefined => {
  const s = isJsonObject(schema) && typeof schema["$ref"] === "string" ? derefSchema(schema, root) : schema
  if (!isJsonObject(s) || Object.keys(s).length === 0) return undefined
  const type = s["type"]
  if (typeof type === "string" || Array.isArray(type)) {
    const names = (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === "string")
    if (!names.some((t) => matchesType(value, t))) return `${path} must be ${names.join(" or ")}`
  }
  for (const combinator of ["oneOf", "anyOf"] as const) {
    const branches = s[combinator]
    if (Array.isArray(branches) && !branches.some((b) => validate(value, b, root, path) === undefined)) {
      return `${path} does not match any ${combinator} branch`
    }
  }
  const allOf = s["allOf"]
  if (Array.isArray(allOf)) {
    for (const branch of allOf) {
      const error = validate(value, branch, root, path)
      if (error !== undefined) return error
    }
  }
  const allowed = s["enum"]
  if (Array.isArray(allowed) && !allowed.some((a) => jsonEqual(a, value))) return `${path} is not an allowed value`
  if (isJsonObject(value)) {
    const required = s["required"]
    if (Array.isArray(required)) {
      for (const key of required) {
        if (typeof key === "string" && !Object.prototype.hasOwnProperty.call(value, key)) return `required property '${key}' is missing`
      }
    }
    const props = isJsonObject(s["properties"]) ? s["properties"] : {}
    if (s["additionalProperties"] === false) {
      const extra = Object.keys(value).sort(compareKeys).find((k) => !Object.prototype.hasOwnProperty.call(props, k))
      if (extra !== undefined) return `unknown property '${extra}'`
    }
    for (const key of Object.keys(props).sort(compareKeys)) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue
      const error = validate(value[key]!, props[key]!, root, `${path}.${key}`)
      if (error !== undefined) return error
    }
  }
  if (Array.isArray(value) && s["items"] !== undefined) {
    for (let i = 0; i < value.length; i++) {
      const error = validate(value[i]!, s["items"], root, `${path}[${i}]`)
      if (error !== undefined) return error
    }
  }
  return undefined
}

const matchesType = (value: unknown, type: string): boolean => {
  switch (type) {
    case "string":
      return typeof value === "string"
    case "integer":
      return typeof value === "number" && Number.isInteger(value)
    case "number":
      return typeof value === "number"
    case "boolean":
      return typeof value === "boolean"
    case "null":
      return value === null
    case "array":
      return Array.isArray(value)
    case "object":
      return isJsonObject(value)
    default:
      return true
  }
}
