/**
 * Word scanning: unquoted text, all quoting forms, `$` expansions, backquotes, process
 * substitution, extglob groups, tilde prefixes; brace expansion is structured afterwards.
 */
import type { Word, WordPart } from "../Ast.js"
import { decodeAnsiC } from "./ansiC.js"
import { structureBraces } from "./braces.js"
import * as chars from "./chars.js"
import { parseParamExpansion } from "./params.js"
import { parseArithmeticWord } from "./arith.js"
import { parseSubstitutionBody, parseBackquoteBody } from "./commands.js"
import type { Cursor } from "./Cursor.js"
import { Parts } from "./parts.js"

// Local copies: some loaders (vitest, tsx in CJS mode) turn every access to an imported
// binding into a getter call, which is too slow for per-character code.
const { Ch, isBlank, isDigit, isMeta, isNameChar, isNameStart, isWordSpecial } = chars

export const enum Mode {
  /** An ordinary word: ends at a blank or a metacharacter. */
  Command,
  /** An assignment value: no brace expansion, tilde after each `:`. */
  AssignValue,
  /** The right side of `=~` in `[[ ]]`: parentheses and `|` belong to the word. */
  Regex,
  /** The word of a `${name op word}`: ends at the closing `}` (blanks are part of it). */
  Param,
  /** A `${name/pattern/...}` pattern: ends at `/` or `}`. */
  ParamPattern
}

export interface WordContext {
  /** The `${...}` being read is itself inside double quotes. */
  readonly inDouble?: boolean
  /** Single quotes are literal (a `${x:-'a'}` word inside double quotes). */
  readonly literalSingleQuotes?: boolean
}

const isExtglobOpener = (c: number): boolean =>
  c === Ch.Question || c === Ch.Star || c === Ch.Plus || c === Ch.At || c === Ch.Bang

/** Does an unquoted character end a word in this mode (at group/brace depth 0)? */
const endsWord = (c: Cursor, mode: Mode, ch: number): boolean => {
  switch (mode) {
    case Mode.Command:
    case Mode.AssignValue:
      return isMeta(ch) && !((ch === Ch.Lt || ch === Ch.Gt) && c.peek(1) === Ch.LParen)
    case Mode.Regex:
      return isBlank(ch) || ch === Ch.Newline || ch === Ch.Semi || ch === Ch.Amp || ch === Ch.RParen
    case Mode.Param:
      return ch === Ch.RBrace
    case Mode.ParamPattern:
      return ch === Ch.RBrace || ch === Ch.Slash
  }
}

const isPlainWordEnd = (src: string, j: number): boolean => {
  const ch = src.charCodeAt(j)
  return isMeta(ch) && !((ch === Ch.Lt || ch === Ch.Gt) && src.charCodeAt(j + 1) === Ch.LParen)
}

/** Scan one word at the cursor (which must not be at a word terminator). */
export const scanWord = (c: Cursor, mode: Mode, ctx: WordContext = {}): Word => {
  const start = c.pos
  if (mode === Mode.Command) {
    // Fast path: a word of plain characters only (most words).
    const src = c.src
    let j = start
    while (j < src.length && !isWordSpecial(src.charCodeAt(j))) j++
    if (j > start && (j >= src.length || isPlainWordEnd(src, j))) {
      c.spend()
      c.pos = j
      const raw = src.slice(start, j)
      return { _tag: "Word", parts: [{ _tag: "Literal", value: raw }], raw }
    }
  }
  const parts = scanWordParts(c, mode, ctx)
  return { _tag: "Word", parts, raw: c.src.slice(start, c.pos) }
}

export const scanWordParts = (c: Cursor, mode: Mode, ctx: WordContext = {}): Array<WordPart> => {
  c.spend()
  const b = new Parts()
  const inDouble = ctx.inDouble === true
  const paramLike = mode === Mode.Param || mode === Mode.ParamPattern
  let sawBrace = false
  let regexParens = 0
  let extglobDepth = 0
  let runStart = c.pos
  if (c.peek() === Ch.Tilde && !inDouble) {
    readTilde(c, b, mode)
    runStart = c.pos
  }
  for (;;) {
    const ch = c.peek()
    if (ch === -1) break
    if (!isWordSpecial(ch) && !(ch === Ch.Slash && mode === Mode.ParamPattern)) {
      c.pos++
      continue
    }
    if (extglobDepth > 0 || regexParens > 0) {
      if (ch === Ch.LParen) {
        if (extglobDepth > 0) extglobDepth++
        else regexParens++
        c.pos++
        continue
      }
      if (ch === Ch.RParen) {
        if (extglobDepth > 0) extglobDepth--
        else regexParens--
        c.pos++
        continue
      }
      if (isMeta(ch) && ch !== Ch.Newline) {
        c.pos++
        continue
      }
    }
    if (endsWord(c, mode, ch)) break
    switch (ch) {
      case Ch.Backslash: {
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        const next = c.peek(1)
        if (next === Ch.Newline) {
          c.pos += 2
        } else if (next === -1) {
          c.pos++
          b.literal("\\")
        } else if (inDouble && paramLike) {
          // Inside "${x:-...}": backslash escapes only what it escapes in double quotes.
          if (next === Ch.Dollar || next === Ch.Backquote || next === Ch.DQuote || next === Ch.Backslash || next === Ch.RBrace) {
            b.push({ _tag: "Escaped", value: String.fromCharCode(next) })
          } else {
            b.literal("\\" + String.fromCharCode(next))
          }
          c.pos += 2
        } else {
          const cp = c.src.codePointAt(c.pos + 1)!
          const text = String.fromCodePoint(cp)
          b.push({ _tag: "Escaped", value: text })
          c.pos += 1 + text.length
        }
        runStart = c.pos
        continue
      }
      case Ch.SQuote: {
        if (ctx.literalSingleQuotes === true) {
          c.pos++
          continue
        }
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        b.push(readSingleQuoted(c))
        runStart = c.pos
        continue
      }
      case Ch.DQuote: {
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        b.push(readDoubleQuoted(c))
        runStart = c.pos
        continue
      }
      case Ch.Dollar: {
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        // extquote (on by default): $'...' and $"..." work inside "${...}" words too.
        readDollar(c, b, inDouble && !paramLike)
        runStart = c.pos
        continue
      }
      case Ch.Backquote: {
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        b.push(readBackquote(c, inDouble))
        runStart = c.pos
        continue
      }
      case Ch.Lt:
      case Ch.Gt: {
        if (c.peek(1) === Ch.LParen && !paramLike && mode !== Mode.Regex) {
          if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
          const open = c.pos
          const direction = ch === Ch.Lt ? "<" : ">"
          c.pos += 2
          const bodyStart = c.pos
          const body = parseSubstitutionBody(c, open)
          b.push({ _tag: "ProcessSubstitution", direction, body, raw: c.src.slice(bodyStart, c.pos - 1) })
          runStart = c.pos
          continue
        }
        c.pos++
        continue
      }
      case Ch.LParen: {
        // Only reached in Regex mode (a group) or inside param words.
        if (mode === Mode.Regex) regexParens++
        c.pos++
        continue
      }
      case Ch.LBrace: {
        // Inside ${...} words bash does not count braces: the first unquoted } ends the word.
        if (!paramLike) sawBrace = true
        c.pos++
        continue
      }
      case Ch.Colon: {
        c.pos++
        if (mode === Mode.AssignValue && c.peek() === Ch.Tilde) {
          if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
          readTilde(c, b, mode)
          runStart = c.pos
        }
        continue
      }
      default: {
        if (isExtglobOpener(ch) && c.peek(1) === Ch.LParen && (mode === Mode.Command || mode === Mode.AssignValue || paramLike || mode === Mode.Regex)) {
          extglobDepth++
          c.pos += 2
          continue
        }
        c.pos++
        continue
      }
    }
  }
  if (extglobDepth > 0 && c.atEnd) throw c.unmatched(")", undefined)
  if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
  if (sawBrace && mode === Mode.Command) return structureBraces(c, b.list)
  return b.list
}

/** `~user` at the start of a word (or after `:` / `=` in an assignment value). */
const readTilde = (c: Cursor, b: Parts, mode: Mode): void => {
  let j = c.pos + 1
  const src = c.src
  for (;;) {
    const ch = j < src.length ? src.charCodeAt(j) : -1
    if (ch === -1 || ch === Ch.Slash) break
    if (mode === Mode.AssignValue && ch === Ch.Colon) break
    if ((mode === Mode.Param || mode === Mode.ParamPattern) && ch === Ch.RBrace) break
    if ((mode === Mode.Command || mode === Mode.AssignValue) && isMeta(ch)) break
    if (
      ch === Ch.Backslash ||
      ch === Ch.SQuote ||
      ch === Ch.DQuote ||
      ch === Ch.Dollar ||
      ch === Ch.Backquote ||
      ch === Ch.LBrace ||
      isBlank(ch) ||
      ch === Ch.Newline
    ) {
      if (mode === Mode.Param && isBlank(ch)) break
      return // a quoted or expanded tilde-prefix: plain text
    }
    j++
  }
  b.push({ _tag: "TildePrefix", user: src.slice(c.pos + 1, j) })
  c.pos = j
}

export const readSingleQuoted = (c: Cursor): WordPart => {
  c.spend()
  const open = c.pos
  const close = c.src.indexOf("'", open + 1)
  if (close === -1) throw c.unmatched("'", open)
  c.pos = close + 1
  return { _tag: "SingleQuoted", value: c.src.slice(open + 1, close) }
}

/** `"..."`: literal text, `\` escapes of `$ \` " \\ newline`, expansions. */
export const readDoubleQuoted = (c: Cursor): WordPart => {
  const open = c.pos
  c.pos++
  const parts = readDoubleQuotedParts(c, open)
  return { _tag: "DoubleQuoted", parts }
}

const readDoubleQuotedParts = (c: Cursor, open: number): Array<WordPart> => {
  c.spend()
  const b = new Parts()
  let runStart = c.pos
  for (;;) {
    const ch = c.peek()
    if (ch === -1) throw c.unmatched('"', open)
    if (ch === Ch.DQuote) {
      if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
      c.pos++
      return b.list
    }
    if (ch === Ch.Backslash) {
      const next = c.peek(1)
      if (next === Ch.Dollar || next === Ch.Backquote || next === Ch.DQuote || next === Ch.Backslash) {
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        b.push({ _tag: "Escaped", value: String.fromCharCode(next) })
        c.pos += 2
        runStart = c.pos
        continue
      }
      if (next === Ch.Newline) {
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        c.pos += 2
        runStart = c.pos
        continue
      }
      c.pos += next === -1 ? 1 : 2
      continue
    }
    if (ch === Ch.Dollar) {
      if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
      readDollar(c, b, true)
      runStart = c.pos
      continue
    }
    if (ch === Ch.Backquote) {
      if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
      b.push(readBackquote(c, true))
      runStart = c.pos
      continue
    }
    c.pos++
  }
}

/** Body text of an unquoted here-document: expansions and `\$ \` \\ \newline` only. */
export const scanHereDocBody = (c: Cursor): Array<WordPart> => {
  const b = new Parts()
  let runStart = c.pos
  for (;;) {
    const ch = c.peek()
    if (ch === -1) break
    if (ch === Ch.Backslash) {
      const next = c.peek(1)
      if (next === Ch.Dollar || next === Ch.Backquote || next === Ch.Backslash) {
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        b.push({ _tag: "Escaped", value: String.fromCharCode(next) })
        c.pos += 2
        runStart = c.pos
        continue
      }
      if (next === Ch.Newline) {
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        c.pos += 2
        runStart = c.pos
        continue
      }
      c.pos += next === -1 ? 1 : 2
      continue
    }
    if (ch === Ch.Dollar) {
      if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
      readDollar(c, b, true)
      runStart = c.pos
      continue
    }
    if (ch === Ch.Backquote) {
      if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
      b.push(readBackquote(c, true))
      runStart = c.pos
      continue
    }
    c.pos++
  }
  if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
  return b.list
}

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
    const open = c.pos
    c.pos += 2
    const bodyStart = c.pos
    const body = parseSubstitutionBody(c, open)
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
    b.push({ _tag: "ArithmeticExpansion", expression })
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

export const makeWord = (parts: ReadonlyArray<WordPart>, raw: string): Word => ({ _tag: "Word", parts, raw })
