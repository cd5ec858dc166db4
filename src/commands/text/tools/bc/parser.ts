/** Parser for bc: a Pratt expression parser plus statements, one top-level line at a time. */
import { BcSyntaxError, type Token } from "./lexer.js"

export type LValue =
  | { readonly kind: "var"; readonly name: string }
  | { readonly kind: "elem"; readonly name: string; readonly index: Expr }

export type Expr =
  | { readonly kind: "num"; readonly text: string }
  | LValue
  | { readonly kind: "bin"; readonly op: string; readonly left: Expr; readonly right: Expr }
  | { readonly kind: "neg"; readonly operand: Expr }
  | { readonly kind: "not"; readonly operand: Expr }
  | { readonly kind: "assign"; readonly op: string; readonly target: LValue; readonly value: Expr }
  | { readonly kind: "incdec"; readonly op: "++" | "--"; readonly prefix: boolean; readonly target: LValue }
  | { readonly kind: "call"; readonly name: string; readonly args: ReadonlyArray<Expr | { readonly kind: "arrayArg"; readonly name: string }> }
  | { readonly kind: "builtin"; readonly name: "length" | "sqrt" | "scale"; readonly arg: Expr }

export type Stmt =
  | { readonly kind: "expr"; readonly expr: Expr }
  | { readonly kind: "str"; readonly text: string }
  | { readonly kind: "print"; readonly items: ReadonlyArray<Expr | { readonly kind: "str"; readonly text: string }> }
  | { readonly kind: "block"; readonly body: ReadonlyArray<Stmt> }
  | { readonly kind: "if"; readonly cond: Expr; readonly then: Stmt; readonly otherwise: Stmt | undefined }
  | { readonly kind: "while"; readonly cond: Expr; readonly body: Stmt }
  | { readonly kind: "for"; readonly init: Expr | undefined; readonly cond: Expr | undefined; readonly step: Expr | undefined; readonly body: Stmt }
  | { readonly kind: "break" | "continue" | "halt" | "empty" | "limits" }
  | { readonly kind: "return"; readonly value: Expr | undefined }

export interface FunctionDef {
  readonly name: string
  /** `ref`: a `*name[]` parameter shares the caller's array instead of copying it. */
  readonly params: ReadonlyArray<{ readonly name: string; readonly array: boolean; readonly ref?: boolean }>
  readonly autos: ReadonlyArray<{ readonly name: string; readonly array: boolean }>
  readonly body: ReadonlyArray<Stmt>
}

/** What one top-level line yields. */
export type TopItem = { readonly kind: "stmt"; readonly stmt: Stmt } | { readonly kind: "define"; readonly def: FunctionDef }

const ASSIGN_OPS = new Set(["=", "+=", "-=", "*=", "/=", "%=", "^="])
const REL_OPS = new Set(["==", "!=", "<", "<=", ">", ">="])
const KEYWORDS = new Set([
  "if", "else", "while", "for", "break", "continue", "return", "define", "auto", "print", "quit", "halt",
  "length", "sqrt", "scale", "ibase", "obase", "last", "limits", "warranty", "read"
])

const infixPrec = (t: Token): number => {
  if (t.kind !== "op") return -1
  if (t.text === "||") return 1
  if (t.text === "&&") return 2
  if (REL_OPS.has(t.text)) return 4
  if (ASSIGN_OPS.has(t.text)) return 5
  if (t.text === "+" || t.text === "-") return 6
  if (t.text === "*" || t.text === "/" || t.text === "%") return 7
  if (t.text === "^") return 8
  return -1
}

/** Thrown when `quit` is parsed: bc leaves at once, before running the line. */
export class QuitSignal {}

export class Parser {
  private pos = 0
  private loopDepth = 0
  private inFunction = false

  constructor(private readonly tokens: ReadonlyArray<Token>) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!
  }
  private next(): Token {
    const t = this.peek()
    if (t.kind === "bad") {
      this.pos++
      throw new BcSyntaxError(t.line, `illegal character: ${t.text}`, this.peek().kind !== "eof" && this.peek().kind !== "nl")
    }
    if (this.pos < this.tokens.length - 1) this.pos++
    return t
  }
  private isOp(text: string, offset = 0): boolean {
    const t = this.peek(offset)
    return t.kind === "op" && t.text === text
  }
  private isName(text: string): boolean {
    const t = this.peek()
    return t.kind === "name" && t.text === text
  }
  private fail(): never {
    if (this.peek().kind === "bad") this.next()
    throw new BcSyntaxError(this.peek().line)
  }
  private expectOp(text: string): void {
    if (!this.isOp(text)) this.fail()
    this.next()
  }
  private skipNewlines(): void {
    while (this.peek().kind === "nl") this.next()
  }

  atEnd(): boolean {
    return this.peek().kind === "eof"
  }

  /** Skip to just past the next newline (error recovery). */
  recover(): void {
    // The failing token was the newline itself: the next line is intact.
    if (this.pos > 0 && this.tokens[this.pos - 1]!.kind === "nl") return
    while (!this.atEnd() && this.peek().kind !== "nl") this.pos++
    if (!this.atEnd()) this.pos++
  }

  /** Parse statements up to the end of one input line. */
  parseLine(): Array<TopItem> {
    const items: Array<TopItem> = []
    for (;;) {
      const t = this.peek()
      if (t.kind === "eof") return items
      if (t.kind === "nl") {
        this.next()
        return items
      }
      if (this.isOp(";")) {
        this.next()
        continue
      }
      if (this.isName("define")) {
        // A definition starts an input item: GNU rejects one after anything else on the same line.
        if (items.length > 0) this.fail()
        items.push({ kind: "define", def: this.parseDefine() })
      }
      else items.push({ kind: "stmt", stmt: this.parseStatement() })
      if (!(this.isOp(";") || this.peek().kind === "nl" || this.atEnd() || this.isOp("}"))) this.fail()
    }
  }

  private parseDefine(): FunctionDef {
    this.next()
    const nameTok = this.next()
    if (nameTok.kind !== "name" || KEYWORDS.has(nameTok.text)) this.fail()
    this.expectOp("(")
    const params = this.parseNameList(")")
    this.expectOp(")")
    this.skipNewlines()
    this.expectOp("{")
    this.skipNewlines()
    let autos: Array<{ name: string; array: boolean; ref: boolean }> = []
    if (this.isName("auto")) {
      this.next()
      autos = this.parseNameList(";")
      if (this.isOp(";") || this.peek().kind === "nl") this.next()
    }
    const wasIn = this.inFunction
    this.inFunction = true
    const body = this.parseBlockBody()
    this.inFunction = wasIn
    return { name: nameTok.text, params, autos, body }
  }

  private parseNameList(end: string): Array<{ name: string; array: boolean; ref: boolean }> {
    const list: Array<{ name: string; array: boolean; ref: boolean }> = []
    if (this.isOp(end) || this.peek().kind === "nl") return list
    for (;;) {
      const ref = this.isOp("*")
      if (ref) this.next()
      const t = this.next()
      if (t.kind !== "name" || KEYWORDS.has(t.text)) this.fail()
      let array = false
      if (this.isOp("[")) {
        this.next()
        this.expectOp("]")
        array = true
      }
      if (ref && !array) this.fail()
      list.push({ name: t.text, array, ref })
      if (!this.isOp(",")) return list
      this.next()
    }
  }

  /** Statements up to and including the closing brace. */
  private parseBlockBody(): Array<Stmt> {
    const body: Array<Stmt> = []
    for (;;) {
      const t = this.peek()
      if (t.kind === "nl" || this.isOp(";")) {
        this.next()
        continue
      }
      if (this.isOp("}")) {
        this.next()
        return body
      }
      if (t.kind === "eof") this.fail()
      body.push(this.parseStatement())
    }
  }

  private parseStatement(): Stmt {
    const t = this.peek()
    if (t.kind === "str") {
      this.next()
      return { kind: "str", text: t.text }
    }
    if (this.isOp("{")) {
      this.next()
      return { kind: "block", body: this.parseBlockBody() }
    }
    if (t.kind === "name") {
      switch (t.text) {
        case "quit":
          throw new QuitSignal()
        case "halt":
          this.next()
          return { kind: "halt" }
        case "limits":
          this.next()
          return { kind: "limits" }
        case "warranty":
          this.next()
          return { kind: "empty" }
        case "break":
        case "continue":
          this.next()
          if (this.loopDepth === 0) throw new BcSyntaxError(t.line, `${t.text === "break" ? "Break" : "Continue"} outside a for/while`)
          return { kind: t.text }
        case "return": {
          this.next()
          const bare = this.isOp(";") || this.isOp("}") || this.peek().kind === "nl" || this.atEnd()
          const value = bare ? undefined : this.parseExpr(0)
          // GNU notices the misplaced return once the whole statement is read.
          if (!this.inFunction) throw new BcSyntaxError(this.peek().line, "Return outside of a function.")
          return { kind: "return", value }
        }
        case "print":
          return this.parsePrint()
        case "if": {
          this.next()
          this.expectOp("(")
          const cond = this.parseExpr(0)
          this.expectOp(")")
          this.skipNewlines()
          const then = this.parseStatement()
          let otherwise: Stmt | undefined
          let k = 0
          while (this.peek(k).kind === "nl" || (this.peek(k).kind === "op" && this.peek(k).text === ";")) k++
          const after = this.peek(k)
          if (after.kind === "name" && after.text === "else") {
            this.pos += k + 1
            this.skipNewlines()
            otherwise = this.parseStatement()
          }
          return { kind: "if", cond, then, otherwise }
        }
        case "while": {
          this.next()
          this.expectOp("(")
          const cond = this.parseExpr(0)
          this.expectOp(")")
          this.skipNewlines()
          return { kind: "while", cond, body: this.loopBody() }
        }
        case "for": {
          this.next()
          this.expectOp("(")
          const init = this.isOp(";") ? undefined : this.parseExpr(0)
          this.expectOp(";")
          const cond = this.isOp(";") ? undefined : this.parseExpr(0)
          this.expectOp(";")
          const step = this.isOp(")") ? undefined : this.parseExpr(0)
          this.expectOp(")")
          this.skipNewlines()
          return { kind: "for", init, cond, step, body: this.loopBody() }
        }
      }
    }
    if (this.isOp(";")) return { kind: "empty" }
    return { kind: "expr", expr: this.parseExpr(0) }
  }

  private loopBody(): Stmt {
    this.loopDepth++
    try {
      return this.parseStatement()
    } finally {
      this.loopDepth--
    }
  }

  private parsePrint(): Stmt {
    this.next()
    const items: Array<Expr | { kind: "str"; text: string }> = []
    for (;;) {
      const t = this.peek()
      if (t.kind === "str") {
        this.next()
        items.push({ kind: "str", text: t.text })
      } else items.push(this.parseExpr(0))
      if (!this.isOp(",")) return { kind: "print", items }
      this.next()
    }
  }

  parseExpr(minPrec: number): Expr {
    let left = this.parsePrefix()
    for (;;) {
      const t = this.peek()
      const prec = infixPrec(t)
      if (prec < 0 || prec < minPrec) return left
      this.next()
      if (prec === 5) {
        if (left.kind !== "var" && left.kind !== "elem") throw new BcSyntaxError(t.line)
        left = { kind: "assign", op: t.text, target: left, value: this.parseExpr(5) }
      } else if (prec === 8) {
        left = { kind: "bin", op: "^", left, right: this.parseExpr(8) }
      } else {
        left = { kind: "bin", op: t.text, left, right: this.parseExpr(prec + 1) }
      }
    }
  }

  private parsePrefix(): Expr {
    const t = this.next()
    if (t.kind === "num") return { kind: "num", text: t.text }
    if (t.kind === "op") {
      switch (t.text) {
        case "(": {
          const e = this.parseExpr(0)
          this.expectOp(")")
          return e
        }
        case "-":
          return { kind: "neg", operand: this.parseExpr(9) }
        case "!":
          return { kind: "not", operand: this.parseExpr(4) }
        case "++":
        case "--":
          return { kind: "incdec", op: t.text, prefix: true, target: this.parseLValue(this.next()) }
      }
      throw new BcSyntaxError(t.line)
    }
    if (t.kind === "name") {
      if (t.text === "length" || t.text === "sqrt" || (t.text === "scale" && this.isOp("("))) {
        this.expectOp("(")
        const arg = this.parseExpr(0)
        this.expectOp(")")
        return { kind: "builtin", name: t.text as "length" | "sqrt" | "scale", arg }
      }
      if (this.isOp("(") && !KEYWORDS.has(t.text)) {
        this.next()
        const args: Array<Expr | { kind: "arrayArg"; name: string }> = []
        if (!this.isOp(")")) {
          for (;;) {
            const a = this.peek()
            if (a.kind === "name" && this.isOp("[", 1) && this.isOp("]", 2)) {
              this.pos += 3
              args.push({ kind: "arrayArg", name: a.text })
            } else args.push(this.parseExpr(0))
            if (!this.isOp(",")) break
            this.next()
          }
        }
        this.expectOp(")")
        return { kind: "call", name: t.text, args }
      }
      const target = this.parseLValue(t)
      if (this.isOp("++") || this.isOp("--")) {
        const op = this.next().text as "++" | "--"
        return { kind: "incdec", op, prefix: false, target }
      }
      return target
    }
    throw new BcSyntaxError(t.line)
  }

  private parseLValue(t: Token): LValue {
    const special = t.text === "scale" || t.text === "ibase" || t.text === "obase" || t.text === "last"
    if (t.kind !== "name" || (KEYWORDS.has(t.text) && !special)) throw new BcSyntaxError(t.line)
    if (!special && this.isOp("[")) {
      this.next()
      const index = this.parseExpr(0)
      this.expectOp("]")
      return { kind: "elem", name: t.text, index }
    }
    return { kind: "var", name: t.text }
  }
}
