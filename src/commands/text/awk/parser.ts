/** Recursive-descent parser for the awk language (POSIX grammar plus common gawk forms). */
import type { Expr, FunctionDef, LValue, Pattern, Program, Redirect, Rule, Stmt } from "./ast.js"
import { AwkSyntaxError, Lexer, type Token } from "./lexer.js"

const ASSIGN_OPS = new Set(["=", "+=", "-=", "*=", "/=", "%=", "^=", "**="])
const COMPARISON_OPS = new Set(["<", "<=", "!=", "==", ">", ">="])

const isLValue = (e: Expr): e is LValue => e._tag === "Var" || e._tag === "Index" || e._tag === "Field"

interface Snapshot {
  readonly lexer: { pos: number; line: number }
  readonly tok: Token
}

export const parseProgram = (source: string): Program => new Parser(source).program()

class Parser {
  private readonly lexer: Lexer
  private tok: Token
  private readonly knownFunctions = new Set<string>()
  /** Nesting of parentheses/brackets: inside them `>` is always a comparison. */
  private depth = 0

  constructor(readonly source: string) {
    this.lexer = new Lexer(source)
    for (const match of source.matchAll(/\bfunc(?:tion)?\s+([A-Za-z_][A-Za-z0-9_]*)/g)) this.knownFunctions.add(match[1]!)
    this.tok = this.lexer.next()
  }

  // ---- token helpers ----

  private advance(): Token {
    const previous = this.tok
    this.tok = this.lexer.next()
    return previous
  }

  private snapshot(): Snapshot {
    return { lexer: this.lexer.save(), tok: this.tok }
  }

  private rewind(snapshot: Snapshot): void {
    this.lexer.restore(snapshot.lexer)
    this.tok = snapshot.tok
  }

  private isPunct(text: string): boolean {
    return this.tok.type === "PUNCT" && this.tok.text === text
  }

  private isKeyword(text: string): boolean {
    return this.tok.type === "KEYWORD" && this.tok.text === text
  }

  private error(token: Token = this.tok): never {
    const lineText = this.lexer.sourceLine(token.line)
    const lineStart = this.source.lastIndexOf("\n", token.pos - 1) + 1
    const column = Math.max(0, Math.min(token.pos - lineStart, lineText.length))
    throw new AwkSyntaxError(token.type === "EOF" ? "unexpected newline or end of string" : "syntax error", token.line, lineText, column)
  }

  private expectPunct(text: string): void {
    if (!this.isPunct(text)) this.error()
    this.advance()
  }

  private optNewlines(): void {
    while (this.tok.type === "NEWLINE") this.advance()
  }

  private skipTerminators(): void {
    while (this.tok.type === "NEWLINE" || this.isPunct(";")) this.advance()
  }

  // ---- program structure ----

  program(): Program {
    const rules: Array<Rule> = []
    const functions: Array<FunctionDef> = []
    this.skipTerminators()
    while (this.tok.type !== "EOF") {
      if (this.isKeyword("function")) functions.push(this.functionDef())
      else rules.push(this.rule())
      this.skipTerminators()
    }
    return { rules, functions }
  }

  private functionDef(): FunctionDef {
    const line = this.advance().line
    if (this.tok.type !== "NAME" && this.tok.type !== "FUNC_NAME") this.error()
    const name = this.advance().text
    this.knownFunctions.add(name)
    this.expectPunct("(")
    const params: Array<string> = []
    this.optNewlines()
    while (!this.isPunct(")")) {
      if (this.tok.type !== "NAME") this.error()
      params.push(this.advance().text)
      this.optNewlines()
      if (this.isPunct(",")) {
        this.advance()
        this.optNewlines()
      } else if (!this.isPunct(")")) this.error()
    }
    this.advance()
    this.optNewlines()
    const body = this.block()
    return { name, params, body, line }
  }

  private rule(): Rule {
    let pattern: Pattern
    const special = this.tok.type === "KEYWORD" ? this.tok.text : ""
    if (special === "BEGIN" || special === "END" || special === "BEGINFILE" || special === "ENDFILE") {
      this.advance()
      this.optNewlines()
      if (!this.isPunct("{")) this.error()
      pattern =
        special === "BEGIN"
          ? { _tag: "Begin" }
          : special === "END"
            ? { _tag: "End" }
            : special === "BEGINFILE"
              ? { _tag: "BeginFile" }
              : { _tag: "EndFile" }
      return { pattern, action: this.block() }
    }
    if (this.isPunct("{")) return { pattern: { _tag: "All" }, action: this.block() }
    const start = this.expr()
    if (this.isPunct(",")) {
      this.advance()
      this.optNewlines()
      pattern = { _tag: "Range", start, end: this.expr() }
    } else pattern = { _tag: "Expr", expr: start }
    if (this.isPunct("{")) return { pattern, action: this.block() }
    if (this.tok.type !== "NEWLINE" && this.tok.type !== "EOF" && !this.isPunct(";")) this.error()
    return { pattern, action: undefined }
  }

  private block(): Stmt {
    this.expectPunct("{")
    const body: Array<Stmt> = []
    for (;;) {
      this.skipTerminators()
      if (this.isPunct("}")) break
      if (this.tok.type === "EOF") this.error()
      body.push(this.statement())
    }
    this.advance()
    return { _tag: "Block", body }
  }

  // ---- statements ----

  /** End of a simple statement: `;`, newline, or (without consuming) `}` / end of program. */
  private endSimple(): void {
    if (this.isPunct(";") || this.tok.type === "NEWLINE") this.advance()
    else if (!this.isPunct("}") && this.tok.type !== "EOF") this.error()
  }

  private statementBody(): Stmt {
    this.optNewlines()
    if (this.isPunct(";")) {
      this.advance()
      return { _tag: "Block", body: [] }
    }
    return this.statement()
  }

  private statement(): Stmt {
    const tok = this.tok
    if (this.isPunct("{")) return this.block()
    if (this.isPunct(";")) {
      this.advance()
      return { _tag: "Block", body: [] }
    }
    if (tok.type === "KEYWORD") {
      switch (tok.text) {
        case "if":
          return this.ifStatement()
        case "while": {
          this.advance()
          const test = this.parenExpr()
          if (this.isPunct(";")) {
            this.advance()
            return { _tag: "While", test, body: { _tag: "Block", body: [] } }
          }
          return { _tag: "While", test, body: this.statementBody() }
        }
        case "do": {
          this.advance()
          const body = this.statementBody()
          this.skipTerminators()
          if (!this.isKeyword("while")) this.error()
          this.advance()
          const test = this.parenExpr()
          this.endSimple()
          return { _tag: "Do", body, test }
        }
        case "for":
          return this.forStatement()
      }
    }
    const simple = this.simpleStatement()
    this.endSimple()
    return simple
  }

  private parenExpr(): Expr {
    this.expectPunct("(")
    this.depth++
    const e = this.expr()
    this.depth--
    this.expectPunct(")")
    return e
  }

  private ifStatement(): Stmt {
    this.advance()
    const test = this.parenExpr()
    const then = this.statementBody()
    const before = this.snapshot()
    this.skipTerminators()
    if (this.isKeyword("else")) {
      this.advance()
      return { _tag: "If", test, then, otherwise: this.statementBody() }
    }
    this.rewind(before)
    return { _tag: "If", test, then, otherwise: undefined }
  }

  private forStatement(): Stmt {
    this.advance()
    this.expectPunct("(")
    // for (name in array) / for ((name) in array)
    const before = this.snapshot()
    let parenthesised = false
    if (this.isPunct("(")) {
      parenthesised = true
      this.advance()
    }
    if (this.tok.type === "NAME") {
      const variable = this.advance().text
      if (parenthesised && this.isPunct(")")) this.advance()
      if (this.isKeyword("in")) {
        this.advance()
        if (this.tok.type === "NAME") {
          const array = this.advance().text
          if (this.isPunct(")")) {
            this.advance()
            return { _tag: "ForIn", variable: { _tag: "Var", name: variable }, array, body: this.statementBody() }
          }
        }
      }
    }
    this.rewind(before)
    this.depth++
    const init = this.isPunct(";") ? undefined : this.simpleExprForFor()
    this.expectPunct(";")
    this.optNewlines()
    const test = this.isPunct(";") ? undefined : this.expr()
    this.expectPunct(";")
    this.optNewlines()
    const update = this.isPunct(")") ? undefined : this.simpleExprForFor()
    this.depth--
    this.expectPunct(")")
    if (this.isPunct(";")) {
      this.advance()
      return { _tag: "For", init, test, update, body: { _tag: "Block", body: [] } }
    }
    return { _tag: "For", init, test, update, body: this.statementBody() }
  }

  private simpleExprForFor(): Expr {
    return this.expr()
  }

  private isTerminator(): boolean {
    return this.tok.type === "NEWLINE" || this.tok.type === "EOF" || this.isPunct(";") || this.isPunct("}")
  }

  private simpleStatement(): Stmt {
    const tok = this.tok
    if (tok.type === "KEYWORD") {
      switch (tok.text) {
        case "print":
        case "printf":
          return this.printStatement()
        case "next":
          this.advance()
          return { _tag: "Next" }
        case "nextfile":
          this.advance()
          return { _tag: "NextFile" }
        case "break":
          this.advance()
          return { _tag: "Break" }
        case "continue":
          this.advance()
          return { _tag: "Continue" }
        case "exit":
          this.advance()
          return { _tag: "Exit", code: this.isTerminator() ? undefined : this.expr() }
        case "return":
          this.advance()
          return { _tag: "Return", value: this.isTerminator() ? undefined : this.expr() }
        case "delete": {
          this.advance()
          let parenthesised = false
          if (this.isPunct("(")) {
            parenthesised = true
            this.advance()
          }
          if (this.tok.type !== "NAME") this.error()
          const array = this.advance().text
          let subscripts: ReadonlyArray<Expr> | undefined
          if (this.isPunct("[")) subscripts = this.subscripts()
          if (parenthesised) this.expectPunct(")")
          return { _tag: "Delete", array, subscripts }
        }
      }
    }
    return { _tag: "ExprStmt", expr: this.expr() }
  }

  private printStatement(): Stmt {
    const keyword = this.advance()
    let args: ReadonlyArray<Expr> = []
    if (!this.isTerminator() && !this.isPunct(">") && !this.isPunct(">>") && !this.isPunct("|")) {
      args = this.printArgs()
    }
    let redirect: Redirect | undefined
    if (this.isPunct(">") || this.isPunct(">>") || this.isPunct("|")) {
      const mode = this.advance().text as Redirect["mode"]
      redirect = { mode, target: this.concatenation(true) }
    }
    if (keyword.text === "printf") {
      if (args.length === 0) this.error(keyword)
      return { _tag: "Printf", args, redirect, line: keyword.line }
    }
    return { _tag: "Print", args, redirect }
  }

  /** `print a, b` or `print (a, b)`: the parenthesised list form when it stands alone. */
  private printArgs(): ReadonlyArray<Expr> {
    if (this.isPunct("(")) {
      const before = this.snapshot()
      this.advance()
      this.depth++
      const list = this.exprList(")")
      this.depth--
      this.advance()
      if (this.isTerminator() || this.isPunct(">") || this.isPunct(">>") || this.isPunct("|")) return list
      this.rewind(before)
    }
    const args = [this.expr(true)]
    while (this.isPunct(",")) {
      this.advance()
      this.optNewlines()
      args.push(this.expr(true))
    }
    return args
  }

  /** Comma-separated expressions up to (not consuming) `close`. */
  private exprList(close: string): Array<Expr> {
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

  private subscripts(): ReadonlyArray<Expr> {
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

  private ternary(noGt: boolean): Expr {
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

  private or(noGt: boolean): Expr {
    let left = this.and(noGt)
    while (this.isPunct("||")) {
      this.advance()
      this.optNewlines()
      left = { _tag: "Or", left, right: this.and(noGt) }
    }
    return left
  }

  private and(noGt: boolean): Expr {
    let left = this.inExpr(noGt)
    while (this.isPunct("&&")) {
      this.advance()
      this.optNewlines()
      left = { _tag: "And", left, right: this.inExpr(noGt) }
    }
    return left
  }

  private inExpr(noGt: boolean): Expr {
    let left = this.match(noGt)
    while (this.isKeyword("in")) {
      this.advance()
      if (this.tok.type !== "NAME") this.error()
      left = { _tag: "In", subscripts: [left], array: this.advance().text }
    }
    return left
  }

  private match(noGt: boolean): Expr {
    let left = this.comparison(noGt)
    while (this.isPunct("~") || this.isPunct("!~")) {
      const negate = this.advance().text === "!~"
      left = { _tag: "Match", negate, subject: left, pattern: this.comparison(noGt) }
    }
    return left
  }

  private comparison(noGt: boolean): Expr {
    const left = this.concatenation(noGt)
    if (this.tok.type === "PUNCT" && COMPARISON_OPS.has(this.tok.text) && !(noGt && this.tok.text === ">")) {
      const op = this.advance()
      return { _tag: "Binary", op: op.text, left, right: this.concatenation(noGt), line: op.line }
    }
    return left
  }

  private startsOperand(): boolean {
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

  private concatenation(noGt: boolean): Expr {
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

  private additive(): Expr {
    let left = this.multiplicative()
    while (this.isPunct("+") || this.isPunct("-")) {
      const op = this.advance()
      left = { _tag: "Binary", op: op.text, left, right: this.multiplicative(), line: op.line }
    }
    return left
  }

  private multiplicative(): Expr {
    let left = this.unary()
    while (this.isPunct("*") || this.isPunct("/") || this.isPunct("%")) {
      const op = this.advance()
      left = { _tag: "Binary", op: op.text, left, right: this.unary(), line: op.line }
    }
    return left
  }

  private unary(): Expr {
    if (this.isPunct("!") || this.isPunct("-") || this.isPunct("+")) {
      const op = this.advance().text as "!" | "-" | "+"
      return { _tag: "Unary", op, operand: this.unary() }
    }
    return this.power()
  }

  private power(): Expr {
    const base = this.postfix()
    if (this.isPunct("^") || this.isPunct("**")) {
      const op = this.advance()
      return { _tag: "Binary", op: "^", left: base, right: this.powerOperand(), line: op.line }
    }
    return base
  }

  /** The right side of `^`: right-associative, and may carry a sign (`2^-1`). */
  private powerOperand(): Expr {
    if (this.isPunct("-") || this.isPunct("+") || this.isPunct("!")) {
      const op = this.advance().text as "!" | "-" | "+"
      return { _tag: "Unary", op, operand: this.powerOperand() }
    }
    return this.power()
  }

  private postfix(): Expr {
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

  private optionalGetlineTarget(): LValue | undefined {
    if (this.isPunct("$") || this.tok.type === "NAME") {
      const target = this.primary()
      if (!isLValue(target)) this.error()
      return target
    }
    return undefined
  }

  private callArgs(): Array<Expr> {
    this.expectPunct("(")
    this.depth++
    const args = this.exprList(")")
    this.depth--
    this.advance()
    return args
  }

  private primary(): Expr {
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
