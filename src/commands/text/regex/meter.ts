import type { Budget, WorkMeter } from "../../../limits/Budget.js"
import { defaultLimits, LimitExceeded } from "../../../limits/ExecutionLimits.js"

/**
 * What a regex match charges: the exec's work meter (so a deadline or an abort is noticed during
 * one long match) and, for the backtracking engine, a per-match step limit
 * (`limits.maxBacktrackSteps`) whose overflow ends the script loudly
 * (`bash: grep: regex backtracking limit exceeded`, status 126).
 */
export interface RegexMeter {
  readonly work: WorkMeter
  readonly maxBacktrackSteps: number
  /** The stop to throw when one match has taken `maxBacktrackSteps` (recorded on the budget). */
  readonly backtrackLimit: () => LimitExceeded
}

const backtrackError = (command: string, steps: number): LimitExceeded =>
  new LimitExceeded({
    limit: "maxBacktrackSteps",
    value: steps,
    message: `${command === "" ? "" : `${command}: `}regex backtracking limit exceeded`
  })

const byBudget = new WeakMap<Budget, Map<string, RegexMeter>>()

/**
 * The meter of one command of one exec (cached: regexes compiled per meter can be cached too).
 * `command` prefixes the limit's message; the shell's own `[[ =~ ]]` passes "".
 */
export const regexMeter = (budget: Budget, command: string): RegexMeter => {
  let meters = byBudget.get(budget)
  if (meters === undefined) {
    meters = new Map()
    byBudget.set(budget, meters)
  }
  let meter = meters.get(command)
  if (meter === undefined) {
    const steps = budget.limits.maxBacktrackSteps
    meter = { work: budget, maxBacktrackSteps: steps, backtrackLimit: () => budget.stop(backtrackError(command, steps)) }
    meters.set(command, meter)
  }
  return meter
}

/** For regexes built outside an exec (engine tests, constants): the default step limit, no deadline. */
export const defaultRegexMeter: RegexMeter = {
  work: { step: () => {} },
  maxBacktrackSteps: defaultLimits.maxBacktrackSteps,
  backtrackLimit: () => backtrackError("regex", defaultLimits.maxBacktrackSteps)
}
