import { Either } from "effect"
import { existsSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { parseScript } from "../../src/parser/Parser.js"
import { bashAccepts, readSpecCases, specRoot } from "./specCases.js"

describe.skipIf(!existsSync(specRoot))("conformance scripts", () => {
  it("parses every case script that bash -n accepts", () => {
    const cases = readSpecCases()
    expect(cases.length).toBeGreaterThan(100)
    const failures: Array<string> = []
    for (const c of cases) {
      const result = parseScript(c.script)
      // Only ask bash about the scripts we reject (spawning bash for all of them is slow).
      if (Either.isLeft(result) && bashAccepts(c.script)) {
        failures.push(`${c.file.slice(specRoot.length + 1)} :: ${c.name}: ${result.left.message} (line ${result.left.line})`)
      }
    }
    expect(failures.join("\n")).toBe("")
  })
})
