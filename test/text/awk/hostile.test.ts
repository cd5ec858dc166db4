/**
 * awk under the exec's budget, in a child process with an outer kill (a regression fails here
 * instead of hanging): its limits end the whole script with 126 (the next command never runs),
 * runaway loops end with the timeout while other sandboxes keep running, endless input is read
 * only as far as the program needs.
 */
import { describe, expect, it } from "vitest"
import { outcomesById, runIsolated, type IsolatedJob } from "../../support/isolated.js"

const limits = { timeoutMs: 1000 }
const jobs: ReadonlyArray<IsolatedJob & { readonly id: string }> = [
  { id: "loop-limit", script: "awk 'BEGIN { while (1) x++ }'; echo after", options: { limits: { ...limits, maxTotalLoopIterations: 200_000 } } },
  { id: "loop-timeout", script: "awk 'BEGIN { while (1) x++ }'; echo after", options: { limits: { ...limits, maxTotalLoopIterations: 1e12 } }, concurrentEchoAfterMs: 200 },
  { id: "record-loop-timeout", script: "yes | awk '{ n++ }'; echo after", options: { limits }, concurrentEchoAfterMs: 200 },
  { id: "abort", script: "awk 'BEGIN { for (;;) x++ }'", options: { limits: { timeoutMs: 10_000, maxTotalLoopIterations: 1e12 } }, abortAfterMs: 200 },
  { id: "recursion", script: "awk 'function f(n) { return f(n + 1) } BEGIN { f(1) }'; echo after", options: { limits } },
  { id: "doubling", script: "awk 'BEGIN { s = \"x\"; while (1) s = s s }'; echo after", options: { limits } },
  { id: "array-growth", script: "yes | awk '{ a[NR] = $0 }'; echo after", options: { limits: { timeoutMs: 5000, maxMemoryBytes: 8 * 1024 * 1024 } } },
  { id: "yes-exit", script: "yes | awk '{ print; exit }'; echo after", options: { limits } },
  { id: "yes-nr3", script: "yes | awk 'NR == 3 { print NR, $0; exit }'", options: { limits } },
  { id: "print-head", script: "awk 'BEGIN { while (1) print \"y\" }' | head -2", options: { limits: { ...limits, maxTotalLoopIterations: 1e12 } } },
  { id: "urandom-getline", script: "awk 'BEGIN { while ((getline line < \"/dev/zero\") > 0) n++ }'; echo after", options: { limits: { ...limits, maxStringLength: 1 << 20 } } }
]

describe("awk ends under the budget", () => {
  it("every hostile case ends with awk's answer or the limit's status, and the script stops there", async () => {
    const results = await runIsolated(jobs, { killAfterMs: 15_000 })
    const byId = outcomesById(results)
    const get = (id: string) => byId.get(id)!
    expect(get("loop-limit")).toMatchObject({ exitCode: 126, stdout: "" })
    expect(get("loop-limit").stderr).toMatch(/^bash: (line 1: )?awk: maximum total loop iterations exceeded \(200000\)\n$/)
    for (const id of ["loop-timeout", "record-loop-timeout"]) {
      expect(get(id)).toMatchObject({ exitCode: 124, stdout: "" })
      expect(get(id).stderr).toMatch(/^bash: (line 1: )?execution timed out after 1000ms\n$/)
      // Another sandbox's `echo` is not held behind the loop (generous: CI machines are slow).
      expect(get(id).concurrentEchoMs).toBeLessThan(1000)
    }
    expect(get("abort").exitCode).toBe(130)
    expect(get("recursion")).toMatchObject({ exitCode: 126, stdout: "" })
    expect(get("recursion").stderr).toMatch(/^bash: (line 1: )?awk: maximum function nesting level exceeded \(1000\)\n$/)
    expect(get("doubling")).toMatchObject({ exitCode: 126, stdout: "" })
    expect(get("doubling").stderr).toMatch(/^bash: (line 1: )?awk: maximum string length exceeded/)
    expect(get("array-growth")).toMatchObject({ exitCode: 126, stdout: "" })
    expect(get("array-growth").stderr).toMatch(/^bash: (line 1: )?memory limit exceeded/)
    expect(get("yes-exit")).toMatchObject({ exitCode: 0, stdout: "y\nafter\n" })
    expect(get("yes-nr3")).toMatchObject({ exitCode: 0, stdout: "3 y\n" })
    expect(get("print-head")).toMatchObject({ exitCode: 0, stdout: "y\ny\n" })
    expect(get("urandom-getline")).toMatchObject({ exitCode: 126, stdout: "" })
    expect(get("urandom-getline").stderr).toMatch(/maximum string length exceeded/)
  }, 120_000)
})
