/** The LLM tool contract: BashTool builder, metadata, single-use executions, schemas, errors. */
export { BashTool } from "./BashTool.js"
export { BashToolBuilder, promiseToolService, toolService, type PromiseToolService, type ToolService } from "./BashToolBuilder.js"
export {
  toolDefaultLimits,
  type BashToolConfig,
  type BuiltinImplementation,
  type BuiltinOptions,
  type ConfigureStep,
  type EffectCommand,
  type ToolBuiltin,
  type ToolExtension,
  type ToolProfile
} from "./config.js"
export { toolDefinition, type OpenAiToolDefinition } from "./definition.js"
export { toSortedJson } from "./json.js"
export { DEFAULT_LOCALE, ToolLocale, toolStrings, type ToolStrings } from "./locale.js"
export {
  inputJsonSchema,
  outputJsonSchema,
  ToolOutputChunkSchema,
  ToolRequestSchema,
  ToolResultSchema,
  type JsonSchema,
  type ToolOutputChunk,
  type ToolRequest,
  type ToolResult
} from "./schemas.js"
export type { Tool, ToolResponse, ToolStatus } from "./Tool.js"
export { Internal as ToolErrorInternal, isUserFacing, ToolError, UserFacing as ToolErrorUserFacing } from "./ToolError.js"
export type { ToolExecution } from "./ToolExecution.js"
export { serializeToolOutput, type ToolImage, type ToolOutput } from "./ToolOutput.js"
export { VERSION } from "./version.js"
