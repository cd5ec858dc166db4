/**
 * Brace expansion structure: turns the unquoted `{`, `,`, `}` of a word's literal text into
 * BraceList / BraceSequence parts where bash would expand them; the rest stays literal.
 */
import type { WordPart } from "../Ast.js"
import type { Cursor } from "./Cursor.js"
import { Parts } from "./parts.js"

type Token =
  | { readonly kind: "open" }
  | { readonly kind: "comma" }
  | { readonly kind: "close" }
  | { readonly kind: "text"; readonly value: string }
  | { readonly kind: "part"; readonly part: WordPart }

const OPEN: Token = { kind: "open" }
const COMMA: Token = { kind: "comma" }
const CLOSE: Token = { kind: "close" }

const tokenize = (parts: ReadonlyArray<WordPart>): Array<Token> => {
  const tokens: Array<Token> = []
  for (const part of parts) {
    if (part._tag !== "Literal") {
      tokens.push({ kind: "part", part })
      continue
    }
    const text = part.value
    let start = 0
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]
      if (ch === "{" || ch === "," || ch === "}") {
        if (i > start) tokens.push({ kind: "text", value: text.slice(start, i) })
        tokens.push(ch === "{" ? OPEN : ch === "," ? COMMA : CLOSE)
        start = i + 1
      }
    }
    if (start < text.length) tokens.push({ kind: "text", value: text.slice(start) })
  }
  return tokens
}

/** For each `{` token: the index of its matching `}` (or -1) and its top-level commas. */
interface BraceIndex {
  readonly close: Int32Array
  readonly commas: Map<number, Array<number>>
}

const indexBraces = (tokens: ReadonlyArray<Token>): BraceIndex => {
  const close = new Int32Array(tokens.length).fill(-1)
  const commas = new Map<number, Array<number>>()
  const stack: Array<number> = []
  for (let i = 0; i < tokens.length; i++) {
    const kind = tokens[i]!.kind
    if (kind === "open") stack.push(i)
    else if (kind === "close") {
      const open = stack.pop()
      if (open !== undefined) close[open] = i
    } else if (kind === "comma" && stack.length > 0) {
      const open = stack[stack.length - 1]!
      const list = commas.get(open)
      if (list === undefined) commas.set(open, [i])
      else list.push(i)
    }
  }
  return { close, commas }
}

const sequencePattern = /^(?:(-?\d+)\.\.(-?\d+)|([^.\d-]|\d)\.\.([^.\d-]|\d)|([^.])\.\.([^.]))(?:\.\.(-?\d+))?$/
const intPattern = /^-?\d+$/

const trySequence = (tokens: ReadonlyArray<Token>, from: number, to: number): WordPart | undefined => {
  if (to !== from + 1) return undefined
  const t = tokens[from]!
  if (t.kind !== "text") return undefined
  const m = sequencePattern.exec(t.value)
  if (m === null) return undefined
  const parts = t.value.split("..")
  const start = parts[0]!
  const end = parts[1]!
  const step = parts[2]
  const bothInts = intPattern.test(start) && intPattern.test(end)
  const bothChars = start.length === 1 && end.length === 1 && !intPattern.test(start) && !intPattern.test(end)
  if (!bothInts && !bothChars) return undefined
  return { _tag: "BraceSequence", start, end, step }
}

const build = (c: Cursor, tokens: ReadonlyArray<Token>, index: BraceIndex, from: number, to: number): Array<WordPart> => {
  const out = new Parts()
  let i = from
  while (i < to) {
    const t = tokens[i]!
    if (t.kind === "open") {
      const close = index.close[i]!
      if (close !== -1 && close < to) {
        const commas = index.commas.get(i)
        if (commas !== undefined) {
          const alternatives: Array<ReadonlyArray<WordPart>> = []
          let segStart = i + 1
          c.enter()
          for (const comma of [...commas, close]) {
            alternatives.push(build(c, tokens, index, segStart, comma))
            segStart = comma + 1
          }
          c.leave()
          out.push({ _tag: "BraceList", alternatives })
          i = close + 1
          continue
        }
        const seq = trySequence(tokens, i + 1, close)
        if (seq !== undefined) {
          out.push(seq)
          i = close + 1
          continue
        }
      }
      out.literal("{")
      i++
      continue
    }
    if (t.kind === "text") out.literal(t.value)
    else if (t.kind === "comma") out.literal(",")
    else if (t.kind === "close") out.literal("}")
    else out.push(t.part)
    i++
  }
  return out.list
}

export const structureBraces = (c: Cursor, parts: Array<WordPart>): Array<WordPart> => {
  const tokens = tokenize(parts)
  c.spend(tokens.length)
  return build(c, tokens, indexBraces(tokens), 0, tokens.length)
}
