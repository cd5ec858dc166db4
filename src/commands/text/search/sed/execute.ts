import type { WorkMeter } from "../../../../limits/Budget.js"
import { LimitExceeded } from "../../../../limits/ExecutionLimits.js"
import { compilePosixRegex, execLongest, type CompiledRegex, type RegexMeter } from "../../regex/posix.js"
import type { Address, EndAddress, RegexRef, ReplacementPart, SedCommand, SedProgram, Substitution } from "./program.js"

/** Lines of one source read together (one chunk): the last may lack its terminator (end of a file). */
interface Batch {
  readonly lines: ReadonlyArray<string>
  readonly name: string
  readonly lastUnterminated: boolean
}

/**
 * Lines read ahead of the machine. The driver fills it chunk by chunk; the machine takes from
 * it and asks for more (`"input"`) when it needs a line that has not arrived. It always wants
 * one line beyond the current one (or the end), so `$` is known when a line is taken. Lines are
 * kept in the batches they came in (no object per line).
 */
export class LineQueue {
  private readonly batches: Array<Batch> = []
  /** Next line of the first batch. */
  private index = 0
  private count = 0
  /** No more lines will come (end of this stream). */
  ended = false
  /** Where the line `shift` returned last came from, and whether it had its terminator. */
  name = "-"
  newline = true

  get size(): number {
    return this.count
  }

  push(lines: ReadonlyArray<string>, name: string, lastUnterminated = false): void {
    if (lines.length === 0) return
    this.batches.push({ lines, name, lastUnterminated })
    this.count += lines.length
  }

  shift(): string {
    const batch = this.batches[0]!
    const at = this.index++
    this.count--
    this.name = batch.name
    this.newline = !(batch.lastUnterminated && at === batch.lines.length - 1)
    if (this.index >= batch.lines.length) {
      this.batches.shift()
      this.index = 0
    }
    return batch.lines[at]!
  }
}

export interface ExecuteOptions {
  readonly silent: boolean
  readonly extended: boolean
  readonly separator: string
  readonly lineWrap: number
  /** Contents of files read by `r`/`R` (undefined: unreadable, silently ignored as GNU does). */
  readonly readFile: (name: string) => string | undefined
  /** Longest pattern or hold space (the sandbox's limit on one value); undefined: none. */
  readonly maxSpaceChars?: number
  /** The exec's budget for regex matching (`regexMeter(ctx.budget, "sed")`). */
  readonly regexMeter?: RegexMeter
}

/** The work meter and time slice of the exec (a `Budget`). */
export interface SedMeter extends WorkMeter {
  /** The exec's time slice is spent: the machine pauses so the driver can yield. */
  readonly sliceSpent: boolean
}

/** The memory account the machine charges for its pattern and hold spaces (a `MemoryLease`). */
export interface SedMemory {
  readonly alloc: (bytes: number) => void
  readonly free: (bytes: number) => void
}

/**
 * Why `resume` returned: it needs another input line, its output buffer is worth writing, the
 * exec's slice is spent, or the stream is done (end of input, `q`, or a runtime error).
 */
export type Pause = "input" | "output" | "slice" | "end"

class RuntimeError {
  constructor(readonly message: string) {}
}

/** Per-range-command state (a range is active between its start and end lines). */
interface RangeState {
  active: boolean
  endLine: number
}

/** Output worth handing to the driver (it writes it, then the machine goes on). */
const FLUSH_CHARS = 64 * 1024
/** Commands run between two looks at the exec's time slice. */
const SLICE_CHECK_EVERY = 1024
/** Bytes charged per piece of a concatenated (rope) string: V8 keeps a node for each. */
const PIECE_BYTES = 32

type CycleEnd = "print" | "delete" | "restart" | "quit" | "quitSilent"

/**
 * Run a parsed sed program over a stream of lines. Synchronous and resumable: `resume` runs
 * cycles until it needs a line the driver has not read yet, has output worth writing, or the
 * exec's slice is spent, keeping the whole state of the cycle in progress (even in the middle
 * of an `N` or a branch loop) in its fields. The driver does the I/O and yields between calls.
 */
export class SedMachine {
  private readonly ranges: Array<RangeState>
  private readonly regexCache = new Map<string, CompiledRegex>()
  private lastRegex: CompiledRegex | undefined
  private readonly writes = new Map<string, string>()
  private writesChars = 0
  private readonly rFileOffsets = new Map<string, number>()
  private readonly commands: ReadonlyArray<SedCommand>
  private readonly autoprint: boolean
  private readonly sep: string

  // The spaces, and how many concatenations each is made of (for the memory estimate).
  private pattern = ""
  private hold = ""
  private patternPieces = 0
  private holdPieces = 0
  private charged = 0

  // The stream (reset by `beginStream`).
  private lineNumber = 0
  /**
   * The text in a space came from a last line without terminator (GNU keeps this per space: `x`,
   * `g`, `G`, `h`, `H` carry it along), so printing it at the end adds no newline.
   */
  private patternMissing = false
  private holdMissing = false
  private currentName = "-"
  private appendQueue: Array<string> = []
  private appendChars = 0
  /** GNU leaves a last line without its newline and writes that newline before any later output. */
  private pendingNewline = false
  private finished = false
  private out = ""
  private queue: LineQueue = new LineQueue()

  // The cycle in progress.
  private inCycle = false
  private restartWithoutRead = false
  private pc = 0
  private substituted = false
  private endCycle: CycleEnd = "print"
  /** The command at `pc` was selected and waits for input to run (`n`, `N`). */
  private actionPending = false
  private sliceCountdown = SLICE_CHECK_EVERY

  /** Exit status so far (`q5`, 4 after a runtime error). */
  exitCode = 0
  /** A runtime error (`no previous regular expression`), already worded. */
  error: string | undefined = undefined
  /** `q`/`Q` (or an `n`/`N` at the end, or an error) ended the run: no further input is read. */
  quit = false

  constructor(
    private readonly program: SedProgram,
    private readonly options: ExecuteOptions,
    private readonly meter: SedMeter = { step: () => {}, sliceSpent: false },
    private readonly memory: SedMemory = { alloc: () => {}, free: () => {} }
  ) {
    this.ranges = program.commands.map(() => ({ active: false, endLine: 0 }))
    this.commands = program.commands
    this.autoprint = !options.silent && !program.silent
    this.sep = options.separator
  }

  /** Start a stream (all files, or one file under -s/-i): line numbers restart, hold space stays. */
  beginStream(queue: LineQueue, freshOutput: boolean): void {
    this.queue = queue
    this.lineNumber = 0
    this.patternMissing = false
    if (freshOutput) this.pendingNewline = false
    this.finished = false
    this.inCycle = false
    this.restartWithoutRead = false
    this.actionPending = false
    this.quit = false
  }

  /** Take the output produced so far. */
  takeOutput(): string {
    const text = this.out
    this.out = ""
    return text
  }

  /** Take the text written to `w` files so far (`/dev/stdout` goes to the output directly). */
  takeWrites(): Map<string, string> {
    const copy = new Map(this.writes)
    this.writes.clear()
    this.writesChars = 0
    return copy
  }

  /** Give back the memory charged for the spaces (the command ends). */
  releaseMemory(): void {
    this.memory.free(this.charged)
    this.charged = 0
  }

  /** Run until the machine must pause; see `Pause`. */
  resume(): Pause {
    try {
      return this.runCycles()
    } catch (error) {
      if (error instanceof RuntimeError) {
        this.error = error.message
        this.exitCode = 4
        this.quit = true
        this.finished = true
        return "end"
      }
      throw error
    }
  }

  private isLast(): boolean {
    return this.queue.size === 0 && this.queue.ended
  }

  /** Whether a line can be taken now (with its lookahead), must be waited for, or will never come. */
  private canRead(): "yes" | "need" | "end" {
    const size = this.queue.size
    if (size >= 2 || (size === 1 && this.queue.ended)) return "yes"
    return size === 0 && this.queue.ended ? "end" : "need"
  }

  private readNext(): void {
    const queue = this.queue
    this.pattern = queue.shift()
    this.lineNumber++
    this.patternPieces = 0
    this.patternMissing = !queue.newline
    this.currentName = queue.name
  }

  private emit(text: string): void {
    if (this.pendingNewline) {
      this.out += this.sep
      this.pendingNewline = false
    }
    this.out += text
  }

  /** Whether the current line is printed with its terminator (not the unterminated last one). */
  private chomped(): boolean {
    return !(this.patternMissing && this.isLast())
  }

  private emitPattern(): void {
    this.emit(this.pattern)
    if (this.chomped()) this.out += this.sep
    else this.pendingNewline = true
  }

  private flushAppends(): void {
    for (const text of this.appendQueue) this.emit(text)
    this.appendQueue = []
    this.appendChars = 0
  }

  /**
   * Charge the memory account for what the machine holds. Concatenation builds ropes (a V8
   * node per piece); once the pieces outweigh the text, the string is flattened, so memory
   * stays within about twice the charged size.
   */
  private account(): void {
    if (this.patternPieces > 64 && this.patternPieces * PIECE_BYTES > this.pattern.length) {
      this.pattern = flatten(this.pattern)
      this.patternPieces = 0
    }
    if (this.holdPieces > 64 && this.holdPieces * PIECE_BYTES > this.hold.length) {
      this.hold = flatten(this.hold)
      this.holdPieces = 0
    }
    const max = this.options.maxSpaceChars
    if (max !== undefined && (this.pattern.length > max || this.hold.length > max)) throw spaceTooLong(max)
    const size =
      this.pattern.length + this.hold.length + (this.patternPieces + this.holdPieces) * PIECE_BYTES + this.out.length + this.appendChars + this.writesChars
    if (size > this.charged) this.memory.alloc(size - this.charged)
    else if (size < this.charged) this.memory.free(this.charged - size)
    this.charged = size
  }

  private runCycles(): Pause {
    const commands = this.commands
    for (;;) {
      if (!this.inCycle) {
        if (this.finished) return "end"
        if (this.out.length >= FLUSH_CHARS) return "output"
        if (this.sliceDue()) return "slice"
        if (!this.restartWithoutRead) {
          const ready = this.canRead()
          if (ready === "need") return "input"
          if (ready === "end") {
            this.finished = true
            return "end"
          }
          this.readNext()
        }
        this.restartWithoutRead = false
        this.inCycle = true
        this.pc = 0
        this.substituted = false
        this.endCycle = "print"
        this.meter.step(1)
        this.account()
      }
      while (this.pc < commands.length) {
        const pc = this.pc
        const command = commands[pc]!
        if (!this.actionPending) {
          this.meter.step(1)
          if (--this.sliceCountdown <= 0) {
            // A cycle that branches forever or prints a lot still gives the event loop its turn.
            this.sliceCountdown = SLICE_CHECK_EVERY
            if (this.out.length >= FLUSH_CHARS) return "output"
            if (this.meter.sliceSpent) return "slice"
          }
          if (!this.selected(command, pc, this.pattern, this.lineNumber, this.isLast())) {
            this.pc = command.action.name === "{" ? command.action.end + 1 : pc + 1
            continue
          }
        }
        this.actionPending = false
        const pause = this.execute(command, pc)
        if (pause !== undefined) {
          this.actionPending = true
          return pause
        }
        this.account()
      }
      this.inCycle = false
      const end = this.endCycle
      if (end === "quitSilent") {
        this.quit = true
        this.finished = true
        continue
      }
      if ((end === "print" || end === "quit") && this.autoprint) this.emitPattern()
      this.flushAppends()
      if (end === "quit" || this.quit) {
        this.quit = true
        this.finished = true
        continue
      }
      if (end === "restart") this.restartWithoutRead = true
    }
  }

  private checkLength(length: number): void {
    const max = this.options.maxSpaceChars
    if (max !== undefined && length > max) throw spaceTooLong(max)
  }

  private sliceDue(): boolean {
    if (--this.sliceCountdown > 0) return false
    this.sliceCountdown = SLICE_CHECK_EVERY
    return this.meter.sliceSpent
  }

  /** Stop the cycle here (the rest of the script is skipped). */
  private endCycleWith(end: CycleEnd): void {
    this.endCycle = end
    this.pc = this.commands.length
  }

  /** Run one selected command; `"input"` when it needs a line that has not arrived (it runs again then). */
  private execute(command: SedCommand, pc: number): Pause | undefined {
    const action = command.action
    this.pc = pc + 1
    switch (action.name) {
      case "{": case "}": case ":":
        break
      case "=":
        this.emit(`${this.lineNumber}\n`)
        break
      case "a":
        this.appendQueue.push(action.text)
        this.appendChars += action.text.length
        break
      case "i":
        this.emit(action.text)
        break
      case "c":
        // In a range, the text replaces the whole range: print it at the range's end.
        if (command.end === undefined || command.negate || !this.ranges[pc]!.active) this.emit(action.text)
        this.endCycleWith("delete")
        break
      case "d":
        this.endCycleWith("delete")
        break
      case "D": {
        const newline = this.pattern.indexOf("\n")
        if (newline === -1) this.endCycleWith("delete")
        else {
          this.pattern = this.pattern.slice(newline + 1)
          this.patternPieces = 0
          this.endCycleWith("restart")
        }
        break
      }
      case "g":
        this.pattern = this.hold
        this.patternPieces = this.holdPieces
        this.patternMissing = this.holdMissing
        break
      case "G":
        this.pattern += "\n" + this.hold
        this.patternPieces += 2
        this.patternMissing = this.holdMissing
        break
      case "h":
        this.hold = this.pattern
        this.holdPieces = this.patternPieces
        this.holdMissing = this.patternMissing
        break
      case "H":
        this.hold += "\n" + this.pattern
        this.holdPieces += 2
        this.holdMissing = this.patternMissing
        break
      case "x": {
        const swap = this.pattern
        this.pattern = this.hold
        this.hold = swap
        const pieces = this.patternPieces
        this.patternPieces = this.holdPieces
        this.holdPieces = pieces
        const missing = this.patternMissing
        this.patternMissing = this.holdMissing
        this.holdMissing = missing
        break
      }
      case "z":
        this.pattern = ""
        this.patternPieces = 0
        break
      case "F":
        this.emit(this.currentName + "\n")
        break
      case "l":
        this.meter.step(this.pattern.length >> 3)
        this.emit(escapeForL(this.pattern, action.width ?? this.options.lineWrap))
        break
      case "n":
      case "N": {
        const ready = this.canRead()
        if (ready === "need") {
          this.pc = pc
          return "input"
        }
        if (ready === "end") {
          // GNU prints the pattern space when n or N runs out of input, and stops.
          this.endCycleWith("print")
          this.quit = true
          break
        }
        if (action.name === "n") {
          if (this.autoprint) this.emitPattern()
          this.flushAppends()
          this.readNext()
        } else {
          this.flushAppends()
          const before = this.pattern
          const pieces = this.patternPieces
          this.readNext()
          this.pattern = before + "\n" + this.pattern
          this.patternPieces = pieces + 2
        }
        break
      }
      case "p":
        this.emitPattern()
        break
      case "P": {
        const newline = this.pattern.indexOf("\n")
        this.emit((newline === -1 ? this.pattern : this.pattern.slice(0, newline)) + "\n")
        break
      }
      case "q":
        this.exitCode = action.exitCode
        this.endCycleWith("quit")
        break
      case "Q":
        this.exitCode = action.exitCode
        this.endCycleWith("quitSilent")
        break
      case "b":
        this.pc = action.target
        break
      case "t":
        if (this.substituted) {
          this.substituted = false
          this.pc = action.target
        }
        break
      case "T":
        if (!this.substituted) this.pc = action.target
        else this.substituted = false
        break
      case "r": {
        const content = this.options.readFile(action.file)
        // The file is copied as it is, even without a final newline.
        if (content !== undefined && content !== "") {
          this.appendQueue.push(content)
          this.appendChars += content.length
        }
        break
      }
      case "R": {
        const content = this.options.readFile(action.file)
        if (content === undefined) break
        const offset = this.rFileOffsets.get(action.file) ?? 0
        if (offset >= content.length) break
        const newline = content.indexOf("\n", offset)
        const line = newline === -1 ? content.slice(offset) : content.slice(offset, newline)
        this.rFileOffsets.set(action.file, newline === -1 ? content.length : newline + 1)
        const text = newline === -1 ? line : line + "\n"
        this.appendQueue.push(text)
        this.appendChars += text.length
        break
      }
      case "w":
        // `w` keeps a missing final newline missing, on a stream of its own.
        if (action.file === "/dev/stdout") this.out += this.pattern + (this.chomped() ? this.sep : "")
        else this.write(action.file, this.pattern + (this.chomped() ? this.sep : ""))
        break
      case "W": {
        const newline = this.pattern.indexOf("\n")
        this.write(action.file, (newline === -1 ? this.pattern : this.pattern.slice(0, newline)) + "\n")
        break
      }
      case "y":
        this.meter.step(this.pattern.length >> 3)
        this.pattern = Array.from(this.pattern, (c) => action.map.get(c) ?? c).join("")
        this.patternPieces = 0
        break
      case "s": {
        const result = this.substitute(action.substitution, this.pattern)
        if (result !== undefined) {
          this.pattern = result.text
          this.patternPieces = result.pieces
          this.substituted = true
          for (let k = 0; k < action.substitution.print; k++) this.emitPattern()
          const target = action.substitution.writeFile
          if (target === "/dev/stdout") this.out += this.pattern + (this.chomped() ? this.sep : "")
          else if (target !== undefined) this.write(target, this.pattern + (this.chomped() ? this.sep : ""))
        }
        break
      }
    }
    return undefined
  }

  private write(file: string, text: string): void {
    this.writes.set(file, (this.writes.get(file) ?? "") + text)
    this.writesChars += text.length + PIECE_BYTES
  }

  private compile(ref: RegexRef): CompiledRegex {
    if (ref.source === undefined) {
      if (this.lastRegex === undefined) throw new RuntimeError("no previous regular expression")
      return this.lastRegex
    }
    const key = `${ref.ignoreCase ? "I" : ""}${ref.multiline ? "M" : ""}:${ref.source}`
    let compiled = this.regexCache.get(key)
    if (compiled === undefined) {
      const result = compilePosixRegex(ref.source, {
        flavor: this.options.extended ? "extended" : "basic",
        ignoreCase: ref.ignoreCase,
        multiline: ref.multiline,
        sedEscapes: true,
        meter: this.options.regexMeter
      })
      if (result._tag === "Error") throw new RuntimeError(result.message)
      compiled = result
      this.regexCache.set(key, compiled)
    }
    this.lastRegex = compiled
    return compiled
  }

  /** Compile every regex up front so syntax errors surface before any output. */
  precompile(): string | undefined {
    try {
      for (const command of this.program.commands) {
        for (const address of [command.start, command.end]) {
          if (address?.type === "regex" && address.regex.source !== undefined) this.compile(address.regex)
        }
        if (command.action.name === "s" && command.action.substitution.regex.source !== undefined) {
          this.compile(command.action.substitution.regex)
        }
      }
      this.lastRegex = undefined
      return undefined
    } catch (error) {
      if (error instanceof RuntimeError) return error.message
      throw error
    }
  }

  private test(ref: RegexRef, text: string): boolean {
    // A scan of the text: long pattern spaces cost in proportion (the regex layer meters its own steps too).
    this.meter.step(1 + (text.length >> 6))
    const compiled = this.compile(ref)
    compiled.regex.lastIndex = 0
    return compiled.regex.test(text)
  }

  private matchAddress(address: Address, text: string, line: number, last: boolean): boolean {
    switch (address.type) {
      case "line":
        return line === address.line
      case "last":
        return last
      case "regex":
        return this.test(address.regex, text)
      case "step":
        if (address.step <= 0) return line === address.first
        return line >= address.first && (line - address.first) % address.step === 0
      case "zero":
        return false
    }
  }

  private selected(command: SedCommand, index: number, text: string, line: number, last: boolean): boolean {
    if (command.start === undefined) return !command.negate
    if (command.end === undefined) return this.matchAddress(command.start, text, line, last) !== command.negate
    return this.matchRange(command.start, command.end, this.ranges[index]!, text, line, last) !== command.negate
  }

  private matchRange(start: Address, end: EndAddress, state: RangeState, text: string, line: number, last: boolean): boolean {
    if (state.active) {
      switch (end.type) {
        case "line":
          if (line >= end.line) state.active = false
          return true
        case "plus":
        case "multiple":
          if (line >= state.endLine) state.active = false
          return true
        case "last":
          if (last) state.active = false
          return true
        case "regex":
          if (this.test(end.regex, text)) state.active = false
          return true
        default:
          if (this.matchAddress(end, text, line, last)) state.active = false
          return true
      }
    }
    const startsHere = start.type === "zero" ? line === 1 : this.matchAddress(start, text, line, last)
    if (!startsHere) return false
    state.active = true
    switch (end.type) {
      case "line":
        if (end.line <= line) state.active = false
        break
      case "plus":
        state.endLine = line + end.count
        if (end.count === 0) state.active = false
        break
      case "multiple":
        if (end.of <= 0 || line % end.of === 0) state.active = false
        else state.endLine = Math.ceil(line / end.of) * end.of
        break
      case "last":
        if (last) state.active = false
        break
      case "regex":
        // `0,/re/` lets the end regex match on the very first line.
        if (start.type === "zero" && this.test(end.regex, text)) state.active = false
        break
      default:
        break
    }
    return true
  }

  /** The substituted text and how many pieces it was concatenated from, or undefined when nothing matched. */
  private substitute(substitution: Substitution, text: string): { readonly text: string; readonly pieces: number } | undefined {
    this.meter.step(1 + (text.length >> 6))
    const compiled = this.compile(substitution.regex)
    let out = ""
    let position = 0
    let count = 0
    let replaced = false
    let previousEnd = -1
    let copiedTo = 0
    while (position <= text.length) {
      this.meter.step(1)
      const match = execLongest(compiled, text, position, substitution.maxGroup > 0)
      if (match === undefined) break
      // An empty match right after the previous match does not count (GNU).
      if (match.end === match.index && match.index === previousEnd) {
        position = match.index + 1
        continue
      }
      count++
      if ((count & 1023) === 0) this.checkLength(out.length)
      if (count >= substitution.occurrence) {
        out += text.slice(copiedTo, match.index) + buildReplacement(substitution.replacement, text.slice(match.index, match.end), match.groups)
        copiedTo = match.end
        replaced = true
        if (!substitution.global) break
      }
      previousEnd = match.end
      position = match.end === match.index ? match.end + 1 : match.end
    }
    if (!replaced) return undefined
    return { text: out + text.slice(copiedTo), pieces: 2 * count + 1 }
  }
}

const spaceTooLong = (max: number): LimitExceeded =>
  new LimitExceeded({ limit: "maxStringLength", value: max, message: `sed: maximum string length exceeded (${max} characters)` })

/** A flat copy of a concatenated string (reading a character makes V8 flatten it). */
const flatten = (text: string): string => {
  text.charCodeAt(text.length >> 1)
  return text
}

const buildReplacement = (parts: ReadonlyArray<ReplacementPart>, whole: string, groups: ReadonlyArray<string | undefined>): string => {
  let out = ""
  let mode: "none" | "upper" | "lower" = "none"
  let next: "none" | "upper" | "lower" = "none"
  const append = (piece: string) => {
    if (piece === "") return
    let converted = mode === "upper" ? piece.toUpperCase() : mode === "lower" ? piece.toLowerCase() : piece
    if (next !== "none") {
      const first = converted[0]!
      converted = (next === "upper" ? first.toUpperCase() : first.toLowerCase()) + converted.slice(1)
      next = "none"
    }
    out += converted
  }
  for (const part of parts) {
    if (part.type === "text") append(part.text)
    else if (part.type === "group") append(part.index === 0 ? whole : groups[part.index - 1] ?? "")
    else if (part.mode === "upper" || part.mode === "lower") {
      mode = part.mode
      next = "none"
    } else if (part.mode === "end") {
      mode = "none"
      next = "none"
    } else next = part.mode === "nextUpper" ? "upper" : "lower"
  }
  return out
}

/** The `l` command's unambiguous form: escapes, octal for other bytes, `\` line wrapping, `$`. */
const escapeForL = (text: string, width: number): string => {
  const pieces: Array<string> = []
  const named: Record<string, string> = { "\\": "\\\\", "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v" }
  for (const c of text) {
    const code = c.codePointAt(0)!
    if (named[c] !== undefined) pieces.push(named[c]!)
    else if (code >= 0x20 && code < 0x7f) pieces.push(c)
    else for (const byte of new TextEncoder().encode(c)) pieces.push("\\" + byte.toString(8).padStart(3, "0"))
  }
  let out = ""
  let column = 0
  for (const piece of pieces) {
    if (width > 1 && column + piece.length > width - 1) {
      out += "\\\n"
      column = 0
    }
    out += piece
    column += piece.length
  }
  return out + "$\n"
}
