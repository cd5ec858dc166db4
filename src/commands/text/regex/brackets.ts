import { RegexSyntaxError, type RegexNode, type SetItem } from "./ast.js"
import { sedEscapeAt } from "./escapes.js"

export const POSIX_CLASSES: ReadonlySet<string> = new Set([
  "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "punct", "print", "graph", "cntrl", "xdigit"
])

/**
 * Parse a bracket expression whose `[` is at `chars[start]`. Returns the node and the index
 * just past the closing `]`. POSIX rules: `]` first is literal, `-` first or last is literal,
 * a backslash is literal (GNU sed additionally reads `\n`, `\t`, ... when `sedEscapes`).
 */
export const parseBracket = (
  chars: ReadonlyArray<string>,
  start: number,
  sedEscapes: boolean
): { readonly node: RegexNode; readonly next: number } => {
  let i = start + 1
  let negated = false
  if (chars[i] === "^") {
    negated = true
    i++
  }
  // `[:space:]` written without the outer brackets: GNU rejects it outright.
  if (!negated && chars[i] === ":") {
    const close = chars.indexOf("]", i)
    if (close > i + 1 && chars[close - 1] === ":") throw new RegexSyntaxError("ClassSyntax")
  }
  const items: Array<SetItem> = []
  let first = true
  for (;;) {
    const c = chars[i]
    if (c === undefined) throw new RegexSyntaxError("UnmatchedBracket")
    if (c === "]" && !first) return { node: { type: "set", negated, items }, next: i + 1 }
    first = false
    let lowChar: string | undefined
    if (c === "[" && (chars[i + 1] === ":" || chars[i + 1] === "=" || chars[i + 1] === ".")) {
      const delimiter = chars[i + 1]!
      const end = findClose(chars, i + 2, delimiter)
      if (end === -1) throw new RegexSyntaxError("UnmatchedBracket")
      const name = chars.slice(i + 2, end).join("")
      i = end + 2
      if (delimiter === ":") {
        if (!POSIX_CLASSES.has(name)) throw new RegexSyntaxError("InvalidClassName")
        items.push({ kind: "class", name })
        continue
      }
      // Equivalence classes and collating symbols: single characters only (locale C.UTF-8).
      if ([...name].length !== 1) throw new RegexSyntaxError("InvalidCollation")
      if (delimiter === "=") {
        items.push({ kind: "char", char: name })
        continue
      }
      lowChar = name
    } else if (c === "\\" && sedEscapes) {
      const escape = sedEscapeAt(chars, i)
      if (escape !== undefined) {
        lowChar = escape.char
        i = escape.next
      } else {
        lowChar = "\\"
        i++
      }
    } else {
      lowChar = c
      i++
    }
    // A range `lo-hi`, unless the `-` is the last character before `]`.
    if (chars[i] === "-" && chars[i + 1] !== undefined && chars[i + 1] !== "]") {
      let highChar: string
      if (chars[i + 1] === "[" && chars[i + 2] === ".") {
        const end = findClose(chars, i + 3, ".")
        if (end === -1) throw new RegexSyntaxError("UnmatchedBracket")
        highChar = chars.slice(i + 3, end).join("")
        if ([...highChar].length !== 1) throw new RegexSyntaxError("InvalidCollation")
        i = end + 2
      } else {
        highChar = chars[i + 1]!
        i += 2
      }
      if (highChar.codePointAt(0)! < lowChar.codePointAt(0)!) throw new RegexSyntaxError("InvalidRangeEnd")
      items.push({ kind: "range", from: lowChar, to: highChar })
      continue
    }
    items.push({ kind: "char", char: lowChar })
  }
}

const findClose = (chars: ReadonlyArray<string>, from: number, delimiter: string): number => {
  for (let j = from; j + 1 < chars.length; j++) {
    if (chars[j] === delimiter && chars[j + 1] === "]") return j
  }
  return -1
}
