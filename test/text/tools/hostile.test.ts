/**
 * The heavy text tools under the exec's budget: inputs and arguments that used to run past the
 * deadline (or forever) end promptly with bash's answer or the limit's status. Each script runs
 * in a child process with an outer kill, so a regression fails here instead of hanging.
 */
import { describe, expect, it } from "vitest"
import { outcomesById, runIsolated, type IsolatedJob } from "../../support/isolated.js"

const limits = { timeoutMs: 1500 }
const jobs: ReadonlyArray<IsolatedJob & { readonly id: string }> = [
  { id: "yes-sort", script: "yes | sort | head -1", options: { limits: { ...limits, maxMemoryBytes: 32 * 1024 * 1024 } } },
  { id: "shuf-repeat-huge", script: "shuf -r -n 99999999 -e a b | head -2 | wc -l", options: { limits } },
  { id: "shuf-range-huge", script: "shuf -i 1-18446744073709551615 -n 3 | wc -l; shuf -i 5-99999999999999 -n 2 | wc -l", options: { limits } },
  { id: "shuf-range-head", script: "shuf -i 1-999999999999 | head -2 | wc -l", options: { limits } },
  { id: "split-huge-count", script: "echo hi > f; split -n 99999999 f", options: { limits } },
  { id: "xxd-c0", script: "echo hi | xxd -c 0; echo hi | xxd -p -c 0", options: { limits } },
  { id: "factor-semiprime", script: "factor 1000000000000000000000000000057000000000000000000000000000511", options: { limits } },
  {
    id: "join-pairs",
    script: "seq 1 1000 | sed 's/.*/1 x/' > a; seq 1 1000 | sed 's/.*/1 y/' > b; join a b | head -2; join a b | wc -l",
    options: { limits: { timeoutMs: 20_000 } }
  },
  { id: "column-many", script: "seq 1 150000 | column -t | tail -1", options: { limits: { timeoutMs: 20_000 } } },
  { id: "diff-unlike", script: "seq 1 30000 > a; seq 30000 -1 1 > b; diff a b | wc -l", options: { limits } },
  { id: "seq-devnull", script: "seq 1 100000000000 > /dev/null", options: { limits }, concurrentEchoAfterMs: 300 },
  {
    id: "sort-fair",
    script: "seq 1 200000 > f; sort -n f | tail -1; sort -r f | head -1",
    options: { limits: { timeoutMs: 20_000 } },
    concurrentEchoAfterMs: 200
  }
]

describe("heavy text tools end under the budget", () => {
  it("every hostile case ends with bash's answer or the limit's status", async () => {
    const results = await runIsolated(jobs, { killAfterMs: 15_000 })
    const byId = outcomesById(results)
    const yesSort = byId.get("yes-sort")!
    expect(yesSort.exitCode).toBe(126)
    expect(yesSort.stderr).toMatch(/memory limit exceeded/)

    expect(byId.get("shuf-repeat-huge")!.stdout).toBe("2\n")
    expect(byId.get("shuf-range-huge")!.stdout).toBe("3\n2\n")
    expect(byId.get("shuf-range-head")!.stdout).toBe("2\n")

    // GNU creates all 99999999 files; here the budget (time or file count) ends it.
    const split = byId.get("split-huge-count")!
    expect([1, 124, 126]).toContain(split.exitCode)

    expect(byId.get("xxd-c0")!.stdout).toBe("00000000: 6869 0a                                  hi.\n68690a\n")

    // A hard semiprime: Pollard's rho is charged and stops at the deadline.
    expect(byId.get("factor-semiprime")!.exitCode).toBe(124)
    // 1000 x 1000 pairs of one key, written in blocks (head stops the writer).
    expect(byId.get("join-pairs")!.stdout).toBe("1 x y\n1 x y\n1000000\n")
    // More than fit in one call's arguments (Math.max(...lines) overflowed the stack).
    expect(byId.get("column-many")!.stdout).toBe("150000\n")
    // Two large unlike files: the diff search is charged, so it stops at the deadline; a fast
    // machine may finish first, and then with GNU diff's answer.
    const diff = byId.get("diff-unlike")!
    if (diff.exitCode === 0) expect(diff.stdout).toBe("60000\n")
    else expect(diff.exitCode).toBe(124)
    const seq = byId.get("seq-devnull")!
    expect(seq.exitCode).toBe(124)
    expect(seq.concurrentEchoMs).toBeLessThan(2000)

    const fair = byId.get("sort-fair")!
    expect(fair.stdout).toBe("200000\n99999\n")
    expect(fair.exitCode).toBe(0)
    // A concurrent sandbox's `echo` is not held behind the sort (generous: CI machines are slow).
    expect(fair.concurrentEchoMs).toBeLessThan(2000)
  }, 120_000)
})
