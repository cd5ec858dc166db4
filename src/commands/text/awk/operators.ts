/** Runtime operations shared by the synchronous and the effectful compilers. */
import { Completion, ControlSignal, type Cell, type OutputBuffer, type Runtime } from "./runtime.js"
import type { SyncStmt } from "./compile.js"
import { MeteredArray } from "./memory.js"
import type { Value } from "./values.js"

/** Run a function body on a new frame. `next`/`exit` inside it unwind as a ControlSignal. */
export const invoke = (rt: Runtime, frame: Array<Cell>, body: SyncStmt): Value => {
  rt.enterCall()
  const saved = rt.frame
  rt.frame = frame
  rt.returnValue = undefined
  let completion: Completion
  try {
    completion = body(rt)
  } finally {
    leaveCall(rt, frame, saved)
  }
  return callResult(rt, completion)
}

/** Back to the caller's frame; the arrays the call made as its locals go with it (their memory too). */
export const leaveCall = (rt: Runtime, frame: Array<Cell>, saved: Array<Cell>): void => {
  for (let i = 0; i < frame.length; i++) {
    const cell = frame[i]
    if (cell instanceof MeteredArray && cell.owner === rt.callDepth) cell.release()
  }
  rt.frame = saved
  rt.callDepth--
}

/**
 * What a finished function body yields (shared by both compilers): its `return` value; `next`,
 * `nextfile` and `exit` keep unwinding as a ControlSignal.
 */
export const callResult = (rt: Runtime, completion: Completion): Value => {
  if (completion === Completion.Return) {
    const value = rt.returnValue
    rt.returnValue = undefined
    return value
  }
  if (completion === Completion.Next || completion === Completion.NextFile || completion === Completion.Exit) {
    throw new ControlSignal(completion)
  }
  return undefined
}

export const comparisonTest = (op: string): ((c: number) => boolean) => {
  switch (op) {
    case "<":
      return (c) => c < 0
    case "<=":
      return (c) => c <= 0
    case ">":
      return (c) => c > 0
    case ">=":
      return (c) => c >= 0
    case "==":
      return (c) => c === 0
    default:
      return (c) => c !== 0
  }
}

export const arithmetic = (op: string): ((rt: Runtime, a: number, b: number) => number) => {
  switch (op) {
    case "+":
      return (_rt, a, b) => a + b
    case "-":
      return (_rt, a, b) => a - b
    case "*":
      return (_rt, a, b) => a * b
    case "/":
      return (rt, a, b) => {
        if (b === 0) rt.fatal("division by zero attempted")
        return a / b
      }
    case "%":
      return (rt, a, b) => {
        if (b === 0) rt.fatal("division by zero attempted in `%'")
        return a % b
      }
    default:
      return (_rt, a, b) => power(a, b)
  }
}

export const power = (a: number, b: number): number => {
  if (Number.isInteger(b) && b >= 0 && b <= 1024) {
    let result = 1
    let base = a
    let n = b
    while (n > 0) {
      if (n & 1) result *= base
      base *= base
      n >>>= 1
    }
    return result
  }
  return Math.pow(a, b)
}

export const outputBuffer = (rt: Runtime, mode: ">" | ">>" | "|", name: string): OutputBuffer => {
  if (mode !== "|" && (name === "/dev/stdout" || name === "-" || name === "/dev/fd/1")) return rt.stdout
  if (mode !== "|" && (name === "/dev/stderr" || name === "/dev/fd/2")) return rt.stderr
  let buffer = rt.outputs.get(name)
  if (buffer === undefined) {
    const kind = mode === "|" ? "pipe" : name === "/dev/null" ? "null" : mode === ">>" ? "append" : "file"
    buffer = { kind, name, chunks: [], size: 0, truncated: false }
    rt.outputs.set(name, buffer)
  }
  return buffer
}
