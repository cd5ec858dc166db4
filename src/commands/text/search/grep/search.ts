import type { DecodedText } from "../text.js"
import { encodeLatin1, utf8Length } from "../text.js"
import type { LineMatcher } from "./matcher.js"
import type { GrepConfig } from "./options.js"

/**
 * How an input counts as binary, as GNU grep sees it: `nul` (a NUL byte: nothing is printed,
 * the first selected line ends the output, NULs also end lines), `encoding` (invalid UTF-8:
 * each output line holding an encoding error is withheld, the rest are printed) or `text`.
 */
export type BinaryKind = "text" | "nul" | "encoding"

const strictDecoder = new TextDecoder("utf-8", { fatal: true })

/** Whether a piece of latin1-decoded input is not valid UTF-8. */
const hasEncodingError = (piece: string): boolean => {
  if (!/[\x80-\xff]/.test(piece)) return false
  try {
    strictDecoder.decode(encodeLatin1(piece))
    return false
  } catch {
    return true
  }
}

/** State shared across the inputs of one grep run (group separators span files). */
export interface RunState {
  printedAnyGroup: boolean
}

/** One block of complete lines, decoded as a unit (UTF-8 when valid, else byte per char). */
export interface Block {
  readonly decoded: DecodedText
  readonly binary: BinaryKind
}

/** A line kept from an earlier block for leading context (-B). */
interface HeldLine {
  readonly text: string
  readonly offset: number
  readonly block: Block
}

/**
 * The search of one input, fed block by block as the input streams: matching lines with
 * their prefixes, context lines and `--` separators, -o pieces, or nothing (count/list/quiet
 * modes are the caller's). It carries across blocks what GNU grep carries across buffers:
 * line numbers, byte offsets, the -m count, pending trailing context and the last -B lines.
 */
export class InputSearch {
  /** Selected lines (capped by -m). */
  selected = 0
  /** Output was withheld because the input is binary: grep then says "binary file matches". */
  binaryMatched = false
  /** Nothing more is needed from this input (-q, -l, -m reached, a binary match). */
  finished = false

  private readonly printLines: boolean
  private readonly context: boolean
  private readonly terminator: string
  /** Index and byte offset of the first line of the next block. */
  private nextIndex = 0
  private nextOffset = 0
  private lastPrinted = -1
  private afterRemaining = 0
  private held: Array<HeldLine> = []
  private output: Array<Uint8Array> = []
  private pending = ""
  private pendingEncode: ((text: string) => Uint8Array) | undefined

  constructor(
    private readonly name: string,
    private readonly showName: boolean,
    private readonly matcher: LineMatcher,
    private readonly config: GrepConfig,
    private readonly state: RunState
  ) {
    this.printLines = !config.count && !config.listMatching && !config.listNonMatching && !config.quiet
    this.context = this.printLines && !config.onlyMatching && (config.after > 0 || config.before > 0)
    this.terminator = config.nullData ? "\0" : "\n"
  }

  /** The output produced so far, as bytes in each block's own encoding; cleared. */
  takeOutput(): Array<Uint8Array> {
    this.flushPending()
    const out = this.output
    this.output = []
    return out
  }

  /** Search the complete lines of one block. */
  feed(block: Block): void {
    if (this.finished) return
    const config = this.config
    const text = block.decoded.text
    const lines = block.binary === "nul" ? text.split(/[\n\0]/) : text.split(this.terminator)
    if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop()
    const base = this.nextIndex
    const byteLength = block.decoded.utf8 ? utf8Length : (s: string) => s.length
    const offsets: Array<number> = config.byteOffset || this.context ? new Array(lines.length) : []
    if (offsets.length > 0) {
      let offset = this.nextOffset
      for (let k = 0; k < lines.length; k++) {
        offsets[k] = offset
        offset += byteLength(lines[k]!) + 1
      }
      this.nextOffset = offset
    }
    const lineAt = (index: number): HeldLine =>
      index >= base ? { text: lines[index - base]!, offset: offsets[index - base] ?? 0, block } : this.held[this.held.length - (base - index)]!
    for (let k = 0; k < lines.length; k++) {
      const index = base + k
      const line = lines[k]!
      const isSelected = this.matcher.test(line) !== config.invert
      if (this.selected >= config.maxCount) {
        // After -m is reached, only the trailing context of the last match is still printed
        // (as context, even lines that match: GNU grep stops selecting).
        if (this.afterRemaining > 0 && this.context) {
          this.emitLine(index, lineAt(index), "-")
          this.afterRemaining--
          continue
        }
        this.finished = true
        break
      }
      if (isSelected) {
        this.selected++
        if (config.quiet || config.listMatching) {
          this.finished = true
          break
        }
        if (block.binary === "nul" && this.printLines) {
          this.binaryMatched = true
          this.finished = true
          break
        }
        if (!this.printLines) continue
        if (config.onlyMatching) {
          if (!config.invert) this.emitPieces(index, line, block, offsets[k] ?? 0)
          continue
        }
        if (this.context) {
          const first = Math.max(this.lastPrinted + 1, index - config.before, base - this.held.length)
          for (let j = first; j < index; j++) this.emitLine(j, lineAt(j), "-")
        }
        this.emitLine(index, lineAt(index), ":")
        this.afterRemaining = config.after
      } else if (this.afterRemaining > 0 && this.context) {
        this.emitLine(index, lineAt(index), "-")
        this.afterRemaining--
      }
    }
    this.nextIndex = base + lines.length
    if (this.selected >= config.maxCount && (this.afterRemaining === 0 || !this.context)) this.finished = true
    if (this.context && config.before > 0) this.keepForContext(lines, offsets, block)
  }

  /** Keep the last -B lines of a block for a match early in the next one. */
  private keepForContext(lines: ReadonlyArray<string>, offsets: ReadonlyArray<number>, block: Block): void {
    const keep = this.config.before
    const from = Math.max(0, lines.length - keep)
    for (let k = from; k < lines.length; k++) this.held.push({ text: lines[k]!, offset: offsets[k] ?? 0, block })
    if (this.held.length > keep) this.held = this.held.slice(this.held.length - keep)
  }

  private prefix(index: number, kind: ":" | "-", byteOffset: number): string {
    const config = this.config
    let p = ""
    if (this.showName) p += this.name + (config.nullAfterName ? "\0" : kind)
    if (config.lineNumbers) p += String(index + 1) + kind
    if (config.byteOffset) p += String(byteOffset) + kind
    if (config.initialTab && p !== "") p += "\t"
    return p
  }

  /** Whether a piece of output must be withheld (and noted) as binary. */
  private withheld(piece: string, block: Block): boolean {
    if (block.binary !== "encoding" || !hasEncodingError(piece)) return false
    this.binaryMatched = true
    return true
  }

  private emitLine(index: number, line: HeldLine, kind: ":" | "-"): void {
    const gap = this.lastPrinted >= 0 ? index > this.lastPrinted + 1 : this.state.printedAnyGroup
    if (this.withheld(line.text, line.block)) {
      this.state.printedAnyGroup = true
      return
    }
    if (this.context && gap && this.config.groupSeparator !== undefined) this.write(this.config.groupSeparator + "\n", line.block)
    this.write(this.prefix(index, kind, line.offset) + line.text + this.terminator, line.block)
    this.lastPrinted = index
    this.state.printedAnyGroup = true
  }

  private emitPieces(index: number, line: string, block: Block, lineOffset: number): void {
    const byteLength = block.decoded.utf8 ? utf8Length : (s: string) => s.length
    for (const piece of this.matcher.matches(line)) {
      if (this.withheld(line.slice(piece.start, piece.end), block)) break
      const pieceOffset = lineOffset + byteLength(line.slice(0, piece.start))
      this.write(this.prefix(index, ":", pieceOffset) + line.slice(piece.start, piece.end) + this.terminator, block)
    }
  }

  /** Output text, encoded back in its block's form (merged while the form stays the same). */
  private write(text: string, block: Block): void {
    const encode = block.decoded.encode
    if (this.pendingEncode !== encode) {
      this.flushPending()
      this.pendingEncode = encode
    }
    this.pending += text
  }

  private flushPending(): void {
    if (this.pending !== "" && this.pendingEncode !== undefined) this.output.push(this.pendingEncode(this.pending))
    this.pending = ""
  }
}
