import type { RunSpec } from "../runners.js"

/** One benchmark case: a script run by every runner, timed, and checked against /bin/bash. */
export interface BenchCase extends RunSpec {
  /** "bashkit" (the 96 shared cases) or "scaling". */
  readonly set: "bashkit" | "scaling"
  readonly category: string
  readonly name: string
  /** The output bashkit's case file expects (informational; /bin/bash is the oracle). */
  readonly expected?: string
  /**
   * Run in one prepared interpreter holding the case's files (timed: the script only), instead
   * of a fresh interpreter per run. Used where building the sandbox would dominate (100 MB data).
   */
  readonly reuse?: boolean
  /** Caps the timed iterations (slow cases). */
  readonly maxIterations?: number
  /** The amount of work, for scaling tables (iterations, bytes, files...). */
  readonly work?: number
}
