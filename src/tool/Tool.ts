import { Effect } from "effect"
import type { BashToolConfig } from "./config.js"
import * as Prompt from "./prompt.js"
import { runRequest } from "./runner.js"
import { emptyResult } from "./response.js"
import { inputJsonSchema, outputJsonSchema, type JsonSchema, type ToolRequest, type ToolResult } from "./schemas.js"
import type { ToolError } from "./ToolError.js"
import { makeToolExecution, type ToolExecution } from "./ToolExecution.js"
import { validateArgs } from "./validation.js"
import { VERSION } from "./version.js"

/** A progress event of the legacy `executeWithStatus` (keys sorted; unset ones absent). */
export interface ToolStatus {
  readonly output?: string
  readonly percent_complete?: number
  readonly phase: "validate" | "parse" | "execute" | "output" | "complete"
  readonly stream?: "stdout" | "stderr"
}

/** The contract's legacy name for `ToolOutput.result`. */
export type ToolResponse = ToolResult

/** A built tool: immutable metadata plus a factory of single-use executions. */
export interface Tool {
  /** Always `bashkit` (never localized). */
  readonly name: () => string
  readonly displayName: () => string
  /** The base sentence, without the custom-command suffix. */
  readonly shortDescription: () => string
  readonly description: () => string
  readonly systemPrompt: () => string
  /** Markdown. */
  readonly help: () => string
  readonly locale: () => string
  readonly version: () => string
  readonly inputSchema: () => JsonSchema
  readonly outputSchema: () => JsonSchema
  /** Validates the JSON arguments (localized `UserFacing` errors) before anything runs. */
  readonly execution: (args: unknown) => Effect.Effect<ToolExecution, ToolError>
  /** Legacy: runs a request without the validation step or metadata. */
  readonly execute: (request: ToolRequest) => Effect.Effect<ToolResponse>
  /** Legacy: as `execute`, reporting progress; no `complete` event after a timeout. */
  readonly executeWithStatus: (request: ToolRequest, onStatus: (status: ToolStatus) => void) => Effect.Effect<ToolResponse>
}

const status = (phase: ToolStatus["phase"], percent: number): ToolStatus => ({ percent_complete: percent, phase })

/** Each call gets a fresh shell built from the frozen configuration. */
export const makeTool = (config: BashToolConfig, locale: string): Tool => {
  const facts = Prompt.toolFacts(config, locale)
  const execute = (request: ToolRequest) => runRequest(config, request)
  return {
    name: () => Prompt.TOOL_NAME,
    displayName: () => facts.strings.displayName,
    shortDescription: () => Prompt.shortDescription(facts),
    description: () => Prompt.description(facts),
    systemPrompt: () => Prompt.systemPrompt(facts),
    help: () => Prompt.help(facts),
    locale: () => locale,
    version: () => VERSION,
    inputSchema: inputJsonSchema,
    outputSchema: outputJsonSchema,
    execution: (args) =>
      Effect.map(
        Effect.suspend(() => validateArgs(args, facts.strings)),
        (request) => makeToolExecution((sink) => runRequest(config, request, sink))
      ),
    execute,
    executeWithStatus: (request, onStatus) =>
      Effect.suspend(() => {
        onStatus(status("validate", 0))
        if (request.commands === "") {
          onStatus(status("complete", 100))
          return Effect.succeed(emptyResult())
        }
        onStatus(status("parse", 10))
        onStatus(status("execute", 20))
        const sink = (chunk: { readonly data: string; readonly kind: "stdout" | "stderr" }) =>
          onStatus({ output: chunk.data, phase: "output", stream: chunk.kind })
        return Effect.tap(runRequest(config, request, sink), (result) =>
          Effect.sync(() => {
            if (result.error !== "timeout") onStatus(status("complete", 100))
          })
        )
      })
  }
}
