/**
 * A parsed pattern compiled to a Thompson automaton: states that consume one character
 * (`CHAR`), fork without consuming (`SPLIT`), accept (`ACCEPT`), or match any span that an inner
 * automaton does not match (`NEG`, for `!(...)`). Its size is linear in the pattern, and the
 * runner simulates it over the text with a set of states per position, so no pattern can make
 * matching exponential.
 */
import type { CharSet } from "./charset.js"
import type { PatternNode, Sequence } from "./syntax.js"

export const CHAR = 0
export const SPLIT = 1
export const NEG = 2
export const ACCEPT = 3

export interface Program {
  readonly size: number
  readonly start: number
  /** Kind of each state. */
  readonly op: Uint8Array
  /** CHAR: the character test (see syntax.ts). */
  readonly test: Int32Array
  /** CHAR, NEG: the following state; SPLIT: the first branch. */
  readonly next: Int32Array
  /** SPLIT: the second branch; NEG: the index of its inner program. */
  readonly alt: Int32Array
  readonly inners: ReadonlyArray<Program>
  /** NEG states (for the runner's bookkeeping of `!(...)` spans). */
  readonly negStates: ReadonlyArray<number>
  readonly sets: ReadonlyArray<CharSet>
  readonly nocase: boolean
}

class Builder {
  private readonly op: Array<number> = []
  private readonly test: Array<number> = []
  private readonly next: Array<number> = []
  private readonly alt: Array<number> = []
  private readonly inners: Array<Program> = []
  private readonly negStates: Array<number> = []

  constructor(
    private readonly sets: ReadonlyArray<CharSet>,
    private readonly nocase: boolean
  ) {}

  private add(op: number, test: number, next: number, alt: number): number {
    this.op.push(op)
    this.test.push(test)
    this.next.push(next)
    this.alt.push(alt)
    return this.op.length - 1
  }

  /** The accepting state (one per program). */
  accept(): number {
    return this.add(ACCEPT, 0, -1, 0)
  }

  /** States matching `sequence` then continuing at `next`; returns the entry state. */
  sequence(sequence: Sequence, next: number): number {
    let entry = next
    for (let i = sequence.length - 1; i >= 0; i--) entry = this.node(sequence[i]!, entry)
    return entry
  }

  /** Any one of the alternatives, then `next`. */
  private alternatives(alternatives: ReadonlyArray<Sequence>, next: number): number {
    let entry = this.sequence(alternatives[alternatives.length - 1]!, next)
    for (let i = alternatives.length - 2; i >= 0; i--) entry = this.add(SPLIT, 0, this.sequence(alternatives[i]!, next), entry)
    return entry
  }

  private node(node: PatternNode, next: number): number {
    switch (node.kind) {
      case "char":
        return this.add(CHAR, node.test, next, 0)
      case "star": {
        const loop = this.add(SPLIT, 0, -1, next)
        this.next[loop] = this.add(CHAR, node.test, loop, 0)
        return loop
      }
      case "group":
        switch (node.op) {
          case "@":
            return this.alternatives(node.alternatives, next)
          case "?":
            return this.add(SPLIT, 0, this.alternatives(node.alternatives, next), next)
          case "*": {
            const loop = this.add(SPLIT, 0, -1, next)
            this.next[loop] = this.alternatives(node.alternatives, loop)
            return loop
          }
          case "+": {
            const loop = this.add(SPLIT, 0, -1, next)
            const body = this.alternatives(node.alternatives, loop)
            this.next[loop] = body
            return body
          }
          case "!": {
            const inner = new Builder(this.sets, this.nocase)
            const program = inner.build(inner.alternatives(node.alternatives, inner.accept()))
            const state = this.add(NEG, 0, next, this.inners.push(program) - 1)
            this.negStates.push(state)
            return state
          }
        }
    }
  }

  build(start: number): Program {
    return {
      size: this.op.length,
      start,
      op: Uint8Array.from(this.op),
      test: Int32Array.from(this.test),
      next: Int32Array.from(this.next),
      alt: Int32Array.from(this.alt),
      inners: this.inners,
      negStates: this.negStates,
      sets: this.sets,
      nocase: this.nocase
    }
  }
}

/** Compile a parsed sequence into a program accepting exactly the strings it matches. */
export const compileProgram = (sequence: Sequence, sets: ReadonlyArray<CharSet>, nocase: boolean): Program => {
  const builder = new Builder(sets, nocase)
  return builder.build(builder.sequence(sequence, builder.accept()))
}
