/**
 * Placing and applying one hunk as GNU patch does: the expected line shifted by the offset
 * found so far, then searched outwards line by line; with fuzz, leading and trailing context
 * lines are ignored. Lines are binary strings with their newline state.
 */
import type { Hunk, HunkLine } from "./parse.js"

export interface Line {
  readonly text: string
  readonly newline: boolean
}

/** A hunk as patch works with it: the old side (pattern), the new side, and their context. */
export interface Prepared {
  readonly first: number
  readonly newFirst: number
  readonly pattern: ReadonlyArray<Line>
  readonly replacement: ReadonlyArray<Line>
  readonly lines: ReadonlyArray<HunkLine>
  readonly prefixContext: number
  readonly suffixContext: number
  readonly section: string
}

const SWAP: Record<HunkLine["kind"], HunkLine["kind"]> = { " ": " ", "-": "+", "+": "-" }

export const prepare = (hunk: Hunk, reversed: boolean): Prepared => {
  const lines = reversed ? hunk.lines.map((l) => ({ ...l, kind: SWAP[l.kind] })) : hunk.lines
  const pattern = lines.filter((l) => l.kind !== "+")
  const replacement = lines.filter((l) => l.kind !== "-")
  let prefixContext = 0
  while (prefixContext < lines.length && lines[prefixContext]!.kind === " ") prefixContext++
  let suffixContext = 0
  while (suffixContext < lines.length - prefixContext && lines[lines.length - 1 - suffixContext]!.kind === " ") suffixContext++
  return {
    first: reversed ? hunk.newFirst : hunk.oldFirst,
    newFirst: reversed ? hunk.oldFirst : hunk.newFirst,
    pattern,
    replacement,
    lines,
    prefixContext,
    suffixContext,
    section: hunk.section
  }
}

/** The state of one file being patched. */
export class Target {
  /** Lines before this one are written out (1-based count). */
  frozen = 0
  /** Offset found for the hunks so far, and the growth of the output so far. */
  inOffset = 0
  outOffset = 0
  readonly output: Array<Line> = []

  constructor(readonly input: ReadonlyArray<Line>) {}

  private matches(base: number, offset: number, prefixFuzz: number, suffixFuzz: number, h: Prepared): boolean {
    const last = h.pattern.length - suffixFuzz
    for (let p = 1 + prefixFuzz; p <= last; p++) {
      const line = this.input[p - 2 + base + offset]
      const want = h.pattern[p - 1]!
      if (line === undefined || line.text !== want.text || line.newline !== want.newline) return false
    }
    return true
  }

  /** Where the hunk applies (1-based line), or 0; updates the running offset. */
  locate(h: Prepared, fuzz: number): number {
    const firstGuess = h.first + this.inOffset
    const patLines = h.pattern.length
    const context = Math.max(h.prefixContext, h.suffixContext)
    let prefixFuzz = fuzz + h.prefixContext - context
    const suffixFuzz = fuzz + h.suffixContext - context
    const inputLines = this.input.length
    const maxWhere = inputLines - (patLines - suffixFuzz) + 1
    const minWhere = this.frozen + 1
    const maxPos = maxWhere - firstGuess
    let maxNeg = firstGuess - minWhere
    const maxOffset = Math.max(maxPos, maxNeg)
    if (patLines === 0) return firstGuess
    if (firstGuess <= maxNeg) maxNeg = firstGuess - 1
    if (prefixFuzz < 0 && h.first <= 1) {
      // A hunk with less leading than trailing context can only sit at the start of the file.
      if (suffixFuzz < 0 && (patLines !== inputLines || h.prefixContext < this.frozen)) return 0
      const offset = 1 - firstGuess
      if (this.frozen <= h.prefixContext && offset <= maxPos && this.matches(firstGuess, offset, 0, suffixFuzz, h)) {
        this.inOffset += offset
        return firstGuess + offset
      }
      return 0
    }
    if (prefixFuzz < 0) prefixFuzz = 0
    if (suffixFuzz < 0) {
      // ... and one with less trailing context only at the end.
      const offset = firstGuess - (inputLines - patLines + 1)
      if (offset <= maxNeg && this.matches(firstGuess, -offset, prefixFuzz, 0, h)) {
        this.inOffset -= offset
        return firstGuess - offset
      }
      return 0
    }
    // Start where a place is possible at all: inside [minWhere, maxWhere].
    const minOffset = maxPos < 0 ? firstGuess - maxWhere : maxNeg < 0 ? firstGuess - minWhere : 0
    for (let offset = minOffset; offset <= maxOffset; offset++) {
      if (offset <= maxPos && this.matches(firstGuess, offset, prefixFuzz, suffixFuzz, h)) {
        this.inOffset += offset
        return firstGuess + offset
      }
      if (offset <= maxNeg && this.matches(firstGuess, -offset, prefixFuzz, suffixFuzz, h)) {
        this.inOffset -= offset
        return firstGuess - offset
      }
    }
    return 0
  }

  /** Copy input lines up to (and including) line `last`. */
  private copyTill(last: number): void {
    // Lines past the end (a fuzzy match may reach there) are nothing to copy, as in GNU's ifetch.
    while (this.frozen < last) {
      const line = this.input[this.frozen++]
      if (line !== undefined) this.output.push(line)
    }
  }

  /** Apply at `where`: context comes from the input, deletions skip, insertions from the patch. */
  apply(h: Prepared, where: number): void {
    let old = 0
    for (const line of h.lines) {
      if (line.kind === " ") old++
      else if (line.kind === "-") {
        this.copyTill(where + old - 1)
        this.frozen++
        old++
      } else {
        this.copyTill(where + old - 1)
        this.output.push({ text: line.text, newline: line.newline })
      }
    }
    this.outOffset += h.replacement.length - h.pattern.length
  }

  /** The patched file: the rest of the input after the last hunk. */
  finish(): string {
    this.copyTill(this.input.length)
    let out = ""
    this.output.forEach((line, k) => {
      out += line.text + (line.newline || k < this.output.length - 1 ? "\n" : "")
    })
    return out
  }
}

export const splitInput = (data: string): Array<Line> => {
  if (data === "") return []
  const parts = data.split("\n")
  const last = parts.pop()!
  const lines = parts.map((text) => ({ text, newline: true }))
  if (last !== "") lines.push({ text: last, newline: false })
  return lines
}

const range = (start: number, count: number): string => (count === 0 ? `${start - 1},0` : count === 1 ? String(start) : `${start},${count}`)

/** A rejected hunk in unified form, its line numbers shifted like the hunks applied before it. */
export const rejectText = (h: Prepared, outOffset: number): string => {
  let out = `@@ -${range(h.first + outOffset, h.pattern.length)} +${range(h.newFirst + outOffset, h.replacement.length)} @@${h.section}\n`
  const emit = (line: HunkLine) => line.kind + line.text + "\n" + (line.newline ? "" : "\\ No newline at end of file\n")
  // Within a run of changes, the old lines come first, then the new ones.
  let k = 0
  while (k < h.lines.length) {
    if (h.lines[k]!.kind === " ") {
      out += emit(h.lines[k++]!)
      continue
    }
    const run: Array<HunkLine> = []
    while (k < h.lines.length && h.lines[k]!.kind !== " ") run.push(h.lines[k++]!)
    for (const line of run) if (line.kind === "-") out += emit(line)
    for (const line of run) if (line.kind === "+") out += emit(line)
  }
  return out
}
