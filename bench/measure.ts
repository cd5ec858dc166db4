/**
 * Times every case in every runner. Each run is timed where its runner lives (its own worker
 * thread unless `--isolation=shared`, see pool.ts).
 *
 * Runners alternate case by case (`--interleave=case`, the default, as bashkit's own benchmark
 * does): for each case, each runner does a warm-up run and then its timed runs back to back,
 * and the runners' order rotates from case to case so drift hits all alike. `--interleave=run`
 * alternates the runners run by run instead: every timed run then starts with caches cooled by
 * another runner's work, which measures cold latency (and penalises JIT-compiled runners, whose
 * code and heap are larger, far more than native ones).
 */
import type { BenchCase } from "./cases/types.js"
import type { RunOutcome } from "./runners.js"
import { runBackToBack, type CaseSession, type MeasuredRunner, type RunPlan, type TimedOutcome } from "./session.js"

/** Back-to-back runs where the runner lives (in its worker), or from here for a runner without. */
const runPlanned = (session: CaseSession, plan: RunPlan): Promise<Array<TimedOutcome>> =>
  session.runMany !== undefined ? session.runMany(plan) : runBackToBack(() => session.run(), plan)

export interface RunnerResult {
  readonly runner: string
  /** Milliseconds of each timed run. */
  readonly times: ReadonlyArray<number>
  readonly meanMs: number
  readonly medianMs: number
  /** Same stdout and exit status as /bin/bash. */
  readonly matches: boolean
  readonly stdout: string
  readonly exitCode: number
  readonly error?: string
}

export interface CaseResult {
  readonly set: string
  readonly category: string
  readonly name: string
  readonly work?: number
  readonly reuse: boolean
  readonly reference: RunOutcome
  /** /bin/bash differs from the output bashkit's case file expects. */
  readonly referenceDiffersFromExpected: boolean
  readonly results: ReadonlyArray<RunnerResult>
}

export const interleaves = ["case", "run"] as const
export type Interleave = (typeof interleaves)[number]

export interface MeasureOptions {
  readonly iterations: number
  /** Stop a case's iterations once this much time went into it (at least `minIterations` run). */
  readonly caseBudgetMs: number
  readonly minIterations: number
  /** A runner whose warm-up took longer than this is not run again: the warm-up is its one timing. */
  readonly slowRunMs: number
  /** Alternate runners per case (back-to-back runs) or per run (cold runs). */
  readonly interleave: Interleave
  /**
   * Untimed runs of every case in every runner before any timing (0: none). A JIT-compiled
   * runner reaches its steady speed only after its code has run many times; without this pass the
   * first cases of a set pay for compiling code every later case uses.
   */
  readonly prewarmRuns: number
  readonly onCase?: (result: CaseResult, index: number, total: number) => void
}

const mean = (xs: ReadonlyArray<number>): number => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length)

export const median = (xs: ReadonlyArray<number>): number => {
  if (xs.length === 0) return NaN
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const sameOutput = (a: RunOutcome, b: RunOutcome): boolean => a.error === undefined && a.stdout === b.stdout && a.exitCode === b.exitCode

const outcomeOf = ({ stdout, exitCode, error }: TimedOutcome): RunOutcome => ({ stdout, exitCode, ...(error !== undefined ? { error } : {}) })

export const measureCase = async (
  c: BenchCase,
  runners: ReadonlyArray<MeasuredRunner>,
  reference: MeasuredRunner,
  options: MeasureOptions,
  /** Rotates the runners' order from case to case. */
  caseIndex = 0
): Promise<CaseResult> => {
  const refSession = await reference.open(c)
  const ref = outcomeOf(await refSession.run())
  await refSession.close()
  const sessions: Array<CaseSession> = []
  for (const runner of runners) sessions.push(await runner.open(c))
  const times: Array<Array<number>> = runners.map(() => [])
  const first: Array<RunOutcome> = []
  const slow: Array<boolean> = []
  const errors: Array<string | undefined> = runners.map(() => undefined)
  // A worker that died gives NaN: an error to report, not a time.
  const record = (r: number, ms: number) => {
    if (Number.isFinite(ms)) times[r]?.push(ms)
  }

  const iterations = Math.max(1, Math.min(options.iterations, c.maxIterations ?? Infinity))
  const order = runners.map((_, k) => (caseIndex + k) % runners.length)
  // One untimed run, which also gives the output checked against bash.
  const warmUp = async (r: number) => {
    const run = await (sessions[r] as CaseSession).run()
    first[r] = outcomeOf(run)
    slow[r] = run.ms > options.slowRunMs
    if (run.ms > options.slowRunMs) record(r, run.ms)
    if (run.error !== undefined) errors[r] = run.error
  }
  const timedRun = async (r: number) => {
    const run = await (sessions[r] as CaseSession).run()
    record(r, run.ms)
    if (run.error !== undefined) errors[r] ??= run.error
  }

  if (options.interleave === "case") {
    const plan = { count: iterations, minCount: options.minIterations, budgetMs: options.caseBudgetMs / runners.length }
    for (const r of order) {
      await warmUp(r)
      if (slow[r] === true) continue
      const session = sessions[r] as CaseSession
      const runs = await runPlanned(session, plan)
      for (const run of runs) {
        record(r, run.ms)
        if (run.error !== undefined) errors[r] ??= run.error
      }
    }
  } else {
    for (const r of order) await warmUp(r)
    const started = performance.now()
    for (let i = 0; i < iterations; i++) {
      if (i >= options.minIterations && performance.now() - started > options.caseBudgetMs) break
      for (let k = 0; k < runners.length; k++) {
        const r = (i + k) % runners.length
        if (slow[r] === true && (times[r]?.length ?? 0) >= 1) continue
        await timedRun(r)
      }
    }
  }
  for (const s of sessions) await s.close()

  const results = runners.map((runner, r): RunnerResult => {
    const outcome = first[r] as RunOutcome
    const error = errors[r]
    return {
      runner: runner.name,
      times: times[r] ?? [],
      meanMs: mean(times[r] ?? []),
      medianMs: median(times[r] ?? []),
      matches: sameOutput(outcome, ref),
      stdout: outcome.stdout,
      exitCode: outcome.exitCode,
      ...(error !== undefined ? { error } : {})
    }
  })
  return {
    set: c.set,
    category: c.category,
    name: c.name,
    ...(c.work !== undefined ? { work: c.work } : {}),
    reuse: c.reuse === true,
    reference: ref,
    referenceDiffersFromExpected: c.expected !== undefined && c.expected !== ref.stdout,
    results
  }
}

export const measureAll = async (
  cases: ReadonlyArray<BenchCase>,
  runners: ReadonlyArray<MeasuredRunner>,
  reference: MeasuredRunner,
  options: MeasureOptions
): Promise<Array<CaseResult>> => {
  if (options.prewarmRuns > 0) {
    const plan = { count: options.prewarmRuns, minCount: 1, budgetMs: options.caseBudgetMs / runners.length }
    for (const c of cases) {
      for (const runner of runners) {
        const session = await runner.open(c)
        await runPlanned(session, plan)
        await session.close()
      }
    }
  }
  const out: Array<CaseResult> = []
  for (let i = 0; i < cases.length; i++) {
    const result = await measureCase(cases[i] as BenchCase, runners, reference, options, i)
    out.push(result)
    options.onCase?.(result, i, cases.length)
  }
  return out
}
