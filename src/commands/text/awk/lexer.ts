/**
 * The awk lexer. It runs on demand for the parser, which decides whether a `/` starts a
 * regular expression (operand position) or is division, by asking for `rescanRegex`.
 */

export type TokenType =
  | "NUMBER"
  | "STRING"
  | "ERE"
  | "NAME"
  /** A name immediately followed by `(`: a function call. */
  | "FUNC_NAME"
  | "BUILTIN"
  | "KEYWORD"
  | "NEWLINE"
  | "PUNCT"
  | "EOF"

export interface Token {
  readonly type: TokenType
  /** Punctuation or keyword text, a name, a string's decoded value, a regex source. */
  readonly text: string
  readonly number: number
  readonly pos: number
  readonly line: number
}

export class AwkSyntaxError {
  constructor(
    readonly message: string,
    readonly line: number,
    /** The source line's text and the column of the error, shown as gawk shows them. */
    readonly lineText: string,
    readonly column: number
  ) {}
}

const KEYWORDS = new Set([
  "BEGIN",
  "END",
  "BEGINFILE",
  "ENDFILE",
  "function",
  "func",
  "if",
  "else",
  "while",
  "for",
  "do",
  "break",
  "continue",
  "next",
  "nextfile",
  "exit",
  "return",
  "delete",
  "in",
  "getline",
  "print",
  "printf",
  "switch",
  "case",
  "default"
])

export const BUILTINS = new Set([
  "length",
  "substr",
  "index",
  "split",
  "sub",
  "gsub",
  "match",
  "sprintf",
  "sin",
  "cos",
  "atan2",
  "exp",
  "log",
  "sqrt",
  "int",
  "rand",
  "srand",
  "tolower",
  "toupper",
  "system",
  "close",
  "fflush",
  "gensub",
  "systime",
  "strftime",
  "mktime",
  "and",
  "or",
  "xor",
  "lshift",
  "rshift",
  "compl",
  "strtonum",
  "asort",
  "asorti",
  "isarray",
  "typeof",
  "patsplit"
])

/** Three-, two- and one-character operators, longest first. */
const PUNCT3 = ["**=", "..."]
const PUNCT2 = ["+=", "-=", "*=", "/=", "%=", "^=", "==", "<=", ">=", "!=", "++", "--", "&&", "||", ">>", "!~", "**"]
const PUNCT1 = "{}()[];,+-*/%^!><|?:~$="

const isNameStart = (c: string): boolean => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_"
const isNameChar = (c: string): boolean => isNameStart(c) || (c >= "0" && c <= "9")
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9"

/**
 * Whose string escapes: gawk drops the backslash of an unknown escape (`"\."` is `.`), mawk
 * keeps it (`"\."` stays `\.`, so it still escapes the dot in a dynamic regex); mawk also
 * has no `\/` escape in strings (`\u` is decoded in both).
 */
export type EscapeStyle = "gawk" | "mawk"

/** Decode one backslash escape at `source[i]` (just after the backslash) in a string. */
export const decodeEscape = (source: string, i: number, style: EscapeStyle = "gawk"): { text: string; next: number } => {
  const c = source[i]
  // (`\u` stays a gawk escape in both: the conformance suite expects it decoded.)
  if (style === "mawk" && c === "/") return { text: "\\" + c, next: i + 1 }
  switch (c) {
    case "n":
      return { text: "\n", next: i + 1 }
    case "t":
      return { text: "\t", next: i + 1 }
    case "r":
      return { text: "\r", next: i + 1 }
    case "\\":
      return { text: "\\", next: i + 1 }
    case '"':
      return { text: '"', next: i + 1 }
    case "/":
      return { text: "/", next: i + 1 }
    case "a":
      return { text: "\x07", next: i + 1 }
    case "b":
      return { text: "\b", next: i + 1 }
    case "f":
      return { text: "\f", next: i + 1 }
    case "v":
      return { text: "\v", next: i + 1 }
    case "x": {
      let j = i + 1
      while (j < i + 3 && /[0-9a-fA-F]/.test(source[j] ?? "")) j++
      if (j === i + 1) return { text: "\\x", next: i + 1 }
      return { text: String.fromCharCode(parseInt(source.slice(i + 1, j), 16)), next: j }
    }
    case "u": {
      let j = i + 1
      while (j < i + 9 && /[0-9a-fA-F]/.test(source[j] ?? "")) j++
      if (j === i + 1) return { text: "\\u", next: i + 1 }
      const code = parseInt(source.slice(i + 1, j), 16)
      return { text: code <= 0x10ffff ? String.fromCodePoint(code) : "?", next: j }
    }
    case undefined:
      return { text: "\\", next: i }
    default: {
      if (c >= "0" && c <= "7") {
        let j = i
        while (j < i + 3 && source[j]! >= "0" && source[j]! <= "7") j++
        return { text: String.fromCharCode(parseInt(source.slice(i, j), 8) & 0xff), next: j }
      }
      // gawk: an unknown escape keeps the character and drops the backslash; mawk keeps both.
      return { text: style === "mawk" ? "\\" + c : c, next: i + 1 }
    }
  }
}

/** Process escapes in a `-v` assignment value or command-line `var=value`. */
export const processEscapes = (text: string, style: EscapeStyle = "gawk"): string => {
  if (!text.includes("\\")) return text
  let out = ""
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c !== "\\") {
      out += c
      i++
      continue
    }
    if (i + 1 >= text.length) {
      out += "\\"
      break
    }
    const { text: decoded, next } = decodeEscape(text, i + 1, style)
    out += decoded
    i = next
  }
  return out
}

export class Lexer {
  private pos = 0
  private line = 1

  constructor(readonly source: string, private readonly style: EscapeStyle = "gawk") {}

  sourceLine(line: number): string {
    return this.source.split("\n")[line - 1] ?? ""
  }

  private error(message: string): never {
    const lineStart = this.source.lastIndexOf("\n", this.pos - 1) + 1
    throw new AwkSyntaxError(message, this.line, this.sourceLine(this.line), Math.max(0, this.pos - lineStart))
  }

  private make(type: TokenType, text: string, pos: number, number = 0): Token {
    return { type, text, number, pos, line: this.line }
  }

  next(): Token {
    const src = this.source
    // Skip blanks, comments and backslash-newline continuations.
    for (;;) {
      const c = src[this.pos]
      if (c === " " || c === "\t" || c === "\r") this.pos++
      else if (c === "\\" && src[this.pos + 1] === "\n") {
        this.pos += 2
        this.line++
      } else if (c === "\\" && src[this.pos + 1] === "\r" && src[this.pos + 2] === "\n") {
        this.pos += 3
        this.line++
      } else if (c === "#") {
        while (this.pos < src.length && src[this.pos] !== "\n") this.pos++
      } else break
    }
    const start = this.pos
    if (start >= src.length) return this.make("EOF", "", start)
    const c = src[start]!
    if (c === "\n") {
      this.pos++
      const token = this.make("NEWLINE", "\n", start)
      this.line++
      return token
    }
    if (isDigit(c) || (c === "." && isDigit(src[start + 1]))) return this.number(start)
    if (isNameStart(c)) {
      let end = start + 1
      while (end < src.length && isNameChar(src[end]!)) end++
      const name = src.slice(start, end)
      this.pos = end
      if (KEYWORDS.has(name)) return this.make("KEYWORD", name === "func" ? "function" : name, start)
      if (BUILTINS.has(name)) return this.make("BUILTIN", name, start)
      if (src[end] === "(") return this.make("FUNC_NAME", name, start)
      return this.make("NAME", name, start)
    }
    if (c === '"') return this.string(start)
    for (const p of PUNCT3) {
      if (src.startsWith(p, start)) {
        this.pos += 3
        return this.make("PUNCT", p, start)
      }
    }
    const two = src.slice(start, start + 2)
    if (PUNCT2.includes(two)) {
      this.pos += 2
      return this.make("PUNCT", two, start)
    }
    if (PUNCT1.includes(c)) {
      this.pos++
      return this.make("PUNCT", c, start)
    }
    this.pos++
    this.error(`invalid char '${c}' in expression`)
  }

  private number(start: number): Token {
    const src = this.source
    if (src[start] === "0" && (src[start + 1] === "x" || src[start + 1] === "X") && /[0-9a-fA-F]/.test(src[start + 2] ?? "")) {
      let end = start + 2
      while (/[0-9a-fA-F]/.test(src[end] ?? "")) end++
      this.pos = end
      return this.make("NUMBER", src.slice(start, end), start, parseInt(src.slice(start + 2, end), 16))
    }
    let end = start
    while (isDigit(src[end])) end++
    if (src[end] === ".") {
      end++
      while (isDigit(src[end])) end++
    }
    if ((src[end] === "e" || src[end] === "E") && (isDigit(src[end + 1]) || ((src[end + 1] === "+" || src[end + 1] === "-") && isDigit(src[end + 2])))) {
      end += 2
      while (isDigit(src[end])) end++
    }
    this.pos = end
    const text = src.slice(start, end)
    return this.make("NUMBER", text, start, Number(text))
  }

  private string(start: number): Token {
    const src = this.source
    let i = start + 1
    let out = ""
    for (;;) {
      if (i >= src.length || src[i] === "\n") {
        this.pos = i
        this.error("unterminated string")
      }
      const c = src[i]!
      if (c === '"') break
      if (c === "\\") {
        if (src[i + 1] === "\n") {
          i += 2
          this.line++
          continue
        }
        const { text, next } = decodeEscape(src, i + 1, this.style)
        out += text
        i = next
        continue
      }
      out += c
      i++
    }
    this.pos = i + 1
    return this.make("STRING", out, start)
  }

  /** Re-read from a `/` (or `/=`) token as a regular expression literal. */
  rescanRegex(token: Token): Token {
    const src = this.source
    let i = token.pos + 1
    let out = ""
    let inBracket = false
    for (;;) {
      if (i >= src.length || src[i] === "\n") {
        this.pos = i
        this.error("unterminated regexp")
      }
      const c = src[i]!
      if (c === "\\" && i + 1 < src.length) {
        if (src[i + 1] === "/") out += "/"
        else if (src[i + 1] === "\n") this.line++
        else out += c + src[i + 1]
        i += 2
        continue
      }
      if (inBracket) {
        if (c === "]" && !(src[i - 1] === "[" || (src[i - 1] === "^" && src[i - 2] === "["))) inBracket = false
        else if (c === "[" && src[i + 1] === ":") {
          const close = src.indexOf(":]", i + 2)
          if (close !== -1) {
            out += src.slice(i, close + 2)
            i = close + 2
            continue
          }
        }
      } else if (c === "[") inBracket = true
      else if (c === "/") break
      out += c
      i++
    }
    this.pos = i + 1
    return this.make("ERE", out, token.pos)
  }

  /** Save and restore the scan state, for the parser's bounded look-ahead. */
  save(): { pos: number; line: number } {
    return { pos: this.pos, line: this.line }
  }

  restore(state: { pos: number; line: number }): void {
    this.pos = state.pos
    this.line = state.line
  }
}
