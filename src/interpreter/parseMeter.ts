import type { Budget, MemoryLease } from "../limits/Budget.js"
import type { ParseMeter } from "../parser/Parser.js"

/**
 * The parser's fuel, charged to the exec's budget: a long parse (a 4 MB one-line script, a
 * `case` with 200k patterns) notices the deadline and the abort within milliseconds, and the
 * AST it builds counts against the memory limit while the text it came from runs.
 */

/** Budget work units per unit of parser fuel (a token or node costs about this many cheap steps). */
const STEPS_PER_FUEL = 16
/** Bytes of AST per unit of parser fuel (measured: 140-420 across script shapes). */
const AST_BYTES_PER_FUEL = 256

export interface MeteredParse {
  readonly meter: ParseMeter
  /** The AST parsed so far is no longer held by the run (the chunk has run): give its bytes back. */
  readonly release: () => void
}

export const meteredParse = (budget: Budget): MeteredParse => {
  const lease: MemoryLease = budget.lease()
  return {
    meter: {
      charge: (units) => {
        budget.step(units * STEPS_PER_FUEL)
        lease.alloc(units * AST_BYTES_PER_FUEL)
      }
    },
    release: () => lease.release()
  }
}
