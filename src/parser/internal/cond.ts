/** The `[[ ... ]]` expression grammar (after `[[`, through the closing `]]`). */
import type { CondExpr, Word } from "../Ast.js"
import * as chars from "./chars.js"
import type { Cursor } from "./Cursor.js"
import { consumeNewline, peekWordText, unexpectedHere } from "./lex.js"
import { Mode, scanWord } from "./words.js"

// Local copies: some loaders (vitest, tsx in CJS mode) turn every access to an imported
// binding into a getter call, which is too slow for per-character code.
const { Ch, isBlank, isMeta } = chars

const unaryOperators = new Set([
  "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
  "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R"
])

const binaryOperators = new Set([
  "==", "=", "!=", "=~", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"
])

/** Skip blanks, line continuations and newlines (all allowed inside `[[ ]]`). */
const skip = (c: Cursor): void => {
  for (;;) {
    const ch = c.peek()
    if (isBlank(ch)) c.pos++
    else if (ch === Ch.Backslash && c.peek(1) === Ch.Newline) c.pos += 2
    else if (ch === Ch.Newline) consumeNewline(c)
    else if (ch === -1) throw c.failAt("unexpected EOF while looking for `]]'", Math.max(0, c.pos - 1), false)
    else return
  }
}

/** The operand of an operator is missing: bash names the token it found instead. */
const missingArgument = (c: Cursor, kind: "unary" | "binary"): never => {
  const found = atCloser(c) ? "]]" : peekWordText(c) || String.fromCharCode(c.peek())
  throw c.failAt(`unexpected argument \`${found}' to conditional ${kind} operator`, c.pos, false)
}

const atCloser = (c: Cursor): boolean =>
  c.startsWith("]]") && (c.pos + 2 >= c.src.length || isMeta(c.src.charCodeAt(c.pos + 2)))

const condError = (c: Cursor): never => {
  if (c.atEnd) throw c.unexpectedEof()
  const text = peekWordText(c) || String.fromCharCode(c.peek())
  throw c.failAt(`syntax error in conditional expression: unexpected token \`${text}'`, c.pos, false)
}

export const parseCondCommand = (c: Cursor): CondExpr => {
  skip(c)
  if (atCloser(c)) unexpectedHere(c)
  const expr = parseOr(c)
  skip(c)
  if (!atCloser(c)) condError(c)
  c.pos += 2
  return expr
}

const parseOr = (c: Cursor): CondExpr => {
  let left = parseAnd(c)
  for (;;) {
    skip(c)
    if (c.startsWith("||")) {
      c.pos += 2
      left = { _tag: "CondOr", left, right: parseAnd(c) }
    } else return left
  }
}

const parseAnd = (c: Cursor): CondExpr => {
  let left = parseNot(c)
  for (;;) {
    skip(c)
    if (c.startsWith("&&")) {
      c.pos += 2
      left = { _tag: "CondAnd", left, right: parseNot(c) }
    } else return left
  }
}

const parseNot = (c: Cursor): CondExpr => {
  skip(c)
  if (c.peek() === Ch.Bang && (isBlank(c.peek(1)) || c.peek(1) === Ch.Newline)) {
    c.pos++
    c.enter()
    const expr = parseNot(c)
    c.leave()
    return { _tag: "CondNot", expr }
  }
  return parsePrimary(c)
}

const condWord = (c: Cursor): Word => {
  skip(c)
  const ch = c.peek()
  if (ch === -1) throw c.unexpectedEof()
  if (isMeta(ch) && !((ch === Ch.Lt || ch === Ch.Gt) && c.peek(1) === Ch.LParen)) condError(c)
  c.spend()
  return scanWord(c, Mode.Command)
}

const atOperandEnd = (c: Cursor): boolean =>
  c.atEnd || atCloser(c) || c.startsWith("&&") || c.startsWith("||") || c.peek() === Ch.RParen

const parsePrimary = (c: Cursor): CondExpr => {
  skip(c)
  if (c.peek() === Ch.LParen) {
    c.pos++
    c.enter()
    const expr = parseOr(c)
    c.leave()
    skip(c)
    if (c.peek() !== Ch.RParen) {
      const found = atCloser(c) ? "]]" : peekWordText(c) || String.fromCharCode(c.peek())
      throw c.failAt(`unexpected token \`${found}', expected \`)'`, c.pos, false)
    }
    c.pos++
    return { _tag: "CondGroup", expr }
  }
  if (atOperandEnd(c)) condError(c)
  const first = condWord(c)
  skip(c)
  if (unaryOperators.has(first.raw)) {
    if (atOperandEnd(c)) missingArgument(c, "unary")
    return { _tag: "CondUnary", operator: first.raw, operand: condWord(c) }
  }
  const ch = c.peek()
  let operator: string | undefined
  if ((ch === Ch.Lt || ch === Ch.Gt) && c.peek(1) !== Ch.LParen) {
    operator = String.fromCharCode(ch)
    c.pos++
  } else if (!atOperandEnd(c)) {
    const text = peekWordText(c)
    if (binaryOperators.has(text)) {
      operator = text
      c.pos += text.length
    } else {
      throw c.failAt("conditional binary operator expected", c.pos, false)
    }
  }
  if (operator === undefined) return { _tag: "CondWord", word: first }
  skip(c)
  if (atOperandEnd(c)) missingArgument(c, "binary")
  if (operator === "=~") {
    return { _tag: "CondBinary", operator, left: first, right: scanWord(c, Mode.Regex) }
  }
  return { _tag: "CondBinary", operator, left: first, right: condWord(c) }
}
