import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Bash } from "../../src/index.js"

/**
 * Whole-pipeline fuzzing: random scripts built from a grammar of shell fragments (valid and
 * broken) always end in a result with a status in 0..255 — never a thrown error, a crash, or a
 * hang (the suite's own timeout would catch one).
 */

const word = fc.constantFrom("a", "x y", "$x", "${x:-d}", "${#x}", '"$@"', "$(echo s)", "`echo b`", "$((1+2))", "*", "{1..3}", "'q'", "$'\\n'", "~", "${x/a/b}", "${arr[@]}", "$((1/0))", "${x:?}", "\\\\", "$")
const command = fc.oneof(
  fc.tuple(fc.constantFrom("echo", "printf", "cat", "true", "false", "test", "[", "read", "local", "export", "unset", "shift", "set", "eval", "declare", "let", "wc", "sort", "grep", "sed", "awk", "tr", "head", "nosuch", "exit", "return", "break"), fc.array(word, { maxLength: 3 })).map(([c, args]) => [c, ...args].join(" ")),
  word.map((w) => `x=${w}`),
  fc.constantFrom("arr=(1 2 3)", "f(){ echo f; }", "f", "(( i++ ))", "[[ $x == a* ]]", "case $x in a) echo a;; *) echo b;; esac", "cat <<EOF\nhi $x\nEOF")
)
const statement: fc.Arbitrary<string> = fc.letrec((tie) => ({
  stmt: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    command,
    fc.tuple(tie("stmt"), fc.constantFrom(" | ", " && ", " || ", "; ", " & "), tie("stmt")).map(([a, op, b]) => `${a}${op}${b}`),
    tie("stmt").map((s) => `( ${s} )`),
    tie("stmt").map((s) => `{ ${s}; }`),
    tie("stmt").map((s) => `if ${s}; then ${s}; fi`),
    tie("stmt").map((s) => `for i in 1 2; do ${s}; done`),
    tie("stmt").map((s) => `while false; do ${s}; done`),
    tie("stmt").map((s) => `x=$(${s})`),
    tie("stmt").map((s) => `${s} > /tmp/o 2>&1`),
    // Broken syntax on purpose.
    fc.constantFrom("if true; then", "(( ", "${", "done", "fi", "case x in", "echo 'unterminated", "a=(", "}", ")")
  )
})).stmt

describe("whole-pipeline fuzzing", () => {
  it("random scripts always end in a result", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(statement, { minLength: 1, maxLength: 4 }), async (lines) => {
        const bash = new Bash({ limits: { timeoutMs: 1000, maxCommands: 2000, maxLoopIterations: 200, maxFunctionDepth: 50, maxSubshellDepth: 20 } })
        const result = await bash.exec(lines.join("\n"), { stdin: "line one\nline two\n" })
        expect(Number.isInteger(result.exitCode)).toBe(true)
        expect(result.exitCode).toBeGreaterThanOrEqual(0)
        expect(result.exitCode).toBeLessThanOrEqual(255)
        expect(typeof result.stdout).toBe("string")
      }),
      { numRuns: 150 }
    )
  }, 120_000)
})
