import { Effect, Either } from "effect"
import { it as effectIt } from "@effect/vitest"
import { describe, expect, it } from "vitest"
import type { StatementList } from "../../src/parser/Ast.js"
import { makeIncrementalParser, Parser } from "../../src/parser/Parser.js"
import { printStatements } from "../../src/parser/printer.js"
import { parseOk } from "./helpers.js"

/** Every chunk `next()` returns, printed, until the end or an error. */
const chunks = (source: string, aliases?: (name: string) => string | undefined): Array<string> => {
  const parser = makeIncrementalParser(source)
  const out: Array<string> = []
  for (let i = 0; i < 100; i++) {
    const result = parser.next(aliases)
    if (Either.isLeft(result)) {
      out.push(`error: ${result.left.message} (line ${result.left.line})`)
      break
    }
    if (result.right === undefined) break
    out.push(printStatements(result.right))
  }
  return out
}

describe("incremental parser", () => {
  it("yields one top-level command line at a time", () => {
    expect(chunks("a; b\n\nc &\n# comment\nd")).toEqual(["a; b", "c &", "d"])
  })

  it("keeps multi-line compound commands and their here-docs in one chunk", () => {
    expect(chunks("if a\nthen\n  b\nfi\ncat <<EOF\nbody\nEOF\nlast")).toEqual(["if a; then\n    b;\nfi", "cat <<EOF\nbody\nEOF\n", "last"])
  })

  it("yields the lines before a syntax error, then the error", () => {
    expect(chunks("echo a\necho b\nfi\necho c")).toEqual(["echo a", "echo b", "error: syntax error near unexpected token `fi' (line 3)"])
  })

  it("keeps returning the error after a failure", () => {
    const parser = makeIncrementalParser("fi")
    expect(Either.isLeft(parser.next())).toBe(true)
    expect(Either.isLeft(parser.next())).toBe(true)
  })

  it("applies aliases given to next() from that line on", () => {
    const table = new Map<string, string>()
    const parser = makeIncrementalParser("alias hi='echo hello'\nhi there")
    const first = parser.next((n) => table.get(n))
    expect(Either.isRight(first) && printStatements(first.right as StatementList)).toBe("alias hi='echo hello'")
    table.set("hi", "echo hello")
    const second = parser.next((n) => table.get(n))
    expect(Either.isRight(second) && printStatements(second.right as StatementList)).toBe("echo hello there")
    expect(parser.next()).toEqual(Either.right(undefined))
  })
})

describe("aliases", () => {
  const aliases = (table: Record<string, string>) => (name: string) => table[name]
  const print = (source: string, table: Record<string, string>) =>
    printStatements(parseOk(source, { aliases: aliases(table) }).statements)

  it("expands the word in command position only", () => {
    expect(print("ll ll; x | ll", { ll: "ls -l" })).toBe("ls -l ll; x | ls -l")
  })

  it("does not re-expand an alias inside its own expansion", () => {
    expect(print("ls a", { ls: "ls --color" })).toBe("ls --color a")
  })

  it("expands chains of aliases", () => {
    expect(print("a", { a: "b x", b: "c y", c: "echo" })).toBe("echo y x")
  })

  it("checks the next word too when the value ends in a blank", () => {
    expect(print("s hi", { s: "sudo ", hi: "echo hello" })).toBe("sudo echo hello")
    expect(print("t hi", { t: "sudo", hi: "echo hello" })).toBe("sudo hi")
  })

  it("leaves quoted words alone", () => {
    expect(print("'ll' x; \\ll y", { ll: "ls -l" })).toBe("'ll' x; \\ll y")
  })

  it("can expand to compound syntax", () => {
    expect(print("begin echo; done", { begin: "for i in 1 2; do" })).toBe("for i in 1 2;\ndo\n    echo;\ndone")
  })
})

describe("Parser service", () => {
  effectIt.effect("parses through the Effect service", () =>
    Effect.gen(function* () {
      const parser = yield* Parser
      const script = yield* parser.parse("echo hi")
      expect(script.statements.length).toBe(1)
      const error = yield* Effect.flip(parser.parse("fi"))
      expect(error._tag).toBe("ParseError")
    }).pipe(Effect.provide(Parser.Default))
  )
})
