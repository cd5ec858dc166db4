import type { JsonValue } from "./internal/json.js"

/**
 * What a tool callback receives: the flags parsed into an object (per the tool's schema) and
 * the text piped into the command, if any. The accessors return `undefined` on a type
 * mismatch (the string `"3"` is not an int).
 */
export class ToolArgs {
  constructor(
    readonly params: { readonly [key: string]: JsonValue },
    readonly stdin?: string
  ) {}

  string(key: string): string | undefined {
    const v = this.params[key]
    return typeof v === "string" ? v : undefined
  }

  /** A JSON integer (a number with no fractional part). */
  int(key: string): number | undefined {
    const v = this.params[key]
    return typeof v === "number" && Number.isInteger(v) ? v : undefined
  }

  number(key: string): number | undefined {
    const v = this.params[key]
    return typeof v === "number" ? v : undefined
  }

  bool(key: string): boolean | undefined {
    const v = this.params[key]
    return typeof v === "boolean" ? v : undefined
  }
}
