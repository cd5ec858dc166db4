import { RegexSyntaxError, type RegexNode } from "./ast.js"
import { parseBracket } from "./brackets.js"
import { sedEscapeAt } from "./escapes.js"

export interface ParseOptions {
  readonly extended: boolean
  /** GNU sed reads `\n`, `\t`, `\xHH`, ... as characters inside regexes. */
  readonly sedEscapes: boolean
}

export interface ParsedRegex {
  readonly root: RegexNode
  readonly groupCount: number
}

/** The largest repetition count GNU regex accepts (RE_DUP_MAX). */
const DUP_MAX = 32767

const WORD_SET: RegexNode = {
  type: "set",
  negated: false,
  items: [{ kind: "class", name: "alnum" }, { kind: "char", char: "_" }]
}
const SPACE_SET: RegexNode = { type: "set", negated: false, items: [{ kind: "class", name: "space" }] }

/**
 * Parse a GNU BRE or ERE. Context rules follow GNU: in a BRE `*` is literal at the start of an
 * expression (or after `\(`, `\|`, `^`), `^` and `$` are anchors only at the ends of an
 * expression or group; in an ERE a leading `*`/`+`/`?` is ignored, `{` that does not start a
 * valid interval is literal, and an unmatched `)` is literal.
 */
export const parsePosix = (source: string, options: ParseOptions): ParsedRegex => {
  const chars = Array.from(source)
  const ere = options.extended
  let i = 0
  let groupCount = 0
  const closedGroups = new Set<number>()
  let depth = 0

  const atAlternation = (): boolean =>
    ere ? chars[i] === "|" : chars[i] === "\\" && chars[i + 1] === "|"
  const atGroupClose = (): boolean =>
    depth > 0 && (ere ? chars[i] === ")" : chars[i] === "\\" && chars[i + 1] === ")")

  const parseAlternation = (): RegexNode => {
    const branches = [parseConcat()]
    while (atAlternation()) {
      i += ere ? 1 : 2
      branches.push(parseConcat())
    }
    return branches.length === 1 ? branches[0]! : { type: "alternation", branches }
  }

  /** True when a BRE `$` at `i` ends its expression (end of pattern, `\)` or `\|`). */
  const breDollarIsAnchor = (): boolean => {
    const next = chars[i + 1]
    if (next === undefined) return true
    return next === "\\" && (chars[i + 2] === "|" || (chars[i + 2] === ")" && depth > 0))
  }

  const parseConcat = (): RegexNode => {
    const items: Array<RegexNode> = []
    for (;;) {
      if (i >= chars.length || atAlternation() || atGroupClose()) break
      const atStart = items.length === 0 || (items.length === 1 && isLineStart(items[0]!))
      const quantifier = readQuantifier(atStart)
      if (quantifier !== undefined) {
        const previous = items.pop()
        if (previous === undefined || (previous.type === "assert" && !ere)) {
          // Nothing to repeat: GNU ERE ignores the operator; a BRE never gets here for `*`.
          if (previous !== undefined) items.push(previous)
          continue
        }
        items.push(applyQuantifier(previous, quantifier.min, quantifier.max))
        continue
      }
      items.push(parseAtom(atStart))
    }
    return items.length === 1 ? items[0]! : { type: "concat", items }
  }

  /** A quantifier at `i`, if one applies here; advances past it. */
  const readQuantifier = (atStart: boolean): { min: number; max: number } | undefined => {
    const c = chars[i]
    if (ere) {
      if (c === "*") return (i++, { min: 0, max: Infinity })
      if (c === "+") return (i++, { min: 1, max: Infinity })
      if (c === "?") return (i++, { min: 0, max: 1 })
      if (c === "{") return readInterval(i + 1, "}")
      return undefined
    }
    if (c === "*") {
      if (atStart) return undefined
      i++
      return { min: 0, max: Infinity }
    }
    if (c === "\\") {
      const next = chars[i + 1]
      if (atStart && (next === "+" || next === "?")) return undefined
      if (next === "+") return (i += 2, { min: 1, max: Infinity })
      if (next === "?") return (i += 2, { min: 0, max: 1 })
      if (next === "{") {
        if (atStart) throw new RegexSyntaxError("InvalidPrecedingRegex")
        return readInterval(i + 2, "\\}")
      }
    }
    return undefined
  }

  /** `{m}`, `{m,}`, `{,n}`, `{m,n}` starting at `from`; in an ERE a malformed one is a literal `{`. */
  const readInterval = (from: number, close: string): { min: number; max: number } | undefined => {
    let j = from
    const readNumber = (): number | undefined => {
      const begin = j
      while (j < chars.length && chars[j]! >= "0" && chars[j]! <= "9") j++
      return j === begin ? undefined : Number(chars.slice(begin, j).join(""))
    }
    const min = readNumber()
    let max = min
    let comma = false
    if (chars[j] === ",") {
      comma = true
      j++
      max = readNumber() ?? Infinity
    }
    const closes = close === "}" ? chars[j] === "}" : chars[j] === "\\" && chars[j + 1] === "}"
    if (!closes || (min === undefined && !comma)) {
      if (ere) return undefined
      throw new RegexSyntaxError(j >= chars.length || (!closes && chars[j] === "\\" && j + 1 >= chars.length) ? "UnmatchedBrace" : "InvalidBraceContent")
    }
    const low = min ?? 0
    const high = max ?? Infinity
    if (low > DUP_MAX || (high !== Infinity && high > DUP_MAX)) throw new RegexSyntaxError("TooBig")
    if (high < low) throw new RegexSyntaxError("InvalidBraceContent")
    i = j + close.length
    return { min: low, max: high }
  }

  const parseAtom = (atStart: boolean): RegexNode => {
    const c = chars[i]!
    if (c === "[") {
      const { node, next } = parseBracket(chars, i, options.sedEscapes)
      i = next
      return node
    }
    if (c === ".") return (i++, { type: "any" })
    if (c === "^") {
      if (ere || atStart) return (i++, { type: "assert", kind: "lineStart" })
      return (i++, { type: "literal", char: "^" })
    }
    if (c === "$") {
      if (ere || breDollarIsAnchor()) return (i++, { type: "assert", kind: "lineEnd" })
      return (i++, { type: "literal", char: "$" })
    }
    if (ere) {
      if (c === "(") return parseGroup(1)
      if (c === ")") return (i++, { type: "literal", char: ")" })
    }
    if (c === "\\") return parseEscape()
    i++
    return { type: "literal", char: c }
  }

  const parseGroup = (openLength: number): RegexNode => {
    i += openLength
    const index = ++groupCount
    depth++
    const body = parseAlternation()
    depth--
    const closed = ere ? chars[i] === ")" : chars[i] === "\\" && chars[i + 1] === ")"
    if (!closed) throw new RegexSyntaxError("UnmatchedOpenParen")
    i += ere ? 1 : 2
    closedGroups.add(index)
    return { type: "group", index, body }
  }

  const parseEscape = (): RegexNode => {
    const next = chars[i + 1]
    if (next === undefined) throw new RegexSyntaxError("TrailingBackslash")
    if (!ere) {
      if (next === "(") return parseGroup(2)
      if (next === ")") throw new RegexSyntaxError("UnmatchedCloseParen")
      if (next === "{") return (i += 2, { type: "literal", char: "{" })
    }
    if (next >= "1" && next <= "9") {
      const index = Number(next)
      if (!closedGroups.has(index)) throw new RegexSyntaxError("InvalidBackReference")
      i += 2
      return { type: "backref", index }
    }
    if (options.sedEscapes) {
      const escape = sedEscapeAt(chars, i)
      if (escape !== undefined) {
        i = escape.next
        return { type: "literal", char: escape.char }
      }
    }
    i += 2
    switch (next) {
      case "w":
        return WORD_SET
      case "W":
        return { ...(WORD_SET as Extract<RegexNode, { type: "set" }>), negated: true }
      case "s":
        return SPACE_SET
      case "S":
        return { ...(SPACE_SET as Extract<RegexNode, { type: "set" }>), negated: true }
      case "b":
        return { type: "assert", kind: "wordBoundary" }
      case "B":
        return { type: "assert", kind: "notWordBoundary" }
      case "<":
        return { type: "assert", kind: "wordStart" }
      case ">":
        return { type: "assert", kind: "wordEnd" }
      case "`":
        return { type: "assert", kind: "bufferStart" }
      case "'":
        return { type: "assert", kind: "bufferEnd" }
      default:
        return { type: "literal", char: next }
    }
  }

  const root = parseAlternation()
  if (i < chars.length) {
    // Only a BRE `\)` without its `\(` stops the parse early (ERE treats `)` as literal).
    throw new RegexSyntaxError("UnmatchedCloseParen")
  }
  return { root, groupCount }
}

const isLineStart = (node: RegexNode): boolean => node.type === "assert" && node.kind === "lineStart"

/** Repeating a repetition: `a**` is `a*`; anything else nests (`a+?` is `(a+)?` in POSIX). */
const applyQuantifier = (body: RegexNode, min: number, max: number): RegexNode => {
  if (body.type === "repeat" && min === 0 && max === Infinity && body.min <= 1 && body.max === Infinity) {
    return { type: "repeat", body: body.body, min: 0, max: Infinity }
  }
  return { type: "repeat", body, min, max }
}
