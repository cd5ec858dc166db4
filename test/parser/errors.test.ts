import { spawnSync } from "node:child_process"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { parseScript } from "../../src/parser/Parser.js"
import { errorCases } from "./errorCases.js"

/** What `bash -n -c` reports: first line's line number and message, and the context line. */
const bashError = (source: string) => {
  const result = spawnSync("/bin/bash", ["-n", "-c", source], { encoding: "utf8" })
  const lines = result.stderr
    .split("\n")
    .map((l) => /^\/bin\/bash: -c: line (\d+): (.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
  const first = lines[0]
  if (first === undefined) return undefined
  const context = lines[1]?.[2]
  return { line: Number(first[1]), message: first[2], context }
}

const ourError = (source: string) => {
  const result = parseScript(source)
  if (Either.isRight(result)) return undefined
  return { line: result.left.line, message: result.left.message, context: result.left.context }
}

describe("syntax errors", () => {
  it("reports what bash reports (message, line, context line) for every error case", () => {
    const mismatches = errorCases
      .map((source) => ({ source, bash: bashError(source), ours: ourError(source) }))
      .filter((r) => JSON.stringify(r.bash) !== JSON.stringify(r.ours))
    expect(mismatches).toEqual([])
  })

  const table: ReadonlyArray<{ source: string; message: string; line: number }> = [
    { source: "if true; fi", message: "syntax error near unexpected token `fi'", line: 1 },
    { source: "if true; then", message: "syntax error: unexpected end of file", line: 2 },
    { source: "echo hi\nif true; then\n echo x\n", message: "syntax error: unexpected end of file", line: 4 },
    { source: "echo 'abc", message: "unexpected EOF while looking for matching `''", line: 1 },
    { source: "x\necho \"a\nb", message: "unexpected EOF while looking for matching `\"'", line: 2 },
    { source: "echo $(ls\n\n", message: "unexpected EOF while looking for matching `)'", line: 3 },
    { source: "echo ${x!", message: "unexpected EOF while looking for matching `}'", line: 1 },
  ]
  for (const { source, message, line } of table) {
    it(JSON.stringify(source), () => {
      expect(ourError(source)).toMatchObject({ message, line })
    })
  }

  it("carries a column", () => {
    const result = parseScript("echo a\n  fi")
    expect(Either.isLeft(result) && result.left.column).toBe(3)
  })

  it("is a tagged ParseError", () => {
    const result = parseScript("fi")
    expect(Either.isLeft(result) && result.left._tag).toBe("ParseError")
  })
})
