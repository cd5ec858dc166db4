/** Recursive-descent parser for awk programs: rules, functions and statements. */
import type { Expr, FunctionDef, Pattern, Program, Redirect, Rule, Stmt, SwitchCase } from "./ast.js"
import type { EscapeStyle } from "./lexer.js"
import { ExpressionParser } from "./parseExpression.js"

export const parseProgram = (source: string, style: EscapeStyle = "gawk"): Program => new Parser(source, style).program()

class Parser extends ExpressionParser {
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
        case "switch":
          return this.switchStatement()
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

  private switchStatement(): Stmt {
    this.advance()
    const subject = this.parenExpr()
    this.optNewlines()
    this.expectPunct("{")
    const cases: Array<SwitchCase> = []
    let sawDefault = false
    for (;;) {
      this.skipTerminators()
      if (this.isPunct("}")) break
      let label: Expr | undefined
      if (this.isKeyword("default")) {
        if (sawDefault) this.error()
        sawDefault = true
        this.advance()
      } else if (this.isKeyword("case")) {
        this.advance()
        label = this.caseLabel()
      } else this.error()
      this.expectPunct(":")
      const body: Array<Stmt> = []
      for (;;) {
        this.skipTerminators()
        if (this.isPunct("}") || this.isKeyword("case") || this.isKeyword("default")) break
        if (this.tok.type === "EOF") this.error()
        body.push(this.statement())
      }
      cases.push({ label, body })
    }
    this.advance()
    return { _tag: "Switch", subject, cases }
  }

  /** A case label: a number (optionally signed), a string, or a regex constant. */
  private caseLabel(): Expr {
    const tok = this.tok
    if (tok.type === "STRING") {
      this.advance()
      return { _tag: "Str", value: tok.text }
    }
    if (tok.type === "PUNCT" && (tok.text === "-" || tok.text === "+")) {
      this.advance()
      const number = this.tok
      if (number.type !== "NUMBER") this.error()
      this.advance()
      return { _tag: "Num", value: tok.text === "-" ? -number.number : number.number }
    }
    if (tok.type === "NUMBER") {
      this.advance()
      return { _tag: "Num", value: tok.number }
    }
    if (tok.type === "PUNCT" && (tok.text === "/" || tok.text === "/=")) return this.primary()
    this.error()
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

}
