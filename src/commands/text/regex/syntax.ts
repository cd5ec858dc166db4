/**
 * A parser of JavaScript regular-expression syntax (what the POSIX and Perl translators emit,
 * and what `find -regex`, `expr` or `tac -r` build) into a small tree that both matching
 * engines read: the linear one (re2js, through `re2Source.ts`) and the bounded backtracker
 * (`backtrack.ts`). Characters are whole code points; `\d`, `\w`, `\s` and `.` are resolved to
 * explicit ranges here, so both engines agree on them.
 */

/** Sorted, non-overlapping inclusive code point ranges: [from0, to0, from1, to1, ...]. */
export type Ranges = ReadonlyArray<number>

export type AssertKind = "lineStart" | "lineEnd" | "wordBoundary" | "notWordBoundary" | "textStart" | "textEnd"

export type JsNode =
  | { readonly type: "empty" }
  | { readonly type: "char"; readonly cp: number }
  | { readonly type: "class"; readonly ranges: Ranges; readonly negated: boolean; readonly props: ReadonlyArray<string> }
  | { readonly type: "seq"; readonly items: ReadonlyArray<JsNode> }
  | { readonly type: "alt"; readonly items: ReadonlyArray<JsNode> }
  | { readonly type: "group"; readonly index: number | undefined; readonly name: string | undefined; readonly body: JsNode }
  | { readonly type: "repeat"; readonly body: JsNode; readonly min: number; readonly max: number; readonly greedy: boolean }
  | { readonly type: "assert"; readonly kind: AssertKind }
  | { readonly type: "look"; readonly behind: boolean; readonly negated: boolean; readonly body: JsNode }
  /** `name` only until named references are resolved at the end of the parse. */
  | { readonly type: "backref"; readonly index: number; readonly name?: string }

export interface JsFlags {
  readonly ignoreCase: boolean
  readonly multiline: boolean
  readonly dotAll: boolean
  readonly unicode: boolean
}

export interface ParsedJs {
  readonly root: JsNode
  readonly groupCount: number
  readonly names: ReadonlyMap<string, number>
  readonly flags: JsFlags
}

export class JsSyntaxError extends Error {}

export const MAX_CP = 0x10ffff
const DIGIT: Ranges = [0x30, 0x39]
const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]
const SPACE: Ranges = normalize([
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff
])
const LINE_TERMINATORS: Ranges = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029]

/** Sort and merge ranges. */
export function normalize(ranges: ReadonlyArray<number>): Array<number> {
  const pairs: Array<[number, number]> = []
  for (let k = 0; k + 1 < ranges.length; k += 2) pairs.push([ranges[k]!, ranges[k + 1]!])
  pairs.sort((a, b) => a[0] - b[0])
  const out: Array<number> = []
  for (const [from, to] of pairs) {
    const last = out.length - 1
    if (last > 0 && from <= out[last]! + 1) out[last] = Math.max(out[last]!, to)
    else out.push(from, to)
  }
  return out
}

/** The complement of normalized ranges within [0, MAX_CP]. */
export const complement = (ranges: Ranges): Array<number> => {
  const out: Array<number> = []
  let next = 0
  for (let k = 0; k < ranges.length; k += 2) {
    if (ranges[k]! > next) out.push(next, ranges[k]! - 1)
    next = ranges[k + 1]! + 1
  }
  if (next <= MAX_CP) out.push(next, MAX_CP)
  return out
}

const flagsOf = (flags: string): JsFlags => ({
  ignoreCase: flags.includes("i"),
  multiline: flags.includes("m"),
  dotAll: flags.includes("s"),
  unicode: flags.includes("u") || flags.includes("v")
})

const isHigh = (u: number): boolean => u >= 0xd800 && u <= 0xdbff
const isLow = (u: number): boolean => u >= 0xdc00 && u <= 0xdfff

export const parseJsRegex = (source: string, flagText: string): ParsedJs => {
  const flags = flagsOf(flagText)
  const s = source
  let i = 0
  let groupCount = 0
  const names = new Map<string, number>()
  // Annex B: without `u`, `\N` beyond the number of groups is not a back-reference.
  const totalGroups = countGroups(s)

  const fail = (message: string): never => {
    throw new JsSyntaxError(`Invalid regular expression: /${s}/: ${message}`)
  }

  /** A code point at `i` (a surrogate pair is one character in both modes: engines see code points). */
  const readCodePoint = (): number => {
    const cp = s.codePointAt(i)!
    i += cp > 0xffff ? 2 : 1
    return cp
  }

  const parseAlt = (): JsNode => {
    const items = [parseSeq()]
    while (s[i] === "|") {
      i++
      items.push(parseSeq())
    }
    return items.length === 1 ? items[0]! : { type: "alt", items }
  }

  const parseSeq = (): JsNode => {
    const items: Array<JsNode> = []
    while (i < s.length && s[i] !== "|" && s[i] !== ")") {
      const atom = parseAtom()
      const quantified = parseQuantifier(atom)
      const last = items[items.length - 1]
      // `\uD83D\uDE00` written as two escapes: one astral character.
      if (quantified === atom && atom.type === "char" && isLow(atom.cp) && last?.type === "char" && isHigh(last.cp)) {
        items[items.length - 1] = { type: "char", cp: (last.cp - 0xd800) * 0x400 + (atom.cp - 0xdc00) + 0x10000 }
        continue
      }
      items.push(quantified)
    }
    if (items.length === 0) return { type: "empty" }
    return items.length === 1 ? items[0]! : { type: "seq", items }
  }

  const readInt = (): number | undefined => {
    const begin = i
    while (s[i] !== undefined && s[i]! >= "0" && s[i]! <= "9") i++
    return i === begin ? undefined : Number(s.slice(begin, i))
  }

  const parseQuantifier = (atom: JsNode): JsNode => {
    let min: number
    let max: number
    const c = s[i]
    if (c === "*") [min, max] = [0, Infinity]
    else if (c === "+") [min, max] = [1, Infinity]
    else if (c === "?") [min, max] = [0, 1]
    else if (c === "{") {
      const save = i
      i++
      const low = readInt()
      let high = low
      if (low !== undefined && s[i] === ",") {
        i++
        high = readInt() ?? Infinity
      }
      if (low === undefined || s[i] !== "}") {
        if (flags.unicode) fail("Incomplete quantifier")
        i = save
        return atom
      }
      min = low
      max = high!
      if (max < min) fail("numbers out of order in {} quantifier")
    } else return atom
    i++
    let greedy = true
    if (s[i] === "?") {
      greedy = false
      i++
    }
    if (atom.type === "assert" || (atom.type === "look" && !atom.behind && flags.unicode)) fail("Nothing to repeat")
    if (atom.type === "look" && atom.behind) fail("Invalid quantifier")
    return { type: "repeat", body: atom, min, max, greedy }
  }

  const parseAtom = (): JsNode => {
    const c = s[i]!
    switch (c) {
      case "^":
        i++
        return { type: "assert", kind: "lineStart" }
      case "$":
        i++
        return { type: "assert", kind: "lineEnd" }
      case ".":
        i++
        return flags.dotAll ? anyChar() : { type: "class", ranges: LINE_TERMINATORS, negated: true, props: [] }
      case "(":
        return parseGroup()
      case "[":
        return parseClass()
      case "\\":
        return parseEscape()
      case "*":
      case "+":
      case "?":
        return fail("Nothing to repeat")
      case "{":
        if (flags.unicode) fail("Lone quantifier brackets")
        if (/^\{\d+(,\d*)?\}/.test(s.slice(i))) fail("Nothing to repeat")
        i++
        return { type: "char", cp: 0x7b }
      case "}":
      case "]":
        if (flags.unicode) fail("Lone quantifier brackets")
        i++
        return { type: "char", cp: c.charCodeAt(0) }
      default:
        return { type: "char", cp: readCodePoint() }
    }
  }

  const parseGroup = (): JsNode => {
    i++
    if (s[i] === "?") {
      const kind = s.slice(i + 1, i + 3)
      let look: { behind: boolean; negated: boolean } | undefined
      if (kind.startsWith("=")) look = { behind: false, negated: false }
      else if (kind.startsWith("!")) look = { behind: false, negated: true }
      else if (kind === "<=") look = { behind: true, negated: false }
      else if (kind === "<!") look = { behind: true, negated: true }
      if (look !== undefined) {
        i += look.behind ? 3 : 2
        const body = parseAlt()
        close()
        return { type: "look", ...look, body }
      }
      if (kind.startsWith(":")) {
        i += 2
        const body = parseAlt()
        close()
        return { type: "group", index: undefined, name: undefined, body }
      }
      if (kind.startsWith("<")) {
        const end = s.indexOf(">", i)
        if (end === -1) fail("Invalid capture group name")
        const name = s.slice(i + 2, end)
        if (!/^[$_\p{ID_Start}][$\p{ID_Continue}\u200c\u200d]*$/u.test(name)) fail("Invalid capture group name")
        if (names.has(name)) fail("Duplicate capture group name")
        i = end + 1
        const index = ++groupCount
        names.set(name, index)
        const body = parseAlt()
        close()
        return { type: "group", index, name, body }
      }
      fail("Invalid group")
    }
    const index = ++groupCount
    const body = parseAlt()
    close()
    return { type: "group", index, name: undefined, body }
  }

  const close = (): void => {
    if (s[i] !== ")") fail("Unterminated group")
    i++
  }

  const parseEscape = (): JsNode => {
    const next = s[i + 1]
    if (next === undefined) return fail("\\ at end of pattern")
    switch (next) {
      case "b":
        i += 2
        return { type: "assert", kind: "wordBoundary" }
      case "B":
        i += 2
        return { type: "assert", kind: "notWordBoundary" }
      case "d":
      case "D":
      case "w":
      case "W":
      case "s":
      case "S": {
        i += 2
        const ranges = next.toLowerCase() === "d" ? DIGIT : next.toLowerCase() === "w" ? WORD : SPACE
        return { type: "class", ranges, negated: next === next.toUpperCase(), props: [] }
      }
      case "p":
      case "P":
        if (flags.unicode) {
          const prop = readProperty()
          return { type: "class", ranges: [], negated: next === "P", props: [prop] }
        }
        break
      case "k":
        if (flags.unicode || names.size > 0 || /\(\?<[^=!]/.test(s)) {
          const end = s.indexOf(">", i)
          if (s[i + 2] !== "<" || end === -1) fail("Invalid named reference")
          const name = s.slice(i + 3, end)
          i = end + 1
          return { type: "backref", index: -1, name }
        }
        break
    }
    if (next >= "1" && next <= "9") {
      const begin = i + 1
      let end = begin
      while (s[end] !== undefined && s[end]! >= "0" && s[end]! <= "9") end++
      const number = Number(s.slice(begin, end))
      if (number <= totalGroups) {
        i = end
        return { type: "backref", index: number }
      }
      if (flags.unicode) fail("Invalid escape")
    }
    const char = readCharEscape(false)
    return { type: "char", cp: char }
  }

  const readProperty = (): string => {
    if (s[i + 2] !== "{") fail("Invalid property name")
    const end = s.indexOf("}", i)
    if (end === -1) fail("Invalid property name")
    const text = s.slice(i, end + 1)
    try {
      new RegExp(text, "u")
    } catch {
      fail("Invalid property name")
    }
    i = end + 1
    return s.slice(i - text.length + 3, i - 1)
  }

  /** A character escape at `i` (the backslash); advances past it. */
  const readCharEscape = (inClass: boolean): number => {
    const next = s[i + 1]!
    i += 2
    switch (next) {
      case "t":
        return 9
      case "n":
        return 10
      case "v":
        return 11
      case "f":
        return 12
      case "r":
        return 13
      case "b":
        if (inClass) return 8
        break
      case "-":
        if (inClass) return 0x2d
        break
      case "0":
        if (!(s[i]! >= "0" && s[i]! <= "9")) return 0
        if (flags.unicode) fail("Invalid decimal escape")
        return readOctal(0)
      case "c": {
        const letter = s[i]
        if (letter !== undefined && /[A-Za-z]/.test(letter)) {
          i++
          return letter.charCodeAt(0) % 32
        }
        if (inClass && letter !== undefined && /[0-9_]/.test(letter) && !flags.unicode) {
          i++
          return letter.charCodeAt(0) % 32
        }
        if (flags.unicode) fail("Invalid unicode escape")
        i--
        return 0x5c
      }
      case "x": {
        const hex = /^[0-9a-fA-F]{2}/.exec(s.slice(i))
        if (hex !== null) {
          i += 2
          return parseInt(hex[0], 16)
        }
        if (flags.unicode) fail("Invalid escape")
        return 0x78
      }
      case "u": {
        const hex = /^[0-9a-fA-F]{4}/.exec(s.slice(i))
        if (hex !== null) {
          i += 4
          const unit = parseInt(hex[0], 16)
          // `\uD83D\uDE00` inside a class or with `u`: one astral character.
          if (isHigh(unit) && s[i] === "\\" && s[i + 1] === "u") {
            const low = /^[0-9a-fA-F]{4}/.exec(s.slice(i + 2))
            if (low !== null && isLow(parseInt(low[0], 16)) && (flags.unicode || inClass)) {
              i += 6
              return (unit - 0xd800) * 0x400 + (parseInt(low[0], 16) - 0xdc00) + 0x10000
            }
          }
          return unit
        }
        if (flags.unicode && s[i] === "{") {
          const end = s.indexOf("}", i)
          const value = end === -1 ? NaN : parseInt(s.slice(i + 1, end), 16)
          if (!/^[0-9a-fA-F]+$/.test(s.slice(i + 1, end)) || !(value <= MAX_CP)) fail("Invalid Unicode escape")
          i = end + 1
          return value
        }
        if (flags.unicode) fail("Invalid Unicode escape")
        return 0x75
      }
    }
    if (next >= "1" && next <= "9" && !flags.unicode) {
      if (next <= "7") return readOctal(next.charCodeAt(0) - 0x30)
      return next.charCodeAt(0)
    }
    if (flags.unicode && !/[\^$\\.*+?()[\]{}|/]/.test(next) && !(inClass && next === "-")) fail("Invalid escape")
    // An identity escape; a surrogate pair after the backslash is one character.
    i -= 1
    return readCodePoint()
  }

  const readOctal = (first: number): number => {
    let value = first
    for (let k = 0; k < 2 && s[i] !== undefined && s[i]! >= "0" && s[i]! <= "7" && value * 8 + Number(s[i]) <= 0o377; k++) {
      value = value * 8 + Number(s[i])
      i++
    }
    return value
  }

  const parseClass = (): JsNode => {
    i++
    let negated = false
    if (s[i] === "^") {
      negated = true
      i++
    }
    const ranges: Array<number> = []
    const props: Array<string> = []
    /** One class atom: a code point, or a set (`\d`, `\p{..}`) that cannot start a range. */
    const readAtom = (): number | { set: Ranges; negated: boolean; prop?: string } => {
      if (s[i] === "\\") {
        const next = s[i + 1]
        if (next === undefined) fail("\\ at end of pattern")
        if (next !== undefined && "dDwWsS".includes(next)) {
          i += 2
          const set = next.toLowerCase() === "d" ? DIGIT : next.toLowerCase() === "w" ? WORD : SPACE
          return { set, negated: next === next.toUpperCase() }
        }
        if ((next === "p" || next === "P") && flags.unicode) {
          const prop = readProperty()
          return { set: [], negated: next === "P", prop }
        }
        return readCharEscape(true)
      }
      return readCodePoint()
    }
    for (;;) {
      if (i >= s.length) fail("Unterminated character class")
      if (s[i] === "]") {
        i++
        break
      }
      const low = readAtom()
      if (s[i] === "-" && s[i + 1] !== "]" && s[i + 1] !== undefined) {
        const save = i
        i++
        const high = readAtom()
        if (typeof low === "number" && typeof high === "number") {
          if (high < low) fail("Range out of order in character class")
          ranges.push(low, high)
          continue
        }
        if (flags.unicode) fail("Invalid character class")
        // `[\d-z]` without `u`: the `-` is a literal.
        i = save
      }
      if (typeof low === "number") ranges.push(low, low)
      else if (low.prop !== undefined) props.push(low.negated ? `^${low.prop}` : low.prop)
      else ranges.push(...(low.negated ? complement(low.set) : low.set))
    }
    return { type: "class", ranges: normalize(ranges), negated, props }
  }

  const root = parseAlt()
  if (i < s.length) fail("Unmatched ')'")
  // Named back-references resolve once every group is known.
  const resolved = resolveNamed(root, names, fail)
  return { root: resolved, groupCount, names, flags }
}

const anyChar = (): JsNode => ({ type: "class", ranges: [], negated: true, props: [] })

/** Capturing groups in a source (for Annex B's reading of `\N`). */
const countGroups = (s: string): number => {
  let count = 0
  let inClass = false
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (c === "\\") i++
    else if (inClass) {
      if (c === "]") inClass = false
    } else if (c === "[") inClass = true
    else if (c === "(" && (s[i + 1] !== "?" || (s[i + 2] === "<" && s[i + 3] !== "=" && s[i + 3] !== "!"))) count++
  }
  return count
}

const resolveNamed = (node: JsNode, names: ReadonlyMap<string, number>, fail: (m: string) => never): JsNode => {
  switch (node.type) {
    case "backref": {
      if (node.name === undefined) return node
      const index = names.get(node.name)
      if (index === undefined) fail("Invalid named capture referenced")
      return { type: "backref", index: index! }
    }
    case "seq":
    case "alt":
      return { ...node, items: node.items.map((item) => resolveNamed(item, names, fail)) }
    case "group":
    case "look":
    case "repeat":
      return { ...node, body: resolveNamed(node.body, names, fail) } as JsNode
    default:
      return node
  }
}

/** Facts about a tree that decide which engine runs it. */
export interface TreeFacts {
  readonly backrefs: boolean
  readonly lookahead: boolean
  /** Lookbehind with a capture, a back-reference or a nested lookaround inside (re2js refuses). */
  readonly complexLookbehind: boolean
  readonly lookbehind: boolean
  /** Groups whose value a back-reference reads. */
  readonly referenced: ReadonlySet<number>
  readonly props: boolean
}

export const treeFacts = (root: JsNode): TreeFacts => {
  let backrefs = false
  let lookahead = false
  let lookbehind = false
  let complexLookbehind = false
  let props = false
  const referenced = new Set<number>()
  const visit = (node: JsNode, inBehind: boolean): void => {
    switch (node.type) {
      case "backref":
        backrefs = true
        referenced.add(node.index)
        if (inBehind) complexLookbehind = true
        return
      case "class":
        if (node.props.length > 0) props = true
        return
      case "look":
        if (inBehind) complexLookbehind = true
        if (node.behind) lookbehind = true
        else lookahead = true
        visit(node.body, inBehind || node.behind)
        return
      case "group":
        if (inBehind && node.index !== undefined) complexLookbehind = true
        visit(node.body, inBehind)
        return
      case "repeat":
        visit(node.body, inBehind)
        return
      case "seq":
      case "alt":
        for (const item of node.items) visit(item, inBehind)
        return
      default:
        return
    }
  }
  visit(root, false)
  return { backrefs, lookahead, lookbehind, complexLookbehind, referenced, props }
}

/**
 * Idioms the translators emit for assertions JavaScript lacks: `(?<![\s\S])` is the start of the
 * text and `(?![\s\S])` its end (`\A`, `\z`). Rewritten so the linear engine can run them.
 */
export const simplify = (node: JsNode): JsNode => {
  switch (node.type) {
    case "look": {
      const body = simplify(node.body)
      if (node.negated && isAnyChar(body)) return { type: "assert", kind: node.behind ? "textStart" : "textEnd" }
      return { ...node, body }
    }
    case "seq":
    case "alt":
      return { ...node, items: node.items.map(simplify) }
    case "group":
    case "repeat":
      return { ...node, body: simplify(node.body) } as JsNode
    default:
      return node
  }
}

/** True for a class that matches every character. */
export const isAnyChar = (node: JsNode): boolean =>
  node.type === "class" &&
  node.props.length === 0 &&
  ((node.negated && node.ranges.length === 0) || (!node.negated && node.ranges.length === 2 && node.ranges[0] === 0 && node.ranges[1]! >= MAX_CP))
