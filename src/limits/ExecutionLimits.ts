import { Context, Data } from "effect"

/** Every budget a script draws on. Hosts override it with `Layer.succeed(ExecutionLimits, {...})`. */
export interface ExecutionLimitsShape {
  /** Simple commands executed in one `exec`. */
  readonly maxCommands: number
  /** Iterations of one loop. */
  readonly maxLoopIterations: number
  /** Iterations of all loops together in one `exec`. */
  readonly maxTotalLoopIterations: number
  /** Nested function calls. */
  readonly maxFunctionDepth: number
  /** Nested command substitutions, subshells, `eval`, `source` and `bash -c`. */
  readonly maxSubshellDepth: number
  /** Script source size in bytes. */
  readonly maxInputBytes: number
  /** Parser nesting depth. */
  readonly maxParserDepth: number
  /** Parser work units (tokens and nodes). */
  readonly maxParserFuel: number
  /** Bytes kept per output stream; beyond it output is dropped and the result marked truncated. */
  readonly maxOutputBytes: number
  /** Length of one variable value or expansion result, in characters. */
  readonly maxStringLength: number
  /** Words produced by one brace or glob expansion. */
  readonly maxExpansionWords: number
  /** Pipeline stages and background jobs running at once (a fork bomb hits this). */
  readonly maxConcurrentProcesses: number
  /** Width or precision of one printf conversion. */
  readonly maxFormatWidth: number
  /** Wall-clock timeout in milliseconds (undefined: none). */
  readonly timeoutMs: number | undefined
  /** Filesystem: one file's size, all files' bytes, number of nodes, path length, depth. */
  readonly maxFileBytes: number
  readonly maxTotalBytes: number
  readonly maxFileCount: number
  readonly maxPathLength: number
  readonly maxPathDepth: number
  /** Bytes a script may hold at once: variables, arrays, functions, aliases, buffers inside commands. */
  readonly maxMemoryBytes: number
  /** Steps one backtracking regex match may take (patterns with back-references or lookaround). */
  readonly maxBacktrackSteps: number
  /** Milliseconds an exec may hold the event loop before it yields (fairness between sandboxes). */
  readonly sliceMs: number
}

export const defaultLimits: ExecutionLimitsShape = {
  maxCommands: 1_000_000,
  maxLoopIterations: 1_000_000,
  maxTotalLoopIterations: 10_000_000,
  maxFunctionDepth: 1000,
  maxSubshellDepth: 100,
  maxInputBytes: 10 * 1024 * 1024,
  maxParserDepth: 500,
  maxParserFuel: 5_000_000,
  maxOutputBytes: 10 * 1024 * 1024,
  maxStringLength: 64 * 1024 * 1024,
  maxExpansionWords: 1_000_000,
  maxConcurrentProcesses: 1000,
  maxFormatWidth: 1_000_000,
  timeoutMs: 30_000,
  maxFileBytes: 100 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxFileCount: 100_000,
  maxPathLength: 4096,
  maxPathDepth: 256,
  maxMemoryBytes: 256 * 1024 * 1024,
  maxBacktrackSteps: 10_000_000,
  sliceMs: 10
}

/** The execution limits in force; an unconfigured program gets `defaultLimits`. */
export class ExecutionLimits extends Context.Reference<ExecutionLimits>()("bashkit-effect/ExecutionLimits", {
  defaultValue: (): ExecutionLimitsShape => defaultLimits
}) {}

/** A budget ran out. The shell ends the script with `bash: <message>` and a documented status. */
export class LimitExceeded extends Data.TaggedError("LimitExceeded")<{
  /** The limit that ran out; `timeout` and `abort` (the host's AbortSignal) are not fields of the shape. */
  readonly limit: keyof ExecutionLimitsShape | "timeout" | "abort"
  readonly value: number
  readonly message: string
}> {}

/** The limit error of a value longer than `maxStringLength` characters. */
export const stringTooLong = (maxStringLength: number): LimitExceeded =>
  new LimitExceeded({ limit: "maxStringLength", value: maxStringLength, message: `maximum string length exceeded (${maxStringLength} characters)` })
