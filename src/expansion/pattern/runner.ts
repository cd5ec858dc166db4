/**
 * Simulation of a pattern program over a text, one character at a time, with the set of live
 * states (Thompson's construction, no backtracking): O(states) work per character.
 *
 * Each live state carries an origin (the offset where its match attempt started) so one pass
 * can answer "which is the leftmost start of a match ending here" (threads started at every
 * offset, merged keeping the smallest origin: two threads in the same state have the same
 * future, so only the smaller origin matters).
 *
 * `!(p)` matches a span that `p` does not match. Each NEG state keeps the runs of its inner
 * program started where the NEG state was entered (a "span"); at every position a span that is
 * not accepting lets the NEG state continue. Spans whose configurations are equal are merged
 * (again: equal futures), so their number stays bounded by the distinct configurations, not by
 * the text length.
 */
import { foldCase } from "./charset.js"
import { ACCEPT, CHAR, NEG, SPLIT, type Program } from "./program.js"
import { ANY, NOT_SLASH, setIndex } from "./syntax.js"

/** Which origin two merged threads keep: any (anchored runs carry none), or the smallest (searches). */
export type Keep = "any" | "smallest"

/** Work done (state visits and character tests), drained into the budget by the caller. */
export interface Work {
  units: number
}

/** Does one-character `test` accept `code` (`folded` is its case fold under nocase)? */
export const charMatches = (program: Program, test: number, code: number, folded: number): boolean => {
  if (test >= 0) return test === folded
  if (test === ANY) return true
  if (test === NOT_SLASH) return code !== 47
  return program.sets[setIndex(test)]!.matches(code)
}

/** The character at `offset` as a code point (a lone surrogate stands for itself). */
export const codeAt = (text: string, offset: number): number => text.codePointAt(offset)!

export const foldFor = (program: Program, code: number): number => (program.nocase ? foldCase(code) : code)

interface Span {
  readonly run: Run
  origin: number
}

/** The configuration of a freshly started inner program (the same wherever it starts). */
const freshKeys = new WeakMap<Program, string>()

export class Run {
  private states: Int32Array
  private origins: Int32Array
  private spareStates: Int32Array
  private spareOrigins: Int32Array
  count = 0
  accepting = false
  acceptOrigin = 0
  private readonly mark: Int32Array
  private readonly seen: Int32Array
  private readonly slot: Int32Array
  private gen = 0
  private position = 0
  private readonly stack: Array<number> = []
  private readonly seeds: Array<number> = []
  private seedCount = 0
  /** Per NEG state (by inner program index): the spans inside it. */
  private readonly spans: Array<Array<Span>>
  private readonly entered: Array<Span | undefined>
  private cachedKey: string | undefined = undefined

  constructor(
    readonly program: Program,
    private readonly keep: Keep,
    private readonly work: Work
  ) {
    const size = program.size
    this.states = new Int32Array(size)
    this.origins = new Int32Array(size)
    this.spareStates = new Int32Array(size)
    this.spareOrigins = new Int32Array(size)
    this.mark = new Int32Array(size)
    this.seen = new Int32Array(size)
    this.slot = new Int32Array(size)
    this.spans = program.inners.map(() => [])
    this.entered = program.inners.map(() => undefined)
  }

  /** Anything left that could still match (live states or spans). */
  get alive(): boolean {
    if (this.count > 0) return true
    for (const list of this.spans) if (list.length > 0) return true
    return false
  }

  /** Start at `position`: the states reachable without consuming, all with `origin`. */
  begin(position: number, origin: number): void {
    for (const list of this.spans) list.length = 0
    this.newGeneration(position)
    this.visit(this.program.start, origin)
  }

  /**
   * Consume the character `code` (ending at `position`). With `inject` >= 0 a new attempt
   * starting at `position` (with that origin) joins the live threads.
   */
  advance(code: number, folded: number, position: number, inject: number): void {
    const program = this.program
    const seeds = this.seeds
    let seedCount = 0
    const { test, next } = program
    for (let i = 0; i < this.count; i++) {
      const state = this.states[i]!
      if (charMatches(program, test[state]!, code, folded)) {
        seeds[seedCount++] = next[state]!
        seeds[seedCount++] = this.origins[i]!
      }
    }
    this.work.units += this.count
    for (let k = 0; k < this.spans.length; k++) {
      const list = this.spans[k]!
      if (list.length === 0) continue
      for (const span of list) span.run.advance(code, folded, position, -1)
      if (list.length > 1) this.mergeSpans(list)
      const after = next[program.negStates[k]!]!
      for (const span of list) {
        if (span.run.accepting) continue
        seeds[seedCount++] = after
        seeds[seedCount++] = span.origin
      }
    }
    this.seedCount = seedCount
    this.swap()
    this.newGeneration(position)
    if (this.keep !== "any") this.orderSeeds()
    for (let i = 0; i < seedCount; i += 2) this.visit(seeds[i]!, seeds[i + 1]!)
    // A new attempt starts here: its origin is the largest, so it comes last.
    if (inject >= 0) this.visit(program.start, inject)
  }

  /** Drop threads whose origin is past `bound` (a search that found a match starting at `bound`). */
  prune(bound: number): void {
    let kept = 0
    for (let i = 0; i < this.count; i++) {
      if (this.origins[i]! > bound) continue
      this.states[kept] = this.states[i]!
      this.origins[kept++] = this.origins[i]!
    }
    this.count = kept
    for (let k = 0; k < this.spans.length; k++) {
      const list = this.spans[k]!
      if (list.some((span) => span.origin > bound)) this.spans[k] = list.filter((span) => span.origin <= bound)
    }
    this.cachedKey = undefined
  }

  /** A string equal for two runs of one program exactly when their futures are equal. */
  key(): string {
    if (this.cachedKey !== undefined) return this.cachedKey
    const live = this.states.slice(0, this.count).sort()
    let key = this.accepting ? "!" : ""
    for (let i = 0; i < live.length; i++) key += `${live[i]},`
    for (let k = 0; k < this.spans.length; k++) {
      const list = this.spans[k]!
      if (list.length > 0) key += `|${k}:[${list.map((span) => span.run.key()).sort().join(";")}]`
    }
    this.work.units += live.length
    return (this.cachedKey = key)
  }

  private better(a: number, b: number): boolean {
    return this.keep === "smallest" && a < b
  }

  private newGeneration(position: number): void {
    this.position = position
    this.count = 0
    this.accepting = false
    this.cachedKey = undefined
    this.entered.fill(undefined)
    if (++this.gen === 0x7fffffff) {
      this.mark.fill(0)
      this.gen = 1
    }
  }

  private swap(): void {
    const states = this.states
    const origins = this.origins
    this.states = this.spareStates
    this.origins = this.spareOrigins
    this.spareStates = states
    this.spareOrigins = origins
  }

  /** Seeds sorted best origin first, so a state's first visit carries its best origin. */
  private orderSeeds(): void {
    const seeds = this.seeds
    const count = this.seedCount
    let ordered = true
    for (let i = 2; i < count && ordered; i += 2) ordered = !this.better(seeds[i + 1]!, seeds[i - 1]!)
    if (ordered) return
    const pairs: Array<[number, number]> = []
    for (let i = 0; i < count; i += 2) pairs.push([seeds[i]!, seeds[i + 1]!])
    pairs.sort((a, b) => a[1] - b[1])
    for (let i = 0; i < pairs.length; i++) {
      seeds[2 * i] = pairs[i]![0]
      seeds[2 * i + 1] = pairs[i]![1]
    }
  }

  /** Follow the non-consuming edges from `start`: record CHAR states, acceptance, NEG entries. */
  private visit(start: number, startOrigin: number): void {
    const program = this.program
    const { op, next, alt } = program
    const stack = this.stack
    const mark = this.mark
    const gen = this.gen
    stack.push(start, startOrigin)
    let visits = 0
    while (stack.length > 0) {
      const origin = stack.pop()!
      const state = stack.pop()!
      visits++
      let improved = false
      if (mark[state] === gen) {
        if (!this.better(origin, this.seen[state]!)) continue
        improved = true
      }
      mark[state] = gen
      this.seen[state] = origin
      switch (op[state]) {
        case CHAR:
          if (improved) this.origins[this.slot[state]!] = origin
          else {
            this.slot[state] = this.count
            this.states[this.count] = state
            this.origins[this.count++] = origin
          }
          break
        case SPLIT:
          stack.push(alt[state]!, origin, next[state]!, origin)
          break
        case ACCEPT:
          if (!this.accepting || this.better(origin, this.acceptOrigin)) this.acceptOrigin = origin
          this.accepting = true
          break
        case NEG:
          this.enter(state, origin, improved)
          break
      }
    }
    this.work.units += visits
  }

  /** The NEG state `state` is entered here: start (or join) a span of its inner program. */
  private enter(state: number, origin: number, improved: boolean): void {
    const program = this.program
    const k = program.alt[state]!
    let span = this.entered[k]
    if (!improved || span === undefined) {
      const inner = program.inners[k]!
      const list = this.spans[k]!
      const fresh = freshKeys.get(inner)
      span = fresh === undefined ? undefined : list.find((s) => s.run.key() === fresh)
      if (span === undefined) {
        const run = new Run(inner, "any", this.work)
        run.begin(this.position, 0)
        if (fresh === undefined) {
          const key = run.key()
          freshKeys.set(inner, key)
          span = list.find((s) => s.run.key() === key)
        }
        if (span === undefined) list.push((span = { run, origin }))
        else if (this.better(origin, span.origin)) span.origin = origin
      } else if (this.better(origin, span.origin)) span.origin = origin
      this.entered[k] = span
    } else if (this.better(origin, span.origin)) span.origin = origin
    else return
    if (!span.run.accepting) this.stack.push(program.next[state]!, span.origin)
  }

  /** Merge spans with equal configurations, keeping the better origin. */
  private mergeSpans(list: Array<Span>): void {
    const byKey = new Map<string, Span>()
    let kept = 0
    for (const span of list) {
      const key = span.run.key()
      const same = byKey.get(key)
      if (same === undefined) {
        byKey.set(key, span)
        list[kept++] = span
      } else if (this.better(span.origin, same.origin)) same.origin = span.origin
    }
    list.length = kept
  }
}
