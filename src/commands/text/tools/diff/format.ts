/** Rendering an edit script as GNU diff's normal and unified formats. */
import type { Edit } from "./myers.js"

export interface DiffInput {
  readonly lines: ReadonlyArray<string>
  /** True when the last line had no trailing newline. */
  readonly missingNewline: boolean
}

const NO_NEWLINE = "\\ No newline at end of file\n"

const emitLine = (prefix: string, input: DiffInput, index: number): string =>
  prefix + input.lines[index]! + "\n" + (index === input.lines.length - 1 && input.missingNewline ? NO_NEWLINE : "")

interface Change {
  /** Index of the first edit of the change and one past its last. */
  readonly from: number
  readonly to: number
}

const changes = (edits: ReadonlyArray<Edit>): Array<Change> => {
  const out: Array<Change> = []
  let i = 0
  while (i < edits.length) {
    if (edits[i]!.kind === "equal") {
      i++
      continue
    }
    const from = i
    while (i < edits.length && edits[i]!.kind !== "equal") i++
    out.push({ from, to: i })
  }
  return out
}

/** A 1-based line range as normal format prints it: `N` or `N,M`. */
const range = (start: number, count: number): string => (count === 1 ? String(start) : `${start},${start + count - 1}`)

export const normalFormat = (edits: ReadonlyArray<Edit>, a: DiffInput, b: DiffInput): string => {
  let out = ""
  for (const change of changes(edits)) {
    const deleted: Array<number> = []
    const inserted: Array<number> = []
    for (let i = change.from; i < change.to; i++) {
      const e = edits[i]!
      if (e.kind === "delete") deleted.push(e.a)
      else inserted.push(e.b)
    }
    const first = edits[change.from]!
    const aStart = deleted[0] ?? first.a
    const bStart = inserted[0] ?? first.b
    const aRange = deleted.length === 0 ? String(aStart) : range(aStart + 1, deleted.length)
    const bRange = inserted.length === 0 ? String(bStart) : range(bStart + 1, inserted.length)
    const letter = deleted.length === 0 ? "a" : inserted.length === 0 ? "d" : "c"
    out += `${aRange}${letter}${bRange}\n`
    for (const i of deleted) out += emitLine("< ", a, i)
    if (deleted.length > 0 && inserted.length > 0) out += "---\n"
    for (const i of inserted) out += emitLine("> ", b, i)
  }
  return out
}

const unifiedRange = (start: number, count: number): string =>
  count === 1 ? String(start + 1) : `${count === 0 ? start : start + 1},${count}`

export const unifiedHunks = (edits: ReadonlyArray<Edit>, a: DiffInput, b: DiffInput, context: number): string => {
  const list = changes(edits)
  let out = ""
  let c = 0
  while (c < list.length) {
    let last = c
    while (last + 1 < list.length && list[last + 1]!.from - list[last]!.to <= 2 * context) last++
    const from = Math.max(0, list[c]!.from - context)
    const to = Math.min(edits.length, list[last]!.to + context)
    let aCount = 0
    let bCount = 0
    let body = ""
    for (let i = from; i < to; i++) {
      const e = edits[i]!
      if (e.kind === "equal") {
        aCount++
        bCount++
        body += emitLine(" ", a, e.a)
      } else if (e.kind === "delete") {
        aCount++
        body += emitLine("-", a, e.a)
      } else {
        bCount++
        body += emitLine("+", b, e.b)
      }
    }
    const first = edits[from]!
    out += `@@ -${unifiedRange(first.a, aCount)} +${unifiedRange(first.b, bCount)} @@\n${body}`
    c = last + 1
  }
  return out
}
