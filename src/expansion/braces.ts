import type * as Ast from "../parser/Ast.js"
import { expandBraceSequence, tooManyBraceWords } from "./Brace.js"
import type { ExpansionHost } from "./Expander.js"

const DEFAULT_MAX_WORDS = 1_000_000

const hasBraces = (parts: ReadonlyArray<Ast.WordPart>): boolean =>
  parts.some((p) => p._tag === "BraceList" || p._tag === "BraceSequence")

/**
 * One word of the product so far, sharing its prefix with its siblings: the product of k brace
 * parts costs a node per word, not k parts per word (a million words of thirty parts each
 * would be 30 million copies).
 */
interface Chain {
  readonly prev: Chain | undefined
  readonly parts: ReadonlyArray<Ast.WordPart>
}

const ROOT: Chain = { prev: undefined, parts: [] }

/** The parts of one word, in order. */
const materialize = (chain: Chain, suffix: ReadonlyArray<Ast.WordPart>): Array<Ast.WordPart> => {
  const segments: Array<ReadonlyArray<Ast.WordPart>> = [suffix]
  for (let link: Chain | undefined = chain; link !== undefined; link = link.prev) segments.push(link.parts)
  const out: Array<Ast.WordPart> = []
  for (let i = segments.length - 1; i >= 0; i--) for (const part of segments[i]!) out.push(part)
  return out
}

/**
 * Brace expansion: the cartesian product of the word's brace parts, left to right, each
 * alternative itself brace-expanded. Words without braces pass through untouched. The words
 * are handed out one at a time (each built when it is expanded); the product is refused
 * before it is built when it would pass `maxWords`, and every word built is charged to the
 * exec's meter.
 */
export const expandBraces = (
  parts: ReadonlyArray<Ast.WordPart>,
  host: ExpansionHost,
  maxWords = DEFAULT_MAX_WORDS
): Iterable<ReadonlyArray<Ast.WordPart>> => {
  if (!hasBraces(parts)) return [parts]
  const meter = host.budget
  let results: Array<Chain> = [ROOT]
  // Plain parts after the last brace part: shared by every word, attached when the next brace comes.
  let pending: Array<Ast.WordPart> = []
  const product = (choices: ReadonlyArray<ReadonlyArray<Ast.WordPart>>) => {
    if (results.length * choices.length > maxWords) throw tooManyBraceWords(BigInt(results.length * choices.length), maxWords)
    const next: Array<Chain> = []
    for (const word of results) {
      const prefix = pending.length === 0 ? word : { prev: word, parts: pending }
      for (const choice of choices) next.push({ prev: prefix, parts: choice })
      meter.step(choices.length + 1)
    }
    results = next
    pending = []
  }
  for (const part of parts) {
    if (part._tag === "BraceList") {
      const alternatives: Array<ReadonlyArray<Ast.WordPart>> = []
      for (const alt of part.alternatives) {
        for (const word of expandBraces(alt, host, maxWords)) {
          alternatives.push(word)
          if (alternatives.length > maxWords) throw tooManyBraceWords(BigInt(alternatives.length), maxWords)
        }
      }
      product(alternatives)
    } else if (part._tag === "BraceSequence") {
      const values = expandBraceSequence(part.start, part.end, part.step, maxWords)
      if (values === undefined) {
        pending.push({ _tag: "Literal", value: `{${part.start}..${part.end}${part.step === undefined ? "" : `..${part.step}`}}` })
        continue
      }
      product(values.map((value): ReadonlyArray<Ast.WordPart> => [{ _tag: "Literal", value }]))
    } else {
      pending.push(part)
    }
  }
  const words = results
  const suffix = pending
  return {
    *[Symbol.iterator]() {
      for (const word of words) yield materialize(word, suffix)
    }
  }
}
