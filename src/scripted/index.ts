/** Scripted tools: many tool callbacks composed by one bash script in a logic-only shell. */
export { ScriptedTool, ScriptedToolBuilder, type ToolImpl } from "./ScriptedTool.js"
export type { ScriptedTool as ScriptedToolInstance } from "./ScriptedTool.js"
export { ToolArgs } from "./ToolArgs.js"
export { ToolDef, type JsonSchema } from "./ToolDef.js"
export { scriptedToolStrings, type ScriptedToolStrings } from "./strings.js"
export type { ToolCallback } from "./internal/callback.js"
export type { ExecutionTrace, InvocationKind, ToolInvocation } from "./internal/trace.js"
export { FILESYSTEM_DISABLED, makeDisabledVfs } from "./internal/disabledVfs.js"
