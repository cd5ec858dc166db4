/**
 * bc under the exec's budget, in a child process with an outer kill: endless loops end with the
 * timeout, the step limit ends the script with 126, and huge-number arithmetic is bounded or
 * noticed by the deadline inside it (big operations charge the meter by their size).
 */
import { describe, expect, it } from "vitest"
import { outcomesById, runIsolated, type IsolatedJob } from "../../support/isolated.js"

const limits = { timeoutMs: 1000 }
const endless = { ...limits, maxTotalLoopIterations: 1e12 }
const jobs: ReadonlyArray<IsolatedJob & { readonly id: string }> = [
  { id: "loop-timeout", script: "echo 'while (1) x = 1' | bc; echo after", options: { limits: endless } },
  { id: "printing-loop-timeout", script: "echo 'while (1) i++' | bc; echo after", options: { limits: endless } },
  { id: "abort", script: "echo 'while (1) x = 1' | bc", options: { limits: { ...endless, timeoutMs: 10_000 } }, abortAfterMs: 200 },
  { id: "step-limit", script: "echo 'while (1) x = 1' | bc; echo after", options: { limits: { ...limits, maxTotalLoopIterations: 100_000 } } },
  { id: "squaring", script: "echo 'x = 2^100000; while (1) x = x * x' | bc; echo after", options: { limits: endless } },
  { id: "huge-power", script: "echo '2^99999999' | bc; echo after", options: { limits } },
  { id: "pi-100000", script: "echo 'scale=100000; 4*a(1)' | bc -l; echo after", options: { limits } },
  { id: "slow-series", script: "echo 'scale=4000; for (i = 1; i < 100000; i++) x = a(i)' | bc -l; echo after", options: { limits: endless } },
  { id: "big-division-loop", script: "echo 'scale=150000; while (1) x = 1/3' | bc; echo after", options: { limits: endless } }
]

describe("bc ends under the budget", () => {
  it("every hostile case ends with bc's answer or the limit's status", async () => {
    const results = await runIsolated(jobs, { killAfterMs: 15_000 })
    const byId = outcomesById(results)
    const get = (id: string) => byId.get(id)!
    for (const id of ["loop-timeout", "printing-loop-timeout", "slow-series", "big-division-loop"]) {
      expect(get(id).exitCode, id).toBe(124)
      expect(get(id).stdout, id).not.toContain("after")
      expect(get(id).stderr, id).toMatch(/execution timed out after 1000ms\n$/)
    }
    expect(get("abort").exitCode).toBe(130)
    expect(get("step-limit")).toMatchObject({ exitCode: 126, stdout: "" })
    expect(get("step-limit").stderr).toMatch(/bc: too many steps \(limit 100000\)/)
    // Refused with a runtime error, as bc reports errors, and the script goes on.
    expect(get("squaring")).toMatchObject({ exitCode: 0, stdout: "after\n" })
    expect(get("squaring").stderr).toMatch(/^Runtime error .*result too large/)
    expect(get("huge-power").stdout).toBe("after\n")
    expect(get("huge-power").stderr).toMatch(/^Runtime error .*exponent too large/)
    expect(get("pi-100000").stdout).toBe("after\n")
    expect(get("pi-100000").stderr).toMatch(/scale too large for the math library/)
  }, 120_000)
})
