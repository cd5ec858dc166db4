/** Evaluates parsed bc statements: variables, arrays, functions with dynamic scoping, output. */
import * as N from "./number.js"
import type { WorkMeter } from "../../../../limits/Budget.js"
import { LimitExceeded } from "../../../../limits/ExecutionLimits.js"
import type { BcNum } from "./number.js"
import type { Expr, FunctionDef, LValue, Stmt } from "./parser.js"

type BcArray = Map<string, BcNum>

class BreakSignal {}
class ContinueSignal {}
class ReturnSignal {
  constructor(readonly value: BcNum) {}
}
/** `halt` ran: bc stops. */
export class HaltSignal {}

/** How much work one bc run may do. */
export interface BcBudget {
  readonly maxSteps: number
  readonly maxDepth: number
  /**
   * The exec's work meter: every step and every big-number operation charges it; it throws the
   * `LimitExceeded` (timeout, abort) that ends the script.
   */
  readonly meter: WorkMeter & { readonly sliceSpent: boolean }
}

export interface BcOutput {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
}

/** Natively implemented `-l` functions: (args, scale) => result. */
export type NativeFunction = (args: ReadonlyArray<BcNum>, scale: number) => BcNum

const unescape = (text: string): string =>
  text.replace(/\\(.)/g, (_, c: string) => {
    switch (c) {
      case "n": return "\n"
      case "t": return "\t"
      case "a": return "\x07"
      case "b": return "\b"
      case "f": return "\f"
      case "r": return "\r"
      case "e": return "\\"
      case "q": return '"'
      case "\\": return "\\"
      default: return c
    }
  })

const LIMITS_TEXT = [
  "BC_BASE_MAX     = 2147483647",
  "BC_DIM_MAX      = 16777215",
  "BC_SCALE_MAX    = 2147483647",
  "BC_STRING_MAX   = 2147483647",
  "MAX Exponent    = 9223372036854775807",
  "Number of vars  = 32767",
  ""
].join("\n")

export class Interpreter {
  scale = 0
  ibase = 10
  obase = 10
  last: BcNum = N.ZERO
  private readonly vars = new Map<string, Array<BcNum>>()
  private readonly arrays = new Map<string, Array<BcArray>>()
  readonly functions = new Map<string, FunctionDef>()
  private readonly column = { value: 0 }
  private funcName = "(main)"
  private depth = 0
  private steps = 0

  constructor(
    private readonly io: BcOutput,
    private readonly lineLength: number,
    private readonly natives: ReadonlyMap<string, NativeFunction>,
    private readonly budget: BcBudget
  ) {}

  private tick(): void {
    const steps = ++this.steps
    if (steps > this.budget.maxSteps) {
      const max = this.budget.maxSteps
      throw new LimitExceeded({ limit: "maxTotalLoopIterations", value: max, message: `bc: too many steps (limit ${max})` })
    }
    this.budget.meter.step(1)
  }

  private write(text: string): void {
    this.io.out(N.wrapLine(text, this.lineLength, this.column))
  }

  private printNumber(n: BcNum): void {
    this.write(N.format(n, this.obase))
  }

  runtimeError(message: string): void {
    this.io.err(`Runtime error (func=${this.funcName}, adr=${this.steps}): ${message}\n`)
  }
  private warn(message: string): void {
    this.io.err(`Runtime warning (func=${this.funcName}, adr=${this.steps}): ${message}\n`)
  }

  /** Run one top-level line's statements; a runtime error ends the line. */
  runLine(stmts: ReadonlyArray<Stmt>): void {
    this.startLine(stmts)
    while (!this.continueLine()) {
      // Run to the end (callers that can yield use startLine/continueLine).
    }
  }

  /** The top-level line in progress: its statements, the next one, and whether a top-level loop is under way. */
  private line: { stmts: ReadonlyArray<Stmt>; index: number; inLoop: boolean } | undefined

  /** Start a top-level line; `continueLine` runs it. */
  startLine(stmts: ReadonlyArray<Stmt>): void {
    this.funcName = "(main)"
    this.depth = 0
    this.line = { stmts, index: 0, inLoop: false }
  }

  /**
   * Run the line started with `startLine` until it ends (true) or a top-level loop pauses
   * because the exec's time slice is spent (false: call again after yielding), so an endless
   * loop gives the event loop (timers, the host's AbortSignal) its turn.
   */
  continueLine(): boolean {
    try {
      return N.withMeter(this.budget.meter, () => this.runPending())
    } catch (e) {
      this.line = undefined
      if (e instanceof N.BcRuntimeError) {
        this.runtimeError(e.message)
        this.unwindScopes()
        return true
      }
      throw e
    }
  }

  private runPending(): boolean {
    const line = this.line
    if (line === undefined) return true
    while (line.index < line.stmts.length) {
      const s = line.stmts[line.index]!
      if (s.kind !== "while" && s.kind !== "for") {
        this.exec(s)
        line.index++
        continue
      }
      if (!line.inLoop) {
        this.tick()
        if (s.kind === "for" && s.init) this.eval(s.init)
        line.inLoop = true
      }
      let iterations = 0
      for (;;) {
        const cond = s.cond
        if (cond !== undefined && N.isZero(this.eval(cond))) break
        if (this.loopBody(s.body)) break
        if (s.kind === "for" && s.step) this.eval(s.step)
        if ((++iterations & 255) === 0 && this.budget.meter.sliceSpent) return false
      }
      line.inLoop = false
      line.index++
    }
    this.line = undefined
    return true
  }

  private readonly scopeLog: Array<{ vars: ReadonlyArray<string>; arrays: ReadonlyArray<string> }> = []
  private unwindScopes(): void {
    while (this.scopeLog.length > 0) this.popScope()
  }
  private popScope(): void {
    const scope = this.scopeLog.pop()!
    for (const v of scope.vars) this.vars.get(v)!.pop()
    for (const a of scope.arrays) this.arrays.get(a)!.pop()
  }

  private exec(s: Stmt): void {
    this.tick()
    switch (s.kind) {
      case "expr": {
        const v = this.eval(s.expr)
        if (s.expr.kind !== "assign") {
          this.printNumber(v)
          this.write("\n")
          this.last = v
        }
        return
      }
      case "str":
        this.write(s.text)
        return
      case "print":
        for (const item of s.items) {
          if (item.kind === "str") this.write(unescape(item.text))
          else this.printNumber(this.eval(item))
        }
        return
      case "block":
        for (const b of s.body) this.exec(b)
        return
      case "if":
        if (!N.isZero(this.eval(s.cond))) this.exec(s.then)
        else if (s.otherwise) this.exec(s.otherwise)
        return
      case "while":
        while (!N.isZero(this.eval(s.cond))) {
          if (this.loopBody(s.body)) break
        }
        return
      case "for":
        if (s.init) this.eval(s.init)
        while (s.cond === undefined || !N.isZero(this.eval(s.cond))) {
          if (this.loopBody(s.body)) break
          if (s.step) this.eval(s.step)
        }
        return
      case "break":
        throw new BreakSignal()
      case "continue":
        throw new ContinueSignal()
      case "halt":
        throw new HaltSignal()
      case "return":
        throw new ReturnSignal(s.value ? this.eval(s.value) : N.ZERO)
      case "empty":
        return
      case "limits":
        this.write(LIMITS_TEXT)
        return
    }
  }

  /** Run a loop body; true when it broke out. */
  private loopBody(body: Stmt): boolean {
    this.tick()
    try {
      this.exec(body)
    } catch (e) {
      if (e instanceof BreakSignal) return true
      if (e instanceof ContinueSignal) return false
      throw e
    }
    return false
  }

  private getVar(name: string): BcNum {
    switch (name) {
      case "scale": return N.fromInt(this.scale)
      case "ibase": return N.fromInt(this.ibase)
      case "obase": return N.fromInt(this.obase)
      case "last": return this.last
    }
    const stack = this.vars.get(name)
    return stack?.[stack.length - 1] ?? N.ZERO
  }

  private setVar(name: string, value: BcNum): void {
    switch (name) {
      case "scale": {
        const n = N.truncInt(value)
        if (n > BigInt(N.MAX_DIGITS)) throw new N.BcRuntimeError(`scale too large (limit ${N.MAX_DIGITS})`)
        if (n < 0n) this.warn("negative scale, set to 0")
        this.scale = n < 0n ? 0 : Number(n)
        return
      }
      case "ibase": {
        const n = Number(N.truncInt(value))
        if (n < 2) this.warn("ibase too small, set to 2")
        else if (n > 36) this.warn("ibase too large, set to 36")
        this.ibase = Math.min(36, Math.max(2, n))
        return
      }
      case "obase": {
        const n = N.truncInt(value)
        if (n < 2n) {
          this.warn("obase too small, set to 2")
          this.obase = 2
        } else if (n > 2147483647n) throw new N.BcRuntimeError("obase too large")
        else this.obase = Number(n)
        return
      }
      case "last":
        this.last = value
        return
    }
    let stack = this.vars.get(name)
    if (!stack) this.vars.set(name, (stack = [value]))
    else stack[stack.length - 1] = value
  }

  private array(name: string): BcArray {
    let stack = this.arrays.get(name)
    if (!stack) this.arrays.set(name, (stack = [new Map()]))
    return stack[stack.length - 1]!
  }

  private index(name: string, e: Expr): string {
    const i = N.truncInt(this.eval(e))
    if (i < 0n || i > 16777215n) throw new N.BcRuntimeError(`Array ${name} subscript out of bounds.`)
    return i.toString()
  }

  private load(lv: LValue): BcNum {
    if (lv.kind === "var") return this.getVar(lv.name)
    return this.array(lv.name).get(this.index(lv.name, lv.index)) ?? N.ZERO
  }

  private store(lv: LValue, value: BcNum, index?: string): void {
    if (lv.kind === "var") this.setVar(lv.name, value)
    else this.array(lv.name).set(index ?? this.index(lv.name, lv.index), value)
  }

  private binary(op: string, a: BcNum, b: BcNum): BcNum {
    switch (op) {
      case "+": return N.add(a, b)
      case "-": return N.sub(a, b)
      case "*": return N.mul(a, b, this.scale)
      case "/": return N.div(a, b, this.scale)
      case "%": return N.mod(a, b, this.scale)
      case "^": return N.pow(a, b, this.scale, (m) => this.warn(m))
    }
    throw new N.BcRuntimeError(`unknown operator ${op}`)
  }

  private eval(e: Expr): BcNum {
    switch (e.kind) {
      case "num":
        return N.parseLiteral(e.text, this.ibase)
      case "var":
      case "elem":
        return this.load(e)
      case "neg":
        return N.neg(this.eval(e.operand))
      case "not":
        return N.isZero(this.eval(e.operand)) ? N.ONE : N.ZERO
      case "bin": {
        if (e.op === "&&") return !N.isZero(this.eval(e.left)) && !N.isZero(this.eval(e.right)) ? N.ONE : N.ZERO
        if (e.op === "||") return !N.isZero(this.eval(e.left)) || !N.isZero(this.eval(e.right)) ? N.ONE : N.ZERO
        const a = this.eval(e.left)
        const b = this.eval(e.right)
        switch (e.op) {
          case "==": return N.compare(a, b) === 0 ? N.ONE : N.ZERO
          case "!=": return N.compare(a, b) !== 0 ? N.ONE : N.ZERO
          case "<": return N.compare(a, b) < 0 ? N.ONE : N.ZERO
          case "<=": return N.compare(a, b) <= 0 ? N.ONE : N.ZERO
          case ">": return N.compare(a, b) > 0 ? N.ONE : N.ZERO
          case ">=": return N.compare(a, b) >= 0 ? N.ONE : N.ZERO
        }
        return this.binary(e.op, a, b)
      }
      case "assign": {
        const index = e.target.kind === "elem" ? this.index(e.target.name, e.target.index) : undefined
        const rhs = this.eval(e.value)
        const current = (): BcNum =>
          e.target.kind === "var" ? this.getVar(e.target.name) : this.array(e.target.name).get(index!) ?? N.ZERO
        const value = e.op === "=" ? rhs : this.binary(e.op.slice(0, 1), current(), rhs)
        this.store(e.target, value, index)
        return e.target.kind === "var" ? this.getVar(e.target.name) : value
      }
      case "incdec": {
        const index = e.target.kind === "elem" ? this.index(e.target.name, e.target.index) : undefined
        const old = e.target.kind === "var" ? this.getVar(e.target.name) : this.array(e.target.name).get(index!) ?? N.ZERO
        const updated = e.op === "++" ? N.add(old, N.ONE) : N.sub(old, N.ONE)
        this.store(e.target, updated, index)
        return e.prefix ? updated : old
      }
      case "builtin": {
        const v = this.eval(e.arg)
        if (e.name === "length") return N.fromInt(N.length(v))
        if (e.name === "scale") return N.fromInt(v.s)
        return N.sqrt(v, this.scale)
      }
      case "call":
        return this.call(e.name, e.args)
    }
  }

  private call(name: string, args: ReadonlyArray<Expr | { kind: "arrayArg"; name: string }>): BcNum {
    const def = this.functions.get(name)
    if (!def) {
      const native = this.natives.get(name)
      if (native) return native(args.map((a) => (a.kind === "arrayArg" ? N.ZERO : this.eval(a))), this.scale)
      throw new N.BcRuntimeError(`Function ${name} not defined.`)
    }
    if (def.params.length !== args.length) throw new N.BcRuntimeError(`Parameter number mismatch`)
    const values = def.params.map((p, i) => {
      const a = args[i]!
      if (p.array !== (a.kind === "arrayArg")) throw new N.BcRuntimeError(`Parameter type mismatch`)
      if (a.kind !== "arrayArg") return this.eval(a)
      return p.ref ? this.array(a.name) : new Map(this.array(a.name))
    })
    if (++this.depth > this.budget.maxDepth) throw new N.BcRuntimeError("function call depth too large")
    const scope = { vars: [] as Array<string>, arrays: [] as Array<string> }
    const push = (n: string, array: boolean, value: BcNum | BcArray) => {
      if (array) {
        const stack = this.arrays.get(n) ?? []
        this.arrays.set(n, stack)
        stack.push(value as BcArray)
        scope.arrays.push(n)
      } else {
        const stack = this.vars.get(n) ?? []
        this.vars.set(n, stack)
        stack.push(value as BcNum)
        scope.vars.push(n)
      }
    }
    def.params.forEach((p, i) => push(p.name, p.array, values[i]!))
    def.autos.forEach((a) => push(a.name, a.array, a.array ? new Map() : N.ZERO))
    this.scopeLog.push(scope)
    const caller = this.funcName
    this.funcName = name
    let result: BcNum = N.ZERO
    try {
      for (const s of def.body) this.exec(s)
    } catch (e) {
      if (!(e instanceof ReturnSignal)) throw e
      result = e.value
    }
    this.funcName = caller
    this.popScope()
    this.depth--
    return result
  }
}
