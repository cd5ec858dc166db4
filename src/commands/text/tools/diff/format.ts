/** Rendering a change list as GNU diff's normal, unified and context formats. */
import type { Change } from "./analyze.js"

export interface DiffInput {
  readonly lines: ReadonlyArray<string>
  /** True when the last line had no trailing newline. */
  readonly missingNewline: boolean
}

/** The changes of a comparison, and which of them -B (or the like) lets go unreported. */
export interface Script {
  readonly changes: ReadonlyArray<Change>
  readonly ignorable: (change: Change) => boolean
}

const NO_NEWLINE = "\\ No newline at end of file\n"

const emitLine = (prefix: string, input: DiffInput, index: number): string =>
  prefix + input.lines[index]! + "\n" + (index === input.lines.length - 1 && input.missingNewline ? NO_NEWLINE : "")

/** A 1-based line range as normal format prints it: `N` or `N,M`. */
const range = (start: number, count: number): string => (count === 1 ? String(start) : `${start},${start + count - 1}`)

/** Normal format: each (reportable) change as `NcM` with its `<` and `>` lines. */
export const normalFormat = (script: Script, a: DiffInput, b: DiffInput): string => {
  let out = ""
  for (const change of script.changes) {
    if (script.ignorable(change)) continue
    const { line0, line1, deleted, inserted } = change
    const aRange = deleted === 0 ? String(line0) : range(line0 + 1, deleted)
    const bRange = inserted === 0 ? String(line1) : range(line1 + 1, inserted)
    out += `${aRange}${deleted === 0 ? "a" : inserted === 0 ? "d" : "c"}${bRange}\n`
    for (let i = line0; i < line0 + deleted; i++) out += emitLine("< ", a, i)
    if (deleted > 0 && inserted > 0) out += "---\n"
    for (let i = line1; i < line1 + inserted; i++) out += emitLine("> ", b, i)
  }
  return out
}

/**
 * Hunks as GNU's find_hunk groups changes: the next change joins when fewer than 2*context+1
 * unchanged lines separate them (context+1 when it is ignorable); hunks of ignorable changes
 * only are dropped.
 */
const hunks = (script: Script, context: number): Array<ReadonlyArray<Change>> => {
  const out: Array<ReadonlyArray<Change>> = []
  const list = script.changes
  let k = 0
  while (k < list.length) {
    const group = [list[k]!]
    while (k + 1 < list.length) {
      const previous = list[k]!
      const next = list[k + 1]!
      const threshold = script.ignorable(next) ? context : 2 * context + 1
      if (next.line0 - (previous.line0 + previous.deleted) >= threshold) break
      group.push(next)
      k++
    }
    k++
    if (!group.every(script.ignorable)) out.push(group)
  }
  return out
}

/** The lines a hunk shows: its changes with `context` lines around, clamped to the files. */
const hunkRange = (group: ReadonlyArray<Change>, context: number, a: DiffInput, b: DiffInput) => {
  const first = group[0]!
  const last = group[group.length - 1]!
  const before = Math.min(context, first.line0, first.line1)
  const after = Math.min(context, a.lines.length - (last.line0 + last.deleted), b.lines.length - (last.line1 + last.inserted))
  return {
    start0: first.line0 - before,
    end0: last.line0 + last.deleted + after,
    start1: first.line1 - before,
    end1: last.line1 + last.inserted + after
  }
}

const unifiedRange = (start: number, count: number): string =>
  count === 1 ? String(start + 1) : `${count === 0 ? start : start + 1},${count}`

export const unifiedHunks = (script: Script, a: DiffInput, b: DiffInput, context: number): string => {
  let out = ""
  for (const group of hunks(script, context)) {
    const { start0, end0, start1, end1 } = hunkRange(group, context, a, b)
    out += `@@ -${unifiedRange(start0, end0 - start0)} +${unifiedRange(start1, end1 - start1)} @@\n`
    let i = start0
    let j = start1
    for (const change of group) {
      while (i < change.line0) {
        out += emitLine(" ", a, i++)
        j++
      }
      for (; i < change.line0 + change.deleted; i++) out += emitLine("-", a, i)
      for (; j < change.line1 + change.inserted; j++) out += emitLine("+", b, j)
    }
    while (i < end0) {
      out += emitLine(" ", a, i++)
      j++
    }
  }
  return out
}

/** A context-format range: `N`, `N,M`, or the line before when empty. */
const contextRange = (start: number, count: number): string =>
  count === 0 ? String(start) : count === 1 ? String(start + 1) : `${start + 1},${start + count}`

/**
 * Context format (`-c`): per hunk, file 0's lines then file 1's, marked `-` (deleted), `+`
 * (inserted), `!` (part of a change that both deletes and inserts) or blank; a side without
 * changed lines shows only its range.
 */
export const contextHunks = (script: Script, a: DiffInput, b: DiffInput, context: number): string => {
  let out = ""
  for (const group of hunks(script, context)) {
    const { start0, end0, start1, end1 } = hunkRange(group, context, a, b)
    const side = (input: DiffInput, start: number, end: number, line: (c: Change) => number, count: (c: Change) => number, other: (c: Change) => number, mark: string) => {
      let text = ""
      let k = 0
      for (let i = start; i < end; i++) {
        while (k < group.length && line(group[k]!) + count(group[k]!) <= i) k++
        const change = group[k]
        const covered = change !== undefined && line(change) <= i
        text += emitLine(covered ? (other(change) > 0 ? "! " : mark) : "  ", input, i)
      }
      return text
    }
    out += `***************\n*** ${contextRange(start0, end0 - start0)} ****\n`
    if (group.some((c) => c.deleted > 0)) out += side(a, start0, end0, (c) => c.line0, (c) => c.deleted, (c) => c.inserted, "- ")
    out += `--- ${contextRange(start1, end1 - start1)} ----\n`
    if (group.some((c) => c.inserted > 0)) out += side(b, start1, end1, (c) => c.line1, (c) => c.inserted, (c) => c.deleted, "+ ")
  }
  return out
}
