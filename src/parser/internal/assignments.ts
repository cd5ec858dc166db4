/** Assignments: `name=value`, `name+=value`, `name[sub]=value`, `name=(array literal)`. */
import type { ArrayElement, ArrayLiteral, Assignment, Word } from "../Ast.js"
import * as chars from "./chars.js"
import type { Cursor } from "./Cursor.js"
import { skipLinebreaks, unexpectedHere } from "./lex.js"
import { parseArithmeticWord } from "./arith.js"
import { Mode, scanWord } from "./words.js"

// Local copies: some loaders turn each access to an imported binding into a getter call.
const { Ch, isMeta, isNameChar, isNameStart } = chars

/**
 * A `name=value` argument of declare/local/export/...: a word whose parts are the text as an
 * ordinary word would expand it, with the parsed assignment attached for the interpreter.
 */
export const declarationWord = (c: Cursor, assignment: Assignment, start: number): Word => {
  const raw = c.src.slice(start, c.pos)
  if (assignment.value._tag === "ArrayLiteral") {
    return { _tag: "Word", parts: [{ _tag: "Literal", value: raw }], raw, assignment }
  }
  const prefix = raw.slice(0, raw.length - assignment.value.raw.length)
  return { _tag: "Word", parts: [{ _tag: "Literal", value: prefix }, ...assignment.value.parts], raw, assignment }
}

/** `name=`, `name+=`, `name[sub]=` at the cursor: parse the assignment, else undefined. */
export const tryAssignment = (c: Cursor): Assignment | undefined => {
  const start = c.pos
  if (!isNameStart(c.peek())) return undefined
  let j = c.pos + 1
  const src = c.src
  while (j < src.length && isNameChar(src.charCodeAt(j))) j++
  const name = src.slice(start, j)
  let index: Word | undefined
  let k = j
  if (src.charCodeAt(k) === Ch.LBracket) {
    const close = findSubscriptEnd(c, k)
    if (close === -1) return undefined
    k = close + 1
  }
  let append = false
  if (src.charCodeAt(k) === Ch.Plus && src.charCodeAt(k + 1) === Ch.Eq) {
    append = true
    k += 2
  } else if (src.charCodeAt(k) === Ch.Eq) {
    k += 1
  } else return undefined
  if (k > j + (append ? 2 : 1)) {
    c.pos = j + 1
    index = parseArithmeticWord(c, "bracket")
  }
  c.pos = k
  let value: Word | ArrayLiteral
  const ch = c.peek()
  if (ch === Ch.LParen && index === undefined) {
    value = parseArrayLiteral(c)
  } else if (ch === -1 || (isMeta(ch) && !((ch === Ch.Lt || ch === Ch.Gt) && c.peek(1) === Ch.LParen))) {
    value = { _tag: "Word", parts: [], raw: "" }
  } else {
    value = scanWord(c, Mode.AssignValue)
  }
  return { _tag: "Assignment", name, index, append, value, raw: src.slice(start, c.pos) }
}

/**
 * The `]` closing a subscript at `open` (blanks allowed, as bash allows `a[1 + 2]=x`),
 * skipping quotes and nested brackets; -1 if none before the end of the line. The look-ahead
 * is charged to the fuel so repeated failed scans cannot go quadratic.
 */
const findSubscriptEnd = (c: Cursor, open: number): number => {
  const src = c.src
  let depth = 0
  let i = open + 1
  let found = -1
  while (i < src.length) {
    const ch = src.charCodeAt(i)
    if (ch === Ch.LBracket) depth++
    else if (ch === Ch.RBracket) {
      if (depth === 0) {
        found = i
        break
      }
      depth--
    } else if (ch === Ch.Backslash) i++
    else if (ch === Ch.SQuote || ch === Ch.DQuote) {
      const end = src.indexOf(String.fromCharCode(ch), i + 1)
      if (end === -1) break
      i = end
    } else if (ch === Ch.Newline) break
    i++
  }
  c.spend((i - open) >> 4)
  return found
}

const parseArrayLiteral = (c: Cursor): ArrayLiteral => {
  const open = c.pos
  c.pos++
  c.enter()
  const elements: Array<ArrayElement> = []
  for (;;) {
    skipLinebreaks(c)
    const ch = c.peek()
    if (ch === -1) throw c.unmatched(")", open)
    if (ch === Ch.RParen) {
      c.pos++
      break
    }
    if (isMeta(ch) && !((ch === Ch.Lt || ch === Ch.Gt) && c.peek(1) === Ch.LParen)) unexpectedHere(c)
    elements.push(parseArrayElement(c))
  }
  c.leave()
  return { _tag: "ArrayLiteral", elements }
}

const parseArrayElement = (c: Cursor): ArrayElement => {
  if (c.peek() === Ch.LBracket) {
    const close = findSubscriptEnd(c, c.pos)
    if (close !== -1) {
      let k = close + 1
      let append = false
      if (c.src.charCodeAt(k) === Ch.Plus && c.src.charCodeAt(k + 1) === Ch.Eq) {
        append = true
        k += 2
      } else if (c.src.charCodeAt(k) === Ch.Eq) k++
      else k = -1
      if (k !== -1) {
        c.pos++
        const key = parseArithmeticWord(c, "bracket")
        c.pos = k
        const ch = c.peek()
        const value: Word =
          ch === -1 || isMeta(ch) ? { _tag: "Word", parts: [], raw: "" } : scanWord(c, Mode.AssignValue)
        return { key, append, value }
      }
    }
  }
  return { key: undefined, append: false, value: scanWord(c, Mode.Command) }
}
