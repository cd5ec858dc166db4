import { Effect } from "effect"
import type { ExecutionLimitsShape } from "../limits/ExecutionLimits.js"
import { promiseToolService, toolService, type PromiseToolService, type ToolService } from "../tool/BashToolBuilder.js"
import type { BuiltinImplementation, ToolProfile } from "../tool/config.js"
import { toolDefinition, type OpenAiToolDefinition } from "../tool/definition.js"
import { DEFAULT_LOCALE, toolStrings } from "../tool/locale.js"
import { emptyResult } from "../tool/response.js"
import { inputJsonSchema, outputJsonSchema, type JsonSchema, type ToolRequest } from "../tool/schemas.js"
import type { Tool, ToolStatus } from "../tool/Tool.js"
import { makeToolExecution } from "../tool/ToolExecution.js"
import { validateArgs } from "../tool/validation.js"
import { VERSION } from "../tool/version.js"
import type { RegisteredTool } from "./internal/adapter.js"
import type { ToolCallback } from "./internal/callback.js"
import * as Metadata from "./internal/metadata.js"
import { runScripted, type ScriptedToolConfig } from "./internal/run.js"
import type { ExecutionTrace } from "./internal/trace.js"
import type { ToolDef } from "./ToolDef.js"

/**
 * A tool implementation registered with `.tool(impl)`. `exec` is preferred over `execSync`; with
 * neither, calling the command fails with `<name>: no exec defined`.
 */
export interface ToolImpl {
  readonly def: ToolDef
  readonly exec?: ToolCallback
  readonly execSync?: ToolCallback
  readonly dryRun?: ToolCallback
}

/** A built scripted tool: the `Tool` contract plus the trace of its last execution. */
export interface ScriptedTool extends Tool {
  /** The invocations of the last execution, once (the slot is cleared by reading it). */
  readonly takeLastExecutionTrace: () => ExecutionTrace | undefined
}

const status = (phase: ToolStatus["phase"], percent: number): ToolStatus => ({ percent_complete: percent, phase })

/** Builds the tool from a frozen configuration; `traceSlot` may be shared (ScriptingToolSet). */
export const makeScriptedTool = (config: ScriptedToolConfig, traceSlot: { value: ExecutionTrace | undefined } = { value: undefined }): ScriptedTool => {
  const locale = config.locale ?? DEFAULT_LOCALE
  const facts: Metadata.ScriptedFacts = { name: config.name, locale, defs: config.tools.map((t) => t.def), compact: config.compactPrompt }
  const store = (trace: ExecutionTrace) => {
    traceSlot.value = trace
  }
  const run = (request: ToolRequest, sink?: Parameters<typeof runScripted>[3]) =>
    request.commands === "" ? Effect.sync(() => (store({ invocations: [] }), emptyResult())) : runScripted(config, request, store, sink)
  return {
    name: () => config.name,
    displayName: () => config.name,
    shortDescription: () => config.shortDescription ?? `ScriptedTool: ${config.name}`,
    description: () => Metadata.description(facts),
    systemPrompt: () => Metadata.systemPrompt(facts),
    help: () => Metadata.help(facts),
    locale: () => locale,
    version: () => VERSION,
    inputSchema: inputJsonSchema,
    outputSchema: outputJsonSchema,
    execution: (args) =>
      Effect.map(
        Effect.suspend(() => validateArgs(args, toolStrings(locale))),
        (request) => makeToolExecution((sink) => run(request, sink))
      ),
    execute: (request) => run(request),
    executeWithStatus: (request, onStatus) =>
      Effect.suspend(() => {
        onStatus(status("validate", 0))
        if (request.commands === "") {
          onStatus(status("complete", 100))
          return run(request)
        }
        onStatus(status("parse", 10))
        onStatus(status("execute", 20))
        return Effect.tap(run(request), () => Effect.sync(() => onStatus(status("complete", 100))))
      }),
    takeLastExecutionTrace: () => {
      const trace = traceSlot.value
      traceSlot.value = undefined
      return trace
    }
  }
}

const emptyConfig = (name: string): ScriptedToolConfig => ({ name, tools: [], builtins: [], env: [], sanitizeErrors: true, compactPrompt: false })

/** The registration methods ScriptedToolBuilder and ScriptingToolSetBuilder share. */
export abstract class ToolRegistrar<Self> {
  constructor(readonly config: ScriptedToolConfig) {}

  protected abstract with(patch: Partial<ScriptedToolConfig>): Self

  locale(locale: string): Self {
    return this.with({ locale })
  }

  shortDescription(text: string): Self {
    return this.with({ shortDescription: text })
  }

  /** A tool from an implementation record (async `exec` preferred over `execSync`). */
  tool(impl: ToolImpl): Self {
    const exec = impl.exec ?? impl.execSync
    return this.register({ def: impl.def, ...(exec !== undefined ? { exec } : {}), ...(impl.dryRun !== undefined ? { dryRun: impl.dryRun } : {}) })
  }

  /** A tool whose callback returns its stdout: a string, a Promise of one, or an Effect. */
  toolFn(def: ToolDef, callback: ToolCallback): Self {
    return this.register({ def, exec: callback })
  }

  /** Same as `toolFn` (the callback may return a Promise); named as the reference names it. */
  asyncToolFn(def: ToolDef, callback: ToolCallback): Self {
    return this.toolFn(def, callback)
  }

  limits(limits: Partial<ExecutionLimitsShape>): Self {
    return this.with({ limits: { ...this.config.limits, ...limits } })
  }

  profile(profile: ToolProfile): Self {
    return this.with({ profile })
  }

  /** An exported variable of every execution's shell. */
  env(key: string, value: string): Self {
    return this.with({ env: [...this.config.env, [key, value]] })
  }

  protected register(tool: RegisteredTool): Self {
    return this.with({ tools: [...this.config.tools, tool] })
  }
}

/**
 * Collects a ScriptedTool's configuration. Immutable: every setter returns a new builder, and
 * `build()` may be called any number of times (callbacks, and the state they close over, are
 * shared by every tool built).
 */
export class ScriptedToolBuilder extends ToolRegistrar<ScriptedToolBuilder> {
  constructor(config: ScriptedToolConfig) {
    super(config)
  }

  protected with(patch: Partial<ScriptedToolConfig>): ScriptedToolBuilder {
    return new ScriptedToolBuilder({ ...this.config, ...patch })
  }

  /** A tool with a custom `--dry-run` handler (its errors are sanitized like callbacks'). */
  toolWithDryRun(def: ToolDef, callback: ToolCallback, dryRun: ToolCallback): ScriptedToolBuilder {
    return this.register({ def, exec: callback, dryRun })
  }

  /**
   * A command that parses its own argv (see `ArgvBuiltin.make`). It runs in the same
   * logic-only shell; a tool command of the same name wins, and `help`/`discover` cannot be replaced.
   */
  builtin(name: string, command: BuiltinImplementation): ScriptedToolBuilder {
    return this.with({ builtins: [...this.config.builtins, { name, command }] })
  }

  /** Callback error text reaches the script only when this is off (default on). */
  sanitizeErrors(on = true): ScriptedToolBuilder {
    return this.with({ sanitizeErrors: on })
  }

  /** The system prompt lists `name (description)` instead of usages. */
  compactPrompt(on = true): ScriptedToolBuilder {
    return this.with({ compactPrompt: on })
  }

  build(): ScriptedTool {
    return makeScriptedTool(this.config)
  }

  buildService(): ToolService {
    return toolService(this.build())
  }

  buildPromiseService(): PromiseToolService {
    return promiseToolService(this.build())
  }

  buildToolDefinition(): OpenAiToolDefinition {
    return toolDefinition(this.build())
  }

  buildInputSchema(): JsonSchema {
    return inputJsonSchema()
  }

  buildOutputSchema(): JsonSchema {
    return outputJsonSchema()
  }
}

export const ScriptedTool = {
  builder: (name: string): ScriptedToolBuilder => new ScriptedToolBuilder(emptyConfig(name))
} as const

export { emptyConfig as emptyScriptedConfig }
