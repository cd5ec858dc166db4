/** The awk program driver: BEGIN, the record loop over the main input, END. */
import type { Program } from "./ast.js"
import { Compiler, type SyncExpr } from "./compile.js"
import { EffectCompiler, type AwkIO, type Compiled, type Gen, type GenExpr } from "./effects.js"
import { Completion, ControlSignal, type Runtime } from "./runtime.js"
import { toBoolean } from "./values.js"

/** The effects the driver needs beyond the program's own. */
export interface DriverIO extends AwkIO {
  /** Abandon the current input file (`nextfile`). */
  readonly skipFile: () => void
  /** Flush and close every output and run pending output pipes, at exit. */
  readonly closeAll: (rt: Runtime) => Gen<void>
  /** gawk's BEGINFILE / ENDFILE actions, run as each input file starts and ends. */
  readonly setFileHooks: (begin: (rt: Runtime) => Gen<void>, end: (rt: Runtime) => Gen<void>) => void
}

type Operand = { readonly sync: SyncExpr; readonly gen?: undefined } | { readonly sync?: undefined; readonly gen: GenExpr }

interface MainRule {
  readonly run: Compiled
}

export class AwkProgram {
  private readonly begin: Array<Compiled> = []
  private readonly end: Array<Compiled> = []
  private readonly main: Array<MainRule> = []
  private readonly beginFile: Array<Compiled> = []
  private readonly endFile: Array<Compiled> = []

  /** Global variable slots by name (ARGV, ENVIRON, -v targets...). */
  readonly globals: ReadonlyMap<string, number>

  constructor(program: Program, io: DriverIO) {
    const compiler = new Compiler(program)
    this.globals = compiler.globals
    const ec = new EffectCompiler(compiler, io)
    for (const rule of program.rules) {
      const pattern = rule.pattern
      if (pattern._tag === "Begin") this.begin.push(ec.stmt(rule.action!))
      else if (pattern._tag === "End") this.end.push(ec.stmt(rule.action!))
      else if (pattern._tag === "BeginFile") this.beginFile.push(ec.stmt(rule.action!))
      else if (pattern._tag === "EndFile") this.endFile.push(ec.stmt(rule.action!))
      else this.main.push({ run: this.mainRule(ec, rule.pattern, rule.action) })
    }
    this.io = io
    if (this.beginFile.length > 0 || this.endFile.length > 0) {
      const runAll = (actions: Array<Compiled>) =>
        function* (this: AwkProgram, rt: Runtime): Gen<void> {
          for (const action of actions) if ((yield* this.runAction(rt, action)) !== Completion.Normal) break
        }
      io.setFileHooks(runAll(this.beginFile).bind(this), runAll(this.endFile).bind(this))
    }
  }

  private readonly io: DriverIO

  private mainRule(ec: EffectCompiler, pattern: Program["rules"][number]["pattern"], action: Program["rules"][number]["action"]): Compiled {
    const body: Compiled =
      action === undefined
        ? {
            sync: (rt) => {
              rt.write(rt.stdout, rt.recordText + rt.ors)
              return Completion.Normal
            }
          }
        : ec.stmt(action)
    if (pattern._tag === "All") return body
    if (pattern._tag === "Expr") {
      const test: Operand = ec.operand(pattern.expr)
      if (test.sync !== undefined && body.sync !== undefined) {
        const t = test.sync
        const b = body.sync
        return { sync: (rt) => (toBoolean(t(rt)) ? b(rt) : Completion.Normal) }
      }
      return {
        gen: function* (rt) {
          const matched = toBoolean(test.sync !== undefined ? test.sync(rt) : yield* test.gen(rt))
          if (!matched) return Completion.Normal
          return body.sync !== undefined ? body.sync(rt) : yield* body.gen(rt)
        }
      }
    }
    if (pattern._tag !== "Range") return body
    const start: Operand = ec.operand(pattern.start)
    const end: Operand = ec.operand(pattern.end)
    let active = false
    if (start.sync !== undefined && end.sync !== undefined && body.sync !== undefined) {
      const [s, e, b] = [start.sync, end.sync, body.sync]
      return {
        sync: (rt) => {
          if (!active) {
            if (!toBoolean(s(rt))) return Completion.Normal
            active = true
          }
          if (toBoolean(e(rt))) active = false
          return b(rt)
        }
      }
    }
    return {
      gen: function* (rt) {
        if (!active) {
          if (!toBoolean(start.sync !== undefined ? start.sync(rt) : yield* start.gen(rt))) return Completion.Normal
          active = true
        }
        if (toBoolean(end.sync !== undefined ? end.sync(rt) : yield* end.gen(rt))) active = false
        return body.sync !== undefined ? body.sync(rt) : yield* body.gen(rt)
      }
    }
  }

  /** Run one action; a `next`/`exit` from inside a function arrives as a ControlSignal. */
  private *runAction(rt: Runtime, action: Compiled): Gen<Completion> {
    try {
      return action.sync !== undefined ? action.sync(rt) : yield* action.gen(rt)
    } catch (error) {
      if (error instanceof ControlSignal) return error.completion
      throw error
    }
  }

  get readsInput(): boolean {
    return this.main.length > 0 || this.end.length > 0 || this.beginFile.length > 0 || this.endFile.length > 0
  }

  *run(rt: Runtime): Gen<number> {
    const io = this.io
    let exiting = false
    for (const action of this.begin) {
      if ((yield* this.runAction(rt, action)) === Completion.Exit) {
        exiting = true
        break
      }
    }
    if (!exiting && this.readsInput) {
      const main = this.main
      const count = main.length
      records: for (;;) {
        const record = yield* io.readMain(rt)
        if (record === undefined) break
        rt.setRecord(record)
        for (let i = 0; i < count; i++) {
          const run = main[i]!.run
          let c: Completion
          if (run.sync !== undefined) {
            try {
              c = run.sync(rt)
            } catch (error) {
              if (!(error instanceof ControlSignal)) throw error
              c = error.completion
            }
          } else c = yield* this.runAction(rt, run)
          if (c === Completion.Normal) continue
          if (c === Completion.Next) break
          if (c === Completion.NextFile) {
            io.skipFile()
            break
          }
          if (c === Completion.Exit) {
            exiting = true
            break records
          }
        }
        if (rt.tick()) yield* io.pause(rt)
        else if (rt.stdout.size > 65536 || rt.stderr.size > 0) yield* io.flushStandard(rt)
      }
    }
    for (const action of this.end) {
      if ((yield* this.runAction(rt, action)) === Completion.Exit) break
    }
    yield* io.closeAll(rt)
    return rt.exitCode
  }
}
