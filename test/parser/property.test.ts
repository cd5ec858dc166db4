import { Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseScript } from "../../src/parser/Parser.js"
import { printerCases } from "./printerCases.js"
import { errorCases } from "./errorCases.js"

const tokens = [
  "echo", "a", "x=1", "a=(", ")", "(", "((", "))", "{", "}", "[[", "]]", "if", "then", "elif", "else", "fi",
  "for", "in", "do", "done", "while", "until", "case", "esac", ";;", ";&", ";;&", "function", "f()", "select",
  "coproc", "time", "!", "|", "|&", "&&", "||", ";", "&", "\n", " ", "\t", "<", ">", ">>", "<<", "<<-", "<<<",
  "2>&1", ">&-", "{fd}>", "EOF", "'", '"', "`", "\\", "$", "${", "${x", ":-", "#", "%", "/", "^^", "@Q", "$(",
  "$((", "$[", "<(", ">(", "~", "{a,b}", "{1..3}", "@(", "*", "?", "[", "]", "=~", "==", "-f", "$'", '$"', "\\\n"
]

const soup = fc.array(fc.constantFrom(...tokens), { maxLength: 40 }).map((t) => t.join(""))

const mutated = fc
  .tuple(fc.constantFrom(...printerCases, ...errorCases), fc.nat(), fc.nat(), fc.constantFrom(...tokens))
  .map(([script, at, length, insert]) => {
    const start = at % (script.length + 1)
    return script.slice(0, start) + insert + script.slice(start + (length % 4))
  })

/** Parsing returns Right or Left(ParseError): it never throws or returns anything else. */
const total = (source: string): boolean => {
  const result = parseScript(source)
  if (Either.isRight(result)) return result.right._tag === "Script"
  return result.left._tag === "ParseError" && !result.left.message.startsWith("internal parser error")
}

describe("parser totality", () => {
  it("random token soups", () => {
    fc.assert(fc.property(soup, total), { numRuns: 5000 })
  })

  it("mutated real scripts", () => {
    fc.assert(fc.property(mutated, total), { numRuns: 5000 })
  })

  it("arbitrary strings", () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), total), { numRuns: 2000 })
    expect(total("")).toBe(true)
  })
})
