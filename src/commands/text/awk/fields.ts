/** Field splitting (FS) and `split()` separators. */
import { compileAwkRegex, IGNORE_CASE, regexExec, type AwkRegex, type RegexMode } from "./regex.js"

/** Splits a record into fields (1-based results are built by the caller). */
export type Splitter = (text: string) => Array<string>

const splitBlanks = (text: string, alsoNewline: boolean): Array<string> => {
  const out: Array<string> = []
  const n = text.length
  let i = 0
  for (;;) {
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 32 || c === 9 || c === 10 || (alsoNewline && c === 10)) i++
      else break
    }
    if (i >= n) return out
    const start = i
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 32 || c === 9 || c === 10) break
      i++
    }
    out.push(text.slice(start, i))
  }
}

const splitRegex = (re: AwkRegex, text: string): Array<string> => {
  const out: Array<string> = []
  if (text === "") return out
  let start = 0
  let from = 0
  while (from <= text.length) {
    const m = regexExec(re, text, from)
    if (m === undefined) break
    if (m.end === m.index) {
      // An empty match separates nothing; step over one character.
      from = m.index + 1
      continue
    }
    out.push(text.slice(start, m.index))
    start = m.end
    from = m.end
  }
  out.push(text.slice(start))
  return out
}

/**
 * gawk's FPAT: fields are the matches of the pattern. A null match right after a non-null one
 * is not a field (so `a,,c` with `[^,]*` gives a, "", c).
 */
export const makePatternSplitter = (fpat: string, mode: RegexMode): Splitter => {
  const re = compileAwkRegex(fpat, mode)
  return (text) => {
    const out: Array<string> = []
    if (text === "") return out
    let from = 0
    let lastEnd = -1
    while (from <= text.length) {
      const m = regexExec(re, text, from)
      if (m === undefined) break
      if (m.end === m.index && m.index === lastEnd) {
        from = m.index + 1
        continue
      }
      out.push(text.slice(m.index, m.end))
      lastEnd = m.end
      from = m.end === m.index ? m.index + 1 : m.end
    }
    return out
  }
}

/** gawk's FIELDWIDTHS: `[skip:]width ...`, with `*` as the last width meaning "the rest". */
export const makeWidthSplitter = (spec: string, fatal: (message: string) => never): Splitter => {
  const parts = spec.trim() === "" ? [] : spec.trim().split(/[ \t]+/)
  const widths = parts.map((part, i) => {
    const m = /^(?:(\d+):)?(\d+|\*)$/.exec(part)
    if (m === null || (m[2] === "*" && i !== parts.length - 1)) fatal(`invalid FIELDWIDTHS value, for field ${i + 1}, near \`${part}'`)
    return { skip: m[1] === undefined ? 0 : Number(m[1]), width: m[2] === "*" ? Infinity : Number(m[2]) }
  })
  return (text) => {
    const out: Array<string> = []
    let pos = 0
    for (const { skip, width } of widths) {
      pos += skip
      if (pos >= text.length) break
      const end = Math.min(text.length, pos + width)
      out.push(text.slice(pos, end))
      pos = end
    }
    return out
  }
}

const regexSpecial = /[\\^$.[\]|()*+?{}]/

/**
 * The splitter for a field separator. `paragraphMode` (RS="") makes newline a separator too.
 * `mode` says how regex separators are read (IGNORECASE, mawk's literal braces).
 */
export const makeSplitter = (fs: string, paragraphMode: boolean, mode: RegexMode): Splitter => {
  const ignoreCase = (mode & IGNORE_CASE) !== 0
  if (fs === " ") return (text) => splitBlanks(text, true)
  if (fs === "") return (text) => Array.from(text)
  if (fs.length === 1 && fs !== "\\" && !paragraphMode && !(ignoreCase && /[a-zA-Z]/.test(fs))) {
    return (text) => (text === "" ? [] : text.split(fs))
  }
  let source = fs.length === 1 && regexSpecial.test(fs) ? "\\" + fs : fs
  if (fs === "\t") source = "\t"
  if (paragraphMode) source = `(${source})|\n`
  const re = compileAwkRegex(source, mode)
  return (text) => splitRegex(re, text)
}

/** `split(s, a, sep)` with separator matches recorded (gawk's 4th argument). */
export const splitWithSeparators = (
  text: string,
  fs: string,
  mode: RegexMode,
  regex: AwkRegex | undefined
): { fields: Array<string>; seps: Array<string> } => {
  const ignoreCase = (mode & IGNORE_CASE) !== 0
  if (regex === undefined && fs === " ") {
    const fields: Array<string> = []
    const seps: Array<string> = []
    const re = /[ \t\n]+/g
    const leading = /^[ \t\n]+/.exec(text)
    if (leading !== null) seps[0] = leading[0]
    let start = leading === null ? 0 : leading[0].length
    if (start >= text.length) return { fields, seps }
    re.lastIndex = start
    for (;;) {
      const m = re.exec(text)
      if (m === null) {
        fields.push(text.slice(start))
        break
      }
      fields.push(text.slice(start, m.index))
      start = m.index + m[0].length
      if (start >= text.length) {
        seps[fields.length] = m[0]
        break
      }
      seps[fields.length] = m[0]
    }
    return { fields, seps }
  }
  if (text === "") return { fields: [], seps: [] }
  if (regex === undefined && fs === "") return { fields: Array.from(text), seps: [] }
  let re = regex
  if (re === undefined) {
    if (fs.length === 1 && fs !== "\\" && !(ignoreCase && /[a-zA-Z]/.test(fs))) {
      const fields = text.split(fs)
      const seps: Array<string> = []
      for (let i = 1; i < fields.length; i++) seps[i] = fs
      return { fields, seps }
    }
    re = compileAwkRegex(fs.length === 1 ? "\\" + fs : fs, mode)
  }
  const fields: Array<string> = []
  const seps: Array<string> = []
  let start = 0
  let from = 0
  while (from <= text.length) {
    const m = regexExec(re, text, from)
    if (m === undefined) break
    if (m.end === m.index) {
      from = m.index + 1
      continue
    }
    fields.push(text.slice(start, m.index))
    seps[fields.length] = text.slice(m.index, m.end)
    start = m.end
    from = m.end
  }
  fields.push(text.slice(start))
  return { fields, seps }
}
