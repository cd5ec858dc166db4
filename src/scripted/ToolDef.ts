import type { JsonSchema } from "../tool/schemas.js"

/** A JSON Schema document (plain JSON), shared with BashTool. */
export type { JsonSchema }

/**
 * One tool command of a scripted tool: its name (the shell command), a one-line description,
 * the JSON Schema its flags are parsed against, and tags / a category for `discover`.
 * Immutable: every `with...` returns a new definition.
 */
export class ToolDef {
  private constructor(
    readonly name: string,
    readonly description: string,
    readonly inputSchema: JsonSchema,
    readonly tags: ReadonlyArray<string>,
    readonly category: string | undefined
  ) {}

  static make(name: string, description: string): ToolDef {
    return new ToolDef(name, description, {}, [], undefined)
  }

  withSchema(schema: JsonSchema): ToolDef {
    return new ToolDef(this.name, this.description, schema, this.tags, this.category)
  }

  /** Replaces the tags. */
  withTags(tags: ReadonlyArray<string>): ToolDef {
    return new ToolDef(this.name, this.description, this.inputSchema, [...tags], this.category)
  }

  withCategory(category: string): ToolDef {
    return new ToolDef(this.name, this.description, this.inputSchema, this.tags, category)
  }
}
