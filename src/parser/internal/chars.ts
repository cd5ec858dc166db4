/** Character codes and classification tables for the hand-written lexer. */
export const Ch = {
  Tab: 9,
  Newline: 10,
  Space: 32,
  Bang: 33,
  DQuote: 34,
  Hash: 35,
  Dollar: 36,
  Percent: 37,
  Amp: 38,
  SQuote: 39,
  LParen: 40,
  RParen: 41,
  Star: 42,
  Plus: 43,
  Comma: 44,
  Minus: 45,
  Dot: 46,
  Slash: 47,
  Zero: 48,
  Nine: 57,
  Colon: 58,
  Semi: 59,
  Lt: 60,
  Eq: 61,
  Gt: 62,
  Question: 63,
  At: 64,
  LBracket: 91,
  Backslash: 92,
  RBracket: 93,
  Caret: 94,
  Underscore: 95,
  Backquote: 96,
  LBrace: 123,
  Pipe: 124,
  RBrace: 125,
  Tilde: 126
} as const

export const isDigit = (c: number): boolean => c >= 48 && c <= 57

export const isNameStart = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === Ch.Underscore

export const isNameChar = (c: number): boolean => isNameStart(c) || isDigit(c)

export const isBlank = (c: number): boolean => c === Ch.Space || c === Ch.Tab

/** Characters that end an unquoted word in command context. */
export const isMeta = (c: number): boolean =>
  c === Ch.Space ||
  c === Ch.Tab ||
  c === Ch.Newline ||
  c === Ch.Semi ||
  c === Ch.Amp ||
  c === Ch.Pipe ||
  c === Ch.LParen ||
  c === Ch.RParen ||
  c === Ch.Lt ||
  c === Ch.Gt

/** Characters that never belong to a run of plain literal text in a command word. */
const special = new Uint8Array(128)
for (const ch of " \t\n;&|()<>\\'\"$`{?*+@!~:=[]}") special[ch.charCodeAt(0)] = 1
/** True when `c` may need attention inside an unquoted word; plain text otherwise. */
export const isWordSpecial = (c: number): boolean => c < 128 && special[c] === 1

export const isValidName = (s: string): boolean => {
  if (s.length === 0 || !isNameStart(s.charCodeAt(0))) return false
  for (let i = 1; i < s.length; i++) if (!isNameChar(s.charCodeAt(i))) return false
  return true
}
