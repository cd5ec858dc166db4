import type { Effect, Layer } from "effect"
import type { CustomCommand } from "../Bash.js"
import type { Command, CommandContext, CommandFailure } from "../commands/Command.js"
import { defaultLimits, type ExecutionLimitsShape } from "../limits/ExecutionLimits.js"
import { resolveLimits, type LimitProfile } from "../limits/profiles.js"
import type { ShellOptions } from "../Shell.js"
import type { InitialFiles } from "../vfs/InMemoryFs.js"
import type { Vfs } from "../vfs/Vfs.js"

/** A command written against the Effect API: the `Command` interface, its name taken from the registration. */
export interface EffectCommand {
  readonly run: (ctx: CommandContext) => Effect.Effect<number, CommandFailure>
}

/** What `builtin(name, ...)` accepts: a facade-style custom command or an Effect-based one. */
export type BuiltinImplementation = CustomCommand | EffectCommand | Command

export interface BuiltinOptions {
  /** One sentence for the model, shown in the system prompt and under "Notes" in help. */
  readonly hint?: string
}

/** A registered builtin, as the tool stores it. */
export interface ToolBuiltin {
  readonly name: string
  readonly command: BuiltinImplementation
  readonly hint?: string
}

/** A bundle of builtins registered together (`builder.extension(ext)`). */
export interface ToolExtension {
  readonly name?: string
  readonly builtins: ReadonlyArray<ToolBuiltin>
}

/** Baseline limit sets; explicit `limits(...)` override them field by field. */
export type ToolProfile = LimitProfile

/** Runs on the shell options after every setter (can override identity, env, files...); not reflected in metadata. */
export type ConfigureStep = (options: ShellOptions) => ShellOptions

/** Everything a builder has collected; each built tool holds its own frozen copy. */
export interface BashToolConfig {
  readonly locale?: string
  readonly username?: string
  readonly hostname?: string
  readonly cwd?: string
  /** In registration order; a repeated key keeps its first position and takes the last value. */
  readonly env: ReadonlyArray<readonly [string, string]>
  readonly files?: InitialFiles
  readonly vfs?: Layer.Layer<Vfs>
  readonly profile?: ToolProfile
  /** Only what the host set explicitly (the metadata shows limits only then). */
  readonly limits?: Partial<ExecutionLimitsShape>
  readonly builtins: ReadonlyArray<ToolBuiltin>
  readonly configure: ReadonlyArray<ConfigureStep>
  /** Builtin failures reach the model as `<name>: callback failed` (default), not their message. */
  readonly sanitizeErrors?: boolean
}

export const emptyConfig: BashToolConfig = { env: [], builtins: [], configure: [] }

/** The reference's tool defaults (stricter than the plain shell's). */
export const toolDefaultLimits: ExecutionLimitsShape = {
  ...defaultLimits,
  maxCommands: 10_000,
  maxLoopIterations: 10_000,
  maxTotalLoopIterations: 1_000_000,
  maxFunctionDepth: 100,
  maxSubshellDepth: 32,
  maxInputBytes: 10_000_000,
  maxOutputBytes: 1024 * 1024,
  timeoutMs: 30_000
}

/** Tool defaults, then the profile (the shared presets), then the explicit limits. */
export const effectiveLimits = (config: BashToolConfig): ExecutionLimitsShape => resolveLimits(toolDefaultLimits, config.profile, config.limits)

export const DEFAULT_USERNAME = "sandbox"
export const DEFAULT_HOSTNAME = "bashkit-sandbox"
export const DEFAULT_CWD = "/home/user"

/** Names in registration order, each kept at its first position (execution uses the last registration). */
export const builtinNames = (config: BashToolConfig): ReadonlyArray<string> => [...new Set(config.builtins.map((b) => b.name))]

/** Every hint, sorted and de-duplicated. */
export const builtinHints = (config: BashToolConfig): ReadonlyArray<string> => {
  const hints = config.builtins.flatMap((b) => (b.hint !== undefined && b.hint !== "" ? [b.hint] : []))
  return [...new Set(hints)].sort()
}

/** Environment keys in first-registration order and the final value of each. */
export const envEntries = (config: BashToolConfig): ReadonlyArray<readonly [string, string]> => {
  const map = new Map<string, string>()
  for (const [k, v] of config.env) map.set(k, v)
  return [...map.entries()]
}
