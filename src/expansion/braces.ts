import type * as Ast from "../parser/Ast.js"
import { expandBraceSequence } from "./Brace.js"
import { ExpansionError, type ExpansionHost } from "./Expander.js"

const DEFAULT_MAX_WORDS = 1_000_000

const hasBraces = (parts: ReadonlyArray<Ast.WordPart>): boolean =>
  parts.some((p) => p._tag === "BraceList" || p._tag === "BraceSequence")

/**
 * Brace expansion: the cartesian product of the word's brace parts, left to right, each
 * alternative itself brace-expanded. Words without braces pass through untouched.
 */
export const expandBraces = (
  parts: ReadonlyArray<Ast.WordPart>,
  host: ExpansionHost,
  maxWords = DEFAULT_MAX_WORDS
): Array<ReadonlyArray<Ast.WordPart>> => {
  if (!hasBraces(parts)) return [parts]
  let results: Array<Array<Ast.WordPart>> = [[]]
  const grow = (next: Array<Array<Ast.WordPart>>) => {
    if (next.length > maxWords) throw new ExpansionError(`brace expansion: too many words (limit ${maxWords})`)
    results = next
  }
  for (const part of parts) {
    if (part._tag === "BraceList") {
      const alternatives = part.alternatives.flatMap((alt) => expandBraces(alt, host, maxWords))
      const next: Array<Array<Ast.WordPart>> = []
      for (const prefix of results) for (const alt of alternatives) next.push([...prefix, ...alt])
      grow(next)
    } else if (part._tag === "BraceSequence") {
      const values = expandBraceSequence(part.start, part.end, part.step, maxWords)
      if (values === undefined) {
        const literal: Ast.Literal = {
          _tag: "Literal",
          value: `{${part.start}..${part.end}${part.step === undefined ? "" : `..${part.step}`}}`
        }
        for (const r of results) r.push(literal)
        continue
      }
      const next: Array<Array<Ast.WordPart>> = []
      for (const prefix of results) for (const value of values) next.push([...prefix, { _tag: "Literal", value }])
      grow(next)
    } else {
      for (const r of results) r.push(part)
    }
  }
  return results
}
