/**
 * A lazily built DFA over a program without `!(...)`: each DFA state is a set of program states,
 * and its transitions are computed on first use and remembered (ASCII in a table, other
 * characters in a small map). Matching then costs a lookup per character instead of a walk over
 * the live states. The cache is bounded: when it fills up it is cleared and rebuilt from the
 * current state, so the worst case stays the automaton's O(states) per character.
 */
import { ACCEPT, CHAR, SPLIT, type Program } from "./program.js"
import type { WorkMeter } from "../../limits/Budget.js"
import { foldCase } from "./charset.js"
import { charMatches, type Work } from "./runner.js"

/** The character ending at `offset` (a surrogate pair read backwards is one code point). */
export const codeBefore = (text: string, offset: number): number => {
  const low = text.charCodeAt(offset - 1)
  if (low >= 0xdc00 && low <= 0xdfff && offset >= 2) {
    const high = text.charCodeAt(offset - 2)
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000
  }
  return low
}

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

  /**
   * Read `text` from `from` forwards (or backwards) while a match is still possible; returns the
   * offset of the last (or, unless `longest`, the first) accepting position, or -1. `marks`, when
   * given, receives a 1 at every accepting position. The meter is charged as it goes.
   */
  scan(text: string, from: number, backward: boolean, longest: boolean, meter: WorkMeter, marks?: Uint8Array): number {
    let state = this.start
    let current = this.states[state]!
    let found = current.accepting ? from : -1
    if (found >= 0 && marks !== undefined) marks[from] = 1
    const nocase = this.program.nocase
    let position = from
    let steps = 0
    while ((longest || found < 0) && current.live.length > 0 && (backward ? position > 0 : position < text.length)) {
      let code = text.charCodeAt(backward ? position - 1 : position)
      if (code >= 0xd800 && code <= 0xdfff) code = backward ? codeBefore(text, position) : text.codePointAt(position)!
      position += backward ? (code > 0xffff ? -2 : -1) : code > 0xffff ? 2 : 1
      let target = code < 128 ? current.ascii[code]! : UNKNOWN
      if (target === UNKNOWN) {
        target = this.next(state, code, nocase ? foldCase(code) : code)
        // A miss walks the program's states: charge that work as it happens.
        if (this.work.units >= 1024) {
          meter.step(this.work.units)
          this.work.units = 0
        }
      }
      state = target
      current = this.states[state]!
      if (current.accepting) {
        found = position
        if (marks !== undefined) marks[position] = 1
      }
      if (++steps === 4096) {
        meter.step(steps)
        steps = 0
      }
    }
    meter.step(steps)
    return found
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
