/** Compound commands: ( ) { } (( )) [[ ]] if while until for select case, and function bodies. */
import type { CaseItem, Command, CompoundCommand, Redirect, StatementList, Word } from "../Ast.js"
import * as chars from "./chars.js"
import { parseCondCommand } from "./cond.js"
import { none, type Cursor } from "./Cursor.js"
import { parseList } from "./commands.js"
import { parseTrailingRedirects } from "./redirects.js"
import { consumeNewline, peekReserved, skipBlanks, skipLinebreaks, skipSpace, unexpectedHere } from "./lex.js"
import { parseArithmeticWord } from "./arith.js"
import { tryArithmetic } from "./substitutions.js"
import { Mode, scanWord } from "./words.js"

// Local copies: some loaders (vitest, tsx in CJS mode) turn every access to an imported
// binding into a getter call, which is too slow for per-character code.
const { Ch, isMeta, isNameChar, isNameStart } = chars

const compoundWords = new Set(["if", "while", "until", "for", "select", "case", "{", "[["])

export const isCompoundStart = (c: Cursor): boolean => {
  if (c.peek() === Ch.LParen) return true
  const word = peekReserved(c)
  return word !== undefined && compoundWords.has(word)
}

/** Parse the compound command at the cursor, with its trailing redirections. */
export const parseCompound = (c: Cursor, line: number): CompoundCommand => {
  c.enter()
  const command = parseCompoundInner(c, line)
  c.leave()
  return command
}

const withRedirects = <T extends { readonly redirects: ReadonlyArray<Redirect> }>(c: Cursor, command: T): T => {
  const redirects = parseTrailingRedirects(c)
  return redirects.length === 0 ? command : { ...command, redirects }
}

const parseCompoundInner = (c: Cursor, line: number): CompoundCommand => {
  if (c.peek() === Ch.LParen) {
    if (c.peek(1) === Ch.LParen) {
      const open = c.pos
      const expression = tryArithmetic(c, c.pos + 2, open)
      // bash reads `(( ... ))` as one token and numbers the command by where that token ends.
      if (expression !== undefined) return withRedirects(c, { _tag: "ArithCommand", expression, redirects: none, line: c.lineAt(c.pos) })
    }
    c.pos++
    const body = requireList(c)
    expectChar(c, Ch.RParen)
    return withRedirects(c, { _tag: "Subshell", body, redirects: none, line })
  }
  const word = peekReserved(c)!
  c.pos += word.length
  switch (word) {
    case "{": {
      const body = requireList(c)
      expectWord(c, "}")
      return withRedirects(c, { _tag: "Group", body, redirects: none, line })
    }
    case "[[":
      return withRedirects(c, { _tag: "CondCommand", expression: parseCondCommand(c), redirects: none, line })
    case "if":
      return parseIf(c, line)
    case "while":
    case "until": {
      const condition = requireList(c)
      const body = parseDoGroup(c)
      return withRedirects(c, { _tag: "While", until: word === "until", condition, body, redirects: none, line })
    }
    case "for":
      return parseFor(c, line, false)
    case "select":
      return parseFor(c, line, true)
    case "case":
      return parseCase(c, line)
  }
  return unexpectedHere(c)
}

/** A non-empty compound list (bash rejects `if then`, `{ }`, `( )`). */
const requireList = (c: Cursor): StatementList => {
  const list = parseList(c)
  if (list.length === 0) unexpectedHere(c)
  return list
}

const expectWord = (c: Cursor, word: string): void => {
  skipLinebreaks(c)
  if (peekReserved(c) !== word) unexpectedHere(c)
  c.pos += word.length
}

const expectChar = (c: Cursor, ch: number): void => {
  skipLinebreaks(c)
  if (c.peek() !== ch) unexpectedHere(c)
  c.pos++
}

const parseIf = (c: Cursor, line: number): CompoundCommand => {
  const clauses: Array<{ condition: StatementList; body: StatementList }> = []
  let elseBody: StatementList | undefined
  for (;;) {
    const condition = requireList(c)
    expectWord(c, "then")
    const body = requireList(c)
    clauses.push({ condition, body })
    skipLinebreaks(c)
    const next = peekReserved(c)
    if (next === "elif") {
      c.pos += 4
      continue
    }
    if (next === "else") {
      c.pos += 4
      elseBody = requireList(c)
      expectWord(c, "fi")
      break
    }
    expectWord(c, "fi")
    break
  }
  return withRedirects(c, { _tag: "If", clauses, elseBody, redirects: none, line })
}

/** `do list done`, or bash's `{ list }` alternative. */
const parseDoGroup = (c: Cursor): StatementList => {
  skipLinebreaks(c)
  const word = peekReserved(c)
  if (word === "{") {
    c.pos++
    const body = requireList(c)
    expectWord(c, "}")
    return body
  }
  if (word !== "do") unexpectedHere(c)
  c.pos += 2
  const body = requireList(c)
  expectWord(c, "done")
  return body
}

const parseFor = (c: Cursor, line: number, select: boolean): CompoundCommand => {
  skipBlanks(c)
  if (!select && c.peek() === Ch.LParen && c.peek(1) === Ch.LParen) return parseArithFor(c, line)
  const name = readName(c)
  skipSpace(c)
  let words: Array<Word> | undefined
  while (c.peek() === Ch.Newline) {
    consumeNewline(c)
    skipSpace(c)
  }
  if (peekReserved(c) === "in") {
    c.pos += 2
    words = []
    for (;;) {
      skipBlanks(c)
      const ch = c.peek()
      if (ch === -1) break
      if (ch === Ch.Semi) {
        c.pos++
        break
      }
      if (ch === Ch.Newline) {
        consumeNewline(c)
        break
      }
      if (ch === Ch.Hash) {
        skipSpace(c)
        continue
      }
      if (isMeta(ch) && !((ch === Ch.Lt || ch === Ch.Gt) && c.peek(1) === Ch.LParen)) unexpectedHere(c)
      words.push(scanWord(c, Mode.Command))
    }
  } else if (c.peek() === Ch.Semi) {
    c.pos++
  }
  const body = parseDoGroup(c)
  const command = select
    ? { _tag: "Select" as const, variable: name, words, body, redirects: none, line }
    : { _tag: "For" as const, variable: name, words, body, redirects: none, line }
  return withRedirects(c, command)
}

const readName = (c: Cursor): string => {
  const start = c.pos
  if (!isNameStart(c.peek())) unexpectedHere(c)
  while (isNameChar(c.peek())) c.pos++
  if (!isMeta(c.peek()) && c.peek() !== -1) {
    c.pos = start
    unexpectedHere(c)
  }
  return c.src.slice(start, c.pos)
}

const parseArithFor = (c: Cursor, line: number): CompoundCommand => {
  const open = c.pos
  c.pos += 2
  const parts: Array<Word | undefined> = []
  for (;;) {
    const word = parseArithmeticWord(c, "forPart")
    parts.push(word.raw.trim() === "" ? undefined : word)
    const ch = c.peek()
    if (ch === -1) throw c.unmatched(")", open)
    if (ch !== Ch.Semi) break
    c.pos++
  }
  if (!c.startsWith("))")) throw c.unmatched(")", open)
  if (parts.length !== 3) {
    const context = `syntax error: \`${c.src.slice(open, c.pos + 2)}'`
    const message = parts.length < 3 ? "syntax error: arithmetic expression required" : "syntax error: `;' unexpected"
    throw c.failWithContext(message, open, context)
  }
  c.pos += 2
  skipSpace(c)
  if (c.peek() === Ch.Semi) c.pos++
  const body = parseDoGroup(c)
  return withRedirects(c, { _tag: "ArithFor", init: parts[0], condition: parts[1], step: parts[2], body, redirects: none, line })
}

const parseCase = (c: Cursor, line: number): CompoundCommand => {
  skipBlanks(c)
  const ch = c.peek()
  if (ch === -1 || isMeta(ch)) unexpectedHere(c)
  const subject = scanWord(c, Mode.Command)
  skipLinebreaks(c)
  if (peekReserved(c) !== "in") unexpectedHere(c)
  c.pos += 2
  const items: Array<CaseItem> = []
  for (;;) {
    skipLinebreaks(c)
    if (peekReserved(c) === "esac") {
      c.pos += 4
      break
    }
    if (c.atEnd) throw c.unexpectedEof()
    if (c.peek() === Ch.LParen) {
      c.pos++
      skipBlanks(c)
    }
    const patterns: Array<Word> = []
    for (;;) {
      skipBlanks(c)
      const p = c.peek()
      if (p === -1 || (isMeta(p) && !((p === Ch.Lt || p === Ch.Gt) && c.peek(1) === Ch.LParen))) unexpectedHere(c)
      patterns.push(scanWord(c, Mode.Command))
      skipBlanks(c)
      if (c.peek() === Ch.Pipe) {
        c.pos++
        continue
      }
      break
    }
    if (c.peek() !== Ch.RParen) unexpectedHere(c)
    c.pos++
    const body = parseList(c)
    skipLinebreaks(c)
    let terminator: ";;" | ";&" | ";;&" = ";;"
    if (c.startsWith(";;&")) {
      terminator = ";;&"
      c.pos += 3
    } else if (c.startsWith(";;")) c.pos += 2
    else if (c.startsWith(";&")) {
      terminator = ";&"
      c.pos += 2
    } else if (peekReserved(c) !== "esac") unexpectedHere(c)
    items.push({ patterns, body, terminator })
  }
  return withRedirects(c, { _tag: "Case", subject, items, redirects: none, line })
}

/** After `name ()` or `function name [()]`: newlines, then a compound command body. */
export const parseFunctionBody = (c: Cursor, name: string, start: number, line: number): Command => {
  skipLinebreaks(c)
  if (c.atEnd) throw c.unexpectedEof()
  if (!isCompoundStart(c)) unexpectedHere(c)
  const body = parseCompound(c, c.lineAt(c.pos))
  return { _tag: "FunctionDef", name, body, raw: c.src.slice(start, c.pos), line }
}
