import { Effect, type Layer } from "effect"
import type { ExecutionLimitsShape } from "../limits/ExecutionLimits.js"
import type { InitialFiles } from "../vfs/InMemoryFs.js"
import type { Vfs } from "../vfs/Vfs.js"
import {
  emptyConfig,
  type BashToolConfig,
  type BuiltinImplementation,
  type BuiltinOptions,
  type ConfigureStep,
  type ToolExtension,
  type ToolProfile
} from "./config.js"
import { toolDefinition, type OpenAiToolDefinition } from "./definition.js"
import { DEFAULT_LOCALE } from "./locale.js"
import type { JsonSchema, ToolResult } from "./schemas.js"
import { makeTool, type Tool } from "./Tool.js"
import type { ToolError } from "./ToolError.js"

/** The "tower::Service" of the contract: validate, execute, return only `result`. */
export type ToolService = (args: unknown) => Effect.Effect<ToolResult, ToolError>

/** The same for plain callers; rejects with the `ToolError` itself. */
export type PromiseToolService = (args: unknown, options?: { readonly signal?: AbortSignal }) => Promise<ToolResult>

export const toolService =
  (tool: Tool): ToolService =>
  (args) =>
    Effect.flatMap(tool.execution(args), (execution) => Effect.map(execution.execute(), (output) => output.result))

export const promiseToolService = (tool: Tool): PromiseToolService => {
  const service = toolService(tool)
  return async (args, options) => {
    const outcome = await Effect.runPromise(Effect.either(service(args)), options?.signal !== undefined ? { signal: options.signal } : undefined)
    if (outcome._tag === "Left") throw outcome.left
    return outcome.right
  }
}

/**
 * Collects a BashTool's configuration. Immutable: every setter returns a new builder, so one
 * builder can be extended in several directions, and `build()` can be called any number of times.
 */
export class BashToolBuilder {
  constructor(readonly config: BashToolConfig = emptyConfig) {}

  private with(patch: Partial<BashToolConfig>): BashToolBuilder {
    return new BashToolBuilder({ ...this.config, ...patch })
  }

  /** `$USER`, `whoami`, `$HOME=/home/<name>` (created); shown in the system prompt and help. */
  username(name: string): BashToolBuilder {
    return this.with({ username: name })
  }

  /** `hostname`, `$HOSTNAME`, `uname -n`; shown in help only. */
  hostname(name: string): BashToolBuilder {
    return this.with({ hostname: name })
  }

  /** The starting directory (default `/home/user`); never shown. */
  cwd(path: string): BashToolBuilder {
    return this.with({ cwd: path })
  }

  /** An exported variable; help lists the keys, never the values. */
  env(key: string, value: string): BashToolBuilder {
    return this.with({ env: [...this.config.env, [key, value]] })
  }

  /** Initial files, by absolute path (merged with earlier calls). */
  files(files: InitialFiles): BashToolBuilder {
    return this.with({ files: { ...this.config.files, ...files } })
  }

  /** The filesystem of each execution: the layer is built anew per execution. */
  vfs(layer: Layer.Layer<Vfs>): BashToolBuilder {
    return this.with({ vfs: layer })
  }

  /** Explicit limits over the tool defaults and the profile; shown in the system prompt and help. */
  limits(limits: Partial<ExecutionLimitsShape>): BashToolBuilder {
    return this.with({ limits: { ...this.config.limits, ...limits } })
  }

  /** A baseline limit set, applied before everything else. */
  profile(profile: ToolProfile): BashToolBuilder {
    return this.with({ profile })
  }

  /** `uk...` selects Ukrainian texts; anything else English. */
  locale(locale: string): BashToolBuilder {
    return this.with({ locale })
  }

  /** A custom command; a later registration of the same name wins. */
  builtin(name: string, command: BuiltinImplementation, options: BuiltinOptions = {}): BashToolBuilder {
    return this.with({ builtins: [...this.config.builtins, { name, command, ...(options.hint !== undefined ? { hint: options.hint } : {}) }] })
  }

  /**
   * Whether a builtin's error reaches the model as `<name>: callback failed` (on, the default, as
   * ScriptedTool does) or as its own message (off: for builtins whose errors are meant to be read).
   */
  sanitizeErrors(on = true): BashToolBuilder {
    return this.with({ sanitizeErrors: on })
  }

  /** Every builtin of the extension, under the same override rule. */
  extension(extension: ToolExtension): BashToolBuilder {
    return this.with({ builtins: [...this.config.builtins, ...extension.builtins] })
  }

  /** An escape hatch on the shell options, run after every setter; not reflected in metadata. */
  configure(step: ConfigureStep): BashToolBuilder {
    return this.with({ configure: [...this.config.configure, step] })
  }

  build(): Tool {
    return this.buildWithLocale(this.config.locale ?? DEFAULT_LOCALE)
  }

  /** Builds with `fallbackLocale` unless a locale was set on the builder. */
  buildWithLocale(fallbackLocale: string): Tool {
    return makeTool(this.config, this.config.locale ?? fallbackLocale)
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
    return this.build().inputSchema()
  }

  buildOutputSchema(): JsonSchema {
    return this.build().outputSchema()
  }
}
