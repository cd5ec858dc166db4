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

/** Bytes a Map entry costs beyond its key and value (hash table slot, key string header; measured ~100 bytes per entry in all). */
const ENTRY_BYTES = 72

/** Bytes a value holds (strings by length; numbers and the uninitialised value a word). */
export const valueBytes = (value: Value): number =>
  typeof value === "string" ? value.length : value instanceof StrNum ? value.text.length + 24 : 8

/** Charges settled with the memory account at once (the hot path only adds to a counter). */
const SETTLE_BYTES = 64 * 1024

/** An awk array whose entries are charged to the memory account. */
export class MeteredArray extends Map<string, Value> {
  /** Bytes charged to the account for this array. */
  private bytes = 0
  /** Bytes not yet settled with the account (positive or negative). */
  private pending = 0
  /** The call depth whose frame made this array a local (-1: global or a caller's). */
  owner = -1

  constructor(private readonly memory: AwkMemory) {
    super()
  }

  override set(key: string, value: Value): this {
    const size = this.size
    const old = size === 0 ? undefined : super.get(key)
    super.set(key, value)
    this.pending += this.size !== size ? valueBytes(value) + key.length + ENTRY_BYTES : valueBytes(value) - valueBytes(old)
    if (this.pending > SETTLE_BYTES || this.pending < -SETTLE_BYTES) this.settle()
    return this
  }

  override delete(key: string): boolean {
    const size = this.size
    const old = super.get(key)
    if (!super.delete(key)) return false
    if (this.size !== size) this.pending -= valueBytes(old) + key.length + ENTRY_BYTES
    if (this.pending < -SETTLE_BYTES) this.settle()
    return true
  }

  override clear(): void {
    this.release()
    super.clear()
  }

  /** Give back what the array holds (it is cleared, or goes away with a function's frame). */
  release(): void {
    this.settle()
    if (this.bytes > 0) this.memory.free(this.bytes)
    this.bytes = 0
  }

  private settle(): void {
    const delta = this.pending
    this.pending = 0
    if (delta > 0) this.memory.alloc(delta)
    else if (delta < 0) this.memory.free(Math.min(-delta, this.bytes))
    this.bytes = Math.max(0, this.bytes + delta)
  }
}
