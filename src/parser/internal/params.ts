/** `${...}` parameter expansion with every operator. The cursor is on the `$`. */
import type { ParamExpansion, ParamOperator, TransformOp, Word } from "../Ast.js"
import * as chars from "./chars.js"
import type { Cursor } from "./Cursor.js"
import { parseArithmeticWord } from "./arith.js"
import { Mode, scanWord } from "./words.js"

// Local copies: some loaders (vitest, tsx in CJS mode) turn every access to an imported
// binding into a getter call, which is too slow for per-character code.
const { Ch, isDigit, isNameChar, isNameStart } = chars

const specials = "@*#?-$!"
const transforms = "QEPAaUuLKk"

/** Read a parameter name at the cursor: identifier, digits, or one special character. */
const readName = (c: Cursor): string => {
  const ch = c.peek()
  const start = c.pos
  if (isNameStart(ch)) {
    while (isNameChar(c.peek())) c.pos++
  } else if (isDigit(ch)) {
    while (isDigit(c.peek())) c.pos++
  } else if (ch !== -1 && specials.includes(String.fromCharCode(ch))) {
    c.pos++
  }
  return c.src.slice(start, c.pos)
}

/** Internal signal: the `${...}` starting at the current expansion ends at `end`, unparsable. */
class BadSubstitution {
  constructor(readonly end: number) {}
}

/**
 * bash reports a malformed `${...}` ("bad substitution") only when it is expanded, so the
 * parser accepts it: skip to the matching `}` and let parseParamExpansion return a placeholder.
 */
const badSubstitution = (c: Cursor, open: number): never => {
  let depth = 0
  let i = open + 2
  const src = c.src
  while (i < src.length) {
    const ch = src.charCodeAt(i)
    if (ch === Ch.Backslash) i++
    else if (ch === Ch.SQuote) {
      const close = src.indexOf("'", i + 1)
      if (close === -1) throw c.unmatched("'", i)
      i = close
    } else if (ch === Ch.DQuote) {
      let j = i + 1
      while (j < src.length && src.charCodeAt(j) !== Ch.DQuote) j += src.charCodeAt(j) === Ch.Backslash ? 2 : 1
      if (j >= src.length) throw c.unmatched('"', i)
      i = j
    } else if (ch === Ch.Backquote) {
      let j = i + 1
      while (j < src.length && src.charCodeAt(j) !== Ch.Backquote) j += src.charCodeAt(j) === Ch.Backslash ? 2 : 1
      if (j >= src.length) throw c.unmatched("`", i)
      i = j
    } else if (ch === Ch.LBrace) depth++
    else if (ch === Ch.RBrace) {
      if (depth === 0) break
      depth--
    }
    i++
  }
  c.spend(i - open)
  if (i >= src.length) throw c.unmatched("}", open)
  throw new BadSubstitution(i + 1)
}

const emptyWord = (): Word => ({ _tag: "Word", parts: [], raw: "" })

const readSubscript = (c: Cursor, open: number): Word | "@" | "*" => {
  c.pos++ // [
  const ch = c.peek()
  if ((ch === Ch.At || ch === Ch.Star) && c.peek(1) === Ch.RBracket) {
    c.pos += 2
    return ch === Ch.At ? "@" : "*"
  }
  const word = parseArithmeticWord(c, "bracket")
  if (c.peek() !== Ch.RBracket) {
    if (c.atEnd) throw c.unmatched("}", open)
    badSubstitution(c, open)
  }
  c.pos++
  return word
}

export const parseParamExpansion = (c: Cursor, inDouble: boolean): ParamExpansion => {
  const open = c.pos
  c.pos += 2
  c.enter()
  try {
    let length = false
    let indirect = false
    let name = ""
    const first = c.peek()
    if (first === Ch.Hash) {
      const after = c.peek(1)
      if (after === Ch.RBrace || after === Ch.Colon) {
        c.pos++
        name = "#"
      } else {
        const save = c.pos
        c.pos++
        const candidate = readName(c)
        const follow = c.peek()
        if (candidate !== "" && (follow === Ch.RBrace || follow === Ch.LBracket)) {
          length = true
          name = candidate
        } else {
          c.pos = save + 1
          name = "#"
        }
      }
    } else if (first === Ch.Bang) {
      const after = c.peek(1)
      if (after === Ch.RBrace) {
        c.pos++
        name = "!"
      } else {
        c.pos++
        indirect = true
        name = readName(c)
        if (name === "") badSubstitution(c, open)
        const ch = c.peek()
        if ((ch === Ch.Star || ch === Ch.At) && c.peek(1) === Ch.RBrace && isNameStart(name.charCodeAt(0))) {
          c.pos += 2
          return { _tag: "ParamExpansion", name, index: undefined, indirect: true, length: false, op: { _tag: "PrefixNamesOp", star: ch === Ch.Star }, braced: true }
        }
        if (ch === Ch.LBracket) {
          const index = readSubscript(c, open)
          if ((index === "@" || index === "*") && c.peek() === Ch.RBrace) {
            c.pos++
            return { _tag: "ParamExpansion", name, index: undefined, indirect: true, length: false, op: { _tag: "ArrayKeysOp", star: index === "*" }, braced: true }
          }
          const op = readOperator(c, open, inDouble)
          return { _tag: "ParamExpansion", name, index, indirect: true, length: false, op, braced: true }
        }
      }
    } else {
      name = readName(c)
    }
    if (name === "") badSubstitution(c, open)
    let index: Word | "@" | "*" | undefined
    if (c.peek() === Ch.LBracket && isNameStart(name.charCodeAt(0))) index = readSubscript(c, open)
    if (length) {
      if (c.peek() !== Ch.RBrace) badSubstitution(c, open)
      c.pos++
      return { _tag: "ParamExpansion", name, index, indirect: false, length: true, op: undefined, braced: true }
    }
    const op = readOperator(c, open, inDouble)
    return { _tag: "ParamExpansion", name, index, indirect, length: false, op, braced: true }
  } catch (signal) {
    if (!(signal instanceof BadSubstitution)) throw signal
    // The placeholder's name is the whole `${...}` text: never a valid parameter name, so the
    // expander reports "<name>: bad substitution" when (and only if) it is expanded.
    c.pos = signal.end
    const name = c.src.slice(open, signal.end)
    return { _tag: "ParamExpansion", name, index: undefined, indirect: false, length: false, op: undefined, braced: true }
  } finally {
    c.leave()
  }
}

/** The operator after the name (and subscript), through the closing `}`. */
const readOperator = (c: Cursor, open: number, inDouble: boolean): ParamOperator | undefined => {
  const ch = c.peek()
  if (ch === -1) throw c.unmatched("}", open)
  if (ch === Ch.RBrace) {
    c.pos++
    return undefined
  }
  const next = c.peek(1)
  let op: ParamOperator
  if (ch === Ch.Colon && (next === Ch.Minus || next === Ch.Eq || next === Ch.Question || next === Ch.Plus)) {
    c.pos += 2
    op = { _tag: "DefaultOp", kind: defaultKind(next), colon: true, word: opWord(c, Mode.Param, inDouble, true) }
  } else if (ch === Ch.Minus || ch === Ch.Eq || ch === Ch.Question || ch === Ch.Plus) {
    c.pos++
    op = { _tag: "DefaultOp", kind: defaultKind(ch), colon: false, word: opWord(c, Mode.Param, inDouble, true) }
  } else if (ch === Ch.Colon) {
    c.pos++
    const offset = parseArithmeticWord(c, "substringOffset")
    let length: Word | undefined
    if (c.peek() === Ch.Colon) {
      c.pos++
      length = parseArithmeticWord(c, "substringLength")
    }
    op = { _tag: "SubstringOp", offset, length }
  } else if (ch === Ch.Hash || ch === Ch.Percent) {
    const longest = next === ch
    c.pos += longest ? 2 : 1
    op = { _tag: "RemovePatternOp", side: ch === Ch.Hash ? "prefix" : "suffix", longest, pattern: opWord(c, Mode.Param, inDouble, false) }
  } else if (ch === Ch.Slash) {
    c.pos++
    let mode: "first" | "all" | "prefix" | "suffix" = "first"
    const m = c.peek()
    if (m === Ch.Slash) mode = "all"
    else if (m === Ch.Hash) mode = "prefix"
    else if (m === Ch.Percent) mode = "suffix"
    if (mode !== "first") c.pos++
    const pattern = opWord(c, Mode.ParamPattern, inDouble, false)
    let replacement: Word | undefined
    if (c.peek() === Ch.Slash) {
      c.pos++
      replacement = opWord(c, Mode.Param, inDouble, false)
    }
    op = { _tag: "ReplaceOp", mode, pattern, replacement }
  } else if (ch === Ch.Caret || ch === Ch.Comma || ch === Ch.Tilde) {
    const all = next === ch
    c.pos += all ? 2 : 1
    const pattern = opWord(c, Mode.Param, inDouble, false)
    const direction = ch === Ch.Caret ? "upper" : ch === Ch.Comma ? "lower" : "toggle"
    op = { _tag: "CaseModifyOp", direction, all, pattern: pattern.raw === "" ? undefined : pattern }
  } else if (ch === Ch.At && next !== -1 && transforms.includes(String.fromCharCode(next)) && c.peek(2) === Ch.RBrace) {
    c.pos += 2
    op = { _tag: "TransformOp", operator: String.fromCharCode(next) as TransformOp["operator"] }
  } else {
    return badSubstitution(c, open)
  }
  if (c.peek() !== Ch.RBrace) {
    if (c.atEnd) throw c.unmatched("}", open)
    return badSubstitution(c, open)
  }
  c.pos++
  return op
}

const defaultKind = (ch: number): "-" | "=" | "?" | "+" =>
  ch === Ch.Minus ? "-" : ch === Ch.Eq ? "=" : ch === Ch.Question ? "?" : "+"

const opWord = (c: Cursor, mode: Mode, inDouble: boolean, isDefault: boolean): Word => {
  const ch = c.peek()
  if (ch === Ch.RBrace || (mode === Mode.ParamPattern && ch === Ch.Slash)) return emptyWord()
  if (ch === -1) return emptyWord()
  return scanWord(c, mode, { inDouble, literalSingleQuotes: inDouble && isDefault })
}
