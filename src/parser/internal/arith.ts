/**
 * Arithmetic text (`$((..))`, `((..))`, `for ((;;))`, subscripts, `${x:off:len}`) as a Word:
 * expansions are parsed, double quotes are removed, everything else stays literal text for the
 * interpreter to evaluate after expansion.
 */
import type { Word } from "../Ast.js"
import * as chars from "./chars.js"
import type { Cursor } from "./Cursor.js"
import { Parts } from "./parts.js"
import { readBackquote, readDollar } from "./substitutions.js"
import { readDoubleQuoted, readSingleQuoted } from "./words.js"

// Local copies: some loaders (vitest, tsx in CJS mode) turn every access to an imported
// binding into a getter call, which is too slow for per-character code.
const { Ch } = chars

/** Where the arithmetic text ends (at nesting depth 0). */
export type ArithEnd = "paren" | "bracket" | "substringOffset" | "substringLength" | "forPart"

const stops = (kind: ArithEnd, ch: number): boolean => {
  switch (kind) {
    case "paren":
      return ch === Ch.RParen
    case "bracket":
      return ch === Ch.RBracket
    case "substringOffset":
      return ch === Ch.Colon || ch === Ch.RBrace
    case "substringLength":
      return ch === Ch.RBrace
    case "forPart":
      return ch === Ch.Semi || ch === Ch.RParen
  }
}

export const parseArithmeticWord = (c: Cursor, kind: ArithEnd): Word => {
  c.spend()
  const start = c.pos
  const b = new Parts()
  let depth = 0
  let runStart = c.pos
  const flush = (): void => {
    if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
  }
  for (;;) {
    const ch = c.peek()
    if (ch === -1) break
    if (depth === 0 && stops(kind, ch)) break
    switch (ch) {
      case Ch.LParen:
      case Ch.LBracket:
      case Ch.LBrace:
        depth++
        c.pos++
        continue
      case Ch.RParen:
      case Ch.RBracket:
      case Ch.RBrace:
        if (depth > 0) depth--
        c.pos++
        continue
      case Ch.Dollar:
        flush()
        // `$'...'` is ANSI-C quoting here too (an associative key, or bash's operand error).
        readDollar(c, b, c.peek(1) !== Ch.SQuote)
        runStart = c.pos
        continue
      case Ch.Backquote:
        flush()
        b.push(readBackquote(c, false))
        runStart = c.pos
        continue
      case Ch.SQuote: {
        // Only meaningful in associative-array keys (`[\'a b\']=v`); arithmetic rejects it later.
        if (c.pos > runStart) b.literal(c.src.slice(runStart, c.pos))
        b.push(readSingleQuoted(c))
        runStart = c.pos
        continue
      }
      case Ch.DQuote: {
        flush()
        const dq = readDoubleQuoted(c)
        if (dq._tag === "DoubleQuoted") for (const p of dq.parts) b.push(p)
        runStart = c.pos
        continue
      }
      case Ch.Backslash:
        if (c.peek(1) === Ch.Newline) {
          flush()
          c.pos += 2
          runStart = c.pos
          continue
        }
        c.pos += c.peek(1) === -1 ? 1 : 2
        continue
      default:
        c.pos++
    }
  }
  flush()
  return { _tag: "Word", parts: b.list, raw: c.src.slice(start, c.pos) }
}
