import { defaultLimits, type ExecutionLimitsShape } from "./ExecutionLimits.js"

/**
 * Named limit presets. A profile is a baseline: explicit limits override it field by field.
 * - `standard`: no change.
 * - `hardened`: for untrusted agent input (every budget tighter, a 10 s timeout).
 * - `interactive`: a person at a terminal (no timeout, larger output).
 */
export type LimitProfile = "standard" | "hardened" | "interactive"

export const limitProfiles: Record<LimitProfile, Partial<ExecutionLimitsShape>> = {
  standard: {},
  hardened: {
    maxCommands: 2_500,
    maxLoopIterations: 2_500,
    maxTotalLoopIterations: 100_000,
    maxFunctionDepth: 64,
    maxSubshellDepth: 16,
    maxInputBytes: 1_000_000,
    maxOutputBytes: 256 * 1024,
    maxStringLength: 1024 * 1024,
    maxExpansionWords: 10_000,
    maxConcurrentProcesses: 64,
    maxFormatWidth: 10_000,
    maxFileBytes: 2_000_000,
    maxTotalBytes: 25_000_000,
    maxFileCount: 2_500,
    maxPathDepth: 64,
    maxPathLength: 2048,
    maxMemoryBytes: 32 * 1024 * 1024,
    maxBacktrackSteps: 1_000_000,
    timeoutMs: 10_000
  },
  // A person at a terminal: no timeout, larger output, and the plain shell's command and loop
  // budgets even over a stricter baseline (the tool's defaults).
  interactive: {
    maxOutputBytes: 10 * 1024 * 1024,
    timeoutMs: undefined,
    maxCommands: defaultLimits.maxCommands,
    maxLoopIterations: defaultLimits.maxLoopIterations,
    maxTotalLoopIterations: defaultLimits.maxTotalLoopIterations
  }
}

/**
 * The limits of a shell, resolved once: a baseline (the plain shell's defaults, or the tool's),
 * then the named profile, then explicit limits field by field. Nothing else merges limits.
 */
export const resolveLimits = (
  base: ExecutionLimitsShape,
  profile: LimitProfile | undefined,
  overrides: Partial<ExecutionLimitsShape> | undefined
): ExecutionLimitsShape => ({ ...base, ...(profile !== undefined ? limitProfiles[profile] : {}), ...overrides })
