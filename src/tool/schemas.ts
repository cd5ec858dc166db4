import { Schema } from "effect"

/**
 * The tool's wire formats. The effect/Schema definitions type and decode the values; the JSON
 * Schema documents are written out by hand because the contract fixes their exact text
 * (`format: "uint64"`, `["integer", "null"]`, descriptions), which `JSONSchema.make` would
 * render differently (`anyOf`, `$schema`, `additionalProperties: false`).
 */

/** The arguments of one call: `timeout_ms` absent or null means no per-call timeout. */
export const ToolRequestSchema = Schema.Struct({
  commands: Schema.String.annotations({ description: "Bash commands to execute" }),
  timeout_ms: Schema.optional(Schema.NullOr(Schema.NonNegativeInt)).annotations({
    description: "Optional per-call timeout in milliseconds"
  })
})
export type ToolRequest = typeof ToolRequestSchema.Type

/** `ToolOutput.result`: always stdout/stderr/exit_code; the rest only when set. */
export const ToolResultSchema = Schema.Struct({
  stdout: Schema.String,
  stderr: Schema.String,
  exit_code: Schema.Int,
  error: Schema.optional(Schema.String),
  stdout_truncated: Schema.optional(Schema.Boolean),
  stderr_truncated: Schema.optional(Schema.Boolean),
  final_env: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.String }))
})
export type ToolResult = typeof ToolResultSchema.Type

/** One piece of streamed output, decoded as UTF-8. */
export const ToolOutputChunkSchema = Schema.Struct({
  data: Schema.String,
  kind: Schema.Literal("stdout", "stderr")
})
export type ToolOutputChunk = typeof ToolOutputChunkSchema.Type

/** A JSON Schema document (plain JSON). */
export type JsonSchema = { readonly [key: string]: unknown }

/** Keys are written in sorted order so that plain `JSON.stringify` matches the reference. */
export const inputJsonSchema = (): JsonSchema => ({
  properties: {
    commands: { description: "Bash commands to execute", type: "string" },
    timeout_ms: {
      description: "Optional per-call timeout in milliseconds",
      format: "uint64",
      minimum: 0,
      type: ["integer", "null"]
    }
  },
  required: ["commands"],
  type: "object"
})

const truncatedFlag = (stream: "stdout" | "stderr") => ({
  default: false,
  description: `Whether ${stream} was truncated due to output size limits`,
  type: "boolean"
})

export const outputJsonSchema = (): JsonSchema => ({
  properties: {
    error: { description: "Error message if execution failed before running", type: ["string", "null"] },
    exit_code: { description: "Exit code; 0 means success", format: "int32", type: "integer" },
    final_env: {
      additionalProperties: { type: "string" },
      description: "Final environment state when requested",
      type: ["object", "null"]
    },
    stderr: { description: "Standard error from the script", type: "string" },
    stderr_truncated: truncatedFlag("stderr"),
    stdout: { description: "Standard output from the script", type: "string" },
    stdout_truncated: truncatedFlag("stdout")
  },
  required: ["stdout", "stderr", "exit_code"],
  type: "object"
})
