/**
 * Compilation of the effectful parts of a program (getline, system, close, fflush, and calls
 * to functions that use them) into generators. A generator yields an Effect whenever it needs
 * the outside world; the driver runs it and resumes the generator with the result. Effect-free
 * sub-expressions still run as the synchronous closures of compile.ts: an effectful node first
 * evaluates its effectful operands, then runs a synchronous copy of itself in which those
 * operands are replaced by `Hole`s holding their values.
 */
import type { Effect } from "effect"
import type { CommandFailure } from "../../Command.js"
import type { Expr, LValue, Redirect, Stmt } from "./ast.js"
import { callResult, leaveCall, outputBuffer } from "./operators.js"
import { CompileError, type Compiler, type FunctionInfo, type SyncExpr, type SyncStmt } from "./compile.js"
import { forInKeys } from "./order.js"
import { caseSelector } from "./statements.js"
import type { RecordResult } from "./records.js"
import { Completion, SPECIAL_INDEX, type Cell, type OutputBuffer, type Runtime } from "./runtime.js"
import { MawkArray } from "./mawkArray.js"
import { awkSprintf } from "./strings.js"
import { StrNum, toBoolean, toNumber, type Value } from "./values.js"

export type Eff = Effect.Effect<unknown, CommandFailure>
export type Gen<A> = Generator<Eff, A, unknown>
export type GenExpr = (rt: Runtime) => Gen<Value>
export type GenStmt = (rt: Runtime) => Gen<Completion>

/** The effects an awk program can ask for, implemented by the command on its context. */
export interface AwkIO {
  /** The next main-input record (NR/FNR/FILENAME maintained), or undefined at the end. */
  readonly readMain: (rt: Runtime) => Gen<string | undefined>
  /** `getline < file`: a record, undefined at end, null when the file cannot be read. */
  readonly readFile: (rt: Runtime, name: string) => Gen<RecordResult | undefined | null>
  /** `cmd | getline`: a record of the command's output, or undefined at its end. */
  readonly readCommand: (rt: Runtime, command: string) => Gen<RecordResult | undefined>
  readonly close: (rt: Runtime, name: string) => Gen<number>
  readonly flush: (rt: Runtime, name: string | undefined) => Gen<number>
  readonly system: (rt: Runtime, command: string) => Gen<number>
  /** Write buffered stdout/stderr (and large file buffers). */
  readonly flushStandard: (rt: Runtime) => Gen<void>
  /** The exec's time slice is spent: write buffered output and give the event loop its turn. */
  readonly pause: (rt: Runtime) => Gen<void>
}

/** A compiled statement: synchronous when it has no effects. */
export type Compiled = { readonly sync: SyncStmt; readonly gen?: undefined } | { readonly sync?: undefined; readonly gen: GenStmt }

const NR = SPECIAL_INDEX.get("NR")!
const RT = SPECIAL_INDEX.get("RT")!

/** Buffered stdout beyond which a printing loop hands it to the driver. */
const FLUSH_THRESHOLD = 65536

export class EffectCompiler {
  private readonly functionGens = new Map<FunctionInfo, GenStmt>()

  constructor(
    readonly c: Compiler,
    readonly io: AwkIO
  ) {}

  // ---- expressions ----

  /** Either a synchronous closure or a generator, whichever the expression needs. */
  operand(e: Expr): { sync: SyncExpr; gen?: undefined } | { sync?: undefined; gen: GenExpr } {
    return this.c.isPure(e) ? { sync: this.c.expr(e) } : { gen: this.expr(e) }
  }

  expr(e: Expr): GenExpr {
    if (this.c.isPure(e)) {
      const sync = this.c.expr(e)
      return function* (rt) {
        return sync(rt)
      }
    }
    switch (e._tag) {
      case "Group":
        return this.expr(e.expr)
      case "And":
      case "Or": {
        const left = this.operand(e.left)
        const right = this.operand(e.right)
        const isAnd = e._tag === "And"
        return function* (rt) {
          const l = toBoolean(left.sync !== undefined ? left.sync(rt) : yield* left.gen(rt))
          if (isAnd ? !l : l) return isAnd ? 0 : 1
          const r = toBoolean(right.sync !== undefined ? right.sync(rt) : yield* right.gen(rt))
          return r ? 1 : 0
        }
      }
      case "Cond": {
        const test = this.operand(e.test)
        const then = this.operand(e.then)
        const otherwise = this.operand(e.otherwise)
        return function* (rt) {
          const t = toBoolean(test.sync !== undefined ? test.sync(rt) : yield* test.gen(rt))
          const branch = t ? then : otherwise
          return branch.sync !== undefined ? branch.sync(rt) : yield* branch.gen(rt)
        }
      }
      case "Getline":
        return this.getline(e)
      case "PipeGetline":
        return this.pipeGetline(e)
      case "Builtin":
        if (e.name === "system" || e.name === "close" || e.name === "fflush") return this.effectBuiltin(e)
        return this.hoist(e)
      case "Call":
        if (this.c.functionInfo(e.name).pure) return this.hoist(e)
        return this.call(e)
      default:
        return this.hoist(e)
    }
  }

  /** Evaluate effectful operands first, then the node synchronously with their values. */
  private hoist(e: Expr): GenExpr {
    const gens: Array<GenExpr> = []
    const replaced = replaceChildren(e, (child) => {
      if (this.c.isPure(child)) return child
      gens.push(this.expr(child))
      return { _tag: "Hole", slot: gens.length - 1 }
    })
    const sync = this.c.expr(replaced)
    return function* (rt) {
      const values: Array<Value> = new Array(gens.length)
      for (let i = 0; i < gens.length; i++) values[i] = yield* gens[i]!(rt)
      const saved = rt.holes
      rt.holes = values
      try {
        return sync(rt)
      } finally {
        rt.holes = saved
      }
    }
  }

  private writer(target: LValue | undefined): ((rt: Runtime, v: Value) => void) | undefined {
    if (target === undefined) return undefined
    if (!this.c.isPure(target)) throw new CompileError("getline target with side effects is not supported")
    return this.c.writeLValue(target)
  }

  private getline(e: Extract<Expr, { _tag: "Getline" }>): GenExpr {
    const write = this.writer(e.target)
    const io = this.io
    if (e.file !== undefined) {
      const file = this.operand(e.file)
      return function* (rt) {
        const name = rt.str(file.sync !== undefined ? file.sync(rt) : yield* file.gen(rt))
        const result = yield* io.readFile(rt, name)
        if (result === null) return -1
        if (result === undefined) return 0
        rt.setSpecial(RT, result.terminator)
        if (write !== undefined) write(rt, new StrNum(result.record))
        else rt.setRecord(result.record)
        return 1
      }
    }
    return function* (rt) {
      const record = yield* io.readMain(rt)
      if (record === undefined) return 0
      if (write !== undefined) write(rt, new StrNum(record))
      else rt.setRecord(record)
      return 1
    }
  }

  private pipeGetline(e: Extract<Expr, { _tag: "PipeGetline" }>): GenExpr {
    const write = this.writer(e.target)
    const command = this.operand(e.command)
    const io = this.io
    return function* (rt) {
      const name = rt.str(command.sync !== undefined ? command.sync(rt) : yield* command.gen(rt))
      const result = yield* io.readCommand(rt, name)
      if (result === undefined) return 0
      rt.setSpecial(NR, toNumber(rt.getSpecial(NR)) + 1)
      rt.setSpecial(RT, result.terminator)
      if (write !== undefined) write(rt, new StrNum(result.record))
      else rt.setRecord(result.record)
      return 1
    }
  }

  private effectBuiltin(e: Extract<Expr, { _tag: "Builtin" }>): GenExpr {
    const args = e.args.map((a) => this.operand(a))
    const io = this.io
    const name = e.name
    if (name === "system" && args.length !== 1) throw new CompileError("system: requires one argument")
    if (name === "close" && (args.length < 1 || args.length > 2)) throw new CompileError("close: requires one or two arguments")
    if (name === "fflush" && args.length > 1) throw new CompileError("fflush: too many arguments")
    return function* (rt) {
      const values: Array<string> = []
      for (const a of args) values.push(rt.str(a.sync !== undefined ? a.sync(rt) : yield* a.gen(rt)))
      if (name === "system") return yield* io.system(rt, values[0]!)
      if (name === "close") return yield* io.close(rt, values[0]!)
      return yield* io.flush(rt, values[0])
    }
  }

  private call(e: Extract<Expr, { _tag: "Call" }>): GenExpr {
    const info = this.c.functionInfo(e.name)
    // Effectful arguments are evaluated first (as values); the rest are cells (arrays by reference).
    const placeholder: Expr = { _tag: "Num", value: 0 }
    const syncCells = this.c.callArguments(info, e.args.map((a) => (this.c.isPure(a) ? a : placeholder)))
    const cells = e.args.map((arg, i) => (this.c.isPure(arg) ? { sync: syncCells[i]! } : { gen: this.expr(arg) }))
    const size = info.def.params.length
    if (e.args.length > size) throw new CompileError(`function \`${e.name}' called with more arguments than declared`)
    const self = this
    return function* (rt) {
      const frame: Array<Cell> = new Array(size)
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i]!
        frame[i] = cell.sync !== undefined ? cell.sync(rt) : yield* cell.gen!(rt)
      }
      return yield* self.invoke(rt, frame, self.functionGen(info))
    }
  }

  private *invoke(rt: Runtime, frame: Array<Cell>, body: GenStmt): Gen<Value> {
    rt.enterCall()
    const saved = rt.frame
    rt.frame = frame
    rt.returnValue = undefined
    let completion: Completion
    try {
      completion = yield* body(rt)
    } finally {
      leaveCall(rt, frame, saved)
    }
    if (rt.tick()) yield* this.io.pause(rt)
    return callResult(rt, completion)
  }

  functionGen(info: FunctionInfo): GenStmt {
    const known = this.functionGens.get(info)
    if (known !== undefined) return known
    let compiled: GenStmt | undefined
    const placeholder: GenStmt = (rt) => compiled!(rt)
    this.functionGens.set(info, placeholder)
    const saved = this.c.current
    this.c.current = info
    const body = this.stmt(info.def.body)
    this.c.current = saved
    compiled = body.gen ?? toGen(body.sync!)
    this.functionGens.set(info, compiled)
    return compiled
  }

  // ---- statements ----

  stmt(s: Stmt): Compiled {
    if (this.c.isPureStmt(s)) return { sync: this.c.stmt(s) }
    return { gen: this.stmtGen(s) }
  }

  private stmtGen(s: Stmt): GenStmt {
    switch (s._tag) {
      case "Block": {
        const body = s.body.map((b) => this.stmt(b))
        return function* (rt) {
          for (const b of body) {
            const c = b.sync !== undefined ? b.sync(rt) : yield* b.gen(rt)
            if (c !== Completion.Normal) return c
          }
          return Completion.Normal
        }
      }
      case "ExprStmt": {
        const e = this.expr(s.expr)
        return function* (rt) {
          yield* e(rt)
          return Completion.Normal
        }
      }
      case "Print":
      case "Printf":
        return this.print(s)
      case "If": {
        const test = this.operand(s.test)
        const then = this.stmt(s.then)
        const otherwise = s.otherwise === undefined ? undefined : this.stmt(s.otherwise)
        return function* (rt) {
          const t = toBoolean(test.sync !== undefined ? test.sync(rt) : yield* test.gen(rt))
          const branch = t ? then : otherwise
          if (branch === undefined) return Completion.Normal
          return branch.sync !== undefined ? branch.sync(rt) : yield* branch.gen(rt)
        }
      }
      case "While":
      case "Do":
      case "For": {
        const init = s._tag === "For" && s.init !== undefined ? this.operand(s.init) : undefined
        const testExpr = s._tag === "For" ? s.test : s.test
        const test = testExpr === undefined ? undefined : this.operand(testExpr)
        const update = s._tag === "For" && s.update !== undefined ? this.operand(s.update) : undefined
        const body = this.stmt(s.body)
        const checkFirst = s._tag !== "Do"
        const io = this.io
        if (init?.gen === undefined && test?.gen === undefined && update?.gen === undefined && body.sync !== undefined) {
          return syncLoop(init?.sync, test?.sync, update?.sync, body.sync, checkFirst, io)
        }
        return function* (rt) {
          if (init !== undefined) init.sync !== undefined ? init.sync(rt) : yield* init.gen(rt)
          let first = true
          for (;;) {
            if (checkFirst || !first) {
              if (test !== undefined && !toBoolean(test.sync !== undefined ? test.sync(rt) : yield* test.gen(rt))) break
            }
            first = false
            if (rt.tickLoop()) yield* io.pause(rt)
            const c = body.sync !== undefined ? body.sync(rt) : yield* body.gen(rt)
            if (rt.stdout.size > FLUSH_THRESHOLD) yield* io.flushStandard(rt)
            if (c === Completion.Break) break
            if (c !== Completion.Normal && c !== Completion.Continue) return c
            if (update !== undefined) update.sync !== undefined ? update.sync(rt) : yield* update.gen(rt)
          }
          return Completion.Normal
        }
      }
      case "ForIn": {
        const array = this.c.arrayRef(s.array)
        const write = this.c.writeLValue(s.variable)
        const body = this.stmt(s.body)
        const io = this.io
        return function* (rt) {
          const a = array(rt)
          const mawk = a instanceof MawkArray
          for (const key of mawk ? a.table.order(a) : forInKeys(rt, a)) {
            if (!mawk && !a.has(key)) continue
            if (rt.tickLoop()) yield* io.pause(rt)
            write(rt, mawk ? key : new StrNum(key))
            const c = body.sync !== undefined ? body.sync(rt) : yield* body.gen(rt)
            if (rt.stdout.size > FLUSH_THRESHOLD) yield* io.flushStandard(rt)
            if (c === Completion.Break) break
            if (c !== Completion.Normal && c !== Completion.Continue) return c
          }
          return Completion.Normal
        }
      }
      case "Exit": {
        const code = this.expr(s.code!)
        return function* (rt) {
          rt.exitCode = Math.trunc(toNumber(yield* code(rt))) & 0xff
          return Completion.Exit
        }
      }
      case "Return": {
        if (this.c.current === undefined) throw new CompileError("`return' used outside function context")
        const value = this.expr(s.value!)
        return function* (rt) {
          const v = yield* value(rt)
          rt.returnValue = v
          return Completion.Return
        }
      }
      case "Switch": {
        const subject = this.operand(s.subject)
        const select = caseSelector(this.c, s.cases)
        const bodies = s.cases.map((k) => k.body.map((b) => this.stmt(b)))
        return function* (rt) {
          const start = select(rt, subject.sync !== undefined ? subject.sync(rt) : yield* subject.gen(rt))
          for (let i = start; i >= 0 && i < bodies.length; i++) {
            for (const b of bodies[i]!) {
              const done = b.sync !== undefined ? b.sync(rt) : yield* b.gen(rt)
              if (done === Completion.Break) return Completion.Normal
              if (done !== Completion.Normal) return done
            }
          }
          return Completion.Normal
        }
      }
      case "Delete": {
        const array = this.c.arrayRef(s.array)
        const parts = (s.subscripts ?? []).map((p) => this.expr(p))
        return function* (rt) {
          const values: Array<Value> = []
          for (const p of parts) values.push(yield* p(rt))
          const a = array(rt)
          if (values.length === 0) {
            if (a instanceof MawkArray) a.table.clear()
            a.clear()
            return Completion.Normal
          }
          const raw = values.length === 1 ? values[0] : values.map((v) => rt.key(v)).join(rt.subsep)
          const k = rt.key(raw)
          if (a instanceof MawkArray) a.table.delete(raw, k)
          a.delete(k)
          return Completion.Normal
        }
      }
      default:
        return toGen(this.c.stmt(s))
    }
  }

  private print(s: Extract<Stmt, { _tag: "Print" | "Printf" }>): GenStmt {
    const args = s.args.map((a) => this.operand(a))
    const target = redirectTarget(s.redirect, this)
    const isPrintf = s._tag === "Printf"
    return function* (rt) {
      const values: Array<Value> = []
      for (const a of args) values.push(a.sync !== undefined ? a.sync(rt) : yield* a.gen(rt))
      const output: OutputBuffer = target === undefined ? rt.stdout : yield* target(rt)
      let text: string
      if (isPrintf) text = awkSprintf(rt.str(values[0]), values.slice(1), (v) => rt.str(v), (m) => rt.fatal(m), rt.cPrintf, rt.progress)
      else if (values.length === 0) text = rt.recordText + rt.ors
      else text = values.map((v) => rt.outputString(v)).join(rt.ofs) + rt.ors
      rt.write(output, text)
      return Completion.Normal
    }
  }
}

const redirectTarget = (redirect: Redirect | undefined, ec: EffectCompiler): ((rt: Runtime) => Gen<OutputBuffer>) | undefined => {
  if (redirect === undefined) return undefined
  const name = ec.expr(redirect.target)
  const mode = redirect.mode
  return function* (rt) {
    return outputBuffer(rt, mode, rt.str(yield* name(rt)))
  }
}

/** Returned by a loop's synchronous burst when it must pause before running the next body. */
const PAUSE = -1

/**
 * A loop whose parts are all synchronous runs in synchronous bursts (as fast as a plain loop)
 * and pauses only when the exec's slice is spent or its output is worth writing; after the
 * pause, the iteration it stopped before runs its body.
 */
const syncLoop = (
  init: SyncExpr | undefined,
  test: SyncExpr | undefined,
  update: SyncExpr | undefined,
  body: SyncStmt,
  checkFirst: boolean,
  io: AwkIO
): GenStmt => {
  /** Run iterations; `resume`: the test of the first one already passed (after a pause, or a do-loop's first). */
  const burst = (rt: Runtime, resume: boolean): Completion | typeof PAUSE => {
    for (;;) {
      if (!resume) {
        if (test !== undefined && !toBoolean(test(rt))) return Completion.Normal
        if (rt.tickLoop() || rt.stdout.size > FLUSH_THRESHOLD) return PAUSE
      }
      resume = false
      const c = body(rt)
      if (c === Completion.Break) return Completion.Normal
      if (c !== Completion.Normal && c !== Completion.Continue) return c
      if (update !== undefined) update(rt)
    }
  }
  return function* (rt) {
    if (init !== undefined) init(rt)
    let resume = !checkFirst
    if (resume && rt.tickLoop()) yield* io.pause(rt)
    for (;;) {
      const c = burst(rt, resume)
      if (c !== PAUSE) return c
      yield* io.pause(rt)
      resume = true
    }
  }
}

export const toGen = (sync: SyncStmt): GenStmt =>
  function* (rt) {
    return sync(rt)
  }

/** Rebuild an expression with each direct operand passed through `f` (lvalue internals included). */
const replaceChildren = (e: Expr, f: (child: Expr) => Expr): Expr => {
  const lvalue = (t: LValue): LValue => {
    if (t._tag === "Index") return { ...t, subscripts: t.subscripts.map(f) }
    if (t._tag === "Field") return { ...t, index: f(t.index) }
    return t
  }
  switch (e._tag) {
    case "Index":
    case "Field":
      return lvalue(e)
    case "Assign":
      return { ...e, target: lvalue(e.target), value: f(e.value) }
    case "In":
      return { ...e, subscripts: e.subscripts.map(f) }
    case "Match":
      return { ...e, subject: f(e.subject), pattern: e.pattern._tag === "Regex" ? e.pattern : f(e.pattern) }
    case "Binary":
      return { ...e, left: f(e.left), right: f(e.right) }
    case "Concat":
      return { ...e, parts: e.parts.map(f) }
    case "Unary":
      return { ...e, operand: f(e.operand) }
    case "IncDec":
      return { ...e, target: lvalue(e.target) }
    case "Group":
      return { ...e, expr: f(e.expr) }
    case "Builtin":
      return { ...e, args: e.args.map((a) => (a._tag === "Var" || a._tag === "Regex" ? a : f(a))) }
    case "Call":
      return { ...e, args: e.args.map((a) => (a._tag === "Var" ? a : f(a))) }
    default:
      return e
  }
}
