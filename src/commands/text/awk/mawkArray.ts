/**
 * The order in which mawk's `for (k in a)` visits keys. mawk (the reference host's awk) keeps
 * an array as a "split" vector (after split()) or as a hash table with two sets of chains:
 * by integer value for subscripts that are integral numbers, and by string (FNV-1a hash) for
 * the rest, each chain keeping its most recently used node first. A loop lists the string
 * chains in table order. `MawkTable` replays those structures (not the values, which stay in
 * the Map) so the loop order comes out as mawk's.
 */
import { encodeText } from "./bytes.js"
import { MeteredArray } from "./memory.js"
import type { Value } from "./values.js"

interface Node {
  /** The string key, once the node has one. */
  key: string | undefined
  hash: number
  /** The integer key, if the node is on an integer chain. */
  ival: number | undefined
}

const STARTING_MASK = 63
const MAX_AVERAGE_CHAIN = 12
const limitOf = (mask: number) => (mask + 1) * MAX_AVERAGE_CHAIN
const MAX_INT = 2147483647

/** FNV-1a over the key's bytes, as mawk hashes strings. */
const hashOf = (key: string): number => {
  let h = 2166136261
  let ascii = true
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i)
    if (c >= 0x80) {
      ascii = false
      break
    }
    h = Math.imul(h ^ c, 16777619) >>> 0
  }
  if (ascii) return h
  h = 2166136261
  for (const byte of encodeText(key)) h = Math.imul(h ^ byte, 16777619) >>> 0
  return h
}

type Kind = "null" | "split" | "table"

/** The node of `chain` that `matches`, moved to the chain's front as mawk does on every hit. */
const moveToFront = (chain: Array<Node>, matches: (node: Node) => boolean): Node | undefined => {
  const at = chain.findIndex(matches)
  if (at < 0) return undefined
  const node = chain[at]!
  if (at > 0) {
    chain.splice(at, 1)
    chain.unshift(node)
  }
  return node
}

export class MawkTable {
  private kind: Kind = "null"
  private hasInt = false
  private hasStr = false
  private size = 0
  private mask = STARTING_MASK
  private limit = limitOf(STARTING_MASK)
  private strChains: Array<Array<Node>> = []
  private intChains: Array<Array<Node>> = []

  /** An access to `a[subscript]` (creating the element when `create`), `key` its string form. */
  access(subscript: Value, key: string, create: boolean): void {
    if (this.size === 0 && !create) return
    const ival = integerKey(subscript)
    if (ival === undefined) {
      this.findByString(key, create)
      return
    }
    if (this.kind === "split") {
      if (ival >= 1 && ival <= this.size) return
      if (!create) return
      this.convertSplit()
    } else if (this.kind === "null") this.emptyTable(false)
    this.findByInt(ival, create)
  }

  delete(subscript: Value, key: string): void {
    if (this.size === 0) return
    const ival = integerKey(subscript)
    if (ival !== undefined) {
      if (this.kind === "split") {
        if (ival >= 1 && ival <= this.size) this.convertSplit()
        else return
      }
      const node = this.findByInt(ival, false)
      if (node === undefined) return
      remove(this.intChains[ival & this.mask]!, node)
      if (node.key !== undefined) remove(this.strChains[node.hash & this.mask]!, node)
    } else {
      const node = this.findByString(key, false)
      if (node === undefined) return
      remove(this.strChains[node.hash & this.mask]!, node)
      if (node.ival !== undefined) remove(this.intChains[node.ival & this.mask]!, node)
    }
    if (--this.size === 0) this.clear()
  }

  /** split() loaded `count` elements 1..count. */
  load(count: number): void {
    this.clear()
    this.kind = "split"
    this.size = count
  }

  clear(): void {
    this.kind = "null"
    this.hasInt = this.hasStr = false
    this.size = 0
    this.mask = STARTING_MASK
    this.limit = limitOf(STARTING_MASK)
    this.strChains = []
    this.intChains = []
  }

  /**
   * The keys as `for (k in a)` lists them. `present` are the Map's keys: any the replay missed
   * (an access it was not told of) are added by string, and stale ones dropped.
   */
  order(present: ReadonlyMap<string, unknown>): Array<string> {
    if (this.size === 0 && present.size === 0) return []
    if (!this.hasStr) this.addStringKeys()
    const out: Array<string> = []
    const seen = new Set<string>()
    for (let i = 0; i <= this.mask; i++) {
      for (const node of this.strChains[i] ?? []) {
        if (present.has(node.key!) && !seen.has(node.key!)) {
          out.push(node.key!)
          seen.add(node.key!)
        }
      }
    }
    if (seen.size < present.size) {
      for (const key of present.keys()) if (!seen.has(key)) this.findByString(key, true)
      return this.order(present)
    }
    return out
  }

  private emptyTable(strings: boolean): void {
    this.kind = "table"
    this.hasStr = strings
    this.hasInt = !strings
    this.mask = STARTING_MASK
    this.limit = limitOf(STARTING_MASK)
    this.strChains = []
    this.intChains = []
  }

  private chain(chains: Array<Array<Node>>, index: number): Array<Node> {
    return (chains[index] ??= [])
  }

  private findByInt(ival: number, create: boolean): Node | undefined {
    let index = ival & this.mask
    const found = moveToFront(this.chain(this.intChains, index), (n) => n.ival === ival)
    if (found !== undefined) return found
    let node: Node | undefined
    if (this.hasStr) {
      node = this.findByString(String(ival), create)
      if (node === undefined) return undefined
      index = ival & this.mask
    } else if (create) {
      node = { key: undefined, hash: 0, ival }
      if (++this.size > this.limit) {
        this.double()
        index = ival & this.mask
      }
    } else return undefined
    node.ival = ival
    this.hasInt = true
    this.chain(this.intChains, index).unshift(node)
    return node
  }

  private findByString(key: string, create: boolean): Node | undefined {
    if (!this.hasStr) this.addStringKeys()
    const hash = hashOf(key)
    const chain = this.chain(this.strChains, hash & this.mask)
    const found = moveToFront(chain, (n) => n.hash === hash && n.key === key)
    if (found !== undefined) return found
    if (!create) return undefined
    const node: Node = { key, hash, ival: undefined }
    if (++this.size > this.limit) this.double()
    this.chain(this.strChains, hash & this.mask).unshift(node)
    return node
  }

  /** Give every integer-keyed node its string key, in integer-chain order. */
  private addStringKeys(): void {
    if (this.kind === "null") {
      this.emptyTable(true)
      return
    }
    if (this.kind === "split") this.convertSplit()
    for (let i = 0; i <= this.mask; i++) {
      for (const node of this.intChains[i] ?? []) {
        node.key = String(node.ival)
        node.hash = hashOf(node.key)
        this.chain(this.strChains, node.hash & this.mask).unshift(node)
      }
    }
    this.hasStr = true
  }

  private convertSplit(): void {
    const count = this.size
    this.kind = "table"
    this.mask = STARTING_MASK
    this.limit = limitOf(STARTING_MASK)
    while (count > this.limit) {
      this.mask = this.mask * 2 + 1
      this.limit = limitOf(this.mask)
    }
    this.strChains = []
    this.intChains = []
    for (let i = 1; i <= count; i++) this.chain(this.intChains, i & this.mask).unshift({ key: undefined, hash: 0, ival: i })
    this.hasInt = true
    this.hasStr = false
  }

  /** Double the table: each chain splits in two, keeping its order. */
  private double(): void {
    const oldMask = this.mask
    const newMask = oldMask * 2 + 1
    const split = (chains: Array<Array<Node>>, slot: (n: Node) => number) => {
      for (let i = 0; i <= oldMask; i++) {
        const chain = chains[i]
        if (chain === undefined) continue
        const stay = chain.filter((n) => (slot(n) & newMask) === i)
        const move = chain.filter((n) => (slot(n) & newMask) !== i)
        chains[i] = stay
        if (move.length > 0) chains[i + oldMask + 1] = move
      }
    }
    if (this.hasStr) split(this.strChains, (n) => n.hash)
    if (this.hasInt) split(this.intChains, (n) => n.ival!)
    this.mask = newMask
    this.limit = limitOf(newMask)
  }
}

/** The integer key of a subscript: a number with an integral value in C int range. */
const integerKey = (subscript: Value): number | undefined =>
  typeof subscript === "number" && Number.isInteger(subscript) && subscript >= -MAX_INT && subscript <= MAX_INT ? subscript || 0 : undefined

const remove = (chain: Array<Node>, node: Node): void => {
  const at = chain.indexOf(node)
  if (at >= 0) chain.splice(at, 1)
}

/** An awk array in the mawk dialect: its values in the Map, mawk's loop order in `table`. */
export class MawkArray extends MeteredArray {
  readonly table = new MawkTable()
}
