/**
 * sed under the exec's budget, in a child process with an outer kill (a regression fails here
 * instead of hanging): endless branch loops end with the timeout, endless input is read only as
 * far as needed, and the spaces are on the memory account. A limit ends the whole script.
 */
import { describe, expect, it } from "vitest"
import { outcomesById, runIsolated, type IsolatedJob } from "../../support/isolated.js"

const limits = { timeoutMs: 1000 }
const jobs: ReadonlyArray<IsolatedJob & { readonly id: string }> = [
  { id: "branch-loop", script: "echo a | sed ':a;s/a/a/;ta'; echo after", options: { limits } },
  { id: "bare-loop", script: "echo a | sed -n ':a;ba'; echo after", options: { limits }, concurrentEchoAfterMs: 200 },
  { id: "abort", script: "echo a | sed -n ':a;ba'", options: { limits: { timeoutMs: 10_000 } }, abortAfterMs: 200 },
  { id: "yes-q", script: "yes | sed q; echo after", options: { limits } },
  { id: "seq-q-head", script: "seq 1 100000000 | sed q | head -1", options: { limits } },
  { id: "yes-5q", script: "yes abc | sed -n '3{p;q}'", options: { limits } },
  { id: "hold-growth", script: "yes | sed 'H;$!d'; echo after", options: { limits: { timeoutMs: 8000, maxMemoryBytes: 4 * 1024 * 1024 } } },
  { id: "doubling", script: "echo ab | sed ':a;G;h;ba'; echo after", options: { limits: { ...limits, maxMemoryBytes: 16 * 1024 * 1024 } } },
  { id: "last-line-of-endless", script: "yes | sed -n '$p'; echo after", options: { limits: { ...limits, maxMemoryBytes: 16 * 1024 * 1024 } } },
  { id: "endless-line", script: "sed p /dev/zero; echo after", options: { limits: { ...limits, maxStringLength: 1024 * 1024 } } },
  { id: "urandom-q", script: "sed q /dev/urandom | wc -l", options: { limits } }
]

describe("sed ends under the budget", () => {
  it("every hostile case ends with bash's answer or the limit's status, and the script stops there", async () => {
    const results = await runIsolated(jobs, { killAfterMs: 15_000 })
    const byId = outcomesById(results)
    const get = (id: string) => byId.get(id)!
    for (const id of ["branch-loop", "bare-loop"]) {
      expect(get(id).exitCode).toBe(124)
      expect(get(id).stdout).toBe("")
      expect(get(id).stderr).toBe("bash: execution timed out after 1000ms\n")
    }
    // Another sandbox's `echo` is not held behind the loop (generous: CI machines are slow).
    expect(get("bare-loop").concurrentEchoMs).toBeLessThan(1000)
    expect(get("abort").exitCode).toBe(130)

    expect(get("yes-q")).toMatchObject({ stdout: "y\nafter\n", exitCode: 0 })
    expect(get("seq-q-head")).toMatchObject({ stdout: "1\n", exitCode: 0 })
    expect(get("yes-5q")).toMatchObject({ stdout: "abc\n", exitCode: 0 })

    for (const id of ["hold-growth", "doubling"]) {
      expect(get(id).exitCode).toBe(126)
      expect(get(id).stdout).toBe("")
      expect(get(id).stderr).toMatch(/^bash: memory limit exceeded/)
    }
    // Reading an endless input for its last line runs in bounded memory until the deadline.
    expect(get("last-line-of-endless").exitCode).toBe(124)
    expect(get("endless-line").exitCode).toBe(126)
    expect(get("endless-line").stderr).toMatch(/maximum string length exceeded/)
    expect(get("urandom-q")).toMatchObject({ stdout: "1\n", exitCode: 0 })
  }, 120_000)
})
