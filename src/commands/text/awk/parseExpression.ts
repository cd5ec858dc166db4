/** The awk expression grammar (precedence climbing) and the token helpers it shares with statements. */
import type { Expr, LValue } from "./ast.js"
import { AwkSyntaxError, Lexer, type Token, type EscapeStyle } from "./lexer.js"

const ASSIGN_OPS = new Set(["=", "+=", "-=", "*=", "/=", "%=", "^=", "**="])
const COMPARISON_OPS = new Set(["<", "<=", "!=", "==", ">", ">="])

export const isLValue = (e: Expr): e is LValue => e._tag === "Var" || e._tag === "Index" || e._tag === "Field"

interface Snapshot {
  readonly lexer: { pos: number; line: number }
  readonly tok: Token
}

export class ExpressionParser {
  protected readonly lexer: Lexer
  protected tok: Token
  protected readonly knownFunctions = new Set<string>()
  /** Nesting of parentheses/brackets: inside them `>` is always a comparison. */
  protected depth = 0

  constructor(readonly source: string, style: EscapeStyle = "gawk") {
    this.lexer = new Lexer(source, style)
    for (const match of source.matchAll(/\bfunc(?:tion)?\s+([A-Za-z_][A-Za-z0-9_]*)/g)) this.knownFunctions.add(match[1]!)
    this.tok = this.lexer.next()
  }

  // ---- token helpers ----

  protected advance(): Token {
    const previous = this.tok
    this.tok = this.lexer.next()
    return previous
  }

  protected snapshot(): Snapshot {
    return { lexer: this.lexer.save(), tok: this.tok }
  }

  protected rewind(snapshot: Snapshot): void {
    this.lexer.restore(snapshot.lexer)
    this.tok = snapshot.tok
  }

  protected isPunct(text: string): boolean {
    return this.tok.type === "PUNCT" && this.tok.text === text
  }

  protected isKeyword(text: string): boolean {
    return this.tok.type === "KEYWORD" && this.tok.text === text
  }

  protected error(token: Token = this.tok): never {
    const lineText = this.lexer.sourceLine(token.line)
    const lineStart = this.source.lastIndexOf("\n", token.pos - 1) + 1
    const column = Math.max(0, Math.min(token.pos - lineStart, lineText.length))
    throw new AwkSyntaxError(token.type === "EOF" ? "unexpected newline or end of string" : "syntax error", token.line, lineText, column)
  }

  protected expectPunct(text: string): void {
    if (!this.isPunct(text)) this.error()
    this.advance()
  }

  protected optNewlines(): void {
    while (this.tok.type === "NEWLINE") this.advance()
  }

  protected skipTerminators(): void {
    while (this.tok.type === "NEWLINE" || this.isPunct(";")) this.advance()
  }

  /** Comma-separated expressions up to (not consuming) `close`. */
  protected exprList(close: string): Array<Expr> {
    const list: Array<Expr> = []
    this.optNewlines()
    if (this.isPunct(close)) return list
    for (;;) {
      list.push(this.expr())
      this.optNewlines()
      if (this.isPunct(",")) {
        this.advance()
        this.optNewlines()
        continue
      }
      if (!this.isPunct(close)) this.error()
      return list
    }
  }

  protected subscripts(): ReadonlyArray<Expr> {
    this.advance()
    this.depth++
    const list = this.exprList("]")
    this.depth--
    if (list.length === 0) this.error()
    this.advance()
    return list
  }

  // ---- expressions, lowest precedence first ----

  /** `noGreater`: in a print list, an unparenthesised `>` is a redirection. */
  expr(noGreater = false): Expr {
    return this.ternary(noGreater && this.depth === 0)
  }

  protected ternary(noGt: boolean): Expr {
    const test = this.or(noGt)
    if (this.tok.type === "PUNCT" && ASSIGN_OPS.has(this.tok.text) && isLValue(test)) {
      const op = this.advance().text
      this.optNewlines()
      return { _tag: "Assign", op: op === "**=" ? "^=" : op, target: test, value: this.ternary(noGt) }
    }
    if (this.isPunct("?")) {
      this.advance()
      this.optNewlines()
      const then = this.ternary(noGt)
      this.optNewlines()
      this.expectPunct(":")
      this.optNewlines()
      return { _tag: "Cond", test, then, otherwise: this.ternary(noGt) }
    }
    return test
  }

  protected or(noGt: boolean): Expr {
    let left = this.and(noGt)
    while (this.isPunct("||")) {
      this.advance()
      this.optNewlines()
      left = { _tag: "Or", left, right: this.and(noGt) }
    }
    return left
  }

  protected and(noGt: boolean): Expr {
    let left = this.inExpr(noGt)
    while (this.isPunct("&&")) {
      this.advance()
      this.optNewlines()
      left = { _tag: "And", left, right: this.inExpr(noGt) }
    }
    return left
  }

  protected inExpr(noGt: boolean): Expr {
    let left = this.match(noGt)
    while (this.isKeyword("in")) {
      this.advance()
      if (this.tok.type !== "NAME") this.error()
      left = { _tag: "In", subscripts: [left], array: this.advance().text }
    }
    return left
  }

  protected match(noGt: boolean): Expr {
    let left = this.comparison(noGt)
    while (this.isPunct("~") || this.isPunct("!~")) {
      const negate = this.advance().text === "!~"
      left = { _tag: "Match", negate, subject: left, pattern: this.comparison(noGt) }
    }
    return left
  }

  protected comparison(noGt: boolean): Expr {
    const left = this.concatenation(noGt)
    if (this.tok.type === "PUNCT" && COMPARISON_OPS.has(this.tok.text) && !(noGt && this.tok.text === ">")) {
      const op = this.advance()
      return { _tag: "Binary", op: op.text, left, right: this.concatenation(noGt), line: op.line }
    }
    return left
  }

  protected startsOperand(): boolean {
    const t = this.tok
    switch (t.type) {
      case "NUMBER":
      case "STRING":
      case "NAME":
      case "FUNC_NAME":
      case "BUILTIN":
        return true
      case "KEYWORD":
        return false
      case "PUNCT":
        return t.text === "$" || t.text === "(" || t.text === "!" || t.text === "++" || t.text === "--" || t.text === "-" || t.text === "+"
      default:
        return false
    }
  }

  protected concatenation(noGt: boolean): Expr {
    let left = this.additive()
    const parts: Array<Expr> = []
    for (;;) {
      if (this.isPunct("|")) {
        const before = this.snapshot()
        this.advance()
        if (this.isKeyword("getline")) {
          this.advance()
          const command: Expr = parts.length > 0 ? { _tag: "Concat", parts: [left, ...parts] } : left
          parts.length = 0
          left = { _tag: "PipeGetline", command, target: this.optionalGetlineTarget() }
          continue
        }
        this.rewind(before)
        break
      }
      if (this.isKeyword("in") || !this.startsOperand()) break
      // `a -1` is subtraction (handled by additive); here only operands that cannot be binary.
      if (this.isPunct("-") || this.isPunct("+") || this.isPunct("!")) break
      parts.push(this.additive())
    }
    void noGt
    return parts.length > 0 ? { _tag: "Concat", parts: [left, ...parts] } : left
  }

  protected additive(): Expr {
    let left = this.multiplicative()
    while (this.isPunct("+") || this.isPunct("-")) {
      const op = this.advance()
      left = { _tag: "Binary", op: op.text, left, right: this.multiplicative(), line: op.line }
    }
    return left
  }

  protected multiplicative(): Expr {
    let left = this.unary()
    while (this.isPunct("*") || this.isPunct("/") || this.isPunct("%")) {
      const op = this.advance()
      left = { _tag: "Binary", op: op.text, left, right: this.unary(), line: op.line }
    }
    return left
  }

  protected unary(): Expr {
    if (this.isPunct("!") || this.isPunct("-") || this.isPunct("+")) {
      const op = this.advance().text as "!" | "-" | "+"
      return { _tag: "Unary", op, operand: this.unary() }
    }
    return this.power()
  }

  protected power(): Expr {
    const base = this.postfix()
    if (this.isPunct("^") || this.isPunct("**")) {
      const op = this.advance()
      return { _tag: "Binary", op: "^", left: base, right: this.powerOperand(), line: op.line }
    }
    return base
  }

  /** The right side of `^`: right-associative, and may carry a sign (`2^-1`). */
  protected powerOperand(): Expr {
    if (this.isPunct("-") || this.isPunct("+") || this.isPunct("!")) {
      const op = this.advance().text as "!" | "-" | "+"
      return { _tag: "Unary", op, operand: this.powerOperand() }
    }
    return this.power()
  }

  protected postfix(): Expr {
    if (this.isPunct("++") || this.isPunct("--")) {
      const op = this.advance().text as "++" | "--"
      const target = this.postfix()
      if (!isLValue(target)) this.error()
      return { _tag: "IncDec", op, prefix: true, target }
    }
    const e = this.primary()
    if (isLValue(e) && (this.isPunct("++") || this.isPunct("--"))) {
      const op = this.advance().text as "++" | "--"
      return { _tag: "IncDec", op, prefix: false, target: e }
    }
    return e
  }

  protected optionalGetlineTarget(): LValue | undefined {
    if (this.isPunct("$") || this.tok.type === "NAME") {
      const target = this.primary()
      if (!isLValue(target)) this.error()
      return target
    }
    return undefined
  }

  protected callArgs(): Array<Expr> {
    this.expectPunct("(")
    this.depth++
    const args = this.exprList(")")
    this.depth--
    this.advance()
    return args
  }

  /** A primary expression (also used for regex case labels). */
  protected primary(): Expr {
    const tok = this.tok
    switch (tok.type) {
      case "NUMBER":
        this.advance()
        return { _tag: "Num", value: tok.number }
      case "STRING":
        this.advance()
        return { _tag: "Str", value: tok.text }
      case "FUNC_NAME":
        this.advance()
        return { _tag: "Call", name: tok.text, args: this.callArgs(), line: tok.line }
      case "BUILTIN": {
        this.advance()
        if (this.isPunct("(")) return { _tag: "Builtin", name: tok.text, args: this.callArgs(), line: tok.line }
        if (tok.text === "length") return { _tag: "Builtin", name: "length", args: [], line: tok.line }
        this.error()
        break
      }
      case "NAME": {
        this.advance()
        if (this.isPunct("[")) return { _tag: "Index", name: tok.text, subscripts: this.subscripts() }
        if (this.isPunct("(") && this.knownFunctions.has(tok.text)) {
          return { _tag: "Call", name: tok.text, args: this.callArgs(), line: tok.line }
        }
        return { _tag: "Var", name: tok.text }
      }
      case "KEYWORD":
        if (tok.text === "getline") {
          this.advance()
          const target = this.optionalGetlineTarget()
          let file: Expr | undefined
          if (this.isPunct("<")) {
            this.advance()
            file = this.power()
          }
          return { _tag: "Getline", target, file }
        }
        break
      case "PUNCT":
        switch (tok.text) {
          case "$": {
            this.advance()
            let index: Expr
            if (this.isPunct("++") || this.isPunct("--")) {
              const op = this.advance().text as "++" | "--"
              const target = this.primary()
              if (!isLValue(target)) this.error()
              index = { _tag: "IncDec", op, prefix: true, target }
            } else if (this.isPunct("-") || this.isPunct("+") || this.isPunct("!")) {
              const op = this.advance().text as "!" | "-" | "+"
              index = { _tag: "Unary", op, operand: this.primary() }
            } else index = this.primary()
            return { _tag: "Field", index }
          }
          case "(": {
            this.advance()
            this.depth++
            const list = this.exprList(")")
            this.depth--
            if (list.length === 0) this.error()
            this.advance()
            if (list.length > 1) {
              if (!this.isKeyword("in")) this.error()
              this.advance()
              if (this.tok.type !== "NAME") this.error()
              return { _tag: "In", subscripts: list, array: this.advance().text }
            }
            return { _tag: "Group", expr: list[0]! }
          }
          case "/":
          case "/=": {
            const re = this.lexer.rescanRegex(tok)
            this.tok = this.lexer.next()
            return { _tag: "Regex", source: re.text }
          }
          case "-":
          case "+":
          case "!": {
            this.advance()
            return { _tag: "Unary", op: tok.text as "-" | "+" | "!", operand: this.unary() }
          }
        }
        break
    }
    this.error()
  }
}
