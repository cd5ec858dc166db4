import type { AssertionKind, RegexNode, SetItem } from "./ast.js"

/**
 * Emit a parsed POSIX regex as JavaScript RegExp syntax, which `SafeRegExp` parses and runs
 * (no `u` flag unless an astral character is in a bracket; case folding is done here, so the
 * classes say exactly what GNU folds). Word-edge assertions use lookbehind, never lookahead,
 * so that the linear engine can run them.
 */

export interface EmitOptions {
  readonly ignoreCase: boolean
  readonly multiline: boolean
}

export interface Emitted {
  readonly source: string
  /** Extra flags the source needs (`u` for astral ranges, `i` for non-ASCII ranges under -i). */
  readonly flags: string
}

// Letters beyond ASCII that glibc's C.UTF-8 counts as alphabetic (common scripts).
const NON_ASCII_ALPHA =
  "\\u00aa\\u00b5\\u00ba\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u02c1\\u0370-\\u03ff\\u0400-\\u052f\\u0531-\\u0587" +
  "\\u05d0-\\u05ea\\u0620-\\u064a\\u0904-\\u0939\\u0e01-\\u0e30\\u1e00-\\u1fff\\u3041-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7a3"
const NON_ASCII_UPPER = "\\u00c0-\\u00d6\\u00d8-\\u00de\\u0391-\\u03a9\\u0410-\\u042f"
const NON_ASCII_LOWER = "\\u00b5\\u00df-\\u00f6\\u00f8-\\u00ff\\u03b1-\\u03c9\\u0430-\\u044f"

const CLASS_BODIES: Record<string, string> = {
  alpha: "a-zA-Z" + NON_ASCII_ALPHA,
  digit: "0-9",
  alnum: "0-9a-zA-Z" + NON_ASCII_ALPHA,
  upper: "A-Z" + NON_ASCII_UPPER,
  lower: "a-z" + NON_ASCII_LOWER,
  space: " \\t\\n\\r\\f\\v",
  blank: " \\t",
  punct: "!-\\/:-@\\[-`{-~",
  print: " -~\\u00a0-\\uffff",
  graph: "!-~\\u00a1-\\uffff",
  cntrl: "\\x00-\\x1f\\x7f",
  xdigit: "0-9A-Fa-f"
}

/** GNU's word characters in a UTF-8 locale: letters and digits (iswalnum) and `_`. */
export const WORD_CLASS = `[0-9A-Za-z_${NON_ASCII_ALPHA}]`
const WORD_TEST = new RegExp(`^${WORD_CLASS}$`)

const isWordChar = (c: string): boolean => WORD_TEST.test(c)

const WORD_CLASSES: ReadonlySet<string> = new Set(["alnum", "alpha", "digit", "upper", "lower", "xdigit"])

const isWordItem = (item: SetItem): boolean => {
  switch (item.kind) {
    case "char":
      return isWordChar(item.char)
    case "class":
      return WORD_CLASSES.has(item.name)
    case "range":
      return (item.from >= "0" && item.to <= "9") || (item.from >= "a" && item.to <= "z") || (item.from >= "A" && item.to <= "Z")
  }
}

const hex4 = (code: number): string => "\\u" + code.toString(16).padStart(4, "0")

/** A character as JS source that is valid inside and outside a class, with and without `u`. */
const escapeChar = (c: string, inClass: boolean, state: EmitState): string => {
  if (/^[0-9A-Za-z_]$/.test(c)) return c
  const code = c.codePointAt(0)!
  if (code <= 0xffff) return hex4(code)
  if (inClass) {
    state.unicode = true
    return `\\u{${code.toString(16)}}`
  }
  // Outside a class a surrogate pair works without `u`; group it so a quantifier takes both.
  return `(?:${hex4(c.charCodeAt(0))}${hex4(c.charCodeAt(1))})`
}

interface EmitState {
  unicode: boolean
  caseFlag: boolean
}

export const emitRegex = (root: RegexNode, options: EmitOptions): Emitted => {
  const state: EmitState = { unicode: false, caseFlag: false }

  const foldedLiteral = (c: string): string => {
    if (!options.ignoreCase) return escapeChar(c, false, state)
    const lower = c.toLowerCase()
    const upper = c.toUpperCase()
    if (lower === upper || [...lower].length !== 1 || [...upper].length !== 1) return escapeChar(c, false, state)
    if (upper.codePointAt(0)! > 0xffff || lower.codePointAt(0)! > 0xffff) {
      state.caseFlag = true
      return escapeChar(c, false, state)
    }
    return `[${escapeChar(lower, true, state)}${escapeChar(upper, true, state)}]`
  }

  const setItemSource = (item: SetItem): string => {
    switch (item.kind) {
      case "char": {
        let out = escapeChar(item.char, true, state)
        if (options.ignoreCase) {
          for (const variant of [item.char.toLowerCase(), item.char.toUpperCase()]) {
            if (variant !== item.char && [...variant].length === 1) out += escapeChar(variant, true, state)
          }
        }
        return out
      }
      case "range": {
        let out = `${escapeChar(item.from, true, state)}-${escapeChar(item.to, true, state)}`
        if (options.ignoreCase) out += foldRange(item.from.codePointAt(0)!, item.to.codePointAt(0)!, state)
        return out
      }
      case "class": {
        const name = options.ignoreCase && (item.name === "upper" || item.name === "lower") ? "alpha" : item.name
        return CLASS_BODIES[name] ?? ""
      }
    }
  }

  const emitSet = (node: Extract<RegexNode, { type: "set" }>): string => {
    const body = node.items.map(setItemSource).join("")
    if (body === "") return node.negated ? "[\\s\\S]" : "[^\\s\\S]"
    return `[${node.negated ? "^" : ""}${body}]`
  }

  const startsWithWordChar = (node: RegexNode | undefined): boolean => {
    if (node === undefined) return false
    switch (node.type) {
      case "literal":
        return isWordChar(node.char)
      case "set":
        return !node.negated && node.items.length > 0 && node.items.every(isWordItem)
      case "group":
        return startsWithWordChar(node.body)
      case "concat":
        return startsWithWordChar(node.items[0])
      case "repeat":
        return node.min > 0 && startsWithWordChar(node.body)
      default:
        return false
    }
  }
  const endsWithWordChar = (node: RegexNode | undefined): boolean => {
    if (node === undefined) return false
    switch (node.type) {
      case "group":
        return endsWithWordChar(node.body)
      case "concat":
        return endsWithWordChar(node.items[node.items.length - 1])
      default:
        return startsWithWordChar(node)
    }
  }

  const emitAssertion = (kind: AssertionKind, previous: RegexNode | undefined, next: RegexNode | undefined): string => {
    switch (kind) {
      case "lineStart":
        return "^"
      case "lineEnd":
        return "$"
      case "bufferStart":
        // The engines read these two idioms as the start and end of the text.
        return options.multiline ? "(?<![\\s\\S])" : "^"
      case "bufferEnd":
        return options.multiline ? "(?![\\s\\S])" : "$"
      // Word edges over GNU's (Unicode) word characters, not JavaScript's ASCII `\b`. Where the
      // neighbouring atom is known to be a word character one side is settled, and a
      // lookbehind (which the linear engine runs) or a single-character lookahead is left.
      case "wordBoundary":
        if (startsWithWordChar(next)) return `(?<!${WORD_CLASS})`
        if (endsWithWordChar(previous)) return `(?!${WORD_CLASS})`
        return `(?:(?<=${WORD_CLASS})(?!${WORD_CLASS})|(?<!${WORD_CLASS})(?=${WORD_CLASS}))`
      case "notWordBoundary":
        if (startsWithWordChar(next)) return `(?<=${WORD_CLASS})`
        if (endsWithWordChar(previous)) return `(?=${WORD_CLASS})`
        return `(?:(?<=${WORD_CLASS})(?=${WORD_CLASS})|(?<!${WORD_CLASS})(?!${WORD_CLASS}))`
      case "wordStart":
        if (startsWithWordChar(next)) return `(?<!${WORD_CLASS})`
        return `(?<!${WORD_CLASS})(?=${WORD_CLASS})`
      case "wordEnd":
        if (endsWithWordChar(previous)) return `(?!${WORD_CLASS})`
        return `(?<=${WORD_CLASS})(?!${WORD_CLASS})`
    }
  }

  const isAtomic = (node: RegexNode): boolean =>
    node.type === "any" || node.type === "set" || node.type === "group" ||
    (node.type === "literal" && (node.char.codePointAt(0)! <= 0xffff || options.ignoreCase))

  const emit = (node: RegexNode, previous?: RegexNode, next?: RegexNode): string => {
    switch (node.type) {
      case "literal":
        return foldedLiteral(node.char)
      case "any":
        return "[\\s\\S]"
      case "set":
        return emitSet(node)
      case "group":
        return `(${emit(node.body)})`
      case "backref":
        return `(?:\\${node.index})`
      case "assert":
        return emitAssertion(node.kind, previous, next)
      case "repeat": {
        if (node.body.type === "assert") return node.min === 0 ? "" : emit(node.body, previous, next)
        const body = emit(node.body)
        const operand = isAtomic(node.body) ? body : `(?:${body})`
        return operand + quantifier(node.min, node.max)
      }
      case "concat":
        return node.items.map((item, k) => emit(item, node.items[k - 1], node.items[k + 1])).join("")
      case "alternation": {
        const literalBranches = node.branches.map(literalText)
        if (literalBranches.every((text) => text !== undefined)) {
          // Longest literal first: leftmost-first then agrees with POSIX leftmost-longest.
          const order = node.branches.map((branch, k) => ({ branch, length: literalBranches[k]!.length }))
          order.sort((a, b) => b.length - a.length)
          return order.map(({ branch }) => emit(branch)).join("|")
        }
        return node.branches.map((branch) => emit(branch)).join("|")
      }
    }
  }

  const source = emit(root)
  const flags = (state.unicode ? "u" : "") + (state.caseFlag ? "i" : "")
  return { source, flags }
}

/** A repeat count in regex syntax (the same spelling in JavaScript and RE2). */
export const quantifier = (min: number, max: number): string => {
  if (min === 0 && max === Infinity) return "*"
  if (min === 1 && max === Infinity) return "+"
  if (min === 0 && max === 1) return "?"
  if (max === Infinity) return `{${min},}`
  if (min === max) return `{${min}}`
  return `{${min},${max}}`
}

/** The text of a branch made only of literal characters, else `undefined`. */
const literalText = (node: RegexNode): string | undefined => {
  if (node.type === "literal") return node.char
  if (node.type === "concat") {
    let text = ""
    for (const item of node.items) {
      if (item.type !== "literal") return undefined
      text += item.char
    }
    return text
  }
  return undefined
}

/** Under case folding, the other-case counterpart of the ASCII-letter part of a range. */
const foldRange = (from: number, to: number, state: EmitState): string => {
  let out = ""
  const overlap = (low: number, high: number, shift: number) => {
    const a = Math.max(from, low)
    const b = Math.min(to, high)
    if (a <= b) out += `${hex4(a + shift)}-${hex4(b + shift)}`
  }
  overlap(0x61, 0x7a, -0x20)
  overlap(0x41, 0x5a, 0x20)
  if (to > 0x7f) state.caseFlag = true
  return out
}
