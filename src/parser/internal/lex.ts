/** Blank, comment, newline and operator recognition at command level. */
import * as chars from "./chars.js"
import type { Cursor } from "./Cursor.js"
import { readPendingHereDocs } from "./heredoc.js"

// Local copies: some loaders (vitest, tsx in CJS mode) turn every access to an imported
// binding into a getter call, which is too slow for per-character code.
const { Ch, isBlank, isMeta } = chars

/** Skip blanks and line continuations. */
export const skipBlanks = (c: Cursor): void => {
  for (;;) {
    const ch = c.peek()
    if (isBlank(ch)) c.pos++
    else if (ch === Ch.Backslash && c.peek(1) === Ch.Newline) c.pos += 2
    else return
  }
}

/** Skip blanks, line continuations and a comment (up to, not including, the newline). */
export const skipSpace = (c: Cursor): void => {
  skipBlanks(c)
  if (c.peek() === Ch.Hash) {
    const nl = c.src.indexOf("\n", c.pos)
    c.pos = nl === -1 ? c.src.length : nl
  }
}

/** Consume one newline; here-document bodies queued on the line are read now. */
export const consumeNewline = (c: Cursor): void => {
  c.pos++
  if (c.pendingHereDocs.length > 0) readPendingHereDocs(c)
}

/** Skip any blanks, comments and newlines. */
export const skipLinebreaks = (c: Cursor): void => {
  for (;;) {
    skipSpace(c)
    if (c.peek() === Ch.Newline) consumeNewline(c)
    else return
  }
}

const reserved = new Set([
  "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for",
  "select", "function", "time", "coproc", "{", "}", "!", "[[", "]]", "in"
])

/** Words that close a list: a list stops before them and lets its owner check them. */
export const closers = new Set(["then", "else", "elif", "fi", "do", "done", "esac", "}"])

/** The plain word at the cursor (up to a metacharacter), without consuming it. */
export const peekWordText = (c: Cursor): string => {
  const src = c.src
  let j = c.pos
  while (j < src.length && !isMeta(src.charCodeAt(j))) j++
  return src.slice(c.pos, j)
}

/** The reserved word at the cursor, if the next word is exactly one (allocation-free). */
export const peekReserved = (c: Cursor): string | undefined => {
  const ch = c.peek()
  // Fast exit: every reserved word starts with one of these characters.
  if (!(ch >= 97 && ch <= 122) && ch !== Ch.LBrace && ch !== Ch.RBrace && ch !== Ch.Bang && ch !== Ch.LBracket && ch !== Ch.RBracket) return undefined
  const src = c.src
  const start = c.pos
  let j = start
  while (j < src.length && j - start < 9 && !isMeta(src.charCodeAt(j))) j++
  const length = j - start
  if (length > 8) return undefined
  const candidates = reservedByFirst.get(ch)
  if (candidates === undefined) return undefined
  for (const word of candidates) if (word.length === length && src.startsWith(word, start)) return word
  return undefined
}

const reservedByFirst = new Map<number, Array<string>>()
for (const word of reserved) {
  const first = word.charCodeAt(0)
  const list = reservedByFirst.get(first) ?? []
  list.push(word)
  reservedByFirst.set(first, list)
}

/** A description of the token at the cursor for "syntax error near unexpected token". */
export const tokenText = (c: Cursor): string => {
  const ch = c.peek()
  if (ch === -1) return ""
  if (ch === Ch.Newline) return "newline"
  const ops = [";;&", ";;", ";&", "&&", "||", "|&", "&>>", "&>", ">>", "<<<", "<<-", "<<", "<>", ">|", "<&", ">&", ";", "&", "|", "(", ")", "<", ">"]
  for (const op of ops) if (c.startsWith(op)) return op
  const word = peekWordText(c)
  return word === "" ? String.fromCharCode(ch) : word
}

/** Throw "unexpected token" for whatever is at the cursor (or unexpected EOF). */
export const unexpectedHere = (c: Cursor): never => {
  const text = tokenText(c)
  if (text === "") throw c.unexpectedEof()
  throw c.unexpectedToken(text, c.pos)
}

/** A word was required here: at the end of input bash reports the (implicit) newline. */
export const expectedWord = (c: Cursor): never => {
  if (c.atEnd) throw c.unexpectedToken("newline", Math.max(0, c.pos - 1))
  return unexpectedHere(c)
}
