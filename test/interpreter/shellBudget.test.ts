import { describe, expect, it } from "vitest"
import { stopForRangeError } from "../../src/interpreter/defects.js"
import { defaultLimits } from "../../src/limits/ExecutionLimits.js"
import { runIsolated, wasKilled, type IsolatedJob, type IsolatedResult } from "../support/isolated.js"

/**
 * The shell's own work under the exec's budget: parsing, expansions on huge values, word
 * splitting, brace products, `read` of long records. Each script runs in a killable child (a
 * regression that hangs fails here instead of hanging the suite) and must end with bash's
 * answer or with the limit's status and message.
 */

/** A 32 MiB string in `x` (25 doublings). */
const MIB32 = "x=a; for i in {1..25}; do x=$x$x; done; "

const jobs: ReadonlyArray<IsolatedJob & { readonly id: string }> = [
  // A 4 MB one-line script: the parser notices the deadline (or the memory its AST takes).
  { id: "parse-4mb", script: `echo ${"a ".repeat(2_000_000)}| wc -c`, options: { limits: { timeoutMs: 1000 } } },
  // The same with no deadline: the AST's memory is the limit.
  { id: "parse-4mb-memory", script: `echo ${"a ".repeat(2_000_000)}| wc -c`, options: { limits: { timeoutMs: 60_000 } } },
  { id: "parse-case-200k", script: `case x in ${"a|".repeat(200_000)}b) echo y;; *) echo n;; esac`, options: { limits: { timeoutMs: 1000 } } },
  { id: "upper-32mib", script: `${MIB32}y=\${x^^}; echo \${#y} \${y:0:3} \${y: -2}`, options: { limits: { timeoutMs: 20_000 } } },
  { id: "toggle-32mib-deadline", script: `${MIB32}while :; do y=\${x~~}; done`, options: { limits: { timeoutMs: 1000, maxLoopIterations: 1e9, maxTotalLoopIterations: 1e9 } } },
  { id: "substring-32mib", script: `${MIB32}x=é$x; echo \${#x} \${x:0:2} \${x:33554430:5}`, options: { limits: { timeoutMs: 20_000 } } },
  { id: "split-too-many", script: "set -- $(seq 1 2000000); echo $#", options: { limits: { timeoutMs: 20_000 } } },
  { id: "split-hardened", script: "x=$(seq 20000); set -- $x; echo $#", options: { profile: "hardened" } },
  { id: "brace-product", script: `echo ${"{a,b}".repeat(30)} | wc -c`, options: { limits: { timeoutMs: 20_000 } } },
  { id: "read-1mb-line", script: 'x=$(printf "%01000000d" 0); read -r a b <<< "$x $x"; echo ${#a} ${#b}', options: { limits: { timeoutMs: 20_000 } } }
]

const byId = new Map<string, IsolatedResult>()
const result = async (id: string): Promise<{ stdout: string; stderr: string; exitCode: number }> => {
  if (byId.size === 0) {
    const results = await runIsolated(jobs, { killAfterMs: 30_000, maxRssMb: 2048 })
    results.forEach((r, i) => byId.set(jobs[i]!.id, r))
  }
  const r = byId.get(id)!
  if (wasKilled(r)) throw new Error(`${id}: killed (${r.killed}): ${r.detail}`)
  return r
}

describe("the shell's own work is under the exec's budget", () => {
  it("a 4 MB one-line script stops at the deadline or the memory limit, not after parsing it all", async () => {
    const r = await result("parse-4mb")
    expect([124, 126]).toContain(r.exitCode)
    expect(r.stderr).toMatch(/^bash: (execution timed out after 1000ms|memory limit exceeded \(268435456 bytes\))\n$/)
  }, 120_000)

  it("without a deadline, the AST of a 4 MB line counts against the memory limit", async () => {
    const r = await result("parse-4mb-memory")
    expect(r.exitCode).toBe(126)
    expect(r.stderr).toBe("bash: memory limit exceeded (268435456 bytes)\n")
  }, 120_000)

  it("a case with 200k alternatives ends at the deadline", async () => {
    const r = await result("parse-case-200k")
    expect([0, 124]).toContain(r.exitCode)
    if (r.exitCode === 124) expect(r.stderr).toContain("execution timed out after 1000ms")
    else expect(r.stdout).toBe("n\n")
  }, 120_000)

  it("${x^^} of 32 MiB gives bash's answer", async () => {
    const r = await result("upper-32mib")
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe("33554432 AAA AA\n")
  }, 120_000)

  it("case conversions of 32 MiB in a loop end at the deadline", async () => {
    const r = await result("toggle-32mib-deadline")
    expect(r.exitCode).toBe(124)
    expect(r.stderr).toContain("execution timed out after 1000ms")
  }, 120_000)

  it("length and substrings of 32 MiB count characters without building them", async () => {
    const r = await result("substring-32mib")
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe("33554433 éa aaa\n")
  }, 120_000)

  it("word splitting past maxExpansionWords ends the script with 126", async () => {
    const r = await result("split-too-many")
    expect(r.exitCode).toBe(126)
    expect(r.stderr).toBe("bash: line 1: word expansion: too many words (limit 1000000)\n")
    expect(r.stdout).toBe("")
    const hardened = await result("split-hardened")
    expect(hardened.exitCode).toBe(126)
    expect(hardened.stderr).toBe("bash: line 1: word expansion: too many words (limit 10000)\n")
  }, 120_000)

  it("a brace product past the word limit is refused before it is built", async () => {
    const r = await result("brace-product")
    expect(r.exitCode).toBe(126)
    expect(r.stderr).toContain("brace expansion: too many words (1048576 > 1000000)")
  }, 120_000)

  it("read splits a 1 MB line as bash does", async () => {
    const r = await result("read-1mb-line")
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe("1000000 1000000\n")
  }, 120_000)
})

describe("a RangeError that escapes every counted limit", () => {
  it("is a limit (126), named as nesting for a blown stack and as string length for an oversized value", () => {
    const stack = stopForRangeError(new RangeError("Maximum call stack size exceeded"), defaultLimits)
    expect(stack?.message).toBe("maximum nesting depth exceeded (the interpreter's stack ran out)")
    expect(stack?.limit).toBe("maxParserDepth")
    expect(stopForRangeError(new RangeError("Invalid string length"), defaultLimits)?.limit).toBe("maxStringLength")
    expect(stopForRangeError(new RangeError("Invalid array length"), defaultLimits)?.limit).toBe("maxStringLength")
    expect(stopForRangeError(new RangeError("toFixed() digits argument must be between 0 and 100"), defaultLimits)).toBeUndefined()
    expect(stopForRangeError(new TypeError("x"), defaultLimits)).toBeUndefined()
  })
})
