/**
 * The intermediate form of word expansion: a stream of pieces (text with its quoting) and field
 * breaks, then IFS field splitting into fields that remember which text is glob-active.
 */
import { unmetered, type WorkMeter } from "../limits/Budget.js"
import { LimitExceeded } from "../limits/ExecutionLimits.js"

export interface Piece {
  readonly text: string
  /** Came from quoted text: never split, never a glob character. */
  readonly quoted: boolean
  /** Result of an unquoted expansion: subject to IFS splitting. */
  readonly splittable: boolean
  /** `"$@"` with no elements: makes no field by itself (but `"x$@"` still has `x`). */
  readonly vanish?: boolean
  /** After a break: the separator when pieces are joined (`$*` joins with IFS's first character). */
  readonly joinedBy?: string
}

/** Separates the elements of `"$@"` / `"${a[@]}"`: a hard field boundary. */
export const FIELD_BREAK = null
export type PieceOrBreak = Piece | typeof FIELD_BREAK

export interface Field {
  /** The text after quote removal. */
  text: string
  /**
   * The text as a glob pattern (quoted characters backslash-escaped), built only once the field
   * is glob-active: most fields never need it, and escaping every quoted argument costs a scan.
   */
  pattern: string
  /** Some unquoted text may contain glob characters. */
  globActive: boolean
  /** Contains quoted text (so it survives even when empty). */
  quoted: boolean
  /** Until the field is glob-active: where its quoted text lies in `text` (start, end pairs). */
  quotedRanges: Array<number> | undefined
}

// `^` and `-` too: quoted inside brackets (`[\^]`, `[a\-z]`) they are plain characters.
const GLOB_SPECIALS = /[*?[\]\\()|!@+^-]/g
/** `*?[]\()|!@+^-` by char code: most quoted text has none, and a scan costs less than a replace. */
const isGlobSpecial = (c: number): boolean =>
  c === 42 || c === 63 || c === 91 || c === 93 || c === 92 || c === 40 || c === 41 || c === 124 || c === 33 || c === 64 || c === 43 || c === 94 || c === 45

/** Escape characters that would be special in a glob pattern. */
export const escapeGlob = (text: string): string => {
  for (let i = 0; i < text.length; i++) if (isGlobSpecial(text.charCodeAt(i))) return text.replace(GLOB_SPECIALS, "\\$&")
  return text
}

/** Whether unquoted text can act as a glob: `*`, `?`, a `[` with a later `]`, or an extglob group. */
export const hasGlobChar = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    // * ?
    if (c === 42 || c === 63) return true
    // [ ... ]
    if (c === 91 && text.indexOf("]", i + 1) !== -1) return true
    // extglob opener followed by (
    if ((c === 64 || c === 33 || c === 43) && text.charCodeAt(i + 1) === 40) return true
  }
  return false
}

const newField = (): Field => ({ text: "", pattern: "", globActive: false, quoted: false, quotedRanges: undefined })

/** The pattern of a field's text so far, its quoted ranges escaped. */
const patternOf = (text: string, quotedRanges: ReadonlyArray<number> | undefined): string => {
  if (quotedRanges === undefined) return text
  let out = ""
  let at = 0
  for (let i = 0; i < quotedRanges.length; i += 2) {
    const start = quotedRanges[i]!
    const end = quotedRanges[i + 1]!
    out += text.slice(at, start) + escapeGlob(text.slice(start, end))
    at = end
  }
  return out + text.slice(at)
}

const appendTo = (field: Field, text: string, quoted: boolean): void => {
  const start = field.text.length
  field.text += text
  if (quoted) {
    field.quoted = true
    if (field.globActive) field.pattern += escapeGlob(text)
    else if (text !== "") (field.quotedRanges ??= []).push(start, start + text.length)
  } else if (field.globActive) {
    field.pattern += text
  } else if (hasGlobChar(text)) {
    field.pattern = patternOf(field.text.slice(0, start), field.quotedRanges) + text
    field.quotedRanges = undefined
    field.globActive = true
  }
}

const DEFAULT_IFS = " \t\n"

/** One expansion's words (after splitting and globbing) are capped like a brace or glob expansion's. */
export const tooManyWords = (maxWords: number): LimitExceeded =>
  new LimitExceeded({ limit: "maxExpansionWords", value: maxWords, message: `word expansion: too many words (limit ${maxWords})` })

/** IFS as a lookup by character code (splitting asks it once per character of the text). */
const separatorTable = (separators: string): ((code: number) => boolean) => {
  const ascii = new Uint8Array(128)
  const others = new Set<number>()
  for (let k = 0; k < separators.length; k++) {
    const code = separators.charCodeAt(k)
    if (code < 128) ascii[code] = 1
    else others.add(code)
  }
  return others.size === 0 ? (code) => code < 128 && ascii[code] === 1 : (code) => (code < 128 ? ascii[code] === 1 : others.has(code))
}

/** Characters scanned between two charges of the meter. */
const SCAN_CHARGE = 4096

/**
 * Split pieces into fields by IFS (`undefined`: IFS unset, i.e. the default). The scan and
 * every field are charged to `meter`, so splitting a 64 MiB value notices the deadline; more
 * than `maxWords` words in all (with the `wordsBefore` of the command already expanded) is a limit.
 */
export const splitFields = (pieces: ReadonlyArray<PieceOrBreak>, ifs: string | undefined, meter: WorkMeter = unmetered, maxWords = Infinity, wordsBefore = 0): Array<Field> => {
  const separators = ifs ?? DEFAULT_IFS
  const isSeparator = separatorTable(separators)
  const fields: Array<Field> = []
  let current: Field | undefined
  // What ended the previous field: nothing yet, IFS whitespace, or a non-whitespace IFS char.
  let previous: "start" | "text" | "ws" | "nonws" = "start"
  // Fields already charged to the meter (each piece charges those it made).
  let charged = 0
  for (const piece of pieces) {
    meter.step(1 + fields.length - charged)
    charged = fields.length
    if (wordsBefore + charged > maxWords) throw tooManyWords(maxWords)
    if (piece === FIELD_BREAK) {
      if (current !== undefined) fields.push(current)
      current = undefined
      previous = "start"
      continue
    }
    if (piece.vanish === true) continue
    if (!piece.splittable || separators === "") {
      if (current === undefined) current = newField()
      appendTo(current, piece.text, piece.quoted)
      previous = "text"
      continue
    }
    const text = piece.text
    // A native search flattens text built by concatenation, so indexing it below is cheap.
    if (text.length > SCAN_CHARGE) text.indexOf("\u0000")
    let runStart = 0
    for (let i = 0; i < text.length; i++) {
      if ((i & (SCAN_CHARGE - 1)) === SCAN_CHARGE - 1) {
        meter.step(SCAN_CHARGE + fields.length - charged)
        charged = fields.length
        if (wordsBefore + charged > maxWords) throw tooManyWords(maxWords)
      }
      const c = text.charCodeAt(i)
      if (!isSeparator(c)) continue
      if (i > runStart) {
        if (current === undefined) current = newField()
        appendTo(current, text.slice(runStart, i), false)
        previous = "text"
      }
      runStart = i + 1
      const whitespace = c === 32 || c === 9 || c === 10
      if (whitespace) {
        if (current !== undefined) {
          fields.push(current)
          current = undefined
          previous = "ws"
        }
      } else if (current !== undefined) {
        fields.push(current)
        current = undefined
        previous = "nonws"
      } else if (previous === "ws") {
        previous = "nonws"
      } else {
        fields.push(newField())
        previous = "nonws"
      }
    }
    if (runStart < text.length) {
      if (current === undefined) current = newField()
      appendTo(current, text.slice(runStart), false)
      previous = "text"
    }
  }
  if (current !== undefined) fields.push(current)
  meter.step(fields.length - charged)
  if (wordsBefore + fields.length > maxWords) throw tooManyWords(maxWords)
  return fields
}

/** Join pieces without splitting (assignments, `[[ ]]`, here-documents, `case` subjects). */
export const joinPieces = (pieces: ReadonlyArray<PieceOrBreak>, separator = " "): string => {
  let out = ""
  let needSeparator = false
  for (const piece of pieces) {
    if (piece === FIELD_BREAK) {
      needSeparator = true
      continue
    }
    if (needSeparator) {
      out += piece.joinedBy ?? separator
      needSeparator = false
    }
    out += piece.text
  }
  return out
}

/** Join pieces as a glob pattern: quoted text escaped, unquoted text active. */
export const joinPattern = (pieces: ReadonlyArray<PieceOrBreak>): string => {
  let out = ""
  let needSeparator = false
  for (const piece of pieces) {
    if (piece === FIELD_BREAK) {
      needSeparator = true
      continue
    }
    if (needSeparator) {
      out += piece.joinedBy ?? " "
      needSeparator = false
    }
    out += piece.quoted ? escapeGlob(piece.text) : piece.text
  }
  return out
}
