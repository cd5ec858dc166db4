import { Effect } from "effect"
import { LimitExceeded, type ExecutionLimitsShape } from "./ExecutionLimits.js"
import { awaitTurn } from "./sliceScheduler.js"

/**
 * One budget per `exec`: the only thing that decides when a script must stop.
 *
 * It holds the deadline, the host's AbortSignal, a work meter (fuel) that reads the clock every
 * few thousand units, the time slice after which the exec must give the event loop back, and
 * the memory account. The interpreter, every subshell, background job and command of one exec
 * share it, so forking never escapes it.
 *
 * Two ways to use it:
 * - synchronous code (a regex engine, a sort, a sed cycle) calls `step(units)` in every loop
 *   whose length the input or the script decides. It returns normally until the exec must stop,
 *   then throws the `LimitExceeded` (the command boundary turns that into the script's end);
 * - Effect code calls `yield* budget.checkpoint` between pieces of work: it fails with the
 *   `LimitExceeded` when the exec must stop, and yields to the event loop (a macrotask) when the
 *   slice is spent, so other sandboxes, timers and the host's AbortSignal get their turn.
 *
 * A stop is sticky (`exhausted`): once one place has hit a limit, every later check fails with
 * the same error, so a command that swallows the throw cannot keep the script alive.
 */

/** A meter that synchronous engines charge; throws `LimitExceeded` when the exec must stop. */
export interface WorkMeter {
  /** Charge `units` of work (about one cheap operation each: a regex step, a comparison). */
  readonly step: (units: number) => void
}

/** A meter that never stops anything (for code run outside an exec, e.g. tests of an engine). */
export const unmetered: WorkMeter = { step: () => {} }

/** Work units between two readings of the clock (a reading costs ~25 ns; a unit ~10-50 ns). */
const CHECK_INTERVAL = 4096

/** Exit statuses of a stopped script: 124 timeout (as `timeout(1)`), 130 abort (SIGINT), 126 any other limit. */
export const stopStatus = (error: LimitExceeded): number => (error.limit === "timeout" ? 124 : error.limit === "abort" ? 130 : 126)

export interface BudgetOptions {
  /** The host's AbortSignal: an abort stops the script (status 130). */
  readonly signal?: AbortSignal | undefined
}

export class Budget implements WorkMeter {
  readonly limits: ExecutionLimitsShape
  /** `Date.now()` past which the script is stopped, if it has a timeout. */
  readonly deadline: number | undefined
  readonly signal: AbortSignal | undefined
  /** The first stop, kept: every later check fails with it. */
  exhausted: LimitExceeded | undefined = undefined

  // Counters of the interpreter's own limits (shared by subshells and background jobs).
  commands = 0
  loopIterations = 0
  liveProcesses = 0

  /** Work units charged so far (deterministic: tests count these, never wall-clock time). */
  fuel = 0
  private countdown = CHECK_INTERVAL
  private sliceEnd: number
  /** The slice is spent: the next `checkpoint` yields to the event loop. */
  private yieldDue = false

  /** Transient bytes held by commands (buffers, sort arrays, pipe contents). */
  private transientBytes = 0
  /** Last measurement of the persistent shell state, refreshed as it grows. */
  private persistentBytes = 0
  private grownSinceMeasure = 0
  private measurePersistent: (() => number) | undefined = undefined

  constructor(limits: ExecutionLimitsShape, options: BudgetOptions = {}) {
    this.limits = limits
    const now = Date.now()
    this.deadline = limits.timeoutMs === undefined ? undefined : now + limits.timeoutMs
    this.signal = options.signal
    this.sliceEnd = now + limits.sliceMs
  }

  /**
   * Count the shell state that outlives commands (variables, functions...): `measure` walks it
   * when it has grown enough; `lastKnown` (its size when last measured, e.g. at the end of the
   * previous exec) stands in until then, so starting an exec walks nothing.
   */
  trackPersistent(measure: () => number, lastKnown: number): void {
    this.measurePersistent = measure
    this.persistentBytes = lastKnown
  }

  /** The persistent state as last measured. */
  get persistentMeasured(): number {
    return this.persistentBytes
  }

  // ---- work and time -------------------------------------------------------------------------

  /** Charge `units` of work; throws the `LimitExceeded` when the exec must stop. */
  step(units: number): void {
    this.fuel += units
    if ((this.countdown -= units) > 0) return
    this.countdown = CHECK_INTERVAL
    const stop = this.poll()
    if (stop !== undefined) throw stop
  }

  /** Why the exec must stop now, if it must (reads the clock and the signal; records the stop). */
  poll(): LimitExceeded | undefined {
    if (this.exhausted !== undefined) return this.exhausted
    const now = Date.now()
    if (this.deadline !== undefined && now > this.deadline) return this.stop(timeoutError(this.limits.timeoutMs ?? 0))
    if (this.signal?.aborted === true) return this.stop(new LimitExceeded({ limit: "abort", value: 0, message: "execution aborted" }))
    if (now >= this.sliceEnd) this.yieldDue = true
    return undefined
  }

  /** Throw if the exec must stop (for synchronous code between steps). */
  check(): void {
    const stop = this.poll()
    if (stop !== undefined) throw stop
  }

  /** Record a stop reached elsewhere (a limit counted by the caller); the first one wins. */
  stop(error: LimitExceeded): LimitExceeded {
    if (this.exhausted === undefined) {
      this.exhausted = error
      // Waits in progress (a sleeping job, a host callback) end with the script.
      for (const wake of this.waiters) wake()
      this.waiters.clear()
    }
    return this.exhausted
  }

  /** Waits raced against the budget (`interruptible`), woken when the exec stops for any reason. */
  private readonly waiters = new Set<() => void>()

  /** True when the current slice is spent (a long loop should reach a `checkpoint` soon). */
  /**
   * A charge already found the slice spent (no clock reading): after a long synchronous step
   * (a conversion of 32 MiB) the next checkpoint should come now, not a dozen commands later.
   */
  get yieldRequested(): boolean {
    return this.yieldDue
  }

  get sliceSpent(): boolean {
    return this.yieldDue || Date.now() >= this.sliceEnd
  }

  /**
   * Fails when the exec must stop; yields to the event loop when the slice is spent. Cheap when
   * neither (one clock reading), so it can run once per command or per chunk of work.
   */
  readonly checkpoint: Effect.Effect<void, LimitExceeded> = Effect.suspend(() => {
    const stop = this.poll()
    if (stop !== undefined) return Effect.fail(stop)
    if (!this.yieldDue) return Effect.void
    return this.yieldNow
  })

  /**
   * Yield to the event loop now (one slice per loop turn across all sandboxes: see
   * sliceScheduler.ts), then start a new slice and check again.
   */
  readonly yieldNow: Effect.Effect<void, LimitExceeded> = Effect.flatMap(awaitTurn(() => this.poll() !== undefined), () =>
    Effect.suspend(() => {
      this.yieldDue = false
      this.sliceEnd = Date.now() + this.limits.sliceMs
      this.countdown = CHECK_INTERVAL
      const stop = this.poll()
      return stop === undefined ? Effect.void : Effect.fail(stop)
    })
  )

  /**
   * Run a wait (a sleep, a host callback, a job) so that the deadline and the abort signal end
   * it: it fails with the stop instead of waiting on.
   */
  interruptible<A, E, R>(wait: Effect.Effect<A, E, R>): Effect.Effect<A, E | LimitExceeded, R> {
    return Effect.raceFirst(wait, this.stopped)
  }

  /** Completes (failing) when the deadline passes or the signal aborts; never otherwise. */
  private readonly stopped: Effect.Effect<never, LimitExceeded> = Effect.async<never, LimitExceeded>((resume) => {
    const now = this.poll()
    if (now !== undefined) {
      resume(Effect.fail(now))
      return
    }
    const fire = () => {
      cleanup()
      const stop = this.exhausted ?? this.poll() ?? this.stop(this.signal?.aborted === true ? abortError() : timeoutError(this.limits.timeoutMs ?? 0))
      resume(Effect.fail(stop))
    }
    const timer = this.deadline === undefined ? undefined : setTimeout(fire, Math.max(0, this.deadline - Date.now()) + 1)
    this.signal?.addEventListener("abort", fire, { once: true })
    this.waiters.add(fire)
    const cleanup = () => {
      if (timer !== undefined) clearTimeout(timer)
      this.signal?.removeEventListener("abort", fire)
      this.waiters.delete(fire)
    }
    return Effect.sync(cleanup)
  })

  // ---- memory --------------------------------------------------------------------------------

  /** Bytes accounted now (persistent state as last measured, plus transient buffers). */
  get memoryUsed(): number {
    return this.persistentBytes + this.transientBytes
  }

  /** Take `bytes` of transient memory; throws the memory limit when the account would overflow. */
  alloc(bytes: number): void {
    const stop = this.tryAlloc(bytes)
    if (stop !== undefined) throw stop
  }

  /** `alloc` that answers instead of throwing: the stop when the account would overflow. */
  tryAlloc(bytes: number): LimitExceeded | undefined {
    this.transientBytes += bytes
    if (this.memoryUsed <= this.limits.maxMemoryBytes) return undefined
    this.transientBytes -= bytes
    return this.stop(memoryError(this.limits.maxMemoryBytes))
  }

  /** `alloc` for Effect code: fails instead of throwing. */
  allocEffect(bytes: number): Effect.Effect<void, LimitExceeded> {
    return Effect.suspend(() => {
      const stop = this.tryAlloc(bytes)
      return stop === undefined ? Effect.void : Effect.fail(stop)
    })
  }

  /** Give back transient memory taken with `alloc`. */
  free(bytes: number): void {
    this.transientBytes = Math.max(0, this.transientBytes - bytes)
  }

  /** A per-command account of transient memory, released as a whole when the command ends. */
  lease(): MemoryLease {
    return new MemoryLease(this)
  }

  /**
   * The persistent state grew by about `bytes` (an assignment, a function definition...). Cheap;
   * once the growth since the last measurement is large, the state is measured again and
   * checked against the limit (throws it).
   */
  grew(bytes: number): void {
    this.grownSinceMeasure += bytes
    if (this.grownSinceMeasure < Math.max(MIN_REMEASURE, this.persistentBytes / 4) && this.memoryUsed + this.grownSinceMeasure <= this.limits.maxMemoryBytes) return
    // Callers report growth before they store it: measure what is stored, then add `bytes`.
    if (this.measurePersistent !== undefined) this.persistentBytes = this.measurePersistent()
    this.grownSinceMeasure = bytes
    if (this.memoryUsed + bytes > this.limits.maxMemoryBytes) {
      this.grownSinceMeasure = 0
      throw this.stop(memoryError(this.limits.maxMemoryBytes))
    }
  }
}

/** Growth below which the persistent state is not measured again. */
const MIN_REMEASURE = 1024 * 1024

/** Transient memory one command holds; `release()` gives all of it back (the interpreter calls it when the command ends). */
export class MemoryLease {
  held = 0
  constructor(private readonly budget: Budget) {}
  alloc(bytes: number): void {
    this.budget.alloc(bytes)
    this.held += bytes
  }
  free(bytes: number): void {
    const give = Math.min(bytes, this.held)
    this.held -= give
    this.budget.free(give)
  }
  release(): void {
    this.budget.free(this.held)
    this.held = 0
  }
}

/** Run `use` with a memory lease of `budget` that is released however it ends. */
export const withLease = <A, E, R>(budget: Budget, use: (lease: MemoryLease) => Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    const lease = budget.lease()
    return Effect.ensuring(use(lease), Effect.sync(() => lease.release()))
  })

export const timeoutError = (timeoutMs: number): LimitExceeded =>
  new LimitExceeded({ limit: "timeout", value: timeoutMs, message: `execution timed out after ${timeoutMs}ms` })

export const abortError = (): LimitExceeded => new LimitExceeded({ limit: "abort", value: 0, message: "execution aborted" })

export const memoryError = (maxBytes: number): LimitExceeded =>
  new LimitExceeded({ limit: "maxMemoryBytes", value: maxBytes, message: `memory limit exceeded (${maxBytes} bytes)` })
