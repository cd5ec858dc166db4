/**
 * GNU diff's side-by-side format (`-y`): each line of both files in two columns of a fixed
 * width, with a gutter mark between them (`|` changed, `<` deleted, `>` inserted, `(` common
 * line shown on the left only). Lines are binary strings (one char per byte), as in `diff`.
 */
import { codePointWidth } from "../displayWidth.js"
import type { Change } from "./analyze.js"
import type { DiffInput } from "./format.js"

export interface SideBySideOptions {
  /** Total output width (-W, default 130). */
  readonly width: number
  readonly tabSize: number
  /** -t: expand tabs to spaces in the output. */
  readonly expandTabs: boolean
  readonly suppressCommon: boolean
  readonly leftColumn: boolean
}

/** The half width and the right column's offset: halves plus gutter fit, tab-aligned unless -t. */
const layout = (o: SideBySideOptions): { half: number; column2: number } => {
  const gutterMinimum = 3
  const t = o.expandTabs ? 1 : o.tabSize
  const w = o.width
  const tPlusG = t + gutterMinimum
  const unaligned = (w >> 1) + (tPlusG >> 1) + (w & tPlusG & 1)
  const off = unaligned - (unaligned % t)
  const half = off <= gutterMinimum || w <= off ? 0 : Math.min(off - gutterMinimum, w - off)
  return { half, column2: half !== 0 ? off : w }
}

/** The UTF-8 sequence starting at `i` of a binary string: its length and code point, if valid. */
const utf8At = (s: string, i: number): { size: number; code: number } | undefined => {
  const b = s.charCodeAt(i)
  const size = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0
  if (size === 0 || i + size > s.length) return undefined
  let code = b & (0xff >> (size + 1))
  for (let k = 1; k < size; k++) {
    const c = s.charCodeAt(i + k)
    if ((c & 0xc0) !== 0x80) return undefined
    code = (code << 6) | (c & 0x3f)
  }
  if ((size === 3 && (code < 0x800 || (code >= 0xd800 && code <= 0xdfff))) || (size === 4 && (code < 0x10000 || code > 0x10ffff))) return undefined
  return { size, code }
}

export const sideBySide = (changes: ReadonlyArray<Change>, a: DiffInput, b: DiffInput, o: SideBySideOptions): string => {
  const { half, column2 } = layout(o)
  let out = ""

  /** Tab (or pad) from column `from` to `to`; returns `to`. */
  const tabTo = (from: number, to: number): number => {
    if (!o.expandTabs) {
      for (let tab = from + o.tabSize - (from % o.tabSize); tab <= to; tab += o.tabSize) {
        out += "\t"
        from = tab
      }
    }
    if (from < to) out += " ".repeat(to - from)
    return to
  }

  /** One half line, cut at `bound` columns; returns the last column written. */
  const halfLine = (text: string, indent: number, bound: number): number => {
    let inPos = 0
    let outPos = 0
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!
      const code = c.charCodeAt(0)
      if (c === "\t") {
        const spaces = o.tabSize - (inPos % o.tabSize)
        if (inPos === outPos) {
          let stop = outPos + spaces
          if (o.expandTabs) {
            if (bound < stop) stop = bound
            if (outPos < stop) out += " ".repeat(stop - outPos)
            outPos = Math.max(outPos, stop)
          } else if (stop < bound) {
            outPos = stop
            out += c
          }
        }
        inPos += spaces
      } else if (c === "\r") {
        out += c
        tabTo(0, indent)
        inPos = outPos = 0
      } else if (c === "\b") {
        if (inPos !== 0 && --inPos < bound) {
          if (outPos <= inPos) {
            if (outPos < inPos) out += " ".repeat(inPos - outPos)
            outPos = inPos
          } else {
            outPos = inPos
            out += c
          }
        }
      } else if (code >= 0x20 && code < 0x7f) {
        if (inPos++ < bound) {
          outPos = inPos
          out += c
        }
      } else if (c === "\f" || c === "\v") {
        if (inPos < bound) out += c
      } else {
        const sequence = code >= 0x80 ? utf8At(text, i) : { size: 1, code }
        if (sequence === undefined) {
          // An invalid byte is written without taking a column.
          if (inPos < bound) out += c
          continue
        }
        const width = code < 0x20 || code === 0x7f ? 0 : codePointWidth(sequence.code)
        inPos += width
        if (inPos <= bound) {
          outPos = inPos
          out += text.slice(i, i + sequence.size)
        }
        i += sequence.size - 1
      }
    }
    return outPos
  }

  const line = (input: DiffInput, index: number) => ({
    text: input.lines[index]!,
    newline: !(index === input.lines.length - 1 && input.missingNewline)
  })

  type Side = { text: string; newline: boolean } | undefined
  const row = (left: Side, sep: string, right: Side) => {
    let column = 0
    let newline = false
    if (left !== undefined) {
      newline ||= left.newline
      column = halfLine(left.text, 0, half)
    }
    if (sep !== " ") {
      column = tabTo(column, Math.floor((half + column2 - 1) / 2)) + 1
      // A changed pair where only one side ends in a newline.
      if (sep === "|" && right !== undefined && newline !== right.newline) sep = newline ? "/" : "\\"
      out += sep
    }
    if (right !== undefined) {
      newline ||= right.newline
      if (right.text !== "") {
        column = tabTo(column, column2)
        halfLine(right.text, column, half)
      }
    }
    if (newline) out += "\n"
  }

  let next0 = 0
  let next1 = 0
  const common = (limit0: number, limit1: number) => {
    if (!o.suppressCommon) {
      while (next0 < limit0 && next1 < limit1) {
        const left = line(a, next0++)
        const right = line(b, next1++)
        if (o.leftColumn) row(left, "(", undefined)
        else row(left, " ", right)
      }
    }
    next0 = limit0
    next1 = limit1
  }

  for (const change of changes) {
    common(change.line0, change.line1)
    let i = change.line0
    let j = change.line1
    const end0 = change.line0 + change.deleted
    const end1 = change.line1 + change.inserted
    for (; i < end0 && j < end1; i++, j++) row(line(a, i), "|", line(b, j))
    for (; j < end1; j++) row(undefined, ">", line(b, j))
    for (; i < end0; i++) row(line(a, i), "<", undefined)
    next0 = end0
    next1 = end1
  }
  common(a.lines.length, b.lines.length)
  return out
}
