import { coerce, MAX_JSON_TEXT_BYTES, parseJsonAggregate } from "./coerce.js"
import { compareKeys, isJsonObject, parseJson, utf8Length, type JsonValue } from "./json.js"
import { derefSchema, effectiveType, propertiesOf } from "./schemaTypes.js"

/**
 * Tool-command flags parsed from a JSON Schema (§2.5): `--key value` and `--key=value` only,
 * coerced by each property's effective type. Plain synchronous code: errors are returned.
 */

export type FlagParseResult =
  | { readonly ok: true; readonly params: Record<string, JsonValue> }
  | { readonly ok: false; readonly message: string }

/** Total value bytes one invocation may pass. */
export const MAX_FLAG_DATA_BYTES = 65536
/** Items one array flag may hold. */
export const MAX_ARRAY_ITEMS = 4096

class FlagError {
  constructor(readonly message: string) {}
}

const isFlag = (token: string): boolean => token.startsWith("--")

export const parseFlags = (argv: ReadonlyArray<string>, schema: unknown): FlagParseResult => {
  try {
    return { ok: true, params: new FlagParser(argv, schema).run() }
  } catch (e) {
    if (e instanceof FlagError) return { ok: false, message: e.message }
    throw e
  }
}

class FlagParser {
  private readonly properties: Record<string, JsonValue>
  private readonly closed: boolean
  private readonly result: Record<string, JsonValue> = {}
  private index = 0
  private bytes = 0

  constructor(
    private readonly argv: ReadonlyArray<string>,
    private readonly root: unknown
  ) {
    this.properties = propertiesOf(root)
    this.closed = isJsonObject(root) && root["additionalProperties"] === false
  }

  run(): Record<string, JsonValue> {
    while (this.index < this.argv.length) {
      const token = this.argv[this.index++]!
      if (!isFlag(token)) throw new FlagError(`expected --flag, got: ${token}`)
      const body = token.slice(2)
      const eq = body.indexOf("=")
      const key = eq === -1 ? body : body.slice(0, eq)
      this.checkKnown(key)
      const property = Object.prototype.hasOwnProperty.call(this.properties, key) ? this.properties[key] : undefined
      if (eq !== -1) {
        const value = body.slice(eq + 1)
        this.charge(key, value)
        this.set(key, coerce(value, effectiveType(property, this.root)))
        continue
      }
      this.parseBare(key, property)
    }
    return this.result
  }

  /** 0.18: with `additionalProperties: false`, a flag outside the schema is rejected. */
  private checkKnown(key: string): void {
    if (!this.closed || Object.prototype.hasOwnProperty.call(this.properties, key)) return
    const valid = Object.keys(this.properties).sort(compareKeys).map((k) => `--${k}`).join(", ")
    throw new FlagError(`unknown flag: --${key} (expected one of: ${valid})`)
  }

  private parseBare(key: string, property: unknown): void {
    const type = effectiveType(property, this.root)
    const next = this.argv[this.index]
    switch (type.kind) {
      case "boolean":
        this.set(key, true)
        return
      case "array":
        return this.parseArray(key, property, next)
      case "object": {
        if (next === undefined || isFlag(next)) return this.set(key, true)
        if (next.startsWith("{") || next.startsWith("[")) {
          this.index++
          this.charge(key, next)
          const parsed = parseJsonAggregate(next)
          return this.set(key, parsed === undefined ? next : parsed)
        }
        if (next.includes("=")) return this.set(key, this.keyValueGroup(key, derefSchema(property, this.root)))
        this.index++
        this.charge(key, next)
        return this.set(key, coerce(next, type))
      }
      default:
        if (next === undefined || isFlag(next)) return this.set(key, true)
        this.index++
        this.charge(key, next)
        return this.set(key, coerce(next, type))
    }
  }

  private parseArray(key: string, property: unknown, next: string | undefined): void {
    if (next === undefined || isFlag(next)) throw new FlagError(`--${key}: missing value`)
    const items = derefSchema(derefSchema(property, this.root)?.["items"], this.root)
    const itemType = effectiveType(items, this.root)
    if (next.trimStart().startsWith("[")) {
      this.index++
      this.charge(key, next)
      const parsed = parseJsonAggregate(next)
      if (Array.isArray(parsed)) return this.append(key, parsed)
      return this.set(key, next)
    }
    if (itemType.kind === "object") {
      if (next.startsWith("{")) {
        this.index++
        this.charge(key, next)
        const parsed = utf8Length(next) > MAX_JSON_TEXT_BYTES ? undefined : parseJson(next)
        if (parsed !== undefined) return this.append(key, [parsed.value])
        return this.set(key, next)
      }
      if (next.includes("=")) return this.append(key, [this.keyValueGroup(key, items)])
      throw new FlagError(`--${key}: expected JSON or key=value pairs, got '${next}'`)
    }
    this.index++
    this.charge(key, next)
    this.append(
      key,
      next.split(",").map((part) => coerce(part, itemType))
    )
  }

  /** `k=v k2=v2 ...` up to the next `--flag`, as one object. */
  private keyValueGroup(flag: string, objectSchema: unknown): Record<string, JsonValue> {
    const declared = isJsonObject(objectSchema) && isJsonObject(objectSchema["properties"]) ? objectSchema["properties"] : undefined
    const restrict = declared !== undefined && Object.keys(declared).length > 0
    const out: Record<string, JsonValue> = {}
    while (this.index < this.argv.length && !isFlag(this.argv[this.index]!)) {
      const token = this.argv[this.index++]!
      const eq = token.indexOf("=")
      if (eq === -1) throw new FlagError(`--${flag}: expected --flag or key=value, got '${token}'`)
      const k = token.slice(0, eq)
      const v = token.slice(eq + 1)
      if (restrict && !Object.prototype.hasOwnProperty.call(declared, k)) {
        const valid = Object.keys(declared).sort(compareKeys).join(", ")
        throw new FlagError(`--${flag}: unknown key '${k}'; valid keys: ${valid}`)
      }
      this.charge(flag, token)
      defineKey(out, k, coerce(v, effectiveType(declared?.[k], this.root)))
    }
    return out
  }

  private charge(key: string, value: string): void {
    this.bytes += utf8Length(value)
    if (this.bytes > MAX_FLAG_DATA_BYTES) throw new FlagError(`--${key}: parsed flag data exceeds ${MAX_FLAG_DATA_BYTES} bytes`)
  }

  private set(key: string, value: JsonValue): void {
    defineKey(this.result, key, value)
  }

  private append(key: string, items: ReadonlyArray<JsonValue>): void {
    const current = this.result[key]
    const merged = Array.isArray(current) ? [...current, ...items] : [...items]
    if (merged.length > MAX_ARRAY_ITEMS) throw new FlagError(`--${key}: array flag has ${merged.length} items; maximum is ${MAX_ARRAY_ITEMS}`)
    defineKey(this.result, key, merged)
  }
}

/** Plain assignment would treat a `__proto__` flag as the prototype. */
const defineKey = (target: Record<string, JsonValue>, key: string, value: JsonValue): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}
