import type { DecodedText } from "../text.js"
import { encodeLatin1, utf8Length } from "../text.js"
import type { LineMatcher } from "./matcher.js"
import type { GrepConfig } from "./options.js"

/** What searching one input produced. */
export interface FileResult {
  /** Text to write to stdout (already in the input's encoding form, see `DecodedText.encode`). */
  readonly output: string
  /** Selected lines (capped by -m). */
  readonly selected: number
  /** Output was withheld because the input is binary: grep then says "binary file matches". */
  readonly binaryMatched: boolean
}

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

/**
 * Search one decoded input and format its output: matching lines with their prefixes, context
 * lines and `--` separators, -o pieces, or nothing (count/list/quiet modes are the caller's).
 */
export const searchText = (
  input: DecodedText,
  name: string,
  showName: boolean,
  binary: BinaryKind,
  matcher: LineMatcher,
  config: GrepConfig,
  state: RunState
): FileResult => {
  const terminator = config.nullData ? "\0" : "\n"
  const text = input.text
  const lines = binary === "nul" ? text.split(/[\n\0]/) : text.split(terminator)
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop()
  const printLines = !config.count && !config.listMatching && !config.listNonMatching && !config.quiet
  const context = printLines && !config.onlyMatching && (config.after > 0 || config.before > 0)
  const nameSeparator = (kind: string) => (config.nullAfterName ? "\0" : kind)
  const byteLength = input.utf8 ? utf8Length : (s: string) => s.length
  let out = ""
  let selected = 0
  let binaryMatched = false
  /** Whether a piece of output must be withheld (and noted) as binary. */
  const withheld = (piece: string): boolean => {
    if (binary !== "encoding" || !hasEncodingError(piece)) return false
    binaryMatched = true
    return true
  }
  let lastPrinted = -1
  let afterRemaining = 0
  let offset = 0
  const offsets: Array<number> = config.byteOffset ? new Array(lines.length) : []
  if (config.byteOffset) {
    for (let k = 0; k < lines.length; k++) {
      offsets[k] = offset
      offset += byteLength(lines[k]!) + 1
    }
  }
  const prefix = (index: number, kind: ":" | "-", byteOffset?: number): string => {
    let p = ""
    if (showName) p += name + nameSeparator(kind)
    if (config.lineNumbers) p += String(index + 1) + kind
    if (config.byteOffset) p += String(byteOffset ?? offsets[index]!) + kind
    if (config.initialTab && p !== "") p += "\t"
    return p
  }
  const emitLine = (index: number, kind: ":" | "-") => {
    const gap = lastPrinted >= 0 ? index > lastPrinted + 1 : state.printedAnyGroup
    if (withheld(lines[index]!)) {
      state.printedAnyGroup = true
      return
    }
    if (context && gap) {
      if (config.groupSeparator !== undefined) out += config.groupSeparator + "\n"
    }
    out += prefix(index, kind) + lines[index]! + terminator
    lastPrinted = index
    state.printedAnyGroup = true
  }
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    const isSelected = matcher.test(line) !== config.invert
    if (selected >= config.maxCount) {
      // After -m is reached, only the trailing context of the last match is still printed.
      if (afterRemaining > 0 && !isSelected && context) {
        emitLine(index, "-")
        afterRemaining--
        continue
      }
      break
    }
    if (isSelected) {
      selected++
      if (config.quiet || config.listMatching) break
      if (binary === "nul" && printLines) {
        binaryMatched = true
        break
      }
      if (!printLines) continue
      if (config.onlyMatching) {
        if (!config.invert) {
          for (const piece of matcher.matches(line)) {
            if (withheld(line.slice(piece.start, piece.end))) break
            const pieceOffset = config.byteOffset ? offsets[index]! + byteLength(line.slice(0, piece.start)) : undefined
            out += prefix(index, ":", pieceOffset) + line.slice(piece.start, piece.end) + terminator
          }
        }
        continue
      }
      if (context) {
        for (let k = Math.max(lastPrinted + 1, index - config.before); k < index; k++) emitLine(k, "-")
      }
      emitLine(index, ":")
      afterRemaining = config.after
    } else if (afterRemaining > 0 && context) {
      emitLine(index, "-")
      afterRemaining--
    }
  }
  return { output: out, selected, binaryMatched }
}
