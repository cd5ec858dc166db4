import type { RegexMeter } from "./meter.js"
import type { AssertKind, JsFlags, JsNode, Ranges } from "./syntax.js"

/**
 * The bounded backtracking engine, for what a linear engine cannot do: back-references and
 * lookaround (and RE2's refusals, e.g. repeat counts above 1000).
 *
 * It is RE2's "bit state" backtracker extended: the tree is compiled to a small program; a
 * thread (pc, position) that has already been explored in this search is not explored again,
 * because its continuation fails the same way (a failed (pc, position) stays failed from any
 * other path or any later start). That makes patterns without back-references linear in
 * program size x text length. With back-references the memo key adds the spans of the groups
 * some back-reference reads (still sound: nothing else decides the continuation), so common
 * cases stay polynomial. Everything is metered: each executed instruction is one step, charged
 * to the exec's budget, and one match may take `maxBacktrackSteps` steps, past which the
 * meter's LimitExceeded is thrown.
 *
 * Semantics are JavaScript's (leftmost-first, captures reset per iteration, an iteration that
 * matches empty ends the loop), or POSIX leftmost-longest when `longest` is set: every thread
 * from the leftmost matching start is explored and the longest end kept.
 */

const enum Op {
  Char,
  Class,
  Split,
  Jmp,
  Save,
  ClearCaps,
  Assert,
  Backref,
  Look,
  LookEnd,
  Mark,
  Progress,
  Match
}

interface LookInfo {
  readonly start: number
  readonly behind: boolean
  readonly negated: boolean
  readonly minLength: number
  readonly maxLength: number
  /** A body of one character: tested directly, no sub-search. */
  readonly single: ((cp: number) => boolean) | undefined
  /** Capture slots set inside the body (copied out of a positive lookaround). */
  readonly slots: ReadonlyArray<number>
  /** The result depends only on the position (no captures or back-references inside). */
  readonly cacheable: boolean
  readonly id: number
}

interface Inst {
  readonly op: Op
  /** Char: the code point (folded under `i`); Split/Jmp: first target; Save: slot; Assert: kind index; Mark/Progress: register; Backref: group; Look: look index. */
  readonly a: number
  /** Split: second target; ClearCaps: last slot (exclusive). */
  readonly b: number
  readonly test?: (cp: number) => boolean
}

export interface BacktrackProgram {
  readonly insts: ReadonlyArray<Inst>
  readonly looks: ReadonlyArray<LookInfo>
  readonly groupCount: number
  readonly registers: number
  /** Per pc: the registers of the nullable loops around it (part of the memo key). */
  readonly enclosing: ReadonlyArray<ReadonlyArray<number>>
  readonly referenced: ReadonlyArray<number>
  readonly flags: JsFlags
  readonly longest: boolean
  /** Possible first characters of a match, when the pattern must start with one. */
  readonly first: ((cp: number) => boolean) | undefined
  /**
   * 1 for the pcs a thread can reach other than by falling through (jump targets, starts): only
   * those are memoised; a straight run after one is decided by it.
   */
  readonly joins: Uint8Array
}

/** Beyond this many instructions the pattern is refused ("Regular expression too big"). */
export const MAX_PROGRAM = 100_000

export class ProgramTooBig extends Error {}

const ASSERT_KINDS: ReadonlyArray<AssertKind> = ["lineStart", "lineEnd", "wordBoundary", "notWordBoundary", "textStart", "textEnd"]

// ---- character tests -----------------------------------------------------------------------

const inRanges = (ranges: Ranges, cp: number): boolean => {
  let low = 0
  let high = (ranges.length >> 1) - 1
  while (low <= high) {
    const mid = (low + high) >> 1
    if (cp < ranges[2 * mid]!) high = mid - 1
    else if (cp > ranges[2 * mid + 1]!) low = mid + 1
    else return true
  }
  return false
}

/** JavaScript's case canonicalisation (simple upper-case mapping to one character). */
export const fold = (cp: number): number => {
  if (cp < 0x80) return cp >= 0x61 && cp <= 0x7a ? cp - 0x20 : cp
  const upper = String.fromCodePoint(cp).toUpperCase()
  const folded = upper.codePointAt(0)!
  // A mapping to several characters, or from outside ASCII into it, does not fold.
  return upper.length === String.fromCodePoint(folded).length && folded >= 0x80 ? folded : cp
}

const variants = (cp: number): ReadonlyArray<number> => {
  const c = String.fromCodePoint(cp)
  const out = new Set([cp])
  for (const v of [c.toLowerCase(), c.toUpperCase()]) if ([...v].length === 1) out.add(v.codePointAt(0)!)
  return [...out]
}

const propertyTests = new Map<string, RegExp>()
const propertyTest = (prop: string): RegExp => {
  let regex = propertyTests.get(prop)
  if (regex === undefined) {
    regex = prop.startsWith("^") ? new RegExp(`^\\P{${prop.slice(1)}}$`, "u") : new RegExp(`^\\p{${prop}}$`, "u")
    propertyTests.set(prop, regex)
  }
  return regex
}

const classTest = (node: Extract<JsNode, { type: "class" }>, ignoreCase: boolean): ((cp: number) => boolean) => {
  const { ranges, negated, props } = node
  const tests = props.map(propertyTest)
  const member = (cp: number): boolean => {
    if (inRanges(ranges, cp)) return true
    for (const t of tests) if (t.test(String.fromCodePoint(cp))) return true
    return false
  }
  const folded = ignoreCase ? (cp: number): boolean => variants(cp).some(member) : member
  return negated ? (cp) => !folded(cp) : folded
}

const isWordCode = (u: number): boolean => (u >= 0x30 && u <= 0x39) || (u >= 0x41 && u <= 0x5a) || (u >= 0x61 && u <= 0x7a) || u === 0x5f
const isLineTerminator = (u: number): boolean => u === 0x0a || u === 0x0d || u === 0x2028 || u === 0x2029

// ---- compiler --------------------------------------------------------------------------------

interface Lengths {
  readonly min: number
  readonly max: number
}

const lengths = (node: JsNode): Lengths => {
  switch (node.type) {
    case "empty":
    case "assert":
    case "look":
      return { min: 0, max: 0 }
    case "char":
      return node.cp > 0xffff ? { min: 2, max: 2 } : { min: 1, max: 1 }
    case "class":
      return { min: 1, max: node.negated || node.props.length > 0 || (node.ranges[node.ranges.length - 1] ?? 0) > 0xffff ? 2 : 1 }
    case "backref":
      return { min: 0, max: Infinity }
    case "group":
      return lengths(node.body)
    case "repeat": {
      const body = lengths(node.body)
      return { min: body.min * node.min, max: body.max === 0 ? 0 : body.max * node.max }
    }
    case "seq":
      return node.items.map(lengths).reduce((a, b) => ({ min: a.min + b.min, max: a.max + b.max }), { min: 0, max: 0 })
    case "alt": {
      const all = node.items.map(lengths)
      return { min: Math.min(...all.map((l) => l.min)), max: Math.max(...all.map((l) => l.max)) }
    }
  }
}

const nullable = (node: JsNode): boolean => lengths(node).min === 0

const captureSlots = (node: JsNode, out: Array<number>): Array<number> => {
  switch (node.type) {
    case "group":
      if (node.index !== undefined) out.push(2 * node.index, 2 * node.index + 1)
      captureSlots(node.body, out)
      break
    case "repeat":
    case "look":
      captureSlots(node.body, out)
      break
    case "seq":
    case "alt":
      for (const item of node.items) captureSlots(item, out)
      break
    default:
      break
  }
  return out
}

const hasBackref = (node: JsNode): boolean => {
  switch (node.type) {
    case "backref":
      return true
    case "group":
    case "repeat":
    case "look":
      return hasBackref(node.body)
    case "seq":
    case "alt":
      return node.items.some(hasBackref)
    default:
      return false
  }
}

/** A test for the first character of every match, when the pattern starts with a character. */
const firstTest = (node: JsNode, ignoreCase: boolean): ((cp: number) => boolean) | undefined => {
  switch (node.type) {
    case "char": {
      if (!ignoreCase) return (cp) => cp === node.cp
      const target = fold(node.cp)
      return (cp) => fold(cp) === target
    }
    case "class":
      return classTest(node, ignoreCase)
    case "group":
      return firstTest(node.body, ignoreCase)
    case "repeat":
      return node.min > 0 ? firstTest(node.body, ignoreCase) : undefined
    case "seq": {
      // Zero-width items (anchors, lookaround) consume nothing: the first consuming item decides.
      const first = node.items.find((item) => item.type !== "assert" && item.type !== "look")
      return first === undefined ? undefined : firstTest(first, ignoreCase)
    }
    default:
      return undefined
  }
}

export const compileBacktrack = (
  root: JsNode,
  groupCount: number,
  flags: JsFlags,
  longest: boolean,
  referenced: ReadonlySet<number>
): BacktrackProgram => {
  const insts: Array<Inst> = []
  const enclosing: Array<ReadonlyArray<number>> = []
  const looks: Array<LookInfo> = []
  let registers = 0
  let loopRegs: Array<number> = []
  const ignoreCase = flags.ignoreCase

  const add = (inst: Inst): number => {
    if (insts.length >= MAX_PROGRAM) throw new ProgramTooBig("program too big")
    insts.push(inst)
    enclosing.push(loopRegs)
    return insts.length - 1
  }
  const patch = (pc: number, inst: Inst): void => {
    insts[pc] = inst
  }

  const emit = (node: JsNode): void => {
    switch (node.type) {
      case "empty":
        return
      case "char":
        add({ op: Op.Char, a: ignoreCase ? fold(node.cp) : node.cp, b: ignoreCase ? 1 : 0 })
        return
      case "class":
        add({ op: Op.Class, a: 0, b: 0, test: classTest(node, ignoreCase) })
        return
      case "seq":
        for (const item of node.items) emit(item)
        return
      case "alt": {
        const jumps: Array<number> = []
        node.items.forEach((item, k) => {
          if (k === node.items.length - 1) {
            emit(item)
            return
          }
          const split = add({ op: Op.Split, a: 0, b: 0 })
          emit(item)
          jumps.push(add({ op: Op.Jmp, a: 0, b: 0 }))
          patch(split, { op: Op.Split, a: split + 1, b: insts.length })
        })
        for (const jump of jumps) patch(jump, { op: Op.Jmp, a: insts.length, b: 0 })
        return
      }
      case "group":
        if (node.index === undefined) return emit(node.body)
        add({ op: Op.Save, a: 2 * node.index, b: 0 })
        emit(node.body)
        add({ op: Op.Save, a: 2 * node.index + 1, b: 0 })
        return
      case "repeat":
        return emitRepeat(node)
      case "assert":
        add({ op: Op.Assert, a: ASSERT_KINDS.indexOf(node.kind), b: 0 })
        return
      case "backref":
        add({ op: Op.Backref, a: node.index, b: 0 })
        return
      case "look": {
        // Reserve the slot first: lookarounds nested in the body take the next ones.
        const id = looks.length
        looks.push(undefined as unknown as LookInfo)
        const body = node.body
        const bodyLengths = lengths(body)
        const single =
          body.type === "class" ? classTest(body, ignoreCase) : body.type === "char" ? firstTest(body, ignoreCase) : undefined
        const slots = captureSlots(body, [])
        const info: Omit<LookInfo, "start"> = {
          behind: node.behind,
          negated: node.negated,
          minLength: bodyLengths.min,
          maxLength: bodyLengths.max,
          single,
          slots,
          cacheable: slots.length === 0 && !hasBackref(body),
          id
        }
        add({ op: Op.Look, a: id, b: 0 })
        const skip = add({ op: Op.Jmp, a: 0, b: 0 })
        const saved = loopRegs
        loopRegs = []
        const start = insts.length
        emit(body)
        add({ op: Op.LookEnd, a: id, b: 0 })
        loopRegs = saved
        looks[id] = { ...info, start }
        patch(skip, { op: Op.Jmp, a: insts.length, b: 0 })
        return
      }
    }
  }

  const emitRepeat = (node: Extract<JsNode, { type: "repeat" }>): void => {
    const slots = captureSlots(node.body, [])
    const clear = (): void => {
      if (slots.length > 0) add({ op: Op.ClearCaps, a: Math.min(...slots), b: Math.max(...slots) + 1 })
    }
    for (let k = 0; k < node.min; k++) {
      clear()
      emit(node.body)
    }
    if (node.max === Infinity) {
      const loop = add({ op: Op.Split, a: 0, b: 0 })
      const emptyAllowed = nullable(node.body)
      const register = emptyAllowed ? registers++ : -1
      const saved = loopRegs
      if (emptyAllowed) loopRegs = [...loopRegs, register]
      if (emptyAllowed) add({ op: Op.Mark, a: register, b: 0 })
      clear()
      emit(node.body)
      if (emptyAllowed) add({ op: Op.Progress, a: register, b: 0 })
      add({ op: Op.Jmp, a: loop, b: 0 })
      loopRegs = saved
      const exit = insts.length
      patch(loop, node.greedy ? { op: Op.Split, a: loop + 1, b: exit } : { op: Op.Split, a: exit, b: loop + 1 })
      return
    }
    // Optional iterations past the minimum may not match empty (JavaScript's rule, as for the
    // loop above): `(a*(?!a)){1,3}` keeps the capture of its first, non-empty iteration.
    const splits: Array<number> = []
    const emptyAllowed = nullable(node.body)
    for (let k = node.min; k < node.max; k++) {
      splits.push(add({ op: Op.Split, a: 0, b: 0 }))
      const register = emptyAllowed ? registers++ : -1
      const saved = loopRegs
      if (emptyAllowed) {
        loopRegs = [...loopRegs, register]
        add({ op: Op.Mark, a: register, b: 0 })
      }
      clear()
      emit(node.body)
      if (emptyAllowed) add({ op: Op.Progress, a: register, b: 0 })
      loopRegs = saved
    }
    const exit = insts.length
    for (const split of splits) {
      patch(split, node.greedy ? { op: Op.Split, a: split + 1, b: exit } : { op: Op.Split, a: exit, b: split + 1 })
    }
  }

  add({ op: Op.Save, a: 0, b: 0 })
  emit(root)
  add({ op: Op.Save, a: 1, b: 0 })
  add({ op: Op.Match, a: 0, b: 0 })
  const joins = new Uint8Array(insts.length)
  joins[0] = 1
  for (const inst of insts) {
    if (inst.op === Op.Split) joins[inst.a] = joins[inst.b] = 1
    else if (inst.op === Op.Jmp) joins[inst.a] = 1
  }
  for (const look of looks) joins[look.start] = 1
  return {
    joins,
    insts,
    looks,
    groupCount,
    registers,
    enclosing,
    referenced: [...referenced].sort((a, b) => a - b),
    flags,
    longest,
    first: firstTest(root, ignoreCase)
  }
}

// ---- matcher ---------------------------------------------------------------------------------

/** Capture positions of a match: [start0, end0, start1, end1, ...], -1 where unset. */
export type Captures = Int32Array

/** Bits of memo kept in a bitmap; beyond it a capped set. */
const MAX_BITMAP_BITS = 1 << 26
const MAX_MEMO_ENTRIES = 1 << 18
const CHARGE_EVERY = 1024

const THREAD = 0
const RESTORE_CAP = 1
const RESTORE_REG = 2

export class Backtracker {
  private steps = 0
  private uncharged = 0
  private input = ""
  private bitmap: Uint32Array = new Uint32Array(0)
  private lookCache: Map<number, boolean> | undefined = undefined
  /** Buffers of the top-level search, reused across starts and calls. */
  private readonly caps: Int32Array
  private readonly regs: Int32Array
  private readonly stack: Array<number> = []
  /** Bits of the memo key for the nullable loops around a pc (their "empty so far" state). */
  private readonly maskBits: number

  constructor(
    private readonly program: BacktrackProgram,
    private readonly meter: RegexMeter
  ) {
    this.maskBits = program.registers > 0 ? Math.min(4, Math.max(...program.enclosing.map((regs) => regs.length))) : 0
    this.caps = new Int32Array(2 * (program.groupCount + 1))
    this.regs = new Int32Array(program.registers)
  }

  /**
   * The leftmost match starting at or after `from` (at `from` exactly when `sticky`), as
   * capture positions, or null.
   */
  exec(input: string, from: number, sticky: boolean): Captures | null {
    const program = this.program
    this.input = input
    this.steps = 0
    this.uncharged = 0
    this.lookCache?.clear()
    const n = input.length
    const memo = this.memoFor(n, this.maskBits)
    try {
      const last = sticky ? from : n
      for (let start = from; start <= last; start++) {
        if (program.first !== undefined) {
          // Skip starts whose first character cannot begin a match.
          while (start < n && !program.first(this.cpAt(start))) start++
          if (start >= n) break
          if (sticky && start !== from) break
        }
        const found = this.run(0, start, -1, memo)
        if (found !== null) return found
        // Do not start inside a surrogate pair.
        const u = input.charCodeAt(start)
        if (u >= 0xd800 && u <= 0xdbff && start + 1 < n) start++
      }
      return null
    } finally {
      this.meter.work.step(this.uncharged)
      this.uncharged = 0
      this.input = ""
    }
  }

  private memoFor(n: number, maskBits: number): Memo {
    const program = this.program
    if (program.referenced.length > 0) return new KeyMemo(program, 4096)
    const bits = program.insts.length * (n + 1) * (1 << maskBits)
    if (bits > MAX_BITMAP_BITS) return new KeyMemo(program, 4096)
    const words = (bits + 31) >>> 5
    if (this.bitmap.length < words) this.bitmap = new Uint32Array(Math.max(words, this.bitmap.length * 2))
    else this.bitmap.fill(0, 0, words)
    return new BitMemo(this.bitmap, n, maskBits)
  }

  /** Pass the steps counted since the last charge to the exec's meter; enforce the per-match limit. */
  private charge(): void {
    this.steps += this.uncharged
    this.meter.work.step(this.uncharged)
    this.uncharged = 0
    if (this.steps > this.meter.maxBacktrackSteps) throw this.meter.backtrackLimit()
  }

  private cpAt(pos: number): number {
    return this.input.codePointAt(pos)!
  }

  /** The character ending at `pos`. */
  private cpBefore(pos: number): number {
    const low = this.input.charCodeAt(pos - 1)
    if (low >= 0xdc00 && low <= 0xdfff && pos >= 2) {
      const high = this.input.charCodeAt(pos - 2)
      if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000
    }
    return low
  }

  private assert(kind: number, pos: number): boolean {
    const input = this.input
    const n = input.length
    const multiline = this.program.flags.multiline
    switch (ASSERT_KINDS[kind]) {
      case "lineStart":
        return pos === 0 || (multiline && isLineTerminator(input.charCodeAt(pos - 1)))
      case "lineEnd":
        return pos === n || (multiline && isLineTerminator(input.charCodeAt(pos)))
      case "wordBoundary":
      case "notWordBoundary": {
        const before = pos > 0 && isWordCode(input.charCodeAt(pos - 1))
        const after = pos < n && isWordCode(input.charCodeAt(pos))
        return (before !== after) === (ASSERT_KINDS[kind] === "wordBoundary")
      }
      case "textStart":
        return pos === 0
      case "textEnd":
        return pos === n
      default:
        return false
    }
  }

  /**
   * Explore threads from (startPc, pos). `requiredEnd` >= 0: a lookbehind body, which must end
   * there. Returns the captures of the match (the longest one when the program is POSIX).
   */
  private run(startPc: number, pos0: number, requiredEnd: number, memo: Memo, outer?: Int32Array): Captures | null {
    const program = this.program
    const insts = program.insts
    const joins = program.joins
    const input = this.input
    const n = input.length
    const ignoreCase = program.flags.ignoreCase
    const maskBits = this.maskBits
    // The top-level search reuses its buffers; a lookaround's sub-search gets its own.
    const top = outer === undefined
    const caps = top ? this.caps.fill(-1) : outer.slice()
    const regs = top ? this.regs.fill(-1) : new Int32Array(program.registers).fill(-1)
    const stack: Array<number> = top ? this.stack : []
    stack.length = 0
    stack.push(THREAD, startPc, pos0)
    const lookMode = startPc !== 0
    let best: Captures | null = null
    let bestEnd = -1
    while (stack.length > 0) {
      const c = stack.pop()!
      const b = stack.pop()!
      const kind = stack.pop()!
      if (kind === RESTORE_CAP) {
        caps[b] = c
        continue
      }
      if (kind === RESTORE_REG) {
        regs[b] = c
        continue
      }
      let pc = b
      let pos = c
      thread: for (;;) {
        if (++this.uncharged >= CHARGE_EVERY) this.charge()
        if (joins[pc] === 1 && !memo.visit(pc, pos, maskBits === 0 ? 0 : this.maskOf(pc, pos, regs, maskBits), caps)) break
        const inst = insts[pc]!
        switch (inst.op) {
          case Op.Char: {
            if (pos >= n) break thread
            const cp = input.codePointAt(pos)!
            if ((inst.b === 1 ? fold(cp) : cp) !== inst.a) break thread
            pos += cp > 0xffff ? 2 : 1
            pc++
            continue
          }
          case Op.Class: {
            if (pos >= n) break thread
            const cp = input.codePointAt(pos)!
            if (!inst.test!(cp)) break thread
            pos += cp > 0xffff ? 2 : 1
            pc++
            continue
          }
          case Op.Split:
            stack.push(THREAD, inst.b, pos)
            pc = inst.a
            continue
          case Op.Jmp:
            pc = inst.a
            continue
          case Op.Save:
            stack.push(RESTORE_CAP, inst.a, caps[inst.a]!)
            caps[inst.a] = pos
            pc++
            continue
          case Op.ClearCaps:
            for (let slot = inst.a; slot < inst.b; slot++) {
              if (caps[slot] === -1) continue
              stack.push(RESTORE_CAP, slot, caps[slot]!)
              caps[slot] = -1
            }
            pc++
            continue
          case Op.Assert:
            if (!this.assert(inst.a, pos)) break thread
            pc++
            continue
          case Op.Backref: {
            const from = caps[2 * inst.a]!
            const to = caps[2 * inst.a + 1]!
            if (from >= 0 && to >= from) {
              const length = to - from
              if (pos + length > n) break thread
              if (ignoreCase) {
                for (let k = 0; k < length; k++) {
                  if (fold(input.charCodeAt(from + k)) !== fold(input.charCodeAt(pos + k))) break thread
                }
              } else if (input.substr(from, length) !== input.substr(pos, length)) break thread
              this.uncharged += length >> 4
              pos += length
            }
            pc++
            continue
          }
          case Op.Mark:
            stack.push(RESTORE_REG, inst.a, regs[inst.a]!)
            regs[inst.a] = pos
            pc++
            continue
          case Op.Progress:
            if (regs[inst.a] === pos) break thread
            pc++
            continue
          case Op.Look: {
            const look = program.looks[inst.a]!
            const matched = this.look(look, pos, caps, stack)
            if (!matched) break thread
            // Continue after the body (the Jmp that skips it).
            pc += 1
            continue
          }
          case Op.LookEnd:
            if (requiredEnd >= 0 && pos !== requiredEnd) break thread
            return caps.slice()
          case Op.Match:
            if (lookMode) break thread
            if (!program.longest) return caps.slice()
            if (pos > bestEnd) {
              bestEnd = pos
              best = caps.slice()
            }
            break thread
        }
      }
    }
    return best
  }

  private maskOf(pc: number, pos: number, regs: Int32Array, maskBits: number): number {
    if (maskBits === 0) return 0
    const around = this.program.enclosing[pc]!
    let mask = 0
    for (let k = 0; k < around.length && k < maskBits; k++) if (regs[around[k]!] === pos) mask |= 1 << k
    return mask
  }

  /** Evaluate a lookaround at `pos`; a positive one's captures are copied into `caps`. */
  private look(look: LookInfo, pos: number, caps: Int32Array, stack: Array<number>): boolean {
    const n = this.input.length
    if (look.single !== undefined) {
      this.uncharged++
      const hit = look.behind ? pos > 0 && look.single(this.cpBefore(pos)) : pos < n && look.single(this.cpAt(pos))
      return hit !== look.negated
    }
    const key = look.id * (n + 1) + pos
    if (look.cacheable) {
      const cached = this.lookCache?.get(key)
      if (cached !== undefined) return cached
    }
    let found: Captures | null = null
    if (!look.behind) {
      found = this.subRun(look, pos, -1, caps)
    } else {
      const nearest = pos - look.minLength
      const farthest = look.maxLength === Infinity ? 0 : Math.max(0, pos - look.maxLength)
      for (let start = nearest; start >= farthest && found === null; start--) found = this.subRun(look, start, pos, caps)
    }
    const result = (found !== null) !== look.negated
    if (look.cacheable) (this.lookCache ??= new Map()).set(key, result)
    if (result && found !== null && !look.negated) {
      for (const slot of look.slots) {
        stack.push(RESTORE_CAP, slot, caps[slot]!)
        caps[slot] = found[slot]!
      }
    }
    return result
  }

  private subRun(look: LookInfo, start: number, requiredEnd: number, caps: Int32Array): Captures | null {
    // A fresh memo: the body's outcome depends on where it must end. Back-references inside
    // read the outer captures, so the sub-run starts from them.
    return this.run(look.start, start, requiredEnd, new KeyMemo(this.program, 64), caps)
  }
}

interface Memo {
  /** False when (pc, pos, mask) was already explored; marks it otherwise. */
  visit(pc: number, pos: number, mask: number, caps: Int32Array): boolean
}

class BitMemo implements Memo {
  constructor(
    private readonly bits: Uint32Array,
    private readonly n: number,
    private readonly maskBits: number
  ) {}
  visit(pc: number, pos: number, mask: number): boolean {
    const index = ((pc * (this.n + 1) + pos) << this.maskBits) | mask
    const word = index >>> 5
    const bit = 1 << (index & 31)
    if ((this.bits[word]! & bit) !== 0) return false
    this.bits[word]! |= bit
    return true
  }
}

/**
 * A memo keyed by (pc, pos, mask, spans of referenced groups): an open-addressing hash set of
 * int32 tuples (no allocation per key), growing up to MAX_MEMO_ENTRIES; past that it stops
 * remembering (still correct, only less pruning: the step limit bounds the rest).
 */
class KeyMemo implements Memo {
  private readonly width: number
  private readonly referenced: ReadonlyArray<number>
  private capacity: number
  private size = 0
  private table: Int32Array

  constructor(program: BacktrackProgram, initialCapacity: number) {
    this.referenced = program.referenced
    this.width = 3 + 2 * this.referenced.length
    this.capacity = initialCapacity
    this.table = new Int32Array(this.capacity * this.width).fill(-1)
  }

  visit(pc: number, pos: number, mask: number, caps: Int32Array): boolean {
    const referenced = this.referenced
    let h = Math.imul(pc + 1, 0x9e3779b1) ^ Math.imul(pos + 1, 0x85ebca6b) ^ Math.imul(mask + 1, 0xc2b2ae35)
    for (const group of referenced) {
      h = Math.imul(h ^ (caps[2 * group]! + 2), 0x27d4eb2d)
      h = Math.imul(h ^ (caps[2 * group + 1]! + 2), 0x165667b1)
    }
    h ^= h >>> 15
    const width = this.width
    const table = this.table
    const slots = this.capacity - 1
    for (let slot = h & slots; ; slot = (slot + 1) & slots) {
      const base = slot * width
      if (table[base] === -1) {
        if (this.size >= MAX_MEMO_ENTRIES) return true
        table[base] = pc
        table[base + 1] = pos
        table[base + 2] = mask
        for (let k = 0; k < referenced.length; k++) {
          table[base + 3 + 2 * k] = caps[2 * referenced[k]!]!
          table[base + 4 + 2 * k] = caps[2 * referenced[k]! + 1]!
        }
        if (++this.size * 2 > this.capacity && this.size < MAX_MEMO_ENTRIES) this.grow()
        return true
      }
      if (table[base] !== pc || table[base + 1] !== pos || table[base + 2] !== mask) continue
      let same = true
      for (let k = 0; k < referenced.length && same; k++) {
        same = table[base + 3 + 2 * k] === caps[2 * referenced[k]!] && table[base + 4 + 2 * k] === caps[2 * referenced[k]! + 1]
      }
      if (same) return false
    }
  }

  /** Double the table and re-insert every tuple. */
  private grow(): void {
    const old = this.table
    const width = this.width
    const oldCapacity = this.capacity
    this.capacity *= 2
    this.table = new Int32Array(this.capacity * width).fill(-1)
    this.size = 0
    const caps = new Int32Array(2 * (Math.max(0, ...this.referenced) + 1))
    for (let slot = 0; slot < oldCapacity; slot++) {
      const base = slot * width
      if (old[base] === -1) continue
      for (let k = 0; k < this.referenced.length; k++) {
        caps[2 * this.referenced[k]!] = old[base + 3 + 2 * k]!
        caps[2 * this.referenced[k]! + 1] = old[base + 4 + 2 * k]!
      }
      this.visit(old[base]!, old[base + 1]!, old[base + 2]!, caps)
    }
  }
}
