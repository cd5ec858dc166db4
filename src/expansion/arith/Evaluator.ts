/**
 * Bash's arithmetic evaluator. Like bash's expr.c it evaluates while it parses (a `noeval`
 * counter suppresses side effects in untaken branches), because observable behaviour depends
 * on that order: which error wins, when a variable is read, which token an error names.
 */
import { isBlank, type LexTable, type Lexeme, LexKind, Tok } from "./Lexer.js"
import { divide, power, remainder, shiftLeft, shiftRight, wrap } from "./int64.js"

/** What the evaluator needs from the shell. See `ArithEnv` in Arithmetic.ts. */
export interface EvalEnv {
  readonly get: (name: string) => string | undefined
  readonly set: (name: string, value: bigint) => void
  readonly getElement: (name: string, subscript: string) => string | undefined
  readonly setElement: (name: string, subscript: string, value: bigint) => void
  readonly isAssociative: (name: string) => boolean
  readonly warn?: (message: string) => void
}

/** A bash arithmetic error: the complete text after `bash: line N: `. */
export class ArithFailure {
  constructor(readonly message: string) {}
}

/** Bash refuses to nest more expression evaluations than this. */
const MAX_DEPTH = 1024

export interface EvalContext {
  readonly env: EvalEnv
  readonly tables: (text: string) => LexTable
  /** The chain of active frames by depth (index = depth - 1), kept for stack-overflow diagnosis. */
  readonly frames: Array<Frame>
}

/** Where an assignment goes: the identifier token and, for indexed arrays, the evaluated index. */
interface LValue {
  readonly ident: Lexeme | undefined
  readonly index: bigint | undefined
}

const NO_LVALUE: LValue = { ident: undefined, index: undefined }

/** Strip leading blanks as bash does for the expression shown in messages. */
const trimLeading = (text: string): string => {
  let i = 0
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++
  return i === 0 ? text : text.slice(i)
}

/** Evaluate `text` (a whole expression) at nesting `depth`. */
export const evaluateText = (context: EvalContext, text: string, depth: number): bigint => {
  if (isBlank(text)) return 0n
  return new Frame(context, context.tables(text), depth).run()
}

/** The fast path for variable values that are plain decimal numbers. */
const plainDecimal = (value: string): bigint | undefined => {
  const length = value.length
  if (length === 0 || length > 15) return undefined
  let i = value.charCodeAt(0) === 45 ? 1 : 0
  if (i === length) return undefined
  const first = value.charCodeAt(i)
  if (first < 49 || first > 57) return value === "0" ? 0n : undefined
  let n = 0
  for (; i < length; i++) {
    const c = value.charCodeAt(i)
    if (c < 48 || c > 57) return undefined
    n = n * 10 + (c - 48)
  }
  return BigInt(value.charCodeAt(0) === 45 ? -n : n)
}

/**
 * A JavaScript stack overflow long before bash's 1024 levels almost always comes from a cycle
 * of variables referring to each other. The active frames then repeat with some period, so the
 * frame bash would have failed in (depth 1024) can be identified and its message reproduced.
 */
export const diagnoseOverflow = (frames: ReadonlyArray<Frame>): string | undefined => {
  const last = frames.length - 2 // the deepest frame was interrupted mid-token; ignore it
  for (let period = 1; period <= 64 && last - 3 * period >= 0; period++) {
    let periodic = true
    for (let i = last - 2 * period; i <= last - period && periodic; i++) {
      periodic = frames[i]!.sameState(frames[i + period]!)
    }
    if (!periodic) continue
    const target = MAX_DEPTH - 1
    const index = target <= last ? target : last - ((((last - target) % period) + period) % period)
    return frames[index]!.message("expression recursion level exceeded")
  }
  return undefined
}

export class Frame {
  private readonly text: string
  private readonly env: EvalEnv
  /** Offset just past the current token. */
  private tp = 0
  /** Start of the last token read (not updated at end of input), named by errors. */
  private lasttp = 0
  private curtok: number = Tok.EOF
  private lasttok: number = Tok.EOF
  private tokval = 0n
  private tokstr: Lexeme | undefined = undefined
  private assigntok = 0
  private curlval: LValue = NO_LVALUE
  private noeval = 0

  constructor(
    private readonly context: EvalContext,
    private readonly table: LexTable,
    private readonly depth: number
  ) {
    this.text = table.text
    this.env = context.env
    const frames = context.frames
    frames.length = depth - 1
    frames.push(this)
  }

  sameState(other: Frame): boolean {
    return this.table === other.table && this.lasttp === other.lasttp
  }

  message(text: string): string {
    return `${trimLeading(this.text)}: ${text} (error token is "${this.text.slice(this.lasttp)}")`
  }

  run(): bigint {
    this.readtok()
    const value = this.expcomma()
    if (this.curtok !== Tok.EOF) this.fail("syntax error in expression")
    return value
  }

  private fail(message: string): never {
    throw new ArithFailure(this.message(message))
  }

  /** A bad constant: bash reads it with the text cut after it, so both quotes stop there. */
  private failNumber(lexeme: Lexeme): never {
    const token = this.text.slice(lexeme.start, lexeme.end)
    throw new ArithFailure(`${trimLeading(this.text.slice(0, lexeme.end))}: ${lexeme.message} (error token is "${token}")`)
  }

  /** Evaluate a nested expression (a variable's value or an array subscript). */
  private subexpr(text: string): bigint {
    if (isBlank(text)) return 0n
    if (this.depth >= MAX_DEPTH) this.fail("expression recursion level exceeded")
    const fast = plainDecimal(text)
    if (fast !== undefined) return fast
    return new Frame(this.context, this.context.tables(text), this.depth + 1).run()
  }

  // ---- tokenizer state machine (bash's readtok) ----

  private readtok(): void {
    const lexeme = this.table.at(this.tp)
    if (lexeme.kind === LexKind.End) {
      this.lasttok = this.curtok
      this.curtok = Tok.EOF
      this.tp = lexeme.end
      return
    }
    this.lasttp = lexeme.start
    let token: number
    let end = lexeme.end
    switch (lexeme.kind) {
      case LexKind.Number:
        this.tokval = lexeme.value
        token = Tok.NUM
        break
      case LexKind.Identifier:
        this.readIdentifier(lexeme)
        token = Tok.STR
        break
      case LexKind.Operator:
        token = lexeme.op
        if (token === Tok.OP_ASSIGN) this.assigntok = lexeme.assignOp
        break
      case LexKind.Double: {
        const minus = lexeme.op === Tok.MINUS
        if (this.curtok === Tok.STR) token = minus ? Tok.POSTDEC : Tok.POSTINC
        else if (this.curtok === Tok.NUM && (this.lasttok === Tok.PREINC || this.lasttok === Tok.PREDEC)) {
          this.fail(minus ? "--: assignment requires lvalue" : "++: assignment requires lvalue")
        } else if (lexeme.message !== "") token = minus ? Tok.PREDEC : Tok.PREINC
        else {
          token = lexeme.op
          end = lexeme.start + 1
        }
        break
      }
      case LexKind.BadChar:
        this.fail(
          this.curtok === Tok.NUM || this.curtok === Tok.STR
            ? "syntax error: invalid arithmetic operator"
            : "syntax error: operand expected"
        )
      // falls through (fail never returns)
      default:
        if (lexeme.numberError) this.failNumber(lexeme)
        this.fail(lexeme.message)
    }
    this.lasttok = this.curtok
    this.curtok = token
    this.tp = end
  }

  /** Bash reads a variable when its name is tokenized, unless a plain `=` follows. */
  private readIdentifier(lexeme: Lexeme): void {
    const followedByAssign = this.peekIsAssign(lexeme)
    this.curlval = NO_LVALUE
    this.tokstr = lexeme
    if (this.lasttok === Tok.PREINC || this.lasttok === Tok.PREDEC || !followedByAssign) {
      this.tokval = this.streval(lexeme)
    } else this.tokval = 0n
  }

  /**
   * Bash peeks at the following token to see whether it is `=`; that peek raises any lexical
   * error it meets, so we do too (following chains of identifiers as the peek recursion does).
   */
  private peekIsAssign(lexeme: Lexeme): boolean {
    const next = this.table.at(lexeme.end)
    let probe = next
    for (;;) {
      if (probe.kind === LexKind.Error) {
        this.lasttp = probe.start
        if (probe.numberError) this.failNumber(probe)
        this.fail(probe.message)
      }
      if (probe.kind === LexKind.BadChar) {
        this.lasttp = probe.start
        this.fail("syntax error: invalid arithmetic operator")
      }
      if (probe.kind !== LexKind.Identifier) break
      probe = this.table.at(probe.end)
    }
    return next.kind === LexKind.Operator && next.op === Tok.EQ
  }

  /** The value of a variable or array element, evaluated as an expression. */
  private streval(ident: Lexeme): bigint {
    if (this.noeval > 0) return 0n
    const env = this.env
    let value: string | undefined
    let index: bigint | undefined
    const subscript = ident.subscript
    if (subscript === undefined) value = env.get(ident.name)
    else if (env.isAssociative(ident.name)) value = env.getElement(ident.name, subscript)
    else if (subscript === "@" || subscript === "*" || subscript === "") {
      // Bash reports these (twice for an empty subscript) and carries on with 0.
      env.warn?.(`${ident.text}: bad array subscript`)
      if (subscript === "") env.warn?.(`${ident.text}: bad array subscript`)
      value = undefined
    } else {
      index = this.subexpr(subscript)
      value = env.getElement(ident.name, String(index))
    }
    this.curlval = { ident, index }
    if (value === undefined || value === "") return 0n
    return this.subexpr(value)
  }

  /** Store `value` into the variable or element `ident` names. */
  private bind(ident: Lexeme, index: bigint | undefined, value: bigint): void {
    const env = this.env
    const subscript = ident.subscript
    if (subscript === undefined) return env.set(ident.name, value)
    if (index !== undefined) return env.setElement(ident.name, String(index), value)
    if (env.isAssociative(ident.name)) {
      if (subscript === "") return env.warn?.(`\`${ident.text}': not a valid identifier`)
      return env.setElement(ident.name, subscript, value)
    }
    if (subscript === "") return env.warn?.(`\`${ident.text}': not a valid identifier`)
    if (subscript === "@" || subscript === "*") return env.warn?.(`${ident.text}: bad array subscript`)
    env.setElement(ident.name, String(this.subexpr(subscript)), value)
  }

  // ---- grammar, highest level first ----

  private expcomma(): bigint {
    let value = this.expassign()
    while (this.curtok === Tok.COMMA) {
      this.readtok()
      value = this.expassign()
    }
    return value
  }

  private expassign(): bigint {
    let value = this.expcond()
    if (this.curtok !== Tok.EQ && this.curtok !== Tok.OP_ASSIGN) return value
    const special = this.curtok === Tok.OP_ASSIGN
    if (this.lasttok !== Tok.STR) this.fail("attempted assignment to non-variable")
    const op = this.assigntok
    const lvalue = value
    const lhs = this.tokstr
    if (lhs === undefined) this.fail("syntax error in variable assignment")
    const index = this.curlval.index
    this.readtok()
    value = this.expassign()
    if (special) {
      if ((op === Tok.DIV || op === Tok.MOD) && value === 0n) {
        if (this.noeval === 0) this.fail("division by 0")
        value = 1n
      }
      value = applyAssignOperator(op, lvalue, value)
    }
    if (this.noeval === 0) this.bind(lhs, index, value)
    this.tokstr = undefined
    return value
  }

  private expcond(): bigint {
    const cval = this.explor()
    if (this.curtok !== Tok.QUES) return cval
    if (cval === 0n) this.noeval++
    this.readtok()
    const first = this.curtok as number
    if (first === Tok.EOF || first === Tok.COL) this.fail("expression expected")
    const whenTrue = this.expcomma()
    if (cval === 0n) this.noeval--
    if ((this.curtok as number) !== Tok.COL) this.fail("`:' expected for conditional expression")
    if (cval !== 0n) this.noeval++
    this.readtok()
    if ((this.curtok as number) === Tok.EOF) this.fail("expression expected")
    const whenFalse = this.expcond()
    if (cval !== 0n) this.noeval--
    this.lasttok = Tok.COND
    return cval !== 0n ? whenTrue : whenFalse
  }

  private explor(): bigint {
    let left = this.expland()
    while (this.curtok === Tok.LOR) {
      const skip = left !== 0n
      if (skip) this.noeval++
      this.readtok()
      const right = this.expland()
      if (skip) this.noeval--
      left = left !== 0n || right !== 0n ? 1n : 0n
      this.lasttok = Tok.LOR
    }
    return left
  }

  private expland(): bigint {
    let left = this.expbor()
    while (this.curtok === Tok.LAND) {
      const skip = left === 0n
      if (skip) this.noeval++
      this.readtok()
      const right = this.expbor()
      if (skip) this.noeval--
      left = left !== 0n && right !== 0n ? 1n : 0n
      this.lasttok = Tok.LAND
    }
    return left
  }

  private expbor(): bigint {
    let left = this.expbxor()
    while (this.curtok === Tok.BOR) {
      this.readtok()
      left = left | this.expbxor()
      this.lasttok = Tok.NUM
    }
    return left
  }

  private expbxor(): bigint {
    let left = this.expband()
    while (this.curtok === Tok.BXOR) {
      this.readtok()
      left = left ^ this.expband()
      this.lasttok = Tok.NUM
    }
    return left
  }

  private expband(): bigint {
    let left = this.expeq()
    while (this.curtok === Tok.BAND) {
      this.readtok()
      left = left & this.expeq()
      this.lasttok = Tok.NUM
    }
    return left
  }

  private expeq(): bigint {
    let left = this.expcompare()
    while (this.curtok === Tok.EQEQ || this.curtok === Tok.NEQ) {
      const op = this.curtok
      this.readtok()
      const right = this.expcompare()
      left = (op === Tok.EQEQ) === (left === right) ? 1n : 0n
      this.lasttok = Tok.NUM
    }
    return left
  }

  private expcompare(): bigint {
    let left = this.expshift()
    for (;;) {
      const op = this.curtok
      if (op !== Tok.LT && op !== Tok.GT && op !== Tok.LEQ && op !== Tok.GEQ) return left
      this.readtok()
      const right = this.expshift()
      const holds = op === Tok.LT ? left < right : op === Tok.GT ? left > right : op === Tok.LEQ ? left <= right : left >= right
      left = holds ? 1n : 0n
      this.lasttok = Tok.NUM
    }
  }

  private expshift(): bigint {
    let left = this.expadd()
    while (this.curtok === Tok.LSH || this.curtok === Tok.RSH) {
      const op = this.curtok
      this.readtok()
      const right = this.expadd()
      left = op === Tok.LSH ? shiftLeft(left, right) : shiftRight(left, right)
      this.lasttok = Tok.NUM
    }
    return left
  }

  private expadd(): bigint {
    let left = this.expmul()
    while (this.curtok === Tok.PLUS || this.curtok === Tok.MINUS) {
      const op = this.curtok
      this.readtok()
      const right = this.expmul()
      left = wrap(op === Tok.PLUS ? left + right : left - right)
      this.lasttok = Tok.NUM
    }
    return left
  }

  private expmul(): bigint {
    let left = this.exppower()
    while (this.curtok === Tok.MUL || this.curtok === Tok.DIV || this.curtok === Tok.MOD) {
      const op = this.curtok
      const operandStart = this.tp
      this.readtok()
      let right = this.exppower()
      if (op !== Tok.MUL && right === 0n) {
        if (this.noeval === 0) {
          let start = operandStart
          while (start < this.text.length && (this.text.charCodeAt(start) === 32 || this.text.charCodeAt(start) === 9)) start++
          this.lasttp = start
          this.fail("division by 0")
        }
        right = 1n
      }
      left = op === Tok.MUL ? wrap(left * right) : op === Tok.DIV ? divide(left, right) : remainder(left, right)
      this.lasttok = Tok.NUM
    }
    return left
  }

  private exppower(): bigint {
    const base = this.exp1()
    if (this.curtok !== Tok.POWER) return base
    this.readtok()
    const exponent = this.exppower() // right-associative
    this.lasttok = Tok.NUM
    if (exponent === 0n) return 1n
    if (exponent < 0n) this.fail("exponent less than 0")
    return power(base, exponent)
  }

  private exp1(): bigint {
    switch (this.curtok) {
      case Tok.NOT:
        this.readtok()
        return this.unaryDone(this.exp1() === 0n ? 1n : 0n)
      case Tok.BNOT:
        this.readtok()
        return this.unaryDone(~this.exp1())
      case Tok.MINUS:
        this.readtok()
        return this.unaryDone(wrap(-this.exp1()))
      case Tok.PLUS:
        this.readtok()
        return this.unaryDone(this.exp1())
      default:
        return this.exp0()
    }
  }

  private unaryDone(value: bigint): bigint {
    this.lasttok = Tok.NUM
    return value
  }

  private exp0(): bigint {
    const tok = this.curtok
    if (tok === Tok.PREINC || tok === Tok.PREDEC) {
      this.lasttok = tok
      this.readtok()
      if (this.curtok !== Tok.STR) this.fail("identifier expected after pre-increment or pre-decrement")
      const value = wrap(this.tokval + (tok === Tok.PREINC ? 1n : -1n))
      if (this.noeval === 0 && this.tokstr !== undefined) {
        const target = this.curlval.ident ?? this.tokstr
        this.bind(target, this.curlval.index, value)
      }
      this.curtok = Tok.NUM // so that `++x=7` is an error
      this.readtok()
      return value
    }
    if (tok === Tok.LPAR) {
      this.readtok()
      const value = this.expcomma()
      if (this.curtok !== Tok.RPAR) this.fail("missing `)'")
      this.readtok()
      return value
    }
    if (tok === Tok.NUM) {
      const value = this.tokval
      this.readtok()
      return value
    }
    if (tok === Tok.STR) return this.identifierOperand()
    return this.fail("syntax error: operand expected")
  }

  /** An identifier operand, possibly followed by `++` or `--`. */
  private identifierOperand(): bigint {
    const value = this.tokval
    const ident = this.tokstr
    const lvalue = this.curlval
    const next = this.table.at(this.tp)
    if (next.kind === LexKind.Double) {
      // Directly after an identifier `++`/`--` is always a post-increment.
      this.lasttp = next.start
      this.tp = next.end
      this.lasttok = Tok.STR
      const updated = wrap(value + (next.op === Tok.PLUS ? 1n : -1n))
      if (this.noeval === 0 && ident !== undefined) this.bind(lvalue.ident ?? ident, lvalue.index, updated)
      this.curtok = Tok.NUM // so that `x++=7` is an error
    }
    this.readtok()
    return value
  }
}

const applyAssignOperator = (op: number, left: bigint, right: bigint): bigint => {
  switch (op) {
    case Tok.MUL:
      return wrap(left * right)
    case Tok.DIV:
      return divide(left, right)
    case Tok.MOD:
      return remainder(left, right)
    case Tok.PLUS:
      return wrap(left + right)
    case Tok.MINUS:
      return wrap(left - right)
    case Tok.LSH:
      return shiftLeft(left, right)
    case Tok.RSH:
      return shiftRight(left, right)
    case Tok.BAND:
      return left & right
    case Tok.BOR:
      return left | right
    default:
      return left ^ right
  }
}
