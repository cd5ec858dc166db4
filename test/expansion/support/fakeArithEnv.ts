/** A minimal in-memory shell variable store implementing ArithEnv, for tests. */
import { ArithmeticError, type ArithEnv } from "../../../src/expansion/Arithmetic.js"

export interface VarSetup {
  readonly vars?: Readonly<Record<string, string>>
  readonly arrays?: Readonly<Record<string, ReadonlyArray<string>>>
  readonly assoc?: Readonly<Record<string, Readonly<Record<string, string>>>>
  readonly readonly?: ReadonlyArray<string>
  readonly nounset?: boolean
}

export class FakeArithEnv implements ArithEnv {
  readonly scalars = new Map<string, string>()
  readonly indexed = new Map<string, Map<number, string>>()
  readonly associative = new Map<string, Map<string, string>>()
  readonly warnings: Array<string> = []
  private readonly readonlyNames: ReadonlySet<string>
  private readonly nounset: boolean

  constructor(setup: VarSetup = {}) {
    for (const [k, v] of Object.entries(setup.vars ?? {})) this.scalars.set(k, v)
    for (const [k, v] of Object.entries(setup.arrays ?? {})) this.indexed.set(k, new Map(v.map((x, i) => [i, x])))
    for (const [k, v] of Object.entries(setup.assoc ?? {})) this.associative.set(k, new Map(Object.entries(v)))
    this.readonlyNames = new Set(setup.readonly ?? [])
    this.nounset = setup.nounset ?? false
  }

  private checkWritable(name: string): void {
    if (this.readonlyNames.has(name)) throw new ArithmeticError({ message: `${name}: readonly variable` })
  }

  private resolveIndex(name: string, array: Map<number, string>, subscript: string): number | undefined {
    let index = Number(subscript)
    if (index < 0) {
      const max = array.size === 0 ? -1 : Math.max(...array.keys())
      index = max + 1 + index
      if (index < 0) {
        this.warnings.push(`${name}: bad array subscript`)
        return undefined
      }
    }
    return index
  }

  readonly get = (name: string): string | undefined => {
    const value = this.scalars.get(name) ?? this.indexed.get(name)?.get(0) ?? this.associative.get(name)?.get("0")
    if (value === undefined && this.nounset) throw new ArithmeticError({ message: `${name}: unbound variable` })
    return value
  }

  readonly set = (name: string, value: bigint): void => {
    this.checkWritable(name)
    const array = this.indexed.get(name)
    if (array !== undefined) array.set(0, String(value))
    else this.scalars.set(name, String(value))
  }

  readonly getElement = (name: string, subscript: string): string | undefined => {
    const assoc = this.associative.get(name)
    if (assoc !== undefined) return assoc.get(subscript)
    const array = this.indexed.get(name)
    if (array === undefined) {
      const scalar = this.scalars.get(name)
      if (scalar === undefined && this.nounset) throw new ArithmeticError({ message: `${name}[${subscript}]: unbound variable` })
      return subscript === "0" ? scalar : undefined
    }
    const index = this.resolveIndex(name, array, subscript)
    return index === undefined ? undefined : array.get(index)
  }

  readonly setElement = (name: string, subscript: string, value: bigint): void => {
    this.checkWritable(name)
    const assoc = this.associative.get(name)
    if (assoc !== undefined) return void assoc.set(subscript, String(value))
    let array = this.indexed.get(name)
    if (array === undefined) {
      array = new Map()
      const scalar = this.scalars.get(name)
      if (scalar !== undefined) array.set(0, scalar)
      this.scalars.delete(name)
      this.indexed.set(name, array)
    }
    const index = this.resolveIndex(name, array, subscript)
    if (index !== undefined) array.set(index, String(value))
  }

  readonly isAssociative = (name: string): boolean => this.associative.has(name)

  readonly warn = (message: string): void => {
    this.warnings.push(message)
  }

  /** `name=value` for a scalar, `name=(k=v ...)` for arrays (keys sorted), as the bash side prints. */
  describe(name: string): string {
    const array = this.indexed.get(name)
    if (array !== undefined) {
      const keys = [...array.keys()].sort((a, b) => a - b)
      return `${name}=(${keys.map((k) => `${k}=${array.get(k)}`).join(" ")})`
    }
    const assoc = this.associative.get(name)
    if (assoc !== undefined) {
      const keys = [...assoc.keys()].sort()
      return `${name}=(${keys.map((k) => `${k}=${assoc.get(k)}`).join(" ")})`
    }
    return `${name}=${this.scalars.get(name) ?? "<unset>"}`
  }
}

/** Bash statements that build the same variables as `new FakeArithEnv(setup)`. */
export const bashSetup = (setup: VarSetup, quote: (s: string) => string): string => {
  const lines: Array<string> = []
  for (const [k, v] of Object.entries(setup.vars ?? {})) lines.push(`${k}=${quote(v)}`)
  for (const [k, v] of Object.entries(setup.arrays ?? {})) lines.push(`${k}=(${v.map(quote).join(" ")})`)
  for (const [k, v] of Object.entries(setup.assoc ?? {})) {
    lines.push(`declare -A ${k}=(${Object.entries(v).map(([key, val]) => `[${quote(key)}]=${quote(val)}`).join(" ")})`)
  }
  for (const name of setup.readonly ?? []) lines.push(`readonly ${name}`)
  if (setup.nounset === true) lines.push("set -u")
  return lines.join("; ")
}

/** Bash code printing `describe(name)` for each name. */
export const bashDescribe = (names: ReadonlyArray<string>): string =>
  names
    .map((n) => {
      const pairs = `for k in "\${!${n}[@]}"; do printf '%s=%s\\n' "$k" "\${${n}[$k]}"; done`
      return (
        `case "$(declare -p ${n} 2>/dev/null)" in ` +
        `"declare -a"*) printf '%s=(%s)\\n' ${n} "$(${pairs} | sort -t= -k1,1n | paste -sd' ')";; ` +
        `"declare -A"*) printf '%s=(%s)\\n' ${n} "$(${pairs} | sort | paste -sd' ')";; ` +
        `"") printf '%s=<unset>\\n' ${n};; ` +
        `*) printf '%s=%s\\n' ${n} "$${n}";; esac`
      )
    })
    .join("; ")
