/** Tokens of the bc language. */

/** `bad`: a character bc cannot read; the parser reports it where it meets it. */
export type TokenKind = "num" | "name" | "str" | "op" | "nl" | "eof" | "bad"

export interface Token {
  readonly kind: TokenKind
  readonly text: string
  /** Line number after this token (GNU reports errors with the lexer's current line). */
  readonly line: number
}

export class BcSyntaxError {
  /** `thenSyntaxError`: GNU follows an illegal character inside a statement with a syntax error. */
  constructor(readonly line: number, readonly message = "syntax error", readonly thenSyntaxError = false) {}
}

const OPS = [
  "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "==", "!=", "<=", ">=", "&&", "||",
  "+", "-", "*", "/", "%", "^", "=", "<", ">", "!", "(", ")", "[", "]", "{", "}", ",", ";"
]

export const tokenize = (src: string): Array<Token> => {
  const tokens: Array<Token> = []
  let line = 1
  let i = 0
  const n = src.length
  while (i < n) {
    const c = src[i]!
    if (c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v") {
      i++
    } else if (c === "\\" && src[i + 1] === "\n") {
      i += 2
      line++
    } else if (c === "\n") {
      line++
      tokens.push({ kind: "nl", text: "\n", line })
      i++
    } else if (c === "#") {
      while (i < n && src[i] !== "\n") i++
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2)
      const stop = end < 0 ? n : end + 2
      for (let k = i; k < stop; k++) if (src[k] === "\n") line++
      i = stop
    } else if (c === '"') {
      const end = src.indexOf('"', i + 1)
      if (end < 0) {
        tokens.push({ kind: "bad", text: c, line })
        break
      }
      const text = src.slice(i + 1, end)
      for (const ch of text) if (ch === "\n") line++
      tokens.push({ kind: "str", text, line })
      i = end + 1
    } else if (/[0-9A-Z.]/.test(c) && !(c === "." && !/[0-9A-Z]/.test(src[i + 1] ?? ""))) {
      let j = i
      let text = ""
      let seenDot = false
      while (j < n) {
        const d = src[j]!
        if (/[0-9A-Z]/.test(d)) text += d
        else if (d === "." && !seenDot) {
          seenDot = true
          text += d
        } else if (d === "\\" && src[j + 1] === "\n") {
          line++
          j++
        } else break
        j++
      }
      tokens.push({ kind: "num", text, line })
      i = j
    } else if (/[a-z_]/.test(c) || c === ".") {
      if (c === ".") {
        tokens.push({ kind: "name", text: "last", line })
        i++
        continue
      }
      let j = i
      while (j < n && /[a-z0-9_]/.test(src[j]!)) j++
      tokens.push({ kind: "name", text: src.slice(i, j), line })
      i = j
    } else {
      const op = OPS.find((o) => src.startsWith(o, i))
      if (op === undefined) {
        tokens.push({ kind: "bad", text: c, line })
        i++
        continue
      }
      tokens.push({ kind: "op", text: op, line })
      i += op.length
    }
  }
  tokens.push({ kind: "eof", text: "", line })
  return tokens
}
