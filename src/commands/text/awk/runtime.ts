/**
 * The awk program's mutable state: variables, the current record and its fields, special
 * variables, and buffered output. Plain synchronous code: the interpreter's hot path.
 */
import { makePatternSplitter, makeSplitter, makeWidthSplitter, type Splitter } from "./fields.js"
import { LimitExceeded } from "../../../limits/ExecutionLimits.js"
import { MawkArray } from "./mawkArray.js"
import { MeteredArray, type AwkMemory } from "./memory.js"
import { AwkFatal, IGNORE_CASE, LITERAL_BRACES, type RegexMode } from "./regex.js"
import type { RegexMeter } from "../regex/meter.js"
import { GAWK_INTEGER_LIMIT, MAWK_INTEGER_LIMIT, StrNum, numberToString, toNumber, toStringWith, type Value } from "./values.js"

export type AwkArray = Map<string, Value>

/** Bytes of a global's value on the memory account: long strings only (see compile.ts). */
const longBytes = (v: Value): number => {
  const length = typeof v === "string" ? v.length : v instanceof StrNum ? v.text.length : 0
  return length > 256 ? length : 0
}

/** Loop iterations (or records, calls) counted between two charges of the budget. */
const TICK_BATCH = 256
/** A variable slot: a scalar value or an array. */
export type Cell = Value | AwkArray

export const SPECIAL_VARS = [
  "NF",
  "NR",
  "FNR",
  "FS",
  "OFS",
  "ORS",
  "RS",
  "SUBSEP",
  "CONVFMT",
  "OFMT",
  "FILENAME",
  "RSTART",
  "RLENGTH",
  "IGNORECASE",
  "RT",
  "FPAT",
  "FIELDWIDTHS"
] as const
export type SpecialVar = (typeof SPECIAL_VARS)[number]
export const SPECIAL_INDEX: ReadonlyMap<string, number> = new Map(SPECIAL_VARS.map((name, i) => [name, i]))
const NF = 0
const NR = 1
const FNR = 2
const FS = 3
const OFS = 4
const ORS = 5
const RS = 6
const SUBSEP = 7
const CONVFMT = 8
const OFMT = 9
const IGNORECASE = 13
const FPAT = 15
const FIELDWIDTHS = 16

/** How a statement finished. */
export const enum Completion {
  Normal = 0,
  Break = 1,
  Continue = 2,
  Next = 3,
  NextFile = 4,
  Exit = 5,
  Return = 6
}

/** `next`, `nextfile` or `exit` raised inside a function, unwinding to the rule runner. */
export class ControlSignal {
  constructor(readonly completion: Completion) {}
}

/** Output waiting for the driver to write: to stdout/stderr, a file, or a command's stdin. */
export interface OutputBuffer {
  readonly kind: "stdout" | "stderr" | "file" | "append" | "pipe" | "null"
  readonly name: string
  chunks: Array<string>
  size: number
  /** A `>` file is truncated on its first write only. */
  truncated: boolean
}

/**
 * Which awk is imitated where gawk and mawk print numbers differently: `awk` is mawk on the
 * reference host (Debian), `gawk` is gawk.
 */
export type AwkDialect = "gawk" | "mawk"

/**
 * The exec's budget as awk's runtime sees it (a `Budget`): the work meter (throws the
 * `LimitExceeded` that ends the script), the time slice, the exec's loop counter.
 */
export interface AwkBudget {
  step(units: number): void
  readonly sliceSpent: boolean
  loopIterations: number
}

export interface RuntimeOptions {
  readonly dialect: AwkDialect
  readonly maxCallDepth: number
  /** Loop iterations of the whole exec (shell loops and awk loops together). */
  readonly maxLoopIterations: number
  /** Longest string one value may hold. */
  readonly maxStringLength: number
  readonly budget: AwkBudget
  /** The command's memory account (a lease on the exec's budget). */
  readonly memory: AwkMemory
  /** The exec's budget for regex matching (`regexMeter(ctx.budget, "awk")`). */
  readonly regexMeter?: RegexMeter
}

export class Runtime {
  readonly globals: Array<Cell> = []
  frame: Array<Cell> = []
  holes: Array<Value> = []
  callDepth = 0
  returnValue: Value = undefined
  exitCode = 0
  /** Bytes of global scalars charged to the memory account. */
  private scalarBytes = 0

  readonly specials: Array<Value> = [0, 0, 0, " ", " ", "\n", "\n", "\x1c", "%.6g", "%.6g", "", 0, -1, 0, "", "[^[:space:]]+", ""]
  /** Which of FS, FPAT or FIELDWIDTHS was set last decides how records split (gawk). */
  private splitMode: "FS" | "FPAT" | "FIELDWIDTHS" = "FS"
  ofs = " "
  ors = "\n"
  subsep = "\x1c"
  convfmt = "%.6g"
  ofmt = "%.6g"
  ignoreCase = false
  private splitter: Splitter = makeSplitter(" ", false, 0)
  private splitterStale = false

  // The current record.
  private record = ""
  private recordValue: StrNum | undefined
  private recordSplitter: Splitter = this.splitter
  private split = true
  private stale = false
  private fieldText: Array<string> = [""]
  private fieldValue: Array<Value> = []
  private nf = 0

  // Output.
  readonly stdout: OutputBuffer = { kind: "stdout", name: "/dev/stdout", chunks: [], size: 0, truncated: true }
  readonly stderr: OutputBuffer = { kind: "stderr", name: "/dev/stderr", chunks: [], size: 0, truncated: true }
  readonly outputs = new Map<string, OutputBuffer>()
  /** PROCINFO, for `sorted_in`. */
  procinfo: AwkArray | undefined

  // rand()/srand()
  seed = 0
  previousSeed = 0
  private randState = 0

  /** What regex matching charges (the exec's budget and step limit). */
  get regexMeter(): RegexMeter | undefined {
    return this.options.regexMeter
  }

  /** How regexes are read: IGNORECASE, and mawk's literal braces. */
  get regexMode(): RegexMode {
    return (this.ignoreCase ? IGNORE_CASE : 0) | (this.options.dialect === "mawk" ? LITERAL_BRACES : 0)
  }

  /** Integral numbers below this (in magnitude) print as integers. */
  readonly integerLimit: number
  /** mawk's printf: C int/unsigned conversions clamp, `%c` of a number is one byte. */
  readonly cPrintf: boolean

  constructor(readonly options: RuntimeOptions) {
    this.integerLimit = options.dialect === "mawk" ? MAWK_INTEGER_LIMIT : GAWK_INTEGER_LIMIT
    this.cPrintf = options.dialect === "mawk"
    this.srand(0)
  }

  // ---- errors and limits ----

  fatal(message: string): never {
    throw new AwkFatal(message)
  }

  /**
   * Called once per loop iteration: charges the exec's budget (deadline, abort) and its loop
   * counter. True when the exec's time slice is spent: a loop that can pause should, so the
   * event loop gets its turn.
   */
  tickLoop(): boolean {
    if (--this.loopTicks > 0) return false
    return this.settleLoops()
  }

  /** Called once per record or per function call: like `tickLoop`, without the loop counter. */
  tick(): boolean {
    if (--this.otherTicks > 0) return false
    return this.settleOthers()
  }

  // Ticks are counted locally and charged to the budget in batches (the hot path is one decrement).
  private loopTicks = TICK_BATCH
  private otherTicks = TICK_BATCH

  private settleLoops(): boolean {
    const budget = this.options.budget
    const done = TICK_BATCH - this.loopTicks
    this.loopTicks = TICK_BATCH
    budget.loopIterations += done
    if (budget.loopIterations > this.options.maxLoopIterations) {
      const max = this.options.maxLoopIterations
      throw new LimitExceeded({ limit: "maxTotalLoopIterations", value: max, message: `awk: maximum total loop iterations exceeded (${max})` })
    }
    budget.step(done)
    return budget.sliceSpent
  }

  private settleOthers(): boolean {
    const done = TICK_BATCH - this.otherTicks
    this.otherTicks = TICK_BATCH
    this.options.budget.step(done)
    return this.options.budget.sliceSpent
  }

  /** A function call one level deeper; the depth limit ends the script like the shell's. */
  enterCall(): void {
    if (this.callDepth >= this.options.maxCallDepth) {
      const max = this.options.maxCallDepth
      throw new LimitExceeded({ limit: "maxFunctionDepth", value: max, message: `awk: maximum function nesting level exceeded (${max})` })
    }
    this.options.budget.step(1)
    this.callDepth++
  }

  /** A string about to be made `length` characters long: past the limit on one value, the script ends. */
  checkLength(length: number): void {
    if (length > this.options.maxStringLength) {
      const max = this.options.maxStringLength
      throw new LimitExceeded({ limit: "maxStringLength", value: max, message: `awk: maximum string length exceeded (${max} characters)` })
    }
  }

  /** Long string work reports the length it has built: charged to the budget, checked against the string limit. */
  readonly progress = (length: number): void => {
    this.options.budget.step(256 + (length >> 8))
    this.checkLength(length)
  }

  /** A global scalar changes from `old` to `value`: the memory account follows its size. */
  chargeScalar(old: Value, value: Value): void {
    const delta = longBytes(value) - longBytes(old)
    if (delta > 0) this.options.memory.alloc(delta)
    else if (delta < 0) this.options.memory.free(Math.min(-delta, this.scalarBytes))
    this.scalarBytes = Math.max(0, this.scalarBytes + delta)
  }

  // ---- special variables ----

  getSpecial(index: number): Value {
    if (index === NF) {
      if (!this.split) this.splitRecord()
      return this.nf
    }
    return this.specials[index]
  }

  setSpecial(index: number, value: Value): void {
    switch (index) {
      case NF:
        this.setNF(toNumber(value))
        return
      case NR:
      case FNR:
        this.specials[index] = toNumber(value)
        return
      case FS:
      case FPAT:
      case FIELDWIDTHS:
        this.specials[index] = value
        this.splitMode = index === FS ? "FS" : index === FPAT ? "FPAT" : "FIELDWIDTHS"
        this.procinfo?.set("FS", this.splitMode)
        this.splitterStale = true
        return
      case RS:
        this.specials[RS] = value
        this.splitterStale = true
        return
      case IGNORECASE:
        this.specials[IGNORECASE] = value
        this.ignoreCase = toNumber(value) !== 0 || (typeof value === "string" && value !== "" && toNumber(value) !== 0)
        this.splitterStale = true
        return
    }
    this.specials[index] = value
    const text = this.str(value)
    if (index === OFS) this.ofs = text
    else if (index === ORS) this.ors = text
    else if (index === SUBSEP) this.subsep = text
    else if (index === CONVFMT) this.convfmt = text
    else if (index === OFMT) this.ofmt = text
  }

  get fs(): string {
    return this.str(this.specials[FS])
  }

  get rs(): string {
    return this.str(this.specials[RS])
  }

  incrementRecordCounters(): void {
    this.specials[NR] = (this.specials[NR] as number) + 1
    this.specials[FNR] = (this.specials[FNR] as number) + 1
  }

  resetFNR(): void {
    this.specials[FNR] = 0
  }

  // ---- conversions ----

  str(v: Value): string {
    return typeof v === "string" ? v : toStringWith(v, this.convfmt, this.integerLimit)
  }

  outputString(v: Value): string {
    if (typeof v === "string") return v
    if (typeof v === "number") return numberToString(v, this.ofmt, this.integerLimit)
    return toStringWith(v, this.convfmt, this.integerLimit)
  }

  /** Array subscript: integers as integers, other numbers through CONVFMT. */
  key(v: Value): string {
    if (typeof v === "number") {
      return Number.isInteger(v) && Math.abs(v) < this.integerLimit ? String(v) : numberToString(v, this.convfmt, this.integerLimit)
    }
    return this.str(v)
  }

  // ---- the record and its fields ----

  private currentSplitter(): Splitter {
    if (this.splitterStale) {
      const spec = this.str(this.specials[this.splitMode === "FS" ? FS : this.splitMode === "FPAT" ? FPAT : FIELDWIDTHS])
      this.splitter =
        this.splitMode === "FS"
          ? makeSplitter(spec, this.rs === "", this.regexMode)
          : this.splitMode === "FPAT"
            ? makePatternSplitter(spec, this.regexMode)
            : makeWidthSplitter(spec, (message) => this.fatal(message))
      this.splitterStale = false
    }
    return this.splitter
  }

  private readonly splitters = new Map<string, Splitter>()

  /** A cached splitter for split()'s separator argument. */
  splitterFor(fs: string): Splitter {
    const key = (this.ignoreCase ? "i" : "c") + fs
    let splitter = this.splitters.get(key)
    if (splitter === undefined) {
      if (this.splitters.size > 100) this.splitters.clear()
      splitter = makeSplitter(fs, false, this.regexMode)
      this.splitters.set(key, splitter)
    }
    return splitter
  }

  setRecord(text: string): void {
    this.record = text
    this.recordValue = undefined
    this.split = false
    this.stale = false
    this.recordSplitter = this.currentSplitter()
  }

  private splitRecord(): void {
    const parts = this.recordSplitter(this.record)
    this.fieldText = parts
    parts.unshift("")
    this.fieldValue = []
    this.nf = parts.length - 1
    this.split = true
  }

  private rebuild(): void {
    const parts = this.fieldText
    let text = this.nf >= 1 ? parts[1]! : ""
    for (let i = 2; i <= this.nf; i++) text += this.ofs + parts[i]!
    this.record = text
    this.recordValue = undefined
    this.stale = false
  }

  get recordText(): string {
    if (this.stale) this.rebuild()
    return this.record
  }

  getField(index: number): Value {
    if (index === 0) {
      if (this.stale) this.rebuild()
      if (this.recordValue === undefined) this.recordValue = new StrNum(this.record)
      return this.recordValue
    }
    if (!this.split) this.splitRecord()
    if (index > this.nf) {
      if (index < 0) this.fatal(`attempt to access field ${index}`)
      return undefined
    }
    let value = this.fieldValue[index]
    if (value === undefined) {
      value = new StrNum(this.fieldText[index]!)
      this.fieldValue[index] = value
    }
    return value
  }

  fieldIndex(v: Value): number {
    const n = Math.trunc(toNumber(v))
    if (n < 0) this.fatal(`attempt to access field ${n}`)
    return n
  }

  setField(index: number, value: Value): void {
    if (index === 0) {
      this.setRecord(this.str(value))
      return
    }
    if (!this.split) this.splitRecord()
    if (index > this.nf) {
      for (let i = this.nf + 1; i < index; i++) {
        this.fieldText[i] = ""
        this.fieldValue[i] = undefined
      }
      this.nf = index
    }
    this.fieldText[index] = this.str(value)
    this.fieldValue[index] = value === undefined ? new StrNum("") : value
    this.stale = true
  }

  setNF(n: number): void {
    if (!this.split) this.splitRecord()
    const count = Math.trunc(n)
    if (count < 0) this.fatal(`NF set to negative value`)
    for (let i = this.nf + 1; i <= count; i++) {
      this.fieldText[i] = ""
      this.fieldValue[i] = undefined
    }
    this.fieldText.length = count + 1
    this.fieldValue.length = Math.min(this.fieldValue.length, count + 1)
    this.nf = count
    this.stale = true
  }

  // ---- variables ----

  scalarOf(cell: Cell, name: string): Value {
    if (cell instanceof Map) this.fatal(`attempt to use array \`${name}' in a scalar context`)
    return cell
  }

  /** A new array; mawk's remember the order mawk would visit their keys in. */
  newArray(): AwkArray {
    const memory = this.options.memory
    return this.options.dialect === "mawk" ? new MawkArray(memory) : new MeteredArray(memory)
  }

  globalArray(slot: number, name: string): AwkArray {
    const cell = this.globals[slot]
    if (cell instanceof Map) return cell
    if (cell !== undefined) this.fatal(`attempt to use scalar \`${name}' as an array`)
    const array = this.newArray()
    this.globals[slot] = array
    return array
  }

  localArray(slot: number, name: string): AwkArray {
    const cell = this.frame[slot]
    if (cell instanceof Map) return cell
    if (cell !== undefined) this.fatal(`attempt to use scalar parameter \`${name}' as an array`)
    const array = this.newArray()
    ;(array as MeteredArray).owner = this.callDepth
    this.frame[slot] = array
    return array
  }

  // ---- output ----

  write(buffer: OutputBuffer, text: string): void {
    // Output waits in its buffer (stdout until 64 KiB, files until 1 MiB, pipes until close):
    // held memory, given back when the driver writes the buffer out.
    this.options.memory.alloc(text.length)
    buffer.chunks.push(text)
    buffer.size += text.length
    if (buffer.size > this.options.maxStringLength) this.checkLength(buffer.size)
  }

  // ---- rand ----

  srand(seed: number): number {
    const previous = this.seed
    this.seed = seed
    this.randState = (Math.trunc(seed) ^ 0x5deece66) >>> 0
    return previous
  }

  /** A deterministic generator (mulberry32): same seed, same sequence, as awk promises. */
  rand(): number {
    let t = (this.randState = (this.randState + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
