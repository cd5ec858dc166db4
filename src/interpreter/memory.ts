import type { Budget, WorkMeter } from "../limits/Budget.js"
import type { FunctionDef } from "../parser/Ast.js"
import type { ShellState } from "./ShellState.js"
import type { Scope, VarValue } from "./variables.js"

/**
 * The memory account of shell state (variables, arrays, functions, aliases, positional
 * parameters, the directory stack, traps): what a script keeps rather than what a command
 * holds for a moment.
 *
 * Counting every mutation exactly would touch every path that changes state; instead the
 * mutation paths report their growth cheaply (`grew`), and once enough has grown the budget
 * asks for a measurement, which walks every live state of the exec (the session's and those of
 * running subshells, pipeline stages and jobs; tables shared copy-on-write are counted once).
 * Re-measuring only after growth of a quarter of the last measurement keeps the walks'
 * total cost linear in what the script builds.
 *
 * Sizes are estimates of what V8 holds: a character per byte plus a fixed overhead per
 * variable, element, entry and function (whose AST is several times its source text).
 */

/** Overheads, in bytes, of one entry of each kind (object headers, map slots, pointers). */
const VARIABLE_OVERHEAD = 48
const ELEMENT_OVERHEAD = 40
const ASSOC_ENTRY_OVERHEAD = 56
const ARRAY_OVERHEAD = 64
const STRING_ENTRY_OVERHEAD = 16
/** A function's parsed body is kept: about this many bytes per byte of its source, plus a base. */
const FUNCTION_SOURCE_FACTOR = 8
const FUNCTION_OVERHEAD = 256

export const scalarBytes = (value: string): number => value.length + VARIABLE_OVERHEAD

export const valueBytes = (value: VarValue | undefined): number => {
  if (value === undefined) return 0
  if (typeof value === "string") return value.length
  let total = ARRAY_OVERHEAD
  if (value._tag === "IndexedArray") for (const v of value.items.values()) total += v.length + ELEMENT_OVERHEAD
  else for (const [k, v] of value.items) total += k.length + v.length + ASSOC_ENTRY_OVERHEAD
  return total
}

export const functionBytes = (def: FunctionDef): number => def.raw.length * FUNCTION_SOURCE_FACTOR + FUNCTION_OVERHEAD

const stringsBytes = (values: Iterable<string>): number => {
  let total = 0
  for (const v of values) total += v.length + STRING_ENTRY_OVERHEAD
  return total
}

const scopeBytes = (scope: Scope, seen: Set<object>): number => {
  if (seen.has(scope)) return 0
  seen.add(scope)
  let total = 0
  for (const [name, variable] of scope) {
    total += name.length + VARIABLE_OVERHEAD
    const value = variable.value
    if (value === undefined || typeof value === "string") total += value?.length ?? 0
    else if (!seen.has(value)) {
      seen.add(value)
      total += valueBytes(value)
    }
  }
  return total
}

const mapBytes = (map: ReadonlyMap<string, string>, seen: Set<object>): number => {
  if (seen.has(map)) return 0
  seen.add(map)
  let total = 0
  for (const [k, v] of map) total += k.length + v.length + ASSOC_ENTRY_OVERHEAD
  return total
}

/** Bytes one state holds that were not already counted for another (`seen`: shared tables). */
export const stateBytes = (state: ShellState, seen: Set<object>): number => {
  let total = scopeBytes(state.globalsForMeasure, seen)
  for (const scope of state.locals) total += scopeBytes(scope, seen)
  const functions = state.functions
  if (!seen.has(functions)) {
    seen.add(functions)
    for (const def of functions.values()) total += functionBytes(def)
  }
  total += mapBytes(state.aliases, seen)
  total += mapBytes(state.traps, seen)
  total += mapBytes(state.completions, seen)
  total += stringsBytes(state.positional)
  total += stringsBytes(state.dirStack)
  if (!seen.has(state.history)) {
    seen.add(state.history)
    total += stringsBytes(state.history)
  }
  return total
}

/**
 * One exec's view of the memory its shell states hold. States register when they are made
 * (the session's at the start, every subshell's copy as it is forked) and leave when released.
 */
export class StateMemory {
  private readonly states = new Set<ShellState>()

  constructor(private readonly budget: Budget) {}

  register(state: ShellState): void {
    this.states.add(state)
  }

  unregister(state: ShellState): void {
    this.states.delete(state)
  }

  /** The exec's work meter, for long conversions of values being stored (`declare -u` on a huge string). */
  get meter(): WorkMeter {
    return this.budget
  }

  /** A mutation path added about `bytes` (throws the memory limit when a measurement says so). */
  grew(bytes: number): void {
    this.budget.grew(bytes)
  }

  /** Walk every live state once. */
  measure(): number {
    const seen = new Set<object>()
    let total = 0
    for (const state of this.states) total += stateBytes(state, seen)
    return total
  }
}
