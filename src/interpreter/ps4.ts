import { Either } from "effect"
import { expandString, type Expansion, type ExpansionHost } from "../expansion/Expander.js"
import type * as Ast from "../parser/Ast.js"
import { parseScript } from "../parser/Parser.js"

/**
 * PS4 as bash shows it before each traced command: prompt escapes, then parameter and
 * arithmetic expansion as inside double quotes (`PS4='+ $LINENO: '`). Tracing is synchronous,
 * so a PS4 that needs a command substitution is shown unexpanded.
 */

const parsed = new Map<string, Ast.Word | undefined>()

const wordOf = (text: string): Ast.Word | undefined => {
  if (parsed.has(text)) return parsed.get(text)
  const script = parseScript(`: "${text.replace(/["\\]/g, (c) => (c === '"' ? '\\"' : "\\\\"))}"`)
  const command = Either.isRight(script) ? script.right.statements[0]?.body.first.commands[0] : undefined
  const word = command?._tag === "SimpleCommand" ? command.words[1] : undefined
  if (parsed.size > 64) parsed.clear()
  parsed.set(text, word)
  return word
}

/** Run an expansion that needs nothing from outside; undefined when it asks for something. */
const runSync = <A>(gen: Expansion<A>): A | undefined => {
  const step = gen.next()
  return step.done === true ? step.value : undefined
}

export const expandPs4 = (host: ExpansionHost, raw: string): string => {
  const text = host.promptExpand(raw)
  if (!text.includes("$")) return text
  const word = wordOf(text)
  if (word === undefined) return text
  try {
    return runSync(expandString(host, word, true)) ?? text
  } catch {
    return text
  }
}
