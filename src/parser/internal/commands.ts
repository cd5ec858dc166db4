/**
 * Command-level grammar: lists, and-or lists, pipelines, simple commands, assignments and
 * redirections. Compound commands live in compound.ts, `[[ ]]` in cond.ts.
 */
import type {
  AndOr,
  Assignment,
  Command,
  Pipeline,
  Redirect,
  Script,
  SimpleCommand,
  Statement,
  Word
} from "../Ast.js"
import * as chars from "./chars.js"
import { parseCompound, isCompoundStart, parseFunctionBody } from "./compound.js"
import { Cursor, none, SyntaxFailure } from "./Cursor.js"
import { newlineTerminated } from "./layout.js"
import { declarationWord, tryAssignment } from "./assignments.js"
import { tryRedirect } from "./redirects.js"
import {
  closers,
  consumeNewline,
  expectedWord,
  peekReserved,
  peekWordText,
  skipBlanks,
  skipLinebreaks,
  skipSpace,
  unexpectedHere
} from "./lex.js"
import { Mode, scanWord } from "./words.js"

// Local copies: some loaders (vitest, tsx in CJS mode) turn every access to an imported
// binding into a getter call, which is too slow for per-character code.
const { Ch, isBlank, isMeta, isNameChar, isNameStart } = chars

// ---- lists ----------------------------------------------------------------------------------

/** Is the cursor at something that ends a list (EOF, `)`, a case terminator, a closing word)? */
const atListEnd = (c: Cursor): boolean => {
  const ch = c.peek()
  if (ch === -1 || ch === Ch.RParen) return true
  if (ch === Ch.Semi && (c.peek(1) === Ch.Semi || c.peek(1) === Ch.Amp)) return true
  const word = peekReserved(c)
  return word !== undefined && closers.has(word)
}

/**
 * A compound list: statements separated by `;`, `&` or newlines, up to whatever ends it.
 * With `oneLine`, stops after the first unnested newline (the incremental parser's unit).
 */
export const parseList = (c: Cursor, oneLine = false): Array<Statement> => {
  const statements: Array<Statement> = []
  while (!parseListStep(c, statements, oneLine));
  return statements
}

/**
 * One statement of a list (or its end): true when the list has ended. The incremental parser
 * takes a long line a statement at a time this way, so the host can yield between them.
 */
export const parseListStep = (c: Cursor, statements: Array<Statement>, oneLine: boolean): boolean => {
  if (oneLine && statements.length > 0) skipSpace(c)
  else skipLinebreaks(c)
  if (atListEnd(c)) return true
  if (oneLine && statements.length > 0 && c.peek() === Ch.Newline) {
    consumeNewline(c)
    return true
  }
  const line = c.lineAt(c.pos)
  const body = parseAndOr(c)
  skipSpace(c)
  const ch = c.peek()
  let background = false
  if (ch === Ch.Amp && c.peek(1) !== Ch.Amp && c.peek(1) !== Ch.Gt) {
    background = true
    c.pos++
  } else if (ch === Ch.Semi && c.peek(1) !== Ch.Semi && c.peek(1) !== Ch.Amp) {
    c.pos++
  } else if (ch === Ch.Newline) {
    consumeNewline(c)
    const statement: Statement = { _tag: "Statement", body, background, line }
    newlineTerminated.add(statement)
    statements.push(statement)
    return oneLine
  } else if (!atListEnd(c)) {
    unexpectedHere(c)
  }
  statements.push({ _tag: "Statement", body, background, line })
  if (oneLine) {
    skipSpace(c)
    if (c.peek() === Ch.Newline) {
      consumeNewline(c)
      return true
    }
    if (c.atEnd) return true
  }
  return false
}

const parseAndOr = (c: Cursor): AndOr => {
  const first = parsePipeline(c)
  const rest: Array<{ operator: "&&" | "||"; pipeline: Pipeline }> = []
  for (;;) {
    skipSpace(c)
    const ch = c.peek()
    if ((ch === Ch.Amp || ch === Ch.Pipe) && c.peek(1) === ch) {
      c.pos += 2
      skipLinebreaks(c)
      rest.push({ operator: ch === Ch.Amp ? "&&" : "||", pipeline: parsePipeline(c) })
    } else {
      return { _tag: "AndOr", first, rest: rest.length === 0 ? none : rest }
    }
  }
}

const parsePipeline = (c: Cursor): Pipeline => {
  skipSpace(c)
  const line = c.lineAt(c.pos)
  let negated = false
  let timed: "default" | "posix" | undefined
  for (;;) {
    const word = peekReserved(c)
    if (word === "!") {
      c.pos++
      negated = !negated
      skipSpace(c)
    } else if (word === "time" && timed === undefined) {
      c.pos += 4
      timed = "default"
      skipSpace(c)
      if (c.startsWith("-p") && (c.pos + 2 >= c.src.length || isMeta(c.src.charCodeAt(c.pos + 2)))) {
        c.pos += 2
        timed = "posix"
        skipSpace(c)
      }
    } else break
  }
  const commands: Array<Command> = []
  const stderrPiped: Array<boolean> = []
  if ((timed !== undefined || negated) && pipelineEndsHere(c)) {
    commands.push({ _tag: "SimpleCommand", assignments: [], words: [], redirects: [], line })
    return { _tag: "Pipeline", negated, timed, commands, stderrPiped, line }
  }
  commands.push(parseCommand(c))
  for (;;) {
    skipSpace(c)
    if (c.peek() === Ch.Pipe && c.peek(1) !== Ch.Pipe) {
      const both = c.peek(1) === Ch.Amp
      c.pos += both ? 2 : 1
      stderrPiped.push(both)
      skipLinebreaks(c)
      commands.push(parseCommand(c))
    } else break
  }
  return { _tag: "Pipeline", negated, timed, commands, stderrPiped: stderrPiped.length === 0 ? none : stderrPiped, line }
}

const pipelineEndsHere = (c: Cursor): boolean => {
  const ch = c.peek()
  if (ch === Ch.Amp) return c.peek(1) !== Ch.Amp
  return ch === -1 || ch === Ch.Newline || ch === Ch.Semi || ch === Ch.RParen || atListEnd(c)
}

// ---- commands -------------------------------------------------------------------------------

export const parseCommand = (c: Cursor): Command => {
  skipSpace(c)
  c.spend()
  if (c.aliases !== undefined) expandAlias(c)
  const ch = c.peek()
  if (ch === -1) throw c.unexpectedEof()
  const word = peekReserved(c)
  if (word !== undefined) {
    // `!` is only valid at the start of a pipeline (parsePipeline consumed those).
    if (closers.has(word) || word === "in" || word === "]]" || word === "!") unexpectedHere(c)
    if (word === "function") return parseFunctionKeyword(c)
    if (word === "coproc") return parseCoproc(c)
  }
  if (isCompoundStart(c)) {
    const line = c.lineAt(c.pos)
    return parseCompound(c, line)
  }
  if (ch === Ch.Newline || ch === Ch.Semi || ch === Ch.Amp || ch === Ch.Pipe || ch === Ch.RParen) unexpectedHere(c)
  return parseSimpleCommand(c)
}

/** Alias substitution of the word in command position (bash's trailing-blank rule included). */
const expandAlias = (c: Cursor): void => {
  for (let rounds = 0; rounds < 100; rounds++) {
    const text = peekWordText(c)
    if (text === "" || !isPlainAliasName(text) || c.aliasActive(text, c.pos)) return
    const value = c.aliases!(text)
    if (value === undefined) return
    const start = c.pos
    c.spliceAlias(text, start, start + text.length, value)
    c.aliasCheckFrom = value.length > 0 && isBlank(value.charCodeAt(value.length - 1)) ? start + value.length : -1
    skipSpace(c)
  }
}

const isPlainAliasName = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === Ch.Backslash || ch === Ch.SQuote || ch === Ch.DQuote || ch === Ch.Dollar || ch === Ch.Backquote || ch === Ch.Eq) return false
  }
  return true
}

const parseFunctionKeyword = (c: Cursor): Command => {
  const start = c.pos
  const line = c.lineAt(start)
  c.pos += "function".length
  skipBlanks(c)
  const name = peekWordText(c)
  if (name === "") expectedWord(c)
  c.pos += name.length
  skipBlanks(c)
  if (c.peek() === Ch.LParen) {
    c.pos++
    skipBlanks(c)
    if (c.peek() !== Ch.RParen) unexpectedHere(c)
    c.pos++
  }
  return parseFunctionBody(c, name, start, line)
}

const parseCoproc = (c: Cursor): Command => {
  const line = c.lineAt(c.pos)
  c.pos += "coproc".length
  skipBlanks(c)
  if (isCompoundStart(c)) return { _tag: "Coproc", name: "COPROC", body: parseCompound(c, c.lineAt(c.pos)), line }
  const save = c.pos
  const name = peekWordText(c)
  if (name !== "" && isNameStart(name.charCodeAt(0)) && [...name].every((ch) => isNameChar(ch.charCodeAt(0)))) {
    c.pos += name.length
    skipBlanks(c)
    if (isCompoundStart(c)) return { _tag: "Coproc", name, body: parseCompound(c, c.lineAt(c.pos)), line }
    c.pos = save
  }
  return { _tag: "Coproc", name: "COPROC", body: parseSimpleCommand(c), line }
}

const declarationBuiltins = new Set(["declare", "typeset", "local", "export", "readonly"])

const parseSimpleCommand = (c: Cursor): Command => {
  const start = c.pos
  let line = c.lineAt(start)
  const assignments: Array<Assignment> = []
  const words: Array<Word> = []
  const redirects: Array<Redirect> = []
  let declaration = false
  // bash numbers a command spanning lines by where it stood once it had read one token past the
  // first (its parser's lookahead): the end of the second token, or of the first when the
  // second is an assignment or there is none.
  let elements = 0
  let elementStart = -1
  for (;;) {
    if (elements < 2 && elementStart !== -1 && c.pos > elementStart) {
      elements++
      if (elements === 1 || words.length > 0 || redirects.length > 0) line = c.lineAt(c.pos)
    }
    skipBlanks(c)
    elementStart = c.pos
    const ch = c.peek()
    if (ch === -1) break
    if (ch === Ch.Hash) {
      skipSpace(c)
      break
    }
    if (tryRedirect(c, redirects)) continue
    if (isMeta(ch) && !((ch === Ch.Lt || ch === Ch.Gt) && c.peek(1) === Ch.LParen)) {
      if (ch === Ch.LParen && words.length === 1 && assignments.length === 0 && redirects.length === 0) {
        return parseFunctionParens(c, words[0]!, start, line)
      }
      if (ch === Ch.LParen) unexpectedHere(c)
      break
    }
    if (words.length === 0) {
      const assignment = tryAssignment(c)
      if (assignment !== undefined) {
        assignments.push(assignment)
        continue
      }
      const word = scanWord(c, Mode.Command)
      words.push(word)
      declaration = declarationBuiltins.has(word.raw)
      continue
    }
    if (c.aliasCheckFrom !== -1 && c.pos >= c.aliasCheckFrom && c.aliases !== undefined) {
      c.aliasCheckFrom = -1
      const before = c.src
      expandAlias(c)
      if (c.src !== before) continue
    }
    if (declaration) {
      const wordStart = c.pos
      const assignment = tryAssignment(c)
      if (assignment !== undefined) {
        words.push(declarationWord(c, assignment, wordStart))
        continue
      }
    }
    words.push(scanWord(c, Mode.Command))
  }
  c.aliasCheckFrom = -1
  const command: SimpleCommand = {
    _tag: "SimpleCommand",
    assignments: assignments.length === 0 ? none : assignments,
    words,
    redirects: redirects.length === 0 ? none : redirects,
    line
  }
  return command
}

const parseFunctionParens = (c: Cursor, nameWord: Word, start: number, line: number): Command => {
  c.pos++ // (
  skipBlanks(c)
  if (c.peek() !== Ch.RParen) expectedWord(c)
  c.pos++
  const name = nameWord.raw
  return parseFunctionBody(c, name, start, line)
}

// ---- substitutions --------------------------------------------------------------------------

/** The body of `$(`, `<(` or `>(`: a list up to the matching `)`, which is consumed. */
export const parseSubstitutionBody = (c: Cursor): Script => {
  c.enter()
  const statements = parseList(c)
  skipLinebreaks(c)
  if (c.atEnd) throw c.unmatched(")", undefined)
  if (c.peek() !== Ch.RParen) unexpectedHere(c)
  c.pos++
  c.leave()
  return { _tag: "Script", statements }
}

/**
 * The text of a backquoted substitution (escapes already undone), parsed as a script. bash
 * parses it only when the substitution runs, so a syntax error in it is not a syntax error of
 * the script: the body then becomes `eval '<text>'`, which reports the error at run time.
 */
export const parseBackquoteBody = (c: Cursor, text: string, line: number): Script => {
  c.enter()
  const sub = new Cursor(text, { ...c.options, startLine: line }, c.budget)
  sub.aliases = c.aliases
  try {
    return parseWholeScript(sub)
  } catch (failure) {
    if (!(failure instanceof SyntaxFailure) || failure.limit) throw failure
    return deferredScript(text, line)
  } finally {
    c.leave()
  }
}

const deferredScript = (text: string, line: number): Script => {
  const evalWord: Word = { _tag: "Word", parts: [{ _tag: "Literal", value: "eval" }], raw: "eval" }
  const textWord: Word = { _tag: "Word", parts: [{ _tag: "SingleQuoted", value: text }], raw: `'${text.replaceAll("'", "'\\''")}'` }
  const command: SimpleCommand = { _tag: "SimpleCommand", assignments: none, words: [evalWord, textWord], redirects: none, line }
  const pipeline: Pipeline = { _tag: "Pipeline", negated: false, timed: undefined, commands: [command], stderrPiped: none, line }
  return { _tag: "Script", statements: [{ _tag: "Statement", body: { _tag: "AndOr", first: pipeline, rest: none }, background: false, line }] }
}

/** A complete script: every statement to the end of input. */
export const parseWholeScript = (c: Cursor): Script => {
  const statements = parseList(c)
  skipLinebreaks(c)
  if (!c.atEnd) unexpectedHere(c)
  if (c.pendingHereDocs.length > 0) {
    // A here-document that never ends takes the rest of the input (bash warns and goes on).
    consumePendingAtEof(c)
  }
  return { _tag: "Script", statements }
}

export const consumePendingAtEof = (c: Cursor): void => {
  const save = c.pos
  c.pos = c.src.length
  for (const doc of c.pendingHereDocs) {
    doc.redirect.heredoc = { _tag: "HereDoc", quoted: doc.quoted, stripTabs: doc.stripTabs, delimiter: doc.delimiter, body: { _tag: "Word", parts: [], raw: "" } }
    c.warnings.push({ line: doc.line, message: `warning: here-document at line ${doc.line} delimited by end-of-file (wanted \`${doc.delimiter}')` })
  }
  c.pendingHereDocs = []
  c.pos = Math.max(save, c.pos)
}

