import type { Tool } from "../tool/Tool.js"
import { DEFAULT_LOCALE } from "../tool/locale.js"
import { makeDiscoverTool } from "./DiscoverTool.js"
import type { ScriptedToolConfig } from "./internal/run.js"
import type { ExecutionTrace } from "./internal/trace.js"
import { emptyScriptedConfig, makeScriptedTool, ToolRegistrar } from "./ScriptedTool.js"

/** `Exclusive`: one scripted tool with the full prompt. `WithDiscovery`: a compact one plus a discover tool. */
export type DiscoveryMode = "Exclusive" | "WithDiscovery"

/** A set of tools for a model, built around one scripted tool (§2.11). Not itself a Tool. */
export interface ScriptingToolSet {
  readonly discoveryMode: () => DiscoveryMode
  readonly tools: () => ReadonlyArray<Tool>
  /** The trace of the last execution of either tool, once. */
  readonly takeLastExecutionTrace: () => ExecutionTrace | undefined
}

/** Like ScriptedToolBuilder, without sanitize/compact/dry-run options (sanitizing always on). */
export class ScriptingToolSetBuilder extends ToolRegistrar<ScriptingToolSetBuilder> {
  constructor(
    config: ScriptedToolConfig,
    readonly mode: DiscoveryMode = "Exclusive"
  ) {
    super(config)
  }

  protected with(patch: Partial<ScriptedToolConfig>): ScriptingToolSetBuilder {
    return new ScriptingToolSetBuilder({ ...this.config, ...patch }, this.mode)
  }

  withDiscovery(): ScriptingToolSetBuilder {
    return new ScriptingToolSetBuilder(this.config, "WithDiscovery")
  }

  build(): ScriptingToolSet {
    const mode = this.mode
    const slot: { value: ExecutionTrace | undefined } = { value: undefined }
    const config: ScriptedToolConfig = {
      ...this.config,
      shortDescription: this.config.shortDescription ?? `ScriptingToolSet: ${this.config.name}`,
      sanitizeErrors: true,
      compactPrompt: mode === "WithDiscovery"
    }
    const scripted = makeScriptedTool(config, slot)
    const tools: ReadonlyArray<Tool> =
      mode === "Exclusive" ? [scripted] : [scripted, makeDiscoverTool(config.name, config.locale ?? DEFAULT_LOCALE, scripted)]
    return {
      discoveryMode: () => mode,
      tools: () => tools,
      takeLastExecutionTrace: scripted.takeLastExecutionTrace
    }
  }
}

export const ScriptingToolSet = {
  builder: (name: string): ScriptingToolSetBuilder => new ScriptingToolSetBuilder(emptyScriptedConfig(name))
} as const
