/** Shorthands shared by the catalogue files (data helpers only). */

export const TIMEOUT = 124
export const LIMIT = 126
export const ABORT = 130

/** Ended by the deadline or by a limit: either is a safe end for a runaway. */
export const STOPPED = [TIMEOUT, LIMIT] as const

/** n copies of `a` (the adversarial text for matchers). */
export const as = (n: number): string => "a".repeat(n)

/** Limits that let a loop run until the deadline (no command or loop count stops it first). */
export const unbounded = {
  maxCommands: 1e12,
  maxLoopIterations: 1e12,
  maxTotalLoopIterations: 1e12
} as const

/** A smaller memory budget for memory attacks, so they end fast and the RSS bound is tight. */
export const SMALL_MEMORY = 32 * 1024 * 1024

/** A message that must never reach a user: a JavaScript internal leaking through. */
export const JS_INTERNALS = /Maximum call stack|RangeError|TypeError|ReferenceError|FiberFailure|undefined NaN|\bNaN\b|at .*\.ts:\d+/
