/** Sort keys: `-k POS1[,POS2]` parsing, field extraction (GNU begfield/limfield) and ordering. */
import {
  compareBytes,
  compareDecimal,
  compareGeneral,
  compareVersion,
  humanOrder,
  isBlank,
  monthIndex,
  parseDecimal,
  parseGeneral
} from "./collate.js"

export interface Ordering {
  numeric: boolean
  general: boolean
  human: boolean
  month: boolean
  version: boolean
  random: boolean
  reverse: boolean
  foldCase: boolean
  dictionary: boolean
  ignoreNonprinting: boolean
  skipStartBlanks: boolean
  skipEndBlanks: boolean
}

export interface Key extends Ordering {
  /** 0-based start field and char. */
  startField: number
  startChar: number
  /** 0-based end field, undefined for end of line; endChar 0 means end of the field. */
  endField: number | undefined
  endChar: number
}

export const emptyOrdering = (): Ordering => ({
  numeric: false,
  general: false,
  human: false,
  month: false,
  version: false,
  random: false,
  reverse: false,
  foldCase: false,
  dictionary: false,
  ignoreNonprinting: false,
  skipStartBlanks: false,
  skipEndBlanks: false
})

/** True when the key sets none of the ordering options (so it inherits the global ones). */
export const hasNoOrdering = (o: Ordering): boolean =>
  !(
    o.numeric || o.general || o.human || o.month || o.version || o.random || o.reverse ||
    o.foldCase || o.dictionary || o.ignoreNonprinting || o.skipStartBlanks || o.skipEndBlanks
  )

/** Apply one ordering letter; false when it is not one. `b` sets start or end blanks. */
export const applyOrderingLetter = (o: Ordering, letter: string, atEnd: boolean): boolean => {
  switch (letter) {
    case "b":
      if (atEnd) o.skipEndBlanks = true
      else o.skipStartBlanks = true
      return true
    case "d": o.dictionary = true; return true
    case "f": o.foldCase = true; return true
    case "g": o.general = true; return true
    case "h": o.human = true; return true
    case "i": o.ignoreNonprinting = true; return true
    case "M": o.month = true; return true
    case "n": o.numeric = true; return true
    case "R": o.random = true; return true
    case "r": o.reverse = true; return true
    case "V": o.version = true; return true
    default: return false
  }
}

/** The incompatible combination as GNU names it (`gn`), or undefined. */
export const incompatibility = (o: Ordering): string | undefined => {
  const kinds = [
    o.dictionary ? "d" : "",
    o.general ? "g" : "",
    o.human ? "h" : "",
    o.ignoreNonprinting ? "i" : "",
    o.month ? "M" : "",
    o.numeric ? "n" : "",
    o.random ? "R" : "",
    o.version ? "V" : ""
  ]
  const numericLike = [o.general, o.human, o.month, o.numeric, o.version, o.random].filter(Boolean).length
  if (numericLike > 1 || ((o.dictionary || o.ignoreNonprinting) && numericLike > 0) || (o.dictionary && o.ignoreNonprinting)) {
    return kinds.join("")
  }
  return undefined
}

export type KeyParse = { readonly _tag: "Ok"; readonly key: Key } | { readonly _tag: "Error"; readonly message: string }

/** Parse `F[.C][opts][,F[.C][opts]]`. */
export const parseKeySpec = (spec: string): KeyParse => {
  const bad = (why: string): KeyParse => ({ _tag: "Error", message: `${why}: invalid field specification '${spec}'` })
  const key: Key = { ...emptyOrdering(), startField: 0, startChar: 0, endField: undefined, endChar: 0 }
  let i = 0
  const number = (): number | undefined => {
    const m = /^\d+/.exec(spec.slice(i))
    if (m === null) return undefined
    i += m[0].length
    return Number(m[0])
  }
  const start = number()
  if (start === undefined) return { _tag: "Error", message: `invalid number at field start: invalid count at start of '${spec.slice(i)}'` }
  if (start === 0) return bad("field number is zero")
  key.startField = start - 1
  if (spec[i] === ".") {
    i++
    const c = number()
    if (c === undefined) return { _tag: "Error", message: `invalid number after '.': invalid count at start of '${spec.slice(i)}'` }
    if (c === 0) return bad("character offset is zero")
    key.startChar = c - 1
  }
  while (i < spec.length && spec[i] !== ",") {
    if (!applyOrderingLetter(key, spec[i]!, false)) return bad("stray character in field spec")
    i++
  }
  if (spec[i] === ",") {
    i++
    const end = number()
    if (end === undefined) return { _tag: "Error", message: `invalid number after ',': invalid count at start of '${spec.slice(i)}'` }
    if (end === 0) return bad("field number is zero")
    key.endField = end - 1
    if (spec[i] === ".") {
      i++
      const c = number()
      if (c === undefined) return { _tag: "Error", message: `invalid number after '.': invalid count at start of '${spec.slice(i)}'` }
      key.endChar = c
    }
    while (i < spec.length) {
      if (!applyOrderingLetter(key, spec[i]!, true)) return bad("stray character in field spec")
      i++
    }
  }
  return { _tag: "Ok", key }
}

/** Start offset of the key in `line`; `tab` is the -t char or undefined for blank runs. */
const keyStart = (line: string, key: Key, tab: string | undefined): number => {
  const lim = line.length
  let p = 0
  let fields = key.startField
  if (tab !== undefined) {
    while (p < lim && fields-- > 0) {
      const next = line.indexOf(tab, p)
      p = next === -1 ? lim : next + 1
    }
  } else {
    while (p < lim && fields-- > 0) {
      while (p < lim && isBlank(line.charCodeAt(p))) p++
      while (p < lim && !isBlank(line.charCodeAt(p))) p++
    }
  }
  if (key.skipStartBlanks) while (p < lim && isBlank(line.charCodeAt(p))) p++
  return Math.min(lim, p + key.startChar)
}

const keyLimit = (line: string, key: Key, tab: string | undefined): number => {
  const lim = line.length
  if (key.endField === undefined) return lim
  let words = key.endChar === 0 ? key.endField + 1 : key.endField
  const echar = key.endChar
  let p = 0
  if (tab !== undefined) {
    while (p < lim && words-- > 0) {
      const next = line.indexOf(tab, p)
      p = next === -1 ? lim : next
      if (p < lim && (words > 0 || echar !== 0)) p++
    }
  } else {
    while (p < lim && words-- > 0) {
      while (p < lim && isBlank(line.charCodeAt(p))) p++
      while (p < lim && !isBlank(line.charCodeAt(p))) p++
    }
  }
  if (echar !== 0) {
    if (key.skipEndBlanks) while (p < lim && isBlank(line.charCodeAt(p))) p++
    p = Math.min(lim, p + echar)
  }
  return p
}

/** The text of the key in `line` (empty when the limit precedes the start). */
export const extractKey = (line: string, key: Key, tab: string | undefined): string => {
  const start = keyStart(line, key, tab)
  const limit = keyLimit(line, key, tab)
  return limit <= start ? "" : line.slice(start, limit)
}

/** A key's value precomputed once per line so comparisons stay cheap. */
export type KeyValue =
  | string
  | number
  | undefined
  | { readonly order: number; readonly text: string; readonly decimal?: ReturnType<typeof parseDecimal> }
  | ReturnType<typeof parseDecimal>

const transformText = (text: string, key: Ordering): string => {
  if (!key.dictionary && !key.ignoreNonprinting && !key.foldCase) return text
  let out = ""
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (key.dictionary && !(isBlank(c) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) continue
    if (key.ignoreNonprinting && !(c >= 32 && c <= 126)) continue
    out += key.foldCase && c >= 97 && c <= 122 ? String.fromCharCode(c - 32) : text[i]
  }
  return out
}

/** 32-bit FNV-1a of the text mixed with the seed (sort -R groups equal keys together). */
const randomHash = (text: string, seed: number): number => {
  let h = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d) >>> 0
  return (h ^ (h >>> 12)) >>> 0
}

export const keyValue = (text: string, key: Ordering, seed: number): KeyValue => {
  if (key.numeric) return parseDecimal(text)
  if (key.general) return parseGeneral(text)
  if (key.human) return { order: humanOrder(text), text, decimal: parseDecimal(text) }
  if (key.month) return monthIndex(text)
  if (key.random) return { order: randomHash(transformText(text, key), seed), text: transformText(text, key) }
  return transformText(text, key)
}

/** Compare two precomputed values of the same key (without the key's reverse flag). */
export const compareKeyValues = (a: KeyValue, b: KeyValue, key: Ordering): number => {
  if (key.numeric) return compareDecimal(a as ReturnType<typeof parseDecimal>, b as ReturnType<typeof parseDecimal>)
  if (key.general) return compareGeneral(a as number | undefined, b as number | undefined)
  if (key.human || key.random) {
    const x = a as { order: number; text: string; decimal?: ReturnType<typeof parseDecimal> }
    const y = b as { order: number; text: string; decimal?: ReturnType<typeof parseDecimal> }
    if (x.order !== y.order) return x.order < y.order ? -1 : 1
    return key.human ? compareDecimal(x.decimal!, y.decimal!) : compareBytes(x.text, y.text)
  }
  if (key.month) return (a as number) - (b as number)
  if (key.version) return compareVersion(a as string, b as string)
  return compareBytes(a as string, b as string)
}
