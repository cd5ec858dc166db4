/** Redirections: `[n|{var}]op word`, here-document registration, trailing redirections. */
import type { Redirect, RedirectOperator } from "../Ast.js"
import * as chars from "./chars.js"
import type { Cursor, MutableRedirect } from "./Cursor.js"
import { hereDocDelimiter } from "./heredoc.js"
import { expectedWord, skipBlanks, skipSpace } from "./lex.js"
import { Mode, scanWord } from "./words.js"

// Local copies: some loaders turn each access to an imported binding into a getter call.
const { Ch, isDigit, isMeta, isNameChar, isNameStart } = chars

const redirectOperators: ReadonlyArray<RedirectOperator> = ["<<<", "<<-", "<<", "<>", "<&", "<", "&>>", "&>", ">>", ">|", ">&", ">"]

/** Parse a redirection at the cursor (with its fd / `{var}` prefix) if there is one. */
export const tryRedirect = (c: Cursor, into: Array<Redirect>): boolean => {
  const start = c.pos
  let ch = c.peek()
  let fd: number | undefined
  let fdVariable: string | undefined
  if (isDigit(ch)) {
    let j = c.pos
    while (isDigit(c.src.charCodeAt(j))) j++
    const after = c.src.charCodeAt(j)
    if ((after === Ch.Lt || after === Ch.Gt) && c.src.charCodeAt(j + 1) !== Ch.LParen) {
      fd = Number(c.src.slice(c.pos, j))
      c.pos = j
      ch = after
    } else return false
  } else if (ch === Ch.LBrace) {
    let j = c.pos + 1
    if (!isNameStart(c.src.charCodeAt(j))) return false
    while (isNameChar(c.src.charCodeAt(j))) j++
    const after = c.src.charCodeAt(j + 1)
    if (c.src.charCodeAt(j) === Ch.RBrace && (after === Ch.Lt || after === Ch.Gt) && c.src.charCodeAt(j + 2) !== Ch.LParen) {
      fdVariable = c.src.slice(c.pos + 1, j)
      c.pos = j + 1
      ch = after
    } else return false
  }
  if (ch !== Ch.Lt && ch !== Ch.Gt && !(ch === Ch.Amp && c.peek(1) === Ch.Gt)) {
    c.pos = start
    return false
  }
  if ((ch === Ch.Lt || ch === Ch.Gt) && c.peek(1) === Ch.LParen) {
    c.pos = start
    return false
  }
  let operator: RedirectOperator | undefined
  for (const op of redirectOperators) {
    if (c.startsWith(op)) {
      operator = op
      break
    }
  }
  if (operator === undefined) {
    c.pos = start
    return false
  }
  c.pos += operator.length
  c.spend()
  skipBlanks(c)
  if (c.peek() === Ch.Hash) skipSpace(c) // a comment: the target is missing
  const next = c.peek()
  if (next === -1 || (isMeta(next) && !((next === Ch.Lt || next === Ch.Gt) && c.peek(1) === Ch.LParen))) expectedWord(c)
  // `< 2>&1`: bash reads `2>` as the next redirection, not as this one's target.
  if (isDigit(next)) {
    let j = c.pos
    while (isDigit(c.src.charCodeAt(j))) j++
    const after = c.src.charCodeAt(j)
    if (after === Ch.Lt || after === Ch.Gt) throw c.unexpectedToken(c.src.slice(c.pos, j), c.pos)
  }
  const target = scanWord(c, Mode.Command)
  const redirect: MutableRedirect = { _tag: "Redirect", operator, fd, fdVariable, target, heredoc: undefined }
  if (operator === "<<" || operator === "<<-") {
    const { delimiter, quoted } = hereDocDelimiter(target.raw)
    c.pendingHereDocs.push({ redirect, delimiter, quoted, stripTabs: operator === "<<-", line: c.lineAt(c.pos) })
  }
  into.push(redirect)
  return true
}

/** Redirections after a compound command. */
export const parseTrailingRedirects = (c: Cursor): Array<Redirect> => {
  const redirects: Array<Redirect> = []
  for (;;) {
    skipBlanks(c)
    if (!tryRedirect(c, redirects)) return redirects
  }
}
