/**
 * A compiled shell pattern and the questions bash asks of one: does it match all of a text,
 * the shortest or longest prefix or suffix it matches, the leftmost-longest match from an
 * offset. Each is one pass over the text (suffixes read right to left with the reversed
 * pattern), O(pattern × text), charged to a meter.
 *
 * Three engines, fastest first: patterns without extglob groups (`*.txt`, `[a-z]*`) are matched
 * in full by the classic wildcard algorithm (resume after the last star on a mismatch); other
 * patterns without `!(...)` run on a lazily built DFA (dfa.ts); the rest on the automaton
 * simulation (runner.ts), which handles `!(...)` spans.
 */
import type { WorkMeter } from "../../limits/Budget.js"
import { compileProgram, type Program } from "./program.js"
import { charMatches, codeAt, foldFor, Run, type Keep, type Work } from "./runner.js"
import { codeBefore, Dfa } from "./dfa.js"
import { ANY, type ParsedPattern, reverseSequence, type Sequence } from "./syntax.js"

/** A star in the wildcard form (no one-character test uses this value). */
const STAR = -0x40000000

/** Work units charged to the meter at once (fewer calls in hot loops). */
const CHARGE_EVERY = 1024

export interface Span {
  readonly start: number
  readonly end: number
}

const width = (code: number): number => (code > 0xffff ? 2 : 1)

export class PatternMatcher {
  private readonly program: Program
  /** The pattern as one-character tests and stars, when it has no groups and no restricted stars. */
  private readonly wildcard: Int32Array | undefined
  private wildcardSkips: Array<string | undefined> | undefined
  /** Without `!(...)` the automaton can be determinized lazily (see dfa.ts). */
  private readonly deterministic: boolean
  private readonly work: Work = { units: 0 }
  private anchoredRun: Run | undefined
  private searchRun: Run | undefined
  private backwardRun: Run | undefined
  private forwardDfa: Dfa | undefined
  private backwardDfa: Dfa | undefined
  private startsDfa: Dfa | undefined
  /** For a pattern that is one `!(alternatives)`: the alternatives, whose full match it negates. */
  private readonly negated: PatternMatcher | undefined

  constructor(private readonly parsed: ParsedPattern) {
    this.program = compileProgram(parsed.sequence, parsed.sets, parsed.nocase)
    this.deterministic = this.program.inners.length === 0
    const only = parsed.sequence.length === 1 ? parsed.sequence[0]! : undefined
    if (only?.kind === "group" && only.op === "!") {
      this.negated = new PatternMatcher({ ...parsed, sequence: [{ kind: "group", op: "@", alternatives: only.alternatives }] })
    }
    if (!parsed.hasGroups && !parsed.restrictedStar) {
      this.wildcard = Int32Array.from(parsed.sequence, (node) => (node.kind === "star" ? STAR : node.kind === "char" ? node.test : ANY))
    }
  }

  /** Does the pattern match all of `text`? */
  matches(text: string, meter: WorkMeter): boolean {
    this.work.units = 0
    if (this.wildcard !== undefined) return this.matchWildcard(text, meter)
    if (this.negated !== undefined) return !this.negated.matches(text, meter)
    if (this.deterministic) {
      const dfa = (this.forwardDfa ??= new Dfa(this.program, this.work))
      const end = this.longestFrom(dfa, text, 0, true, meter)
      return end === text.length
    }
    const run = this.run("any")
    run.begin(0, 0)
    let position = 0
    while (position < text.length && run.alive) position = this.step(run, text, position, -1, meter)
    this.drain(meter)
    return position === text.length && run.accepting
  }

  /** Length of the shortest or longest prefix of `text` the pattern matches, or -1. */
  prefix(text: string, longest: boolean, meter: WorkMeter): number {
    this.work.units = 0
    if (this.deterministic) return this.longestFrom((this.forwardDfa ??= new Dfa(this.program, this.work)), text, 0, longest, meter)
    const run = this.run("any")
    run.begin(0, 0)
    let found = run.accepting ? 0 : -1
    let position = 0
    while ((longest || found < 0) && position < text.length && run.alive) {
      position = this.step(run, text, position, -1, meter)
      if (run.accepting) found = position
    }
    this.drain(meter)
    return found
  }

  /** Start of the shortest or longest suffix of `text` the pattern matches, or -1. */
  suffix(text: string, longest: boolean, meter: WorkMeter): number {
    this.work.units = 0
    // The reversed pattern, anchored at the end, read right to left.
    if (this.deterministic) {
      const dfa = (this.backwardDfa ??= new Dfa(this.reversedProgram(false), this.work))
      return this.drained(dfa.scan(text, text.length, true, longest, meter), meter)
    }
    const run = (this.backwardRun ??= new Run(this.reversedProgram(false), "any", this.work))
    run.begin(text.length, 0)
    let found = run.accepting ? text.length : -1
    let position = text.length
    while ((longest || found < 0) && position > 0 && run.alive) {
      const code = codeBefore(text, position)
      position -= width(code)
      run.advance(code, foldFor(this.program, code), position, -1)
      if (this.work.units >= CHARGE_EVERY) this.drain(meter)
      if (run.accepting) found = position
    }
    this.drain(meter)
    return found
  }

  /**
   * A search over `text` for repeated use (`${v//p/r}`): each call answers the leftmost match
   * starting at or after `from`, the longest there.
   */
  searcher(text: string, meter: WorkMeter): (from: number) => Span | undefined {
    if (!this.deterministic) return (from) => this.search(text, from, meter)
    // One backward pass marks every offset where a match starts; then each match is the
    // longest anchored run from the next marked offset.
    this.work.units = 0
    const starts = this.matchStarts(text, meter)
    const dfa = (this.forwardDfa ??= new Dfa(this.program, this.work))
    return (from) => {
      let start = from
      while (start <= text.length && starts[start] === 0) start++
      if (start > text.length) return undefined
      this.work.units = 0
      const end = this.longestFrom(dfa, text, start, true, meter)
      return { start, end }
    }
  }

  /** The leftmost match starting at or after `from`, the longest there. */
  search(text: string, from: number, meter: WorkMeter): Span | undefined {
    this.work.units = 0
    const run = this.run("smallest")
    run.begin(from, from)
    let start = run.accepting ? from : -1
    let end = start
    let position = from
    while (position < text.length) {
      if (start >= 0) {
        // Only attempts starting no later than the best one can still matter.
        run.prune(start)
        if (!run.alive) break
      }
      position = this.step(run, text, position, start >= 0 ? -1 : -2, meter)
      if (run.accepting) {
        const origin = run.acceptOrigin
        if (start < 0 || origin < start) {
          start = origin
          end = position
        } else if (origin === start) end = position
      }
    }
    this.drain(meter)
    return start < 0 ? undefined : { start, end }
  }

  /** End of the shortest or longest match anchored at `from`, or -1 (deterministic programs). */
  private longestFrom(dfa: Dfa, text: string, from: number, longest: boolean, meter: WorkMeter): number {
    return this.drained(dfa.scan(text, from, false, longest, meter), meter)
  }

  /** 1 at every offset where some match of the pattern starts (a backward pass of `* reversed`). */
  private matchStarts(text: string, meter: WorkMeter): Uint8Array {
    const dfa = (this.startsDfa ??= new Dfa(this.reversedProgram(true), this.work))
    const starts = new Uint8Array(text.length + 1)
    this.drained(dfa.scan(text, text.length, true, true, meter, starts), meter)
    return starts
  }

  /** `value`, after charging the work the DFA did on cache misses. */
  private drained(value: number, meter: WorkMeter): number {
    this.drain(meter)
    return value
  }

  /** The pattern reversed (optionally after a leading `*`, to find every start in one pass). */
  private reversedProgram(anyPrefix: boolean): Program {
    const reversed = reverseSequence(this.parsed.sequence)
    const sequence: Sequence = anyPrefix ? [{ kind: "star", test: ANY }, ...reversed] : reversed
    return compileProgram(sequence, this.parsed.sets, this.parsed.nocase)
  }

  /** Consume the character at `position`; `inject` -2 starts a new attempt after it. Returns the next offset. */
  private step(run: Run, text: string, position: number, inject: number, meter: WorkMeter): number {
    const code = codeAt(text, position)
    const next = position + width(code)
    run.advance(code, foldFor(this.program, code), next, inject === -2 ? next : inject)
    if (this.work.units >= CHARGE_EVERY) this.drain(meter)
    return next
  }

  private drain(meter: WorkMeter): void {
    const units = this.work.units
    this.work.units = 0
    if (units > 0) meter.step(units)
  }

  /** Reusable runs (matching is synchronous and never re-entered). */
  private run(keep: Keep): Run {
    if (keep === "any") return (this.anchoredRun ??= new Run(this.program, keep, this.work))
    return (this.searchRun ??= new Run(this.program, keep, this.work))
  }

  /** Full match of a group-free pattern: on a mismatch, the last star takes one more character. */
  private matchWildcard(text: string, meter: WorkMeter): boolean {
    const tests = this.wildcard!
    const skips = (this.wildcardSkips ??= this.literalSkips(tests))
    const program = this.program
    const length = text.length
    let p = 0
    let t = 0
    let afterStar = -1
    let starText = 0
    let steps = 0
    while (t < length) {
      if (++steps === CHARGE_EVERY) {
        meter.step(steps)
        steps = 0
      }
      if (p < tests.length) {
        const test = tests[p]!
        if (test === STAR) {
          afterStar = ++p
          starText = t
          // The star must stretch at least to the next occurrence of the literal after it.
          const literal = skips[p]
          if (literal !== undefined) {
            const at = text.indexOf(literal, t)
            if (at < 0) break
            starText = t = at
          }
          continue
        }
        const code = codeAt(text, t)
        if (charMatches(program, test, code, foldFor(program, code))) {
          p++
          t += width(code)
          continue
        }
      }
      if (afterStar < 0) {
        meter.step(steps)
        return false
      }
      p = afterStar
      starText += width(codeAt(text, starText))
      const literal = skips[p]
      if (literal !== undefined) {
        const at = text.indexOf(literal, starText)
        if (at < 0) break
        steps += (at - starText) >> 4
        starText = at
      }
      t = starText
    }
    while (p < tests.length && tests[p] === STAR) p++
    meter.step(steps)
    return t >= length && p === tests.length
  }

  /** Per test index: the literal text to jump to after a star, when the test is a plain (case-sensitive, non-surrogate) character. */
  private literalSkips(tests: Int32Array): Array<string | undefined> {
    return Array.from(tests, (test) => (test >= 0 && !this.program.nocase && (test < 0xd800 || test > 0xdfff) ? String.fromCodePoint(test) : undefined))
  }
}
