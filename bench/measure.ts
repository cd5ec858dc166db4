/**
 * Times every case in every runner. Runners alternate within each iteration, in a rotating
 * order, so machine drift (thermal, noisy neighbours) hits all alike. Each run is timed where its
 * runner lives (its own worker thread unless `--isolation=shared`, see pool.ts).
 */
import type { BenchCase } from "./cases/types.js"
import type { RunOutcome } from "./runners.js"
import type { CaseSession, MeasuredRunner, TimedOutcome } from "./session.js"

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

export interface MeasureOptions {
  readonly iterations: number
  /** Stop a case's iterations once this much time went into it (at least `minIterations` run). */
  readonly caseBudgetMs: number
  readonly minIterations: number
  /** A runner whose warm-up took longer than this is not run again: the warm-up is its one timing. */
  readonly slowRunMs: number
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
  options: MeasureOptions
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

  // Warm-up: one untimed run each, which also gives the output checked against bash.
  for (let r = 0; r < runners.length; r++) {
    const run = await (sessions[r] as CaseSession).run()
    first.push(outcomeOf(run))
    slow.push(run.ms > options.slowRunMs)
    if (run.ms > options.slowRunMs) record(r, run.ms)
    if (run.error !== undefined) errors[r] = run.error
  }

  const iterations = Math.max(1, Math.min(options.iterations, c.maxIterations ?? Infinity))
  const started = performance.now()
  for (let i = 0; i < iterations; i++) {
    if (i >= options.minIterations && performance.now() - started > options.caseBudgetMs) break
    for (let k = 0; k < runners.length; k++) {
      const r = (i + k) % runners.length
      if (slow[r] === true && (times[r]?.length ?? 0) >= 1) continue
      const run = await (sessions[r] as CaseSession).run()
      record(r, run.ms)
      if (run.error !== undefined) errors[r] ??= run.error
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
  const out: Array<CaseResult> = []
  for (let i = 0; i < cases.length; i++) {
    const result = await measureCase(cases[i] as BenchCase, runners, reference, options)
    out.push(result)
    options.onCase?.(result, i, cases.length)
  }
  return out
}
