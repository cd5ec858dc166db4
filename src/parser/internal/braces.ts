/**
 * Brace expansion structure: turns the unquoted `{`, `,`, `}` of a word's literal text into
 * BraceList / BraceSequence parts where bash would expand them; the rest stays literal.
 */
import type { WordPart } from "../Ast.js"
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

const findClose = (tokens: ReadonlyArray<Token>, open: number, to: number): number => {
  let depth = 0
  for (let i = open + 1; i < to; i++) {
    const kind = tokens[i]!.kind
    if (kind === "open") depth++
    else if (kind === "close") {
      if (depth === 0) return i
      depth--
    }
  }
  return -1
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
  const bothChars = start.length === 1 && end.length === 1
  if (!bothInts && !bothChars) return undefined
  return { _tag: "BraceSequence", start, end, step }
}

const build = (tokens: ReadonlyArray<Token>, from: number, to: number): Array<WordPart> => {
  const out = new Parts()
  let i = from
  while (i < to) {
    const t = tokens[i]!
    if (t.kind === "open") {
      const close = findClose(tokens, i, to)
      if (close !== -1) {
        const commas: Array<number> = []
        let depth = 0
        for (let k = i + 1; k < close; k++) {
          const kind = tokens[k]!.kind
          if (kind === "open") depth++
          else if (kind === "close") depth--
          else if (kind === "comma" && depth === 0) commas.push(k)
        }
        if (commas.length > 0) {
          const alternatives: Array<ReadonlyArray<WordPart>> = []
          let segStart = i + 1
          for (const comma of [...commas, close]) {
            alternatives.push(build(tokens, segStart, comma))
            segStart = comma + 1
          }
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

export const structureBraces = (parts: Array<WordPart>): Array<WordPart> => {
  const tokens = tokenize(parts)
  return build(tokens, 0, tokens.length)
}
