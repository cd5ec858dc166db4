import { compilePosixRegex, execLongest, type CompiledRegex, type RegexMeter } from "../../regex/posix.js"
import type { Address, EndAddress, RegexRef, ReplacementPart, SedCommand, SedProgram, Substitution } from "./program.js"

/** One input of a sed run: its lines (without terminators) and whether the last one had one. */
export interface SedInput {
  readonly name: string
  readonly lines: ReadonlyArray<string>
  readonly finalNewline: boolean
}

export interface ExecuteOptions {
  readonly silent: boolean
  readonly extended: boolean
  readonly separator: string
  readonly lineWrap: number
  /** Contents of files read by `r`/`R` (undefined: unreadable, silently ignored as GNU does). */
  readonly readFile: (name: string) => string | undefined
  /** The exec's budget for regex matching (`regexMeter(ctx.budget, "sed")`). */
  readonly regexMeter?: RegexMeter
}

/** What a run produced: stdout text, text for `w` files, and the exit status. */
export interface ExecuteResult {
  readonly output: string
  readonly writes: Map<string, string>
  readonly exitCode: number
  /** A runtime error (`no previous regular expression`), already worded. */
  readonly error: string | undefined
  /** `q`/`Q` ended the run. */
  readonly quit: boolean
}

class RuntimeError {
  constructor(readonly message: string) {}
}

/** Per-range-command state (a range is active between its start and end lines). */
interface RangeState {
  active: boolean
  endLine: number
}

/**
 * Run a parsed sed program over a stream of inputs. Hot path: plain synchronous code; the
 * caller wraps it in an Effect and does the I/O.
 */
export class SedMachine {
  private readonly ranges: Array<RangeState>
  private readonly regexCache = new Map<string, CompiledRegex>()
  private lastRegex: CompiledRegex | undefined
  private hold = ""
  private readonly writes = new Map<string, string>()
  private readonly rFileOffsets = new Map<string, number>()

  constructor(private readonly program: SedProgram, private readonly options: ExecuteOptions) {
    this.ranges = program.commands.map(() => ({ active: false, endLine: 0 }))
  }

  /** Process one stream (all files, or one file under -s/-i). Line numbers restart per stream. */
  run(inputs: ReadonlyArray<SedInput>, lineNumberStart = 0): ExecuteResult & { readonly lines: number } {
    const all: Array<{ line: string; input: SedInput; newline: boolean }> = []
    for (const input of inputs) {
      input.lines.forEach((line, k) => all.push({ line, input, newline: k < input.lines.length - 1 || input.finalNewline }))
    }
    const sep = this.options.separator
    let out = ""
    let exitCode = 0
    let quit = false
    let index = 0
    let lineNumber = lineNumberStart
    let pattern = ""
    let missingNewline = false
    let currentName = "-"
    let appendQueue: Array<string> = []
    const commands = this.program.commands
    const autoprint = !this.options.silent && !this.program.silent
    const isLast = () => index >= all.length
    const readNext = (): boolean => {
      const next = all[index]
      if (next === undefined) return false
      index++
      lineNumber++
      pattern = next.line
      missingNewline = !next.newline
      currentName = next.input.name
      return true
    }
    // GNU sed leaves a last line without its newline, and writes that newline before any later
    // output (an `a` text, a second `p`, ...).
    let pendingNewline = false
    const write = (text: string) => {
      if (pendingNewline) {
        out += sep
        pendingNewline = false
      }
      out += text
    }
    /** Whether the current line is printed with its terminator (not the unterminated last one). */
    const chomped = () => !(missingNewline && isLast())
    const emitPattern = (text: string) => {
      write(text)
      if (chomped()) out += sep
      else pendingNewline = true
    }
    const flushAppends = () => {
      for (const text of appendQueue) write(text)
      appendQueue = []
    }
    try {
      let restartWithoutRead = false
      while (true) {
        if (!restartWithoutRead) {
          if (!readNext()) break
        }
        restartWithoutRead = false
        let substituted = false
        let pc = 0
        let endCycle: "print" | "delete" | "restart" | "quit" | "quitSilent" = "print"
        while (pc < commands.length) {
          const command = commands[pc]!
          if (!this.selected(command, pc, pattern, lineNumber, isLast())) {
            pc = command.action.name === "{" ? command.action.end + 1 : pc + 1
            continue
          }
          const action = command.action
          pc++
          switch (action.name) {
            case "{": case "}": case ":":
              break
            case "=":
              write(`${lineNumber}\n`)
              break
            case "a":
              appendQueue.push(action.text)
              break
            case "i":
              write(action.text)
              break
            case "c":
              // In a range, the text replaces the whole range: print it at the range's end.
              if (command.end === undefined || command.negate || !this.ranges[pc - 1]!.active) write(action.text)
              endCycle = "delete"
              pc = commands.length
              break
            case "d":
              endCycle = "delete"
              pc = commands.length
              break
            case "D": {
              const newline = pattern.indexOf("\n")
              if (newline === -1) {
                endCycle = "delete"
              } else {
                pattern = pattern.slice(newline + 1)
                endCycle = "restart"
              }
              pc = commands.length
              break
            }
            case "g":
              pattern = this.hold
              break
            case "G":
              pattern += "\n" + this.hold
              break
            case "h":
              this.hold = pattern
              break
            case "H":
              this.hold += "\n" + pattern
              break
            case "x": {
              const swap = pattern
              pattern = this.hold
              this.hold = swap
              break
            }
            case "z":
              pattern = ""
              break
            case "F":
              write(currentName + "\n")
              break
            case "l":
              write(escapeForL(pattern, action.width ?? this.options.lineWrap))
              break
            case "n":
              if (isLast()) {
                endCycle = "print"
                pc = commands.length
                quit = true
                break
              }
              if (autoprint) emitPattern(pattern)
              flushAppends()
              readNext()
              break
            case "N":
              if (isLast()) {
                // GNU prints the pattern space when N runs out of input.
                endCycle = "print"
                pc = commands.length
                quit = true
                break
              }
              flushAppends()
              {
                const before = pattern
                readNext()
                pattern = before + "\n" + pattern
              }
              break
            case "p":
              emitPattern(pattern)
              break
            case "P": {
              const newline = pattern.indexOf("\n")
              write((newline === -1 ? pattern : pattern.slice(0, newline)) + "\n")
              break
            }
            case "q":
              exitCode = action.exitCode
              endCycle = "quit"
              pc = commands.length
              break
            case "Q":
              exitCode = action.exitCode
              endCycle = "quitSilent"
              pc = commands.length
              break
            case "b":
              pc = action.target
              break
            case "t":
              if (substituted) {
                substituted = false
                pc = action.target
              }
              break
            case "T":
              if (!substituted) pc = action.target
              else substituted = false
              break
            case "r": {
              const content = this.options.readFile(action.file)
              // The file is copied as it is, even without a final newline.
              if (content !== undefined && content !== "") appendQueue.push(content)
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
              appendQueue.push(newline === -1 ? line : line + "\n")
              break
            }
            case "w":
              // `w` keeps a missing final newline missing, on a stream of its own.
              if (action.file === "/dev/stdout") out += pattern + (chomped() ? sep : "")
              else this.write(action.file, pattern + (chomped() ? sep : ""))
              break
            case "W": {
              const newline = pattern.indexOf("\n")
              this.write(action.file, (newline === -1 ? pattern : pattern.slice(0, newline)) + "\n")
              break
            }
            case "y":
              pattern = Array.from(pattern, (c) => action.map.get(c) ?? c).join("")
              break
            case "s": {
              const result = this.substitute(action.substitution, pattern)
              if (result !== undefined) {
                pattern = result
                substituted = true
                for (let k = 0; k < action.substitution.print; k++) emitPattern(pattern)
                const target = action.substitution.writeFile
                if (target === "/dev/stdout") out += pattern + (chomped() ? sep : "")
                else if (target !== undefined) this.write(target, pattern + (chomped() ? sep : ""))
              }
              break
            }
          }
        }
        if (endCycle === "quitSilent") {
          quit = true
          break
        }
        if (endCycle === "print" || endCycle === "quit") {
          if (autoprint) emitPattern(pattern)
        }
        flushAppends()
        if (endCycle === "quit") {
          quit = true
          break
        }
        if (quit) break
        if (endCycle === "restart") restartWithoutRead = true
      }
    } catch (error) {
      if (error instanceof RuntimeError) {
        return { output: out, writes: this.writes, exitCode: 4, error: error.message, quit: true, lines: lineNumber }
      }
      throw error
    }
    return { output: out, writes: this.writes, exitCode, error: undefined, quit, lines: lineNumber }
  }

  private write(file: string, text: string): void {
    this.writes.set(file, (this.writes.get(file) ?? "") + text)
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

  private substitute(substitution: Substitution, text: string): string | undefined {
    const compiled = this.compile(substitution.regex)
    let out = ""
    let position = 0
    let count = 0
    let replaced = false
    let previousEnd = -1
    let copiedTo = 0
    while (position <= text.length) {
      const match = execLongest(compiled, text, position)
      if (match === undefined) break
      // An empty match right after the previous match does not count (GNU).
      if (match.end === match.index && match.index === previousEnd) {
        position = match.index + 1
        continue
      }
      count++
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
    return out + text.slice(copiedTo)
  }
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
