/**
 * What the measurement loop drives: a runner that can be readied for one case and then run it,
 * timed where the runner lives. A runner lives either in this process (`localRunner`, and always
 * /bin/bash) or in its own worker thread (pool.ts), so that its garbage and JIT state stay its own.
 */
import type { BenchCase } from "./cases/types.js"
import type { RunOutcome, Runner, RunSpec } from "./runners.js"
import { measureParserOnly, measureStartup, type StartupOptions, type StartupResult } from "./startup.js"

/** One run's outcome and its duration, measured next to the call (no message passing counted). */
export interface TimedOutcome extends RunOutcome {
  /** NaN when the runner could not run at all (its worker died): not a time to record. */
  readonly ms: number
}

export interface RunPlan {
  readonly count: number
  readonly minCount: number
  readonly budgetMs: number
}

/** Runs `once` back to back as `plan` says. */
export const runBackToBack = async (once: () => Promise<TimedOutcome>, plan: RunPlan): Promise<Array<TimedOutcome>> => {
  const out: Array<TimedOutcome> = []
  const started = performance.now()
  for (let i = 0; i < plan.count; i++) {
    if (i >= plan.minCount && performance.now() - started > plan.budgetMs) break
    out.push(await once())
  }
  return out
}

/** A runner readied for one case. */
export interface CaseSession {
  readonly run: () => Promise<TimedOutcome>
  /**
   * Runs back to back where the runner lives, with no message or idle time between runs (as a
   * tight loop in one program would call it): up to `plan.count` runs, stopping after
   * `plan.budgetMs` once `plan.minCount` are done.
   */
  readonly runMany?: (plan: RunPlan) => Promise<Array<TimedOutcome>>
  /** Drops the case's prepared sandbox. */
  readonly close: () => Promise<void>
}

export type ParserOnlyResult = ReturnType<typeof measureParserOnly>

export interface MeasuredRunner {
  readonly name: string
  readonly version: string
  /** A fresh interpreter per run, or one prepared sandbox for `reuse` cases (script timed only). */
  readonly open: (c: BenchCase) => Promise<CaseSession>
  /** The start-up/memory set, run where the runner lives. */
  readonly startup: (options: StartupOptions) => Promise<StartupResult | undefined>
  /** This project's parser alone (meaningful for `ours` only; the in-process runners have it). */
  readonly parserOnly?: () => Promise<ParserOnlyResult>
  /** /bin/bash only: the median and mean time of starting `bash -c true`. */
  readonly coldStart?: (runs: number) => Promise<{ medianMs: number; meanMs: number }>
  readonly dispose: () => Promise<void>
}

/** The spec a case hands over: only what the runner reads, so it can cross to a worker. */
export const caseSpec = (c: BenchCase): RunSpec =>
  // Spread: scaling cases build their files lazily behind a Proxy, which cannot be cloned.
  c.files === undefined ? { script: c.script } : { script: c.script, files: { ...c.files } }

/** Readies `runner` for a case; the returned function runs it once and times it. */
export const openSession = async (runner: Runner, spec: RunSpec, reuse: boolean): Promise<() => Promise<TimedOutcome>> => {
  const exec = reuse ? await runner.prepare(spec) : undefined
  const once = exec === undefined ? () => runner.runFresh(spec) : () => exec(spec.script)
  return async () => {
    const start = performance.now()
    const outcome = await once()
    const ms = performance.now() - start
    return { ...outcome, ms }
  }
}

/** A runner in this process (`--isolation=shared`). */
export const localRunner = (runner: Runner): MeasuredRunner => ({
  name: runner.name,
  version: runner.version,
  // The case itself, not `caseSpec`: the host-bash runner keys its data directory on the files object.
  open: async (c) => {
    const run = await openSession(runner, c, c.reuse === true)
    return { run, runMany: (plan) => runBackToBack(run, plan), close: async () => {} }
  },
  startup: (options) => measureStartup(runner, options),
  parserOnly: async () => measureParserOnly(),
  dispose: async () => {
    await runner.dispose?.()
  }
})
