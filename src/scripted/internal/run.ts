import { Effect, Layer } from "effect"
import type { Command } from "../../commands/Command.js"
import { effectiveLimits, type BashToolConfig, type BuiltinImplementation, type ToolBuiltin, type ToolProfile } from "../../tool/config.js"
import { runRequest, type ChunkSink } from "../../tool/runner.js"
import type { ToolRequest, ToolResult } from "../../tool/schemas.js"
import type { ExecutionLimitsShape } from "../../limits/ExecutionLimits.js"
import { Vfs } from "../../vfs/Vfs.js"
import { toolCommand, type RegisteredTool, type ToolRuntime } from "./adapter.js"
import { makeDisabledVfs } from "./disabledVfs.js"
import { discoverCommand, helpCommand } from "./discovery.js"
import { ALWAYS_REJECTED, hiddenCommandNames, notFoundCommand, SPECIAL_BUILTINS } from "./logicOnly.js"
import { InvocationLog, type ExecutionTrace } from "./trace.js"

/** Everything a ScriptedTool builder collected; each built tool holds its own frozen copy. */
export interface ScriptedToolConfig {
  readonly name: string
  readonly locale?: string
  readonly shortDescription?: string
  readonly tools: ReadonlyArray<RegisteredTool>
  /** Commands that parse their own argv (tool commands win on a name collision). */
  readonly builtins: ReadonlyArray<{ readonly name: string; readonly command: BuiltinImplementation }>
  readonly limits?: Partial<ExecutionLimitsShape>
  readonly profile?: ToolProfile
  readonly env: ReadonlyArray<readonly [string, string]>
  readonly sanitizeErrors: boolean
  readonly compactPrompt: boolean
}

/** The callback deadline when no timeout is configured (the reference's default limit). */
const DEFAULT_CALLBACK_DEADLINE_MS = 30_000

const entry = (command: Command): ToolBuiltin => ({ name: command.name, command })

/** A tool name the interpreter keeps for itself (specials) or always refuses. */
const reserved = (name: string) => SPECIAL_BUILTINS.has(name) || ALWAYS_REJECTED.has(name)

/**
 * The command table of one execution, lowest precedence first (a later name wins): hidden
 * defaults as `command not found`, host builtins, tools, `help`/`discover`, then the names that
 * are always refused. Tools named like interpreter specials are left out so the special stays.
 */
const commandTable = (config: ScriptedToolConfig, runtime: ToolRuntime): ReadonlyArray<ToolBuiltin> => {
  const first = new Map<string, RegisteredTool>()
  const last = new Map<string, RegisteredTool>()
  for (const tool of config.tools) {
    if (!first.has(tool.def.name)) first.set(tool.def.name, tool)
    last.set(tool.def.name, tool)
  }
  const defs = config.tools.map((t) => t.def)
  const toolCommands = [...last.values()].filter((t) => !reserved(t.def.name)).map((t) => toolCommand(t, first.get(t.def.name)!, runtime))
  return [
    ...hiddenCommandNames().map((n) => entry(notFoundCommand(n))),
    ...config.builtins.filter((b) => !reserved(b.name)),
    ...toolCommands.map(entry),
    entry(helpCommand(defs, runtime.log)),
    entry(discoverCommand(defs, runtime.log)),
    ...[...ALWAYS_REJECTED].map((n) => entry(notFoundCommand(n)))
  ]
}

/**
 * One request in a fresh logic-only shell (§2.4). Interpreter errors report their full display
 * text in `error`; the trace of the run is handed to `storeTrace` (also after an empty script
 * or a timeout).
 */
export const runScripted = (
  config: ScriptedToolConfig,
  request: ToolRequest,
  storeTrace: (trace: ExecutionTrace) => void,
  sink?: ChunkSink
): Effect.Effect<ToolResult> =>
  Effect.suspend(() => {
    const log = new InvocationLog()
    const base: BashToolConfig = {
      env: config.env,
      builtins: [],
      configure: [(options) => ({ ...options, logicOnly: true })],
      vfs: Layer.sync(Vfs, makeDisabledVfs),
      ...(config.profile !== undefined ? { profile: config.profile } : {}),
      ...(config.limits !== undefined ? { limits: config.limits } : {})
    }
    const deadlineMs = effectiveLimits(base).timeoutMs ?? DEFAULT_CALLBACK_DEADLINE_MS
    const start = Date.now()
    const runtime: ToolRuntime = { log, sanitize: config.sanitizeErrors, remainingMs: () => start + deadlineMs - Date.now() }
    const shellConfig: BashToolConfig = { ...base, builtins: commandTable(config, runtime) }
    return runRequest(shellConfig, request, sink).pipe(
      Effect.map((result): ToolResult => (result.error !== undefined && result.error !== "timeout" ? { ...result, error: result.stderr } : result)),
      Effect.ensuring(Effect.sync(() => storeTrace(log.trace())))
    )
  })
