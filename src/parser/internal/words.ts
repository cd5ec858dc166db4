/**
 * Word scanning: unquoted text, all quoting forms, `$` expansions, backquotes, process
 * substitution, extglob groups, tilde prefixes; brace expansion is structured afterwards.
 */
import type { Word, WordPart } from "../Ast.js"
import { structureBraces } from "./braces.js"
import * as chars from "./chars.js"
import { parseSubstitutionBody } from "./commands.js"
import type { Cursor } from "./Cursor.js"
import { Parts } from "./parts.js"
import { readBackquote, readDollar } from "./substitutions.js"

// Local copies: some loaders (vitest, tsx in CJS mode) turn every access to an imported
// binding into a getter call, which is too slow for per-character code.
const { Ch, isBlank, isMeta, isWordSpecial } = chars

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
  const wordStart = c.pos
  let assignmentLike = false
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
      if (isMeta(ch)) {
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
          const direction = ch === Ch.Lt ? "<" : ">"
          c.pos += 2
          const bodyStart = c.pos
          const body = parseSubstitutionBody(c)
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
        if ((mode === Mode.AssignValue || assignmentLike) && c.peek() === Ch.Tilde) {
          if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
          readTilde(c, b, Mode.AssignValue)
          runStart = c.pos
        }
        continue
      }
      case Ch.Eq: {
        c.pos++
        // bash expands a tilde after `=` and `:` in any assignment-like argument (`--x=~` not).
        if (mode === Mode.Command && !assignmentLike && b.list.length === 0 && looksLikeAssignment(c.src, wordStart, c.pos - 1)) {
          assignmentLike = true
          if (c.peek() === Ch.Tilde) {
            b.literal(c.src.slice(runStart, c.pos))
            readTilde(c, b, Mode.AssignValue)
            runStart = c.pos
          }
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

/** Is src[start, eq) `name`, `name+` or `name[...]` (the part before `=` of an assignment)? */
const looksLikeAssignment = (src: string, start: number, eq: number): boolean => {
  let i = start
  if (i >= eq || !chars.isNameStart(src.charCodeAt(i))) return false
  while (i < eq && chars.isNameChar(src.charCodeAt(i))) i++
  if (i === eq) return true
  if (src.charCodeAt(i) === Ch.Plus) return i + 1 === eq
  return src.charCodeAt(i) === Ch.LBracket && src.charCodeAt(eq - 1) === Ch.RBracket
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

export const readDoubleQuotedParts = (c: Cursor, open: number): Array<WordPart> => {
  c.spend()
  return scanQuotedText(c, open)
}

/** Body text of an unquoted here-document: expansions and `\$ \` \\ \newline` only. */
export const scanHereDocBody = (c: Cursor): Array<WordPart> => scanQuotedText(c, undefined)

/**
 * Text in double-quote mode: literal text, expansions, and backslash escapes of `$`, backquote,
 * backslash and newline. Inside `"..."` (`open` is the quote's position) a `"` ends the text and
 * `\"` is an escape too; a here-document body (`open` undefined) runs to the end of input.
 */
const scanQuotedText = (c: Cursor, open: number | undefined): Array<WordPart> => {
  const inQuotes = open !== undefined
  const b = new Parts()
  let runStart = c.pos
  for (;;) {
    const ch = c.peek()
    if (ch === -1) {
      if (inQuotes) throw c.unmatched('"', open)
      break
    }
    if (inQuotes && ch === Ch.DQuote) {
      if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
      c.pos++
      return b.list
    }
    if (ch === Ch.Backslash) {
      const next = c.peek(1)
      if (next === Ch.Dollar || next === Ch.Backquote || next === Ch.Backslash || (inQuotes && next === Ch.DQuote)) {
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

export const makeWord = (parts: ReadonlyArray<WordPart>, raw: string): Word => ({ _tag: "Word", parts, raw })
