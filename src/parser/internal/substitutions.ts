/**
 * Everything that starts with `$` (parameters, `$(..)`, `$((..))`, `$[..]`, `$'..'`, `$"..")
 * and backquoted command substitutions.
 */
import type { ArithmeticExpansion, Word, WordPart } from "../Ast.js"
import { decodeAnsiC } from "./ansiC.js"
import { parseArithmeticWord } from "./arith.js"
import * as chars from "./chars.js"
import { parseBackquoteBody, parseSubstitutionBody } from "./commands.js"
import type { Cursor } from "./Cursor.js"
import { parseParamExpansion } from "./params.js"
import { bracketArithmetic } from "./layout.js"
import type { Parts } from "./parts.js"
import { readDoubleQuotedParts } from "./words.js"

// Local copies: some loaders turn each access to an imported binding into a getter call.
const { Ch, isDigit, isNameChar, isNameStart } = chars

const specialParams = "@*#?-$!0"

/** Everything that starts with `$` (the cursor is on it). Pushes the part(s) to `b`. */
export const readDollar = (c: Cursor, b: Parts, inDouble: boolean): void => {
  const next = c.peek(1)
  if (next === Ch.LParen) {
    if (c.peek(2) === Ch.LParen) {
      const arith = tryArithmetic(c, c.pos + 3, c.pos)
      if (arith !== undefined) {
        b.push({ _tag: "ArithmeticExpansion", expression: arith })
        return
      }
    }
    c.pos += 2
    const bodyStart = c.pos
    const body = parseSubstitutionBody(c)
    b.push({ _tag: "CommandSubstitution", body, backquoted: false, raw: c.src.slice(bodyStart, c.pos - 1) })
    return
  }
  if (next === Ch.LBrace) {
    b.push(parseParamExpansion(c, inDouble))
    return
  }
  if (next === Ch.LBracket) {
    const open = c.pos
    c.pos += 2
    const expression = parseArithmeticWord(c, "bracket")
    if (c.peek() !== Ch.RBracket) throw c.unmatched("]", open)
    c.pos++
    const part: ArithmeticExpansion = { _tag: "ArithmeticExpansion", expression }
    bracketArithmetic.add(part)
    b.push(part)
    return
  }
  if (!inDouble && next === Ch.SQuote) {
    const open = c.pos
    const close = findAnsiCEnd(c.src, c.pos + 2)
    if (close === -1) throw c.unmatched("'", open)
    c.pos = close + 1
    b.push({ _tag: "AnsiCQuoted", value: decodeAnsiC(c.src.slice(open + 2, close)) })
    return
  }
  if (!inDouble && next === Ch.DQuote) {
    const open = c.pos + 1
    c.pos += 2
    b.push({ _tag: "LocaleQuoted", parts: readDoubleQuotedParts(c, open) })
    return
  }
  if (isNameStart(next)) {
    let j = c.pos + 2
    while (isNameChar(c.src.charCodeAt(j))) j++
    b.push(simpleParam(c.src.slice(c.pos + 1, j)))
    c.pos = j
    return
  }
  if (isDigit(next) || (next !== -1 && specialParams.includes(String.fromCharCode(next)))) {
    b.push(simpleParam(String.fromCharCode(next)))
    c.pos += 2
    return
  }
  b.literal("$")
  c.pos++
}

const simpleParam = (name: string): WordPart => ({
  _tag: "ParamExpansion",
  name,
  index: undefined,
  indirect: false,
  length: false,
  op: undefined,
  braced: false
})

const findAnsiCEnd = (src: string, from: number): number => {
  let i = from
  while (i < src.length) {
    const ch = src.charCodeAt(i)
    if (ch === Ch.Backslash) i += 2
    else if (ch === Ch.SQuote) return i
    else i++
  }
  return -1
}

/**
 * `$((` or `((`: arithmetic when the parentheses close with `))`; otherwise (e.g. `$( (a) )`
 * written `$((a) )`) undefined, and the caller reads a command substitution / subshell.
 * `from` is just past the opening `((`. The look-ahead scan is charged to the fuel.
 */
export const tryArithmetic = (c: Cursor, from: number, open: number): Word | undefined => {
  const src = c.src
  let depth = 0
  let i = from
  let closed = -1
  // The look-ahead never scans further than the remaining fuel allows.
  const limit = Math.min(src.length, from + c.budget.fuel + 1)
  while (i < limit) {
    const ch = src.charCodeAt(i)
    if (ch === Ch.LParen) depth++
    else if (ch === Ch.RParen) {
      if (depth === 0) {
        if (i + 1 >= src.length) throw c.unmatched(")", open)
        closed = src.charCodeAt(i + 1) === Ch.RParen ? i : -2
        break
      }
      depth--
    } else if (ch === Ch.Backslash) i++
    else if (ch === Ch.SQuote || ch === Ch.DQuote) {
      const end = src.indexOf(String.fromCharCode(ch), i + 1)
      if (end === -1) break
      i = end
    }
    i++
  }
  c.spend(i - from)
  if (closed === -2) return undefined
  if (closed === -1) {
    if (i >= src.length) throw c.unmatched(")", open)
    return undefined
  }
  const save = c.pos
  c.pos = from
  const word = parseArithmeticWord(c, "paren")
  if (c.pos !== closed) {
    c.pos = save
    return undefined
  }
  c.pos = closed + 2
  return word
}

/** `` `...` ``: find the closing backquote, undo its escapes, parse the text as a script. */
export const readBackquote = (c: Cursor, inDouble: boolean): WordPart => {
  const open = c.pos
  const src = c.src
  let i = open + 1
  let text = ""
  let segStart = i
  for (;;) {
    if (i >= src.length) throw c.unmatched("`", open)
    const ch = src.charCodeAt(i)
    if (ch === Ch.Backquote) break
    if (ch === Ch.Backslash) {
      const next = src.charCodeAt(i + 1)
      if (next === Ch.Dollar || next === Ch.Backquote || next === Ch.Backslash || (inDouble && next === Ch.DQuote)) {
        text += src.slice(segStart, i)
        segStart = i + 1
      }
      i += 2
      continue
    }
    i++
  }
  text += src.slice(segStart, i)
  c.pos = i + 1
  const body = parseBackquoteBody(c, text, c.lineAt(open))
  return { _tag: "CommandSubstitution", body, backquoted: true, raw: src.slice(open + 1, i) }
}

