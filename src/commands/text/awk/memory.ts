/**
 * What awk's data holds, on the exec's memory account: arrays charge their keys, values and a
 * per-entry overhead as entries come and go; global scalars charge their strings (runtime.ts).
 */
import { StrNum, type Value } from "./values.js"

/** The memory account (the command's lease on the exec's budget). */
export interface AwkMemory {
  readonly alloc: (bytes: number) => void
  readonly free: (bytes: number) => void
}

/** Bytes a Map entry costs beyond its key and value (hash table slot, boxed value). */
const ENTRY_BYTES = 48

/** Bytes a value holds (strings by length; numbers and the uninitialised value a word). */
export const valueBytes = (value: Value): number =>
  typeof value === "string" ? value.length : value instanceof StrNum ? value.text.length + 16 : 8

/** An awk array whose entries are charged to the memory account. */
export class MeteredArray extends Map<string, Value> {
  /** Bytes charged for this array (given back when it is cleared or released). */
  bytes = 0
  /** The call depth whose frame made this array a local (-1: global or a caller's). */
  owner = -1

  constructor(private readonly memory: AwkMemory) {
    super()
  }

  override set(key: string, value: Value): this {
    const old = super.get(key)
    let delta = valueBytes(value)
    if (old !== undefined || super.has(key)) delta -= valueBytes(old)
    else delta += key.length + ENTRY_BYTES
    if (delta > 0) this.memory.alloc(delta)
    else if (delta < 0) this.memory.free(-delta)
    this.bytes += delta
    return super.set(key, value)
  }

  override delete(key: string): boolean {
    if (!super.has(key)) return false
    const bytes = valueBytes(super.get(key)) + key.length + ENTRY_BYTES
    this.memory.free(bytes)
    this.bytes -= bytes
    return super.delete(key)
  }

  override clear(): void {
    this.release()
    super.clear()
  }

  /** Give back what the array holds (it is cleared, or goes away with a function's frame). */
  release(): void {
    if (this.bytes > 0) this.memory.free(this.bytes)
    this.bytes = 0
  }
}
