/**
 * Lexemes of an arithmetic expression, memoised per position. Bash's tokenizer (readtok) is
 * stateful in a few places (`++`/`--`, bad characters); those decisions are left to the
 * evaluator, which knows the current token state. Everything purely lexical is computed once
 * per expression text and reused by every later evaluation of the same text.
 */
import { INT64_MIN, INT64_MAX } from "./int64.js"

export const enum Tok {
  EOF = 0,
  NUM = 1,
  STR = 2,
  EQEQ = 3,
  NEQ = 4,
  LEQ = 5,
  GEQ = 6,
  LSH = 7,
  RSH = 8,
  LAND = 9,
  LOR = 10,
  POWER = 11,
  OP_ASSIGN = 12,
  PREINC = 13,
  PREDEC = 14,
  POSTINC = 15,
  POSTDEC = 16,
  COND = 17,
  EQ = 61, // =
  LT = 60, // <
  GT = 62, // >
  PLUS = 43, // +
  MINUS = 45, // -
  MUL = 42, // *
  DIV = 47, // /
  MOD = 37, // %
  BAND = 38, // &
  BOR = 124, // |
  BXOR = 94, // ^
  NOT = 33, // !
  BNOT = 126, // ~
  QUES = 63, // ?
  COL = 58, // :
  LPAR = 40, // (
  RPAR = 41, // )
  COMMA = 44 // ,
}

export const enum LexKind {
  End,
  Number,
  Identifier,
  Operator,
  /** `++` or `--`: pre/post increment or a lone sign, decided by the evaluator. */
  Double,
  /** A character that is no operator; the message depends on the preceding token. */
  BadChar,
  /** A lexical error with a fixed message (bad number, unterminated subscript). */
  Error
}

export class Lexeme {
  constructor(
    readonly kind: LexKind,
    /** Offset of the first character (after skipped whitespace). */
    readonly start: number,
    /** Offset just past the lexeme. */
    readonly end: number,
    /** Operator token (Operator), the sign character (Double), or the assignment operator of OP_ASSIGN. */
    readonly op: number,
    readonly assignOp: number,
    readonly value: bigint,
    /** Identifier: name, subscript text (undefined when none) and the full token text. */
    readonly name: string,
    readonly subscript: string | undefined,
    readonly text: string,
    /** Error message (Error) or, for Double, "1" when an identifier follows. */
    readonly message: string
  ) {}

  /** An Error lexeme for a malformed constant (`08`, `2#3`, `65#1`). */
  get numberError(): boolean {
    return this.kind === LexKind.Error && NUMBER_ERRORS.has(this.message)
  }
}

const NUMBER_ERRORS = new Set(["invalid number", "invalid arithmetic base", "invalid integer constant", "value too great for base"])

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10
const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
export const isNameStart = (c: number): boolean => isLetter(c) || c === 95
const isNameChar = (c: number): boolean => isNameStart(c) || isDigit(c)
const isNumberChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 35 || c === 64 || c === 95

const ARITH_OPERATOR_CHARS = "=<>+-*/%&|^!~?:(),"

/** Thrown while parsing a constant; converted to an Error lexeme. */
class NumberError {
  constructor(readonly message: string) {}
}

/** Digit value of `c` in `base`, following bash's letter conventions. */
const digitValue = (c: number, base: number): number => {
  if (isDigit(c)) return c - 48
  if (c >= 97 && c <= 122) return c - 97 + 10
  if (c >= 65 && c <= 90) return c - 65 + (base <= 36 ? 10 : 36)
  if (c === 64) return 62
  return 63 // '_'
}

/** Parse an integer constant (`10`, `010`, `0x1f`, `36#zz`) as bash's strlong does. */
const parseConstant = (text: string): bigint => {
  let index = 0
  let base = 10
  let foundBase = false
  if (text.charCodeAt(0) === 48) {
    index = 1
    if (text.length === 1) return 0n
    const second = text.charCodeAt(1)
    if (second === 120 || second === 88) {
      base = 16
      index = 2
    } else base = 8
    foundBase = true
  }
  // Accumulate in a double while exact, then in bigint with wrap-around.
  let small = 0
  let big: bigint | undefined
  for (; index < text.length; index++) {
    const c = text.charCodeAt(index)
    if (c === 35) {
      if (foundBase) throw new NumberError("invalid number")
      const current = big ?? BigInt(small)
      if (current < 2n || current > 64n) throw new NumberError("invalid arithmetic base")
      base = Number(current)
      small = 0
      big = undefined
      foundBase = true
      const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0
      if (!(isLetter(next) || isDigit(next) || next === 64 || next === 95)) {
        throw new NumberError("invalid integer constant")
      }
      continue
    }
    const digit = digitValue(c, base)
    if (digit >= base) throw new NumberError("value too great for base")
    if (big === undefined) {
      const next = small * base + digit
      if (next <= Number.MAX_SAFE_INTEGER) small = next
      else big = BigInt(small) * BigInt(base) + BigInt(digit)
    } else {
      big = BigInt.asIntN(64, big * BigInt(base) + BigInt(digit))
    }
  }
  if (big === undefined) return BigInt(small)
  return big > INT64_MAX || big < INT64_MIN ? BigInt.asIntN(64, big) : big
}

const makeOperator = (start: number, end: number, op: number, assignOp = 0): Lexeme =>
  new Lexeme(LexKind.Operator, start, end, op, assignOp, 0n, "", undefined, "", "")

const makeError = (start: number, end: number, message: string): Lexeme =>
  new Lexeme(LexKind.Error, start, end, 0, 0, 0n, "", undefined, "", message)

/** Offset of the `]` matching the `[` at `open`, or -1. */
const matchingBracket = (text: string, open: number): number => {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 91) depth++
    else if (c === 93 && --depth === 0) return i
  }
  return -1
}

const lexOperator = (text: string, start: number): Lexeme => {
  const c = text.charCodeAt(start)
  const c1 = start + 1 < text.length ? text.charCodeAt(start + 1) : 0
  const c2 = start + 2 < text.length ? text.charCodeAt(start + 2) : 0
  if (c === 61 && c1 === 61) return makeOperator(start, start + 2, Tok.EQEQ)
  if (c === 33 && c1 === 61) return makeOperator(start, start + 2, Tok.NEQ)
  if (c === 62 && c1 === 61) return makeOperator(start, start + 2, Tok.GEQ)
  if (c === 60 && c1 === 61) return makeOperator(start, start + 2, Tok.LEQ)
  if (c === 60 && c1 === 60) {
    return c2 === 61 ? makeOperator(start, start + 3, Tok.OP_ASSIGN, Tok.LSH) : makeOperator(start, start + 2, Tok.LSH)
  }
  if (c === 62 && c1 === 62) {
    return c2 === 61 ? makeOperator(start, start + 3, Tok.OP_ASSIGN, Tok.RSH) : makeOperator(start, start + 2, Tok.RSH)
  }
  if (c === 38 && c1 === 38) return makeOperator(start, start + 2, Tok.LAND)
  if (c === 124 && c1 === 124) return makeOperator(start, start + 2, Tok.LOR)
  if (c === 42 && c1 === 42) return makeOperator(start, start + 2, Tok.POWER)
  if ((c === 43 || c === 45) && c1 === c) {
    let next = start + 2
    while (next < text.length && isSpace(text.charCodeAt(next))) next++
    const identFollows = next < text.length && isNameStart(text.charCodeAt(next))
    return new Lexeme(LexKind.Double, start, start + 2, c, 0, 0n, "", undefined, "", identFollows ? "1" : "")
  }
  if (c1 === 61 && "*/%+-&^|".includes(text[start]!)) return makeOperator(start, start + 2, Tok.OP_ASSIGN, c)
  if (!ARITH_OPERATOR_CHARS.includes(text[start]!)) {
    return new Lexeme(LexKind.BadChar, start, start + 1, c, 0, 0n, "", undefined, "", "")
  }
  return makeOperator(start, start + 1, c)
}

const lexAtStart = (text: string, start: number): Lexeme => {
  if (start >= text.length) return new Lexeme(LexKind.End, start, start, 0, 0, 0n, "", undefined, "", "")
  const c = text.charCodeAt(start)
  if (isNameStart(c)) {
    let end = start + 1
    while (end < text.length && isNameChar(text.charCodeAt(end))) end++
    const name = text.slice(start, end)
    if (text.charCodeAt(end) !== 91) {
      return new Lexeme(LexKind.Identifier, start, end, 0, 0, 0n, name, undefined, name, "")
    }
    const close = matchingBracket(text, end)
    if (close < 0) return makeError(start, text.length, "bad array subscript")
    const subscript = text.slice(end + 1, close)
    return new Lexeme(LexKind.Identifier, start, close + 1, 0, 0, 0n, name, subscript, text.slice(start, close + 1), "")
  }
  if (isDigit(c)) {
    let end = start + 1
    while (end < text.length && isNumberChar(text.charCodeAt(end))) end++
    try {
      const value = parseConstant(text.slice(start, end))
      return new Lexeme(LexKind.Number, start, end, 0, 0, value, "", undefined, "", "")
    } catch (error) {
      if (error instanceof NumberError) return makeError(start, end, error.message)
      throw error
    }
  }
  return lexOperator(text, start)
}

/** The lexemes of one expression text, computed lazily by position. */
export class LexTable {
  private readonly byPosition: Array<Lexeme | undefined> = []
  constructor(readonly text: string) {}

  /** The lexeme that a read starting at `position` produces (whitespace skipped first). */
  at(position: number): Lexeme {
    const cached = this.byPosition[position]
    if (cached !== undefined) return cached
    const text = this.text
    let start = position
    while (start < text.length && isSpace(text.charCodeAt(start))) start++
    const lexeme = lexAtStart(text, start)
    this.byPosition[position] = lexeme
    return lexeme
  }
}

/** True when `text` holds only arithmetic whitespace (bash evaluates it to 0). */
export const isBlank = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return false
  return true
}
