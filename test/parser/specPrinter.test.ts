import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { printFunction } from "../../src/parser/printer.js"
import { firstCommand } from "./helpers.js"
import { readSpecCases, specRoot } from "./specCases.js"

const shellQuote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`

/**
 * Differential test over the whole conformance corpus: each case script, wrapped as a function
 * body, must print exactly as bash's `declare -f` prints it. One bash process defines them all
 * (with eval, so a definition bash rejects is skipped) and prints them.
 */
describe.skipIf(!existsSync(specRoot))("printer over the conformance corpus", () => {
  it("prints every case script like bash's declare -f", () => {
    const cases = readSpecCases()
    const definitions = cases.map((c, i) => `f_${i}() {\n${c.script}\n}\n`)
    const program = definitions.map((d) => `eval ${shellQuote(d)} 2>/dev/null`).join("\n") + "\ndeclare -f\n"
    const result = spawnSync("/bin/bash", ["--norc", "--noprofile"], { input: program, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    const printed = new Map<number, string>()
    const chunks = result.stdout.split(/^(?=f_\d+ \(\) $)/m)
    for (const chunk of chunks) {
      const m = /^f_(\d+) \(\) $/m.exec(chunk)
      if (m !== null) printed.set(Number(m[1]), chunk.replace(/\n$/, ""))
    }
    expect(printed.size).toBeGreaterThan(cases.length * 0.9)
    const mismatches: Array<string> = []
    for (const [i, expected] of printed) {
      const command = firstCommand(definitions[i]!)
      const ours = command._tag === "FunctionDef" ? printFunction(command) : "(not a function)"
      if (ours !== expected) mismatches.push(`${cases[i]!.file.slice(specRoot.length + 1)} :: ${cases[i]!.name}`)
    }
    expect(mismatches).toEqual([])
  })
})
