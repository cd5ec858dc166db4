/**
 * A lazily built DFA over a program without `!(...)`: each DFA state is a set of program states,
 * and its transitions are computed on first use and remembered (ASCII in a table, other
 * characters in a small map). Matching then costs a lookup per character instead of a walk over
 * the live states. The cache is bounded: when it fills up it is cleared and rebuilt from the
 * current state, so the worst case stays the automaton's O(states) per character.
 */
import { ACCEPT, CHAR, SPLIT, type Program } from "./program.js"
import { charMatches, type Work } from "./runner.js"

/** Most DFA states one automaton keeps before its cache is cleared. */
const MAX_STATES = 64
/** Most non-ASCII transitions remembered per state. */
const MAX_OTHER = 32
/**
 * Bytes all DFA caches together may hold (compiled patterns are cached process-wide, so a
 * script cycling through many patterns must not grow memory): past it, a growing DFA clears
 * its own cache first.
 */
const MAX_TOTAL_BYTES = 8 * 1024 * 1024
let totalBytes = 0
const UNKNOWN = 0xffff

interface DState {
  /** The program's CHAR states, sorted. */
  readonly live: Int32Array
  readonly accepting: boolean
  readonly ascii: Uint16Array
  readonly other: Map<number, number>
  /** Approximate bytes this state holds (its table, its set, its key). */
  readonly bytes: number
}

export class Dfa {
  private states: Array<DState> = []
  private index = new Map<string, number>()
  private readonly mark: Int32Array
  private gen = 0
  private readonly stack: Array<number> = []
  private readonly startSet: Int32Array
  private readonly startAccepting: boolean
  private startId = UNKNOWN

  constructor(
    private readonly program: Program,
    private readonly work: Work
  ) {
    this.mark = new Int32Array(program.size)
    const { live, accepting } = this.closure([program.start])
    this.startSet = live
    this.startAccepting = accepting
  }

  /** The start state (interned again after the cache was cleared). */
  get start(): number {
    if (this.startId === UNKNOWN) this.startId = this.intern(this.startSet, this.startAccepting)
    return this.startId
  }

  accepting(state: number): boolean {
    return this.states[state]!.accepting
  }

  /** No program state is live: nothing more can match. */
  dead(state: number): boolean {
    return this.states[state]!.live.length === 0
  }

  /** The state after reading `code` (`folded` its case fold under nocase). */
  next(state: number, code: number, folded: number): number {
    const from = this.states[state]!
    this.work.units++
    if (code < 128) {
      const known = from.ascii[code]!
      if (known !== UNKNOWN) return known
    } else {
      const known = from.other.get(code)
      if (known !== undefined) return known
    }
    const seeds: Array<number> = []
    const { test, next } = this.program
    for (const s of from.live) if (charMatches(this.program, test[s]!, code, folded)) seeds.push(next[s]!)
    this.work.units += from.live.length
    const { live, accepting } = this.closure(seeds)
    if (this.states.length >= MAX_STATES || totalBytes > MAX_TOTAL_BYTES) this.clear()
    const target = this.intern(live, accepting)
    // After a clear `from` is no longer in the cache; remembering on it is harmless.
    if (code < 128) from.ascii[code] = target
    else if (from.other.size < MAX_OTHER) from.other.set(code, target)
    return target
  }

  private clear(): void {
    for (const state of this.states) totalBytes -= state.bytes
    this.states = []
    this.index = new Map()
    this.startId = UNKNOWN
  }

  private intern(live: Int32Array, accepting: boolean): number {
    let key = accepting ? "!" : ""
    for (let i = 0; i < live.length; i++) key += `${live[i]},`
    let id = this.index.get(key)
    if (id === undefined) {
      const bytes = 512 + live.length * 12
      totalBytes += bytes
      id = this.states.push({ live, accepting, ascii: new Uint16Array(128).fill(UNKNOWN), other: new Map(), bytes }) - 1
      this.index.set(key, id)
    }
    return id
  }

  /** The CHAR states reachable from `seeds` without consuming, and whether ACCEPT is. */
  private closure(seeds: ReadonlyArray<number>): { live: Int32Array; accepting: boolean } {
    const { op, next, alt } = this.program
    const mark = this.mark
    if (++this.gen === 0x7fffffff) {
      mark.fill(0)
      this.gen = 1
    }
    const gen = this.gen
    const stack = this.stack
    const live: Array<number> = []
    let accepting = false
    for (const seed of seeds) stack.push(seed)
    let visits = 0
    while (stack.length > 0) {
      const state = stack.pop()!
      visits++
      if (mark[state] === gen) continue
      mark[state] = gen
      const kind = op[state]
      if (kind === CHAR) live.push(state)
      else if (kind === SPLIT) stack.push(alt[state]!, next[state]!)
      else if (kind === ACCEPT) accepting = true
    }
    this.work.units += visits
    return { live: Int32Array.from(live).sort(), accepting }
  }
}
