/**
 * Shell variables: scalars, sparse indexed arrays and associative arrays, with attributes, in a
 * global scope plus a stack of function-local scopes (bash's dynamic scoping).
 *
 * Plain synchronous data: this is the hot path of every expansion.
 */

import { bashHashOrder } from "./assocOrder.js"

export type VarValue = string | IndexedArray | AssocArray

export class IndexedArray {
  readonly _tag = "IndexedArray"
  readonly items: Map<number, string>
  private sorted: Array<number> | undefined
  constructor(items?: Map<number, string>) {
    this.items = items ?? new Map()
  }
  static from(values: ReadonlyArray<string>): IndexedArray {
    const a = new IndexedArray()
    values.forEach((v, i) => a.items.set(i, v))
    return a
  }
  get(index: number): string | undefined {
    return this.items.get(index)
  }
  set(index: number, value: string): void {
    if (this.sorted !== undefined && !this.items.has(index)) {
      const last = this.sorted[this.sorted.length - 1]
      if (last === undefined || index > last) this.sorted.push(index)
      else this.sorted = undefined
    }
    this.items.set(index, value)
  }
  delete(index: number): void {
    if (this.items.delete(index)) this.sorted = undefined
  }
  keys(): ReadonlyArray<number> {
    if (this.sorted === undefined) this.sorted = [...this.items.keys()].sort((a, b) => a - b)
    return this.sorted
  }
  values(): Array<string> {
    return this.keys().map((k) => this.items.get(k)!)
  }
  /** One past the highest index (where `a+=(x)` appends). */
  nextIndex(): number {
    const keys = this.keys()
    return keys.length === 0 ? 0 : keys[keys.length - 1]! + 1
  }
  get size(): number {
    return this.items.size
  }
  clone(): IndexedArray {
    const copy = new IndexedArray(new Map(this.items))
    copy.sorted = this.sorted?.slice()
    return copy
  }
}

export class AssocArray {
  readonly _tag = "AssocArray"
  readonly items: Map<string, string>
  constructor(items?: Map<string, string>) {
    this.items = items ?? new Map()
  }
  /** Keys in the order bash lists them (its hash-table order, not insertion order). */
  keys(): Array<string> {
    return bashHashOrder(this.items.keys())
  }
  /** Values in the same order as `keys()`. */
  values(): Array<string> {
    return this.keys().map((k) => this.items.get(k)!)
  }
  clone(): AssocArray {
    return new AssocArray(new Map(this.items))
  }
}

export const Attr = {
  export: 1,
  readonly: 2,
  integer: 4,
  lower: 8,
  upper: 16,
  nameref: 32,
  indexed: 64,
  assoc: 128,
  capitalize: 256,
  trace: 512
} as const

export interface Variable {
  /** undefined: declared (e.g. `local x`, `declare -a a`) but not set. */
  value: VarValue | undefined
  attrs: number
}

export type Scope = Map<string, Variable>

export const cloneVariable = (v: Variable): Variable => ({
  value: typeof v.value === "object" ? v.value.clone() : v.value,
  attrs: v.attrs
})

export const cloneScope = (scope: Scope): Scope => {
  const out: Scope = new Map()
  for (const [k, v] of scope) out.set(k, cloneVariable(v))
  return out
}

/** The scalar view of a value: element 0 of an indexed array, `[0]` of an associative one. */
export const scalarOf = (value: VarValue | undefined): string | undefined => {
  if (value === undefined || typeof value === "string") return value
  if (value._tag === "IndexedArray") return value.get(0)
  return value.items.get("0")
}

export const isValidName = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
