import { describe, expect, it } from "vitest"
import { runIsolated, wasKilled } from "./isolated.js"

/** The harness itself: results come back, a job that overruns is killed and the next one still runs. */
describe("isolated runner", () => {
  it("runs scripts in a child, kills a job that overruns, and goes on with a fresh child", async () => {
    const results = await runIsolated(
      [
        { id: "ok", script: "echo hello; exit 3" },
        { id: "spin", module: new URL("./isolatedFixtures.ts", import.meta.url).pathname, export: "spinForever" },
        { id: "after", script: "echo after", concurrentEchoAfterMs: 0 }
      ],
      { killAfterMs: 3000 }
    )
    const [ok, spin, after] = results
    expect(ok && !wasKilled(ok) && ok.stdout).toBe("hello\n")
    expect(ok && !wasKilled(ok) && ok.exitCode).toBe(3)
    expect(spin && wasKilled(spin) && spin.killed).toBe("timeout")
    expect(after && !wasKilled(after) && after.stdout).toBe("after\n")
    expect(after && !wasKilled(after) && typeof after.concurrentEchoMs).toBe("number")
  }, 120_000)
})
