/** The SET operands of tr: escapes, ranges, [:class:], [=c=] and [c*n], expanded to byte codes. */

export type SetParse =
  | { readonly _tag: "Ok"; readonly bytes: Array<number>; readonly classes: Array<{ readonly name: string; readonly at: number }> }
  | { readonly _tag: "Error"; readonly message: string }

const CLASSES: Record<string, (c: number) => boolean> = {
  alnum: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  alpha: (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  blank: (c) => c === 32 || c === 9,
  cntrl: (c) => c < 32 || c === 127,
  digit: (c) => c >= 48 && c <= 57,
  graph: (c) => c > 32 && c < 127,
  lower: (c) => c >= 97 && c <= 122,
  print: (c) => c >= 32 && c < 127,
  punct: (c) => c > 32 && c < 127 && !((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)),
  space: (c) => c === 32 || (c >= 9 && c <= 13),
  upper: (c) => c >= 65 && c <= 90,
  xdigit: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92 }

/** One element of a set before expansion. */
type Token =
  | { readonly kind: "char"; readonly code: number }
  | { readonly kind: "class"; readonly name: string }
  | { readonly kind: "equiv"; readonly code: number }
  | { readonly kind: "repeat"; readonly code: number; readonly count: number | undefined }

/** Read one possibly escaped char at `i` of a binary string; returns code and next index. */
const readChar = (s: string, i: number): [number, number] => {
  if (s[i] !== "\\" || i + 1 >= s.length) return [s.charCodeAt(i), i + 1]
  const next = s[i + 1]!
  if (next >= "0" && next <= "7") {
    let j = i + 1
    let value = 0
    while (j < s.length && j < i + 4 && s[j]! >= "0" && s[j]! <= "7" && value * 8 + Number(s[j]) <= 255) value = value * 8 + Number(s[j++])
    return [value, j]
  }
  return [ESCAPES[next] ?? next.charCodeAt(0), i + 2]
}

const tokenize = (s: string, isSet2: boolean): Array<Token> | string => {
  const tokens: Array<Token> = []
  let i = 0
  while (i < s.length) {
    if (s[i] === "[") {
      const cls = /^\[:([a-z]*):\]/.exec(s.slice(i))
      if (cls !== null) {
        if (CLASSES[cls[1]!] === undefined) return `invalid character class '${cls[1]}'`
        tokens.push({ kind: "class", name: cls[1]! })
        i += cls[0].length
        continue
      }
      if (s[i + 1] === "=" && i + 4 <= s.length) {
        const [code, after] = readChar(s, i + 2)
        if (s.slice(after, after + 2) === "=]") {
          tokens.push({ kind: "equiv", code })
          i = after + 2
          continue
        }
      }
      if (i + 1 < s.length) {
        const [code, after] = readChar(s, i + 1)
        if (s[after] === "*") {
          const m = /^\*(\d*)\]/.exec(s.slice(after))
          if (m !== null) {
            if (!isSet2) return "the [c*] repeat construct may not appear in string1"
            const text = m[1]!
            const count = text === "" ? undefined : text.startsWith("0") ? parseInt(text, 8) : Number(text)
            if (count !== undefined && Number.isNaN(count)) return `invalid repeat count '${text}' in [c*n] construct`
            tokens.push({ kind: "repeat", code, count: count === 0 ? undefined : count })
            i = after + m[0].length
            continue
          }
        }
      }
    }
    const [code, after] = readChar(s, i)
    if (s[after] === "-" && after + 1 < s.length) {
      const [end, afterEnd] = readChar(s, after + 1)
      if (end < code) {
        const show = (c: number) => (c >= 32 && c < 127 ? String.fromCharCode(c) : `\\${c.toString(8).padStart(3, "0")}`)
        return `range-endpoints of '${show(code)}-${show(end)}' are in reverse collating sequence order`
      }
      for (let c = code; c <= end; c++) tokens.push({ kind: "char", code: c })
      i = afterEnd
      continue
    }
    tokens.push({ kind: "char", code })
    i = after
  }
  return tokens
}

/** Expand a set; `fillTo` is SET1's length, used by a `[c*]` in SET2. */
export const parseSet = (s: string, isSet2: boolean, fillTo = 0): SetParse => {
  const tokens = tokenize(s, isSet2)
  if (typeof tokens === "string") return { _tag: "Error", message: tokens }
  const fixed = tokens.reduce(
    (n, t) => n + (t.kind === "class" ? classSize(t.name) : t.kind === "repeat" ? t.count ?? 0 : 1),
    0
  )
  const bytes: Array<number> = []
  const classes: Array<{ name: string; at: number }> = []
  for (const t of tokens) {
    if (t.kind === "char" || t.kind === "equiv") bytes.push(t.code)
    else if (t.kind === "class") {
      classes.push({ name: t.name, at: bytes.length })
      for (let c = 0; c < 256; c++) if (CLASSES[t.name]!(c)) bytes.push(c)
    } else {
      const count = t.count ?? Math.max(0, fillTo - fixed)
      for (let k = 0; k < count; k++) bytes.push(t.code)
    }
  }
  return { _tag: "Ok", bytes, classes }
}

const classSize = (name: string): number => {
  let n = 0
  for (let c = 0; c < 256; c++) if (CLASSES[name]!(c)) n++
  return n
}
