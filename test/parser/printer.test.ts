import { execFileSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import type { FunctionDef } from "../../src/parser/Ast.js"
import { printCommand, printFunction } from "../../src/parser/printer.js"
import { firstCommand } from "./helpers.js"
import { printerCases } from "./printerCases.js"

const parseFunction = (source: string): FunctionDef => {
  const command = firstCommand(source)
  if (command._tag !== "FunctionDef") throw new Error(`not a function: ${source}`)
  return command
}

const bashDeclareF = (source: string): string =>
  execFileSync("/bin/bash", ["-c", `${source}\ndeclare -f f`], { encoding: "utf8" }).replace(/\n$/, "")

describe("printer", () => {
  it("prints every case exactly as bash's declare -f", () => {
    const mismatches = printerCases
      .map((source) => ({ source, bash: bashDeclareF(source), ours: printFunction(parseFunction(source)) }))
      .filter((r) => r.bash !== r.ours)
    expect(mismatches).toEqual([])
  })

  it("round-trips: print(parse(print(parse(s)))) == print(parse(s))", () => {
    // Excluded: forms whose printed text bash itself re-reads differently (bash is not idempotent
    // there either): `coproc cat` printed as `coproc COPROC cat`, and a here-doc followed by
    // `; cmd` inside $(...), printed as "EOF\n cmd".
    const bashIdempotent = (s: string) => !s.includes("coproc") && !s.includes("<<EOF; echo d")
    for (const source of printerCases.filter(bashIdempotent)) {
      const once = printFunction(parseFunction(source))
      const twice = printFunction(parseFunction(once))
      expect(twice).toBe(once)
    }
  })

  const table: ReadonlyArray<{ source: string; printed: string }> = [
    { source: "f() { echo hi; }", printed: "f () \n{ \n    echo hi\n}" },
    { source: "f() ( a )", printed: "f () \n{ \n    ( a )\n}" },
    { source: "f() { a |& b; }", printed: "f () \n{ \n    a 2>&1 | b\n}" }
  ]
  for (const { source, printed } of table) {
    it(JSON.stringify(source), () => {
      expect(printFunction(parseFunction(source))).toBe(printed)
    })
  }

  it("prints non-function commands in bash's inline form", () => {
    expect(printCommand(firstCommand("{ a; b; }"))).toBe("{ a; b; }")
    expect(printCommand(firstCommand("if a; then b; fi"))).toBe("if a; then\n    b;\nfi")
    expect(printCommand(firstCommand("echo  a   >f"))).toBe("echo a > f")
  })
})
