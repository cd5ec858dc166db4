import { Either } from "effect"
import type { Command, Script, Word, WordPart } from "../../src/parser/Ast.js"
import { parseScript, type ParserOptions } from "../../src/parser/Parser.js"

export const parseOk = (source: string, options?: ParserOptions): Script => {
  const result = parseScript(source, options)
  if (Either.isLeft(result)) throw new Error(`unexpected parse error for ${JSON.stringify(source)}: ${result.left.message}`)
  return result.right
}

export const firstCommand = (source: string, options?: ParserOptions): Command => {
  const command = parseOk(source, options).statements[0]?.body.first.commands[0]
  if (command === undefined) throw new Error(`no command in ${JSON.stringify(source)}`)
  return command
}

/** The parts of the n-th word of the first simple command. */
export const wordParts = (source: string, n = 1): ReadonlyArray<WordPart> => {
  const command = firstCommand(source)
  if (command._tag !== "SimpleCommand") throw new Error(`not a simple command: ${command._tag}`)
  const word: Word | undefined = command.words[n]
  if (word === undefined) throw new Error(`no word ${n} in ${JSON.stringify(source)}`)
  return word.parts
}

export const lit = (value: string): WordPart => ({ _tag: "Literal", value })

export const param = (name: string, extra: Partial<Extract<WordPart, { _tag: "ParamExpansion" }>> = {}): WordPart => ({
  _tag: "ParamExpansion",
  name,
  index: undefined,
  indirect: false,
  length: false,
  op: undefined,
  braced: false,
  ...extra
})

/** A word as the parser builds it from plain text. */
export const plainWord = (text: string): Word => ({ _tag: "Word", parts: [lit(text)], raw: text })
