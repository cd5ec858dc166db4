import type { BashOptions } from "../../src/index.js"

/** One unit of work for the isolated child: a script on a fresh `Bash`, or a module's function. */
export interface IsolatedJob {
  readonly id?: string
  /** A script run with `new Bash(options).exec(script)`. */
  readonly script?: string
  readonly options?: Omit<BashOptions, "commands">
  readonly stdin?: string
  /** Abort the exec through its AbortSignal this long after it starts. */
  readonly abortAfterMs?: number
  /**
   * Instead of a script: an absolute module path and the name of an exported async function
   * (given `arg`) that returns `{ stdout?, stderr?, exitCode?, ... }` (custom commands, tools,
   * host directories: anything that needs code).
   */
  readonly module?: string
  readonly export?: string
  readonly arg?: unknown
  /** Kill the child when this job runs longer than this (ms); overrides the runner's `killAfterMs`. */
  readonly killAfterMs?: number
  /** Start a second sandbox's `echo hi` this long into the job and report how long it took. */
  readonly concurrentEchoAfterMs?: number
}

/** What the child measured for a job it finished. */
export interface IsolatedOutcome {
  readonly id: string | undefined
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
  /** The module function's whole return value (module jobs). */
  readonly value?: unknown
  /** The job threw (a rejected exec is a finding: the facade must never reject for scripts). */
  readonly error?: string
  readonly elapsedMs: number
  /** Longest event-loop stall seen during the job (perf_hooks.monitorEventLoopDelay). */
  readonly maxEventLoopDelayMs: number
  /** Highest RSS sampled during the job (sampling needs the event loop, so stalls hide peaks). */
  readonly peakRssMb: number
  readonly concurrentEchoMs?: number
}

/** A job that did not finish: the parent killed the child (or it died). */
export interface IsolatedKilled {
  readonly id: string | undefined
  readonly killed: "timeout" | "rss" | "crash" | "exit"
  readonly detail: string
  readonly elapsedMs: number
}

export type IsolatedResult = IsolatedOutcome | IsolatedKilled

export const wasKilled = (result: IsolatedResult): result is IsolatedKilled => "killed" in result
