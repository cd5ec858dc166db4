/** Compilation of awk statements to synchronous closures returning a Completion. */
import type { Stmt, SwitchCase } from "./ast.js"
import { CompileError, type Compiler, type SyncStmt } from "./compile.js"
import { forInKeys } from "./order.js"
import { Completion, type Runtime } from "./runtime.js"
import { MawkArray } from "./mawkArray.js"
import { awkSprintf } from "./strings.js"
import { compareValues, StrNum, toBoolean, toNumber, type Value } from "./values.js"

const toNum = toNumber

export const compileStatement = (c: Compiler, s: Stmt): SyncStmt => {
  switch (s._tag) {
    case "Block": {
      const body = s.body.map((b) => compileStatement(c, b))
      if (body.length === 1) return body[0]!
      return (rt) => {
        for (const b of body) {
          const done = b(rt)
          if (done !== Completion.Normal) return done
        }
        return Completion.Normal
      }
    }
    case "ExprStmt": {
      const e = c.expr(s.expr)
      return (rt) => {
        e(rt)
        return Completion.Normal
      }
    }
    case "Print":
      return compilePrint(c, s)
    case "Printf":
      return compilePrintf(c, s)
    case "If": {
      const test = c.expr(s.test)
      const then = compileStatement(c, s.then)
      const otherwise = s.otherwise === undefined ? undefined : compileStatement(c, s.otherwise)
      if (otherwise === undefined) return (rt) => (toBoolean(test(rt)) ? then(rt) : Completion.Normal)
      return (rt) => (toBoolean(test(rt)) ? then(rt) : otherwise(rt))
    }
    case "While": {
      const test = c.expr(s.test)
      const body = compileStatement(c, s.body)
      return (rt) => {
        while (toBoolean(test(rt))) {
          rt.tickLoop()
          const done = body(rt)
          if (done === Completion.Break) break
          if (done !== Completion.Normal && done !== Completion.Continue) return done
        }
        return Completion.Normal
      }
    }
    case "Do": {
      const test = c.expr(s.test)
      const body = compileStatement(c, s.body)
      return (rt) => {
        do {
          rt.tickLoop()
          const done = body(rt)
          if (done === Completion.Break) break
          if (done !== Completion.Normal && done !== Completion.Continue) return done
        } while (toBoolean(test(rt)))
        return Completion.Normal
      }
    }
    case "For": {
      const init = s.init === undefined ? undefined : c.expr(s.init)
      const test = s.test === undefined ? undefined : c.expr(s.test)
      const update = s.update === undefined ? undefined : c.expr(s.update)
      const body = compileStatement(c, s.body)
      return (rt) => {
        if (init !== undefined) init(rt)
        while (test === undefined || toBoolean(test(rt))) {
          rt.tickLoop()
          const done = body(rt)
          if (done === Completion.Break) break
          if (done !== Completion.Normal && done !== Completion.Continue) return done
          if (update !== undefined) update(rt)
        }
        return Completion.Normal
      }
    }
    case "ForIn": {
      const array = c.arrayRef(s.array)
      const write = c.writeLValue(s.variable)
      const body = compileStatement(c, s.body)
      return (rt) => {
        const a = array(rt)
        const mawk = a instanceof MawkArray
        for (const key of mawk ? a.table.order(a) : forInKeys(rt, a)) {
          // gawk skips keys deleted meanwhile; mawk visits its snapshot, keys as plain strings.
          if (!mawk && !a.has(key)) continue
          rt.tickLoop()
          write(rt, mawk ? key : new StrNum(key))
          const done = body(rt)
          if (done === Completion.Break) break
          if (done !== Completion.Normal && done !== Completion.Continue) return done
        }
        return Completion.Normal
      }
    }
    case "Break":
      return () => Completion.Break
    case "Continue":
      return () => Completion.Continue
    case "Next":
      return () => Completion.Next
    case "NextFile":
      return () => Completion.NextFile
    case "Exit": {
      const code = s.code === undefined ? undefined : c.expr(s.code)
      return (rt) => {
        if (code !== undefined) rt.exitCode = Math.trunc(toNum(code(rt))) & 0xff
        return Completion.Exit
      }
    }
    case "Return": {
      if (c.current === undefined) throw new CompileError("`return' used outside function context")
      const value = s.value === undefined ? undefined : c.expr(s.value)
      return (rt) => {
        rt.returnValue = value === undefined ? undefined : value(rt)
        return Completion.Return
      }
    }
    case "Switch": {
      const subject = c.expr(s.subject)
      const select = caseSelector(c, s.cases)
      const bodies = s.cases.map((k) => k.body.map((b) => compileStatement(c, b)))
      return (rt) => {
        const start = select(rt, subject(rt))
        for (let i = start; i >= 0 && i < bodies.length; i++) {
          for (const b of bodies[i]!) {
            const done = b(rt)
            if (done === Completion.Break) return Completion.Normal
            if (done !== Completion.Normal) return done
          }
        }
        return Completion.Normal
      }
    }
    case "Delete": {
      const array = c.arrayRef(s.array)
      if (s.subscripts === undefined) {
        return (rt) => {
          const a = array(rt)
          if (a instanceof MawkArray) a.table.clear()
          a.clear()
          return Completion.Normal
        }
      }
      const subscript = c.subscript(s.subscripts)
      return (rt) => {
        const a = array(rt)
        const raw = subscript(rt)
        const k = rt.key(raw)
        if (a instanceof MawkArray) a.table.delete(raw, k)
        a.delete(k)
        return Completion.Normal
      }
    }
  }
}

const compilePrint = (c: Compiler, s: Extract<Stmt, { _tag: "Print" }>): SyncStmt => {
  const output = c.outputTarget(s.redirect)
  const args = s.args.map((a) => c.expr(a))
  if (args.length === 0) {
    return (rt) => {
      rt.write(output(rt), rt.recordText + rt.ors)
      return Completion.Normal
    }
  }
  if (args.length === 1) {
    const only = args[0]!
    return (rt) => {
      const text = rt.outputString(only(rt)) + rt.ors
      rt.write(output(rt), text)
      return Completion.Normal
    }
  }
  return (rt) => {
    let text = rt.outputString(args[0]!(rt))
    for (let i = 1; i < args.length; i++) text += rt.ofs + rt.outputString(args[i]!(rt))
    rt.write(output(rt), text + rt.ors)
    return Completion.Normal
  }
}

const compilePrintf = (c: Compiler, s: Extract<Stmt, { _tag: "Printf" }>): SyncStmt => {
  const output = c.outputTarget(s.redirect)
  const args = s.args.map((a) => c.expr(a))
  return (rt) => {
    const values = args.map((a) => a(rt))
    const text = awkSprintf(rt.str(values[0]), values.slice(1), (v) => rt.str(v), (m) => rt.fatal(m), rt.cPrintf, rt.progress)
    rt.write(output(rt), text)
    return Completion.Normal
  }
}

/** The index of the case a switch subject selects (the default when none matches), or -1. */
export const caseSelector = (c: Compiler, cases: ReadonlyArray<SwitchCase>): ((rt: Runtime, subject: Value) => number) => {
  const tests = cases.map((k) => {
    const label = k.label
    if (label === undefined) return undefined
    if (label._tag === "Regex") {
      const re = c.regexOf(label)
      return (rt: Runtime, v: Value) => re(rt).regex.test(rt.str(v))
    }
    const constant = label._tag === "Num" ? label.value : label._tag === "Str" ? label.value : undefined
    return (rt: Runtime, v: Value) => compareValues(v, constant, rt.convfmt) === 0
  })
  const fallback = cases.findIndex((k) => k.label === undefined)
  return (rt, subject) => {
    for (let i = 0; i < tests.length; i++) {
      const test = tests[i]
      if (test !== undefined && test(rt, subject)) return i
    }
    return fallback
  }
}
