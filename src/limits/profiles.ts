import type { ExecutionLimitsShape } from "./ExecutionLimits.js"

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
  interactive: {
    maxOutputBytes: 10 * 1024 * 1024,
    timeoutMs: undefined
  }
}
