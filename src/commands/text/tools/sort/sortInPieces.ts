/**
 * A stable merge sort cut into pieces, so sorting millions of lines never holds the event loop
 * for more than a slice: runs of a few thousand items are sorted with `Array.prototype.sort`
 * (stable), then merged pairwise pass by pass, a bounded number of items at a time, with a
 * budget checkpoint between pieces. Ties keep the left run first, so the result is exactly what
 * one stable sort with the same comparator gives.
 */
import { Effect } from "effect"
import type { Budget } from "../../../../limits/Budget.js"
import type { LimitExceeded } from "../../../../limits/ExecutionLimits.js"

/** Items per initial run: sorting one takes well under a millisecond. */
const RUN_LENGTH = 4096
/** Items moved by one piece of a merge before the next checkpoint. */
const MERGE_PIECE = 8192

type Compare<T> = (a: T, b: T) => number

/** Work units of sorting `n` items (about n log2 n comparisons). */
const sortCost = (n: number): number => (n < 2 ? n : Math.ceil(n * Math.log2(n)))

/** Sort `items` (a new array or `items` itself) with a stable sort, in pieces. */
export const sortInPieces = <T>(items: Array<T>, compare: Compare<T>, budget: Budget): Effect.Effect<Array<T>, LimitExceeded> =>
  Effect.gen(function* () {
    if (items.length <= RUN_LENGTH) {
      budget.step(sortCost(items.length))
      return items.sort(compare)
    }
    const runs: Array<Array<T>> = []
    for (let start = 0; start < items.length; start += RUN_LENGTH) {
      const run = items.slice(start, start + RUN_LENGTH)
      budget.step(sortCost(run.length))
      runs.push(run.sort(compare))
      yield* budget.checkpoint
    }
    return yield* mergeRuns(runs, compare, budget)
  })

/**
 * Merge runs that are each sorted into one sorted array, pass by pass (pairs of neighbours, so
 * an item of an earlier run stays before an equal item of a later one). `sort -m` merges its
 * inputs this way.
 */
export const mergeRuns = <T>(runs: Array<Array<T>>, compare: Compare<T>, budget: Budget): Effect.Effect<Array<T>, LimitExceeded> =>
  Effect.gen(function* () {
    let level = runs.filter((run) => run.length > 0)
    if (level.length === 0) return []
    while (level.length > 1) {
      const next: Array<Array<T>> = []
      for (let r = 0; r + 1 < level.length; r += 2) {
        const merge = new Merge(level[r]!, level[r + 1]!, compare)
        while (!merge.advance(MERGE_PIECE)) {
          budget.step(MERGE_PIECE)
          yield* budget.checkpoint
        }
        budget.step(MERGE_PIECE)
        next.push(merge.out)
        level[r] = level[r + 1] = [] // let the merged inputs go as soon as possible
      }
      if (level.length % 2 === 1) next.push(level[level.length - 1]!)
      level = next
      yield* budget.checkpoint
    }
    return level[0]!
  })

/** One two-way merge that can stop after any number of items and resume. */
class Merge<T> {
  readonly out: Array<T>
  private i = 0
  private j = 0

  constructor(
    private readonly left: Array<T>,
    private readonly right: Array<T>,
    private readonly compare: Compare<T>
  ) {
    this.out = new Array<T>(left.length + right.length)
  }

  /** Move up to `count` items to the output; true when the merge is complete. */
  advance(count: number): boolean {
    const { left, right, compare, out } = this
    let { i, j } = this
    let k = i + j
    const stop = Math.min(out.length, k + count)
    while (k < stop) {
      if (i < left.length && (j >= right.length || compare(left[i]!, right[j]!) <= 0)) out[k++] = left[i++]!
      else out[k++] = right[j++]!
    }
    this.i = i
    this.j = j
    return k === out.length
  }
}
