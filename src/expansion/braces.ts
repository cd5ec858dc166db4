import type * as Ast from "../parser/Ast.js"
import { expandBraceSequence, tooManyBraceWords } from "./Brace.js"
import type { ExpansionHost } from "./Expander.js"

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
  /**
   * The product of the words so far with `choices`, refused before it is built when it would
   * pass `maxWords` (`{a,b}` thirty times is 2^30 words), and charged per part copied.
   */
  const product = <T>(choices: ReadonlyArray<T>, append: (prefix: Array<Ast.WordPart>, choice: T) => Array<Ast.WordPart>) => {
    const count = results.length * choices.length
    if (count > maxWords) throw tooManyBraceWords(BigInt(count), maxWords)
    const next: Array<Array<Ast.WordPart>> = []
    for (const prefix of results) {
      host.budget.step(choices.length * (prefix.length + 1))
      for (const choice of choices) next.push(append(prefix, choice))
    }
    results = next
  }
  for (const part of parts) {
    if (part._tag === "BraceList") {
      const alternatives = part.alternatives.flatMap((alt) => expandBraces(alt, host, maxWords))
      product(alternatives, (prefix, alt) => [...prefix, ...alt])
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
      product(values, (prefix, value) => [...prefix, { _tag: "Literal", value }])
    } else {
      for (const r of results) r.push(part)
    }
  }
  return results
}
