import { Effect } from "effect"

/**
 * Where execs wait when their time slice is spent: one FIFO for the whole process, and one slice
 * per turn of the event loop.
 *
 * Yielding with a plain `setImmediate` is not enough once many sandboxes spin: Node runs every
 * immediate queued before the check phase in one go, so 200 busy execs with 10 ms slices hold the
 * loop for 2 s per turn and a timer, an I/O callback or a new `echo hi` waits that long. Here a
 * single immediate resumes one waiting exec per loop turn, so timers and I/O run between any two
 * slices whatever the number of sandboxes. An exec that must stop (deadline passed, aborted) is
 * resumed before the others: it only needs a moment to end, and its host is waiting for it.
 */

interface Waiter {
  /** True when this exec must stop now (it goes to the front). */
  readonly mustStop: () => boolean
  readonly resume: () => void
}

const waiting: Array<Waiter> = []
let turnScheduled = false

const takeNext = (): Waiter | undefined => {
  const stopping = waiting.findIndex((waiter) => waiter.mustStop())
  return waiting.splice(stopping === -1 ? 0 : stopping, 1)[0]
}

let slices = 0

const turn = (): void => {
  turnScheduled = false
  slices += 1
  const next = takeNext()
  if (waiting.length > 0) scheduleTurn()
  next?.resume()
}

const scheduleTurn = (): void => {
  if (turnScheduled) return
  turnScheduled = true
  setImmediate(turn)
}

/** Wait for this exec's next turn of the event loop (`mustStop` moves it to the front). */
export const awaitTurn = (mustStop: () => boolean): Effect.Effect<void> =>
  Effect.async<void>((resume) => {
    const waiter: Waiter = { mustStop, resume: () => resume(Effect.void) }
    waiting.push(waiter)
    scheduleTurn()
    return Effect.sync(() => {
      const index = waiting.indexOf(waiter)
      if (index !== -1) waiting.splice(index, 1)
    })
  })

/** Slices handed out so far in this process (tests count these instead of timing). */
export const slicesRun = (): number => slices
