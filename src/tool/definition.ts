import type { JsonSchema } from "./schemas.js"

/** An OpenAI function tool definition (no `strict`; keys in sorted order). */
export interface OpenAiToolDefinition {
  readonly function: { readonly description: string; readonly name: string; readonly parameters: JsonSchema }
  readonly type: "function"
}

/** Uses `description()` (not the short description nor the system prompt). */
export const toolDefinition = (tool: { readonly name: () => string; readonly description: () => string; readonly inputSchema: () => JsonSchema }): OpenAiToolDefinition => ({
  function: { description: tool.description(), name: tool.name(), parameters: tool.inputSchema() },
  type: "function"
})
