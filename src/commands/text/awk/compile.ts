/**
 * Compiles the awk AST to JavaScript closures. Expressions and statements without effects
 * (the vast majority) become plain synchronous closures; those containing getline, system(),
 * close(), fflush() or calls to such functions are compiled by `effects.ts` into generators
 * that the driver resumes after running each effect.
 */
import type { Expr, FunctionDef, LValue, Program, Redirect, Stmt } from "./ast.js"
import { callBuiltin } from "./builtins.js"
import { MawkArray } from "./mawkArray.js"
import { compileAwkRegex, type AwkRegex } from "./regex.js"
import { Completion, Runtime, SPECIAL_INDEX, type AwkArray, type Cell, type OutputBuffer } from "./runtime.js"
import { arithmetic, comparisonTest, invoke, outputBuffer } from "./operators.js"
import { arrayUses, isLoop, isPrintingLoop, walkExpr, walkStmt } from "./walk.js"
import { compileStatement } from "./statements.js"
import { compareValues, StrNum, toBoolean, toNumber, type Value } from "./values.js"

export type SyncExpr = (rt: Runtime) => Value
export type SyncStmt = (rt: Runtime) => Completion
export type ArrayRef = (rt: Runtime) => AwkArray

export interface FunctionInfo {
  readonly def: FunctionDef
  readonly locals: Map<string, number>
  /** Which parameters the body uses as arrays (directly or by passing them on). */
  readonly arrayParams: Array<boolean>
  pure: boolean
  sync: SyncStmt | undefined
}

const IMPURE_BUILTINS = new Set(["system", "close", "fflush"])

const toNum = toNumber

/** A string value long enough to be charged to the memory account when a global holds it. */
const isLong = (v: Value): boolean => (typeof v === "string" ? v.length > LONG_STRING : v instanceof StrNum && v.text.length > LONG_STRING)
const LONG_STRING = 256

export class Compiler {
  readonly globals = new Map<string, number>()
  readonly functions = new Map<string, FunctionInfo>()
  private readonly purity = new WeakMap<object, boolean>()
  /** The function being compiled (undefined at the top level). */
  current: FunctionInfo | undefined

  constructor(readonly program: Program) {
    for (const def of program.functions) {
      if (this.functions.has(def.name)) throw new CompileError(`function \`${def.name}' previously defined`)
      if (BUILTIN_NAMES.has(def.name)) throw new CompileError(`function name \`${def.name}' previously defined`)
      const locals = new Map<string, number>()
      def.params.forEach((p, i) => locals.set(p, i))
      this.functions.set(def.name, { def, locals, arrayParams: def.params.map(() => false), pure: true, sync: undefined })
    }
    for (const name of ["ENVIRON", "ARGV", "ARGC", "PROCINFO"]) this.globalSlot(name)
    this.analyseFunctions()
  }

  globalSlot(name: string): number {
    let slot = this.globals.get(name)
    if (slot === undefined) {
      slot = this.globals.size
      this.globals.set(name, slot)
    }
    return slot
  }

  // ---- static analysis: purity and array parameters ----

  private analyseFunctions(): void {
    for (let changed = true; changed; ) {
      changed = false
      for (const info of this.functions.values()) {
        const arrays = new Set<string>()
        let pure = true
        walkStmt(info.def.body, (e) => {
          if (e._tag === "Getline" || e._tag === "PipeGetline") pure = false
          if (e._tag === "Builtin" && IMPURE_BUILTINS.has(e.name)) pure = false
          if (e._tag === "Call") {
            const callee = this.functions.get(e.name)
            if (callee !== undefined && !callee.pure) pure = false
            e.args.forEach((arg, i) => {
              if (arg._tag === "Var" && callee?.arrayParams[i] === true) arrays.add(arg.name)
            })
          }
          for (const name of arrayUses(e)) arrays.add(name)
        }, (s) => {
          if (s._tag === "ForIn" || s._tag === "Delete") arrays.add(s.array)
          if (isPrintingLoop(s)) pure = false
        })
        if (!pure && info.pure) {
          info.pure = false
          changed = true
        }
        info.def.params.forEach((p, i) => {
          if (arrays.has(p) && !info.arrayParams[i]) {
            info.arrayParams[i] = true
            changed = true
          }
        })
      }
    }
  }

  isPure(e: Expr): boolean {
    const known = this.purity.get(e)
    if (known !== undefined) return known
    let pure = true
    walkExpr(e, (node) => {
      if (node._tag === "Getline" || node._tag === "PipeGetline") pure = false
      else if (node._tag === "Builtin" && IMPURE_BUILTINS.has(node.name)) pure = false
      else if (node._tag === "Call" && this.functions.get(node.name)?.pure === false) pure = false
    })
    this.purity.set(e, pure)
    return pure
  }

  isPureStmt(s: Stmt): boolean {
    const known = this.purity.get(s)
    if (known !== undefined) return known
    let pure = true
    walkStmt(s, (e) => {
      if (!this.isPure(e)) pure = false
    }, (inner) => {
      if (isLoop(inner)) pure = false
    })
    this.purity.set(s, pure)
    return pure
  }

  // ---- variables ----

  private localSlot(name: string): number | undefined {
    return this.current?.locals.get(name)
  }

  arrayRef(name: string): ArrayRef {
    if (SPECIAL_INDEX.has(name)) throw new CompileError(`attempt to use scalar \`${name}' as an array`)
    if (this.functions.has(name)) throw new CompileError(`function \`${name}' called with space between name and \`(',`)
    const local = this.localSlot(name)
    if (local !== undefined) return (rt) => rt.localArray(local, name)
    const slot = this.globalSlot(name)
    return (rt) => rt.globalArray(slot, name)
  }

  /**
   * The subscript as a value: one expression's value as is (mawk keys integral numbers apart
   * from strings), several joined with SUBSEP.
   */
  subscript(subscripts: ReadonlyArray<Expr>): (rt: Runtime) => Value {
    if (subscripts.length === 1) return this.expr(subscripts[0]!)
    return this.subscriptKey(subscripts)
  }

  subscriptKey(subscripts: ReadonlyArray<Expr>): (rt: Runtime) => string {
    const parts = subscripts.map((s) => this.expr(s))
    if (parts.length === 1) {
      const only = parts[0]!
      return (rt) => rt.key(only(rt))
    }
    return (rt) => {
      let key = rt.key(parts[0]!(rt))
      for (let i = 1; i < parts.length; i++) key += rt.subsep + rt.key(parts[i]!(rt))
      return key
    }
  }

  /** A closure reading the lvalue. */
  readLValue(target: LValue): SyncExpr {
    return this.expr(target)
  }

  /** A closure `(rt, value) => void` writing the lvalue. */
  writeLValue(target: LValue): (rt: Runtime, value: Value) => void {
    switch (target._tag) {
      case "Var": {
        const name = target.name
        const special = SPECIAL_INDEX.get(name)
        if (special !== undefined) return (rt, v) => rt.setSpecial(special, v)
        const local = this.localSlot(name)
        if (local !== undefined) {
          return (rt, v) => {
            if (rt.frame[local] instanceof Map) rt.fatal(`attempt to use array \`${name}' in a scalar context`)
            rt.frame[local] = v
          }
        }
        if (this.functions.has(name)) throw new CompileError(`function \`${name}' called with space between name and \`(',`)
        const slot = this.globalSlot(name)
        return (rt, v) => {
          const old = rt.globals[slot]
          if (old instanceof Map) rt.fatal(`attempt to use array \`${name}' in a scalar context`)
          // Long strings held by globals are on the memory account (short ones are not worth the bookkeeping).
          if (isLong(v) || isLong(old as Value)) rt.chargeScalar(old as Value, v)
          rt.globals[slot] = v
        }
      }
      case "Index": {
        const array = this.arrayRef(target.name)
        const subscript = this.subscript(target.subscripts)
        return (rt, v) => {
          const a = array(rt)
          const raw = subscript(rt)
          const k = rt.key(raw)
          if (a instanceof MawkArray) a.table.access(raw, k, true)
          a.set(k, v)
        }
      }
      case "Field": {
        const index = this.expr(target.index)
        return (rt, v) => rt.setField(rt.fieldIndex(index(rt)), v)
      }
    }
  }

  /**
   * Read-modify-write of an lvalue with its location computed once (`a[i++] += 2`).
   * `update` gets the old value and returns the new one; the closure returns `result(old, new)`.
   */
  private modify(target: LValue, update: (rt: Runtime, old: Value) => Value, returnOld: boolean): SyncExpr {
    switch (target._tag) {
      case "Index": {
        const array = this.arrayRef(target.name)
        const subscript = this.subscript(target.subscripts)
        return (rt) => {
          const a = array(rt)
          const raw = subscript(rt)
          const k = rt.key(raw)
          if (a instanceof MawkArray) a.table.access(raw, k, true)
          const old = a.get(k)
          const value = update(rt, old)
          a.set(k, value)
          return returnOld ? toNum(old) : value
        }
      }
      case "Field": {
        const index = this.expr(target.index)
        return (rt) => {
          const i = rt.fieldIndex(index(rt))
          const old = rt.getField(i)
          const value = update(rt, old)
          rt.setField(i, value)
          return returnOld ? toNum(old) : value
        }
      }
      case "Var": {
        const read = this.expr(target)
        const write = this.writeLValue(target)
        return (rt) => {
          const old = read(rt)
          const value = update(rt, old)
          write(rt, value)
          return returnOld ? toNum(old) : value
        }
      }
    }
  }

  regexOf(pattern: Expr): (rt: Runtime) => AwkRegex {
    if (pattern._tag === "Regex") {
      const source = pattern.source
      compileAwkRegex(source)
      return (rt) => compileAwkRegex(source, rt.regexMode, rt.regexMeter)
    }
    const dynamic = this.expr(pattern)
    return (rt) => compileAwkRegex(rt.str(dynamic(rt)), rt.regexMode, rt.regexMeter)
  }

  // ---- expressions ----

  expr(e: Expr): SyncExpr {
    switch (e._tag) {
      case "Num": {
        const value = e.value
        return () => value
      }
      case "Str": {
        const value = e.value
        return () => value
      }
      case "Hole": {
        const slot = e.slot
        return (rt) => rt.holes[slot]
      }
      case "Regex": {
        const re = this.regexOf(e)
        return (rt) => (re(rt).regex.test(rt.recordText) ? 1 : 0)
      }
      case "Group":
        return this.expr(e.expr)
      case "Var": {
        const name = e.name
        const special = SPECIAL_INDEX.get(name)
        if (special !== undefined) return (rt) => rt.getSpecial(special)
        const local = this.localSlot(name)
        if (local !== undefined) {
          return (rt) => {
            const cell = rt.frame[local]
            return cell instanceof Map ? rt.scalarOf(cell, name) : cell
          }
        }
        if (this.functions.has(name)) throw new CompileError(`function \`${name}' called with space between name and \`(',`)
        const slot = this.globalSlot(name)
        return (rt) => {
          const cell = rt.globals[slot]
          return cell instanceof Map ? rt.scalarOf(cell, name) : cell
        }
      }
      case "Index": {
        const array = this.arrayRef(e.name)
        const subscript = this.subscript(e.subscripts)
        return (rt) => {
          const a = array(rt)
          const raw = subscript(rt)
          const k = rt.key(raw)
          if (a instanceof MawkArray) a.table.access(raw, k, true)
          const v = a.get(k)
          // Referencing an element creates it, as in awk.
          if (v === undefined && !a.has(k)) a.set(k, undefined)
          return v
        }
      }
      case "Field": {
        const index = e.index
        if (index._tag === "Num") {
          const i = Math.trunc(index.value)
          return (rt) => rt.getField(i)
        }
        const compiled = this.expr(index)
        return (rt) => rt.getField(rt.fieldIndex(compiled(rt)))
      }
      case "Assign":
        return this.assign(e.op, e.target, this.expr(e.value))
      case "Cond": {
        const test = this.expr(e.test)
        const then = this.expr(e.then)
        const otherwise = this.expr(e.otherwise)
        return (rt) => (toBoolean(test(rt)) ? then(rt) : otherwise(rt))
      }
      case "And": {
        const left = this.expr(e.left)
        const right = this.expr(e.right)
        return (rt) => (toBoolean(left(rt)) && toBoolean(right(rt)) ? 1 : 0)
      }
      case "Or": {
        const left = this.expr(e.left)
        const right = this.expr(e.right)
        return (rt) => (toBoolean(left(rt)) || toBoolean(right(rt)) ? 1 : 0)
      }
      case "In": {
        const array = this.arrayRef(e.array)
        const subscript = this.subscript(e.subscripts)
        return (rt) => {
          const a = array(rt)
          const raw = subscript(rt)
          const k = rt.key(raw)
          if (a instanceof MawkArray) a.table.access(raw, k, false)
          return a.has(k) ? 1 : 0
        }
      }
      case "Match": {
        const subject = this.expr(e.subject)
        const re = this.regexOf(e.pattern)
        const negate = e.negate
        return (rt) => {
          const text = rt.str(subject(rt))
          return re(rt).regex.test(text) !== negate ? 1 : 0
        }
      }
      case "Binary":
        return this.binary(e.op, this.expr(e.left), this.expr(e.right))
      case "Concat": {
        const parts = e.parts.map((p) => this.expr(p))
        if (parts.length === 2) {
          const [a, b] = parts as [SyncExpr, SyncExpr]
          return (rt) => {
            const x = rt.str(a(rt))
            const y = rt.str(b(rt))
            if (x.length + y.length > 65536) rt.checkLength(x.length + y.length)
            return x + y
          }
        }
        return (rt) => {
          let out = ""
          for (const part of parts) {
            const piece = rt.str(part(rt))
            if (out.length + piece.length > 65536) rt.checkLength(out.length + piece.length)
            out += piece
          }
          return out
        }
      }
      case "Unary": {
        const operand = this.expr(e.operand)
        if (e.op === "!") return (rt) => (toBoolean(operand(rt)) ? 0 : 1)
        if (e.op === "-") return (rt) => -toNum(operand(rt))
        return (rt) => toNum(operand(rt))
      }
      case "IncDec": {
        const delta = e.op === "++" ? 1 : -1
        return this.modify(e.target, (_rt, old) => toNum(old) + delta, !e.prefix)
      }
      case "Call":
        return this.call(e)
      case "Builtin":
        return callBuiltin(this, e)
      case "Getline":
      case "PipeGetline":
        throw new CompileError("internal: effectful expression compiled synchronously")
    }
  }

  private assign(op: string, target: LValue, value: SyncExpr): SyncExpr {
    if (op === "=") {
      const write = this.writeLValue(target)
      return (rt) => {
        const v = value(rt)
        write(rt, v)
        return v
      }
    }
    const arith = arithmetic(op.slice(0, -1))
    return this.modify(target, (rt, old) => arith(rt, toNum(old), toNum(value(rt))), false)
  }

  private binary(op: string, left: SyncExpr, right: SyncExpr): SyncExpr {
    switch (op) {
      case "<":
      case "<=":
      case ">":
      case ">=":
      case "==":
      case "!=": {
        const test = comparisonTest(op)
        return (rt) => {
          const a = left(rt)
          const b = right(rt)
          if (typeof a === "number" && typeof b === "number") return test(a < b ? -1 : a > b ? 1 : a === b ? 0 : NaN) ? 1 : 0
          return test(compareValues(a, b, rt.convfmt, rt.integerLimit)) ? 1 : 0
        }
      }
      case "+":
        return (rt) => toNum(left(rt)) + toNum(right(rt))
      case "-":
        return (rt) => toNum(left(rt)) - toNum(right(rt))
      case "*":
        return (rt) => toNum(left(rt)) * toNum(right(rt))
      default: {
        const arith = arithmetic(op)
        return (rt) => {
          const a = toNum(left(rt))
          return arith(rt, a, toNum(right(rt)))
        }
      }
    }
  }

  // ---- user functions ----

  /** Closures producing the cells passed for each argument (arrays by reference). */
  callArguments(info: FunctionInfo, args: ReadonlyArray<Expr>): Array<(rt: Runtime) => Cell> {
    const def = info.def
    if (args.length > def.params.length) {
      throw new CompileError(`function \`${def.name}' called with more arguments than declared`)
    }
    return args.map((arg, i) => {
      if (arg._tag === "Var" && !SPECIAL_INDEX.has(arg.name)) {
        const name = arg.name
        const local = this.localSlot(name)
        const wantsArray = info.arrayParams[i] === true
        if (local !== undefined) {
          return (rt) => {
            const cell = rt.frame[local]
            if (cell === undefined && wantsArray) return rt.localArray(local, name)
            return cell
          }
        }
        const slot = this.globalSlot(name)
        return (rt) => {
          const cell = rt.globals[slot]
          if (cell === undefined && wantsArray) return rt.globalArray(slot, name)
          return cell
        }
      }
      const value = this.expr(arg)
      return value
    })
  }

  functionInfo(name: string): FunctionInfo {
    const info = this.functions.get(name)
    if (info === undefined) throw new CompileError(`function \`${name}' not defined`)
    return info
  }

  private call(e: Extract<Expr, { _tag: "Call" }>): SyncExpr {
    const info = this.functionInfo(e.name)
    const args = this.callArguments(info, e.args)
    const size = info.def.params.length
    const compiler = this
    return (rt) => {
      const frame: Array<Cell> = new Array(size)
      for (let i = 0; i < args.length; i++) frame[i] = args[i]!(rt)
      const body = info.sync ?? compiler.compileFunctionSync(info)
      return invoke(rt, frame, body)
    }
  }

  compileFunctionSync(info: FunctionInfo): SyncStmt {
    if (info.sync !== undefined) return info.sync
    // Placeholder for recursion while the body compiles.
    let compiled: SyncStmt | undefined
    info.sync = (rt) => compiled!(rt)
    const saved = this.current
    this.current = info
    compiled = this.stmt(info.def.body)
    this.current = saved
    info.sync = compiled
    return compiled
  }

  // ---- statements ----

  stmt(s: Stmt): SyncStmt {
    return compileStatement(this, s)
  }

  /** Where a print goes: stdout, or a redirection's buffer. */
  outputTarget(redirect: Redirect | undefined): (rt: Runtime) => OutputBuffer {
    if (redirect === undefined) return (rt) => rt.stdout
    const target = this.expr(redirect.target)
    const mode = redirect.mode
    return (rt) => outputBuffer(rt, mode, rt.str(target(rt)))
  }
}

export class CompileError {
  constructor(readonly message: string) {}
}

const BUILTIN_NAMES = new Set(["length", "substr", "index", "split", "sub", "gsub", "match", "sprintf", "system", "close"])


