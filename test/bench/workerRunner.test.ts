import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BenchCase } from "../../bench/cases/types.js"
import { startRunners, startWorkerRunner } from "../../bench/pool.js"
import { makeHostBash } from "../../bench/runners.js"
import { localRunner, type MeasuredRunner } from "../../bench/session.js"

const host = makeHostBash()
const bash = localRunner(host)

/** What /bin/bash prints for the case, and what the runner prints (its first run). */
const both = async (runner: MeasuredRunner, c: BenchCase) => {
  const reference = await (await bash.open(c)).run()
  const session = await runner.open(c)
  const outcome = await session.run()
  await session.close()
  return { reference, outcome }
}

describe("bench runners in worker threads", () => {
  let ours: MeasuredRunner
  beforeAll(async () => {
    ours = await startWorkerRunner("ours")
  })
  afterAll(async () => {
    await ours.dispose()
    host.cleanup()
  })

  it("ours in its worker prints what /bin/bash prints", async () => {
    const c: BenchCase = { set: "bashkit", category: "startup", name: "echo", script: 'x=hello; echo "$x world"; exit 3' }
    const { reference, outcome } = await both(ours, c)
    expect(reference.stdout).toBe("hello world\n")
    expect(outcome.stdout).toBe(reference.stdout)
    expect(outcome.exitCode).toBe(3)
    expect(outcome.error).toBeUndefined()
    expect(ours.version).toContain("bashkit-effect")
  })

  it("a prepared sandbox receives the case's files (reuse), and runs it more than once", async () => {
    const c: BenchCase = { set: "scaling", category: "data", name: "files", reuse: true, files: { "a.txt": "b\na\nc\n" }, script: 'sort "$D/a.txt" | head -n 2' }
    const { reference, outcome } = await both(ours, c)
    expect(reference.stdout).toBe("a\nb\n")
    expect(outcome.stdout).toBe(reference.stdout)
    const session = await ours.open(c)
    const runs = [await session.run(), await session.run()]
    await session.close()
    expect(runs.map((r) => r.stdout)).toEqual([reference.stdout, reference.stdout])
    expect(runs.every((r) => Number.isFinite(r.ms))).toBe(true)
  })

  it("runs /bin/bash from its helper process, with the case's files, as this process does", async () => {
    const { runners, unavailable } = await startRunners(["ours", "bash"], host, "worker")
    try {
      expect(unavailable).toEqual([])
      expect(runners.map((r) => r.name)).toEqual(["ours", "bash"])
      const spawned = runners[1] as MeasuredRunner
      expect(spawned.version).toBe(bash.version)
      const c: BenchCase = { set: "scaling", category: "data", name: "files", reuse: true, files: { "n.txt": "3\n1\n2\n" }, script: 'sort -n "$D/n.txt"; echo "$LC_ALL"; exit 4' }
      const { reference, outcome } = await both(spawned, c)
      expect(reference).toMatchObject({ stdout: "1\n2\n3\nC\n", exitCode: 4 })
      expect(outcome).toMatchObject({ stdout: reference.stdout, exitCode: 4 })
      const cold = await spawned.coldStart?.(2)
      expect(Number.isFinite(cold?.medianMs)).toBe(true)
    } finally {
      for (const r of runners) await r.dispose()
    }
  })
})
