import { Budget } from "../../src/limits/Budget.js"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { BrokenPipe, type CommandContext } from "../../src/commands/Command.js"
import { jqCommand } from "../../src/commands/data/jq/jq.js"
import { defaultLimits } from "../../src/limits/ExecutionLimits.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { bytesInput, collector, defaultEnv, defaultIdentity } from "../support/commandHarness.js"

describe("jq in a pipeline", () => {
  it("stops an endless filter when the reader closes the pipe (jq -n 'repeat(1)' | head -1)", async () => {
    let writes = 0
    const stderr = collector()
    const ctx: CommandContext = {
      name: "jq",
      args: ["-n", "repeat(1)"],
      stdin: bytesInput(new Uint8Array(0)),
      // A reader that takes one chunk and then goes away, as `head -1` does.
      stdout: { write: () => (writes++ === 0 ? Effect.void : Effect.fail(new BrokenPipe())) },
      stderr,
      env: defaultEnv,
      cwd: "/",
      fs: makeInMemoryFs(),
      limits: defaultLimits, // no timeout: only the closed pipe can end it
      budget: new Budget({ ...defaultLimits, timeoutMs: undefined }),
      identity: defaultIdentity,
      resolvePath: (path) => path,
      exec: () => Effect.succeed(127),
      runScript: () => Effect.succeed(127),
      hasCommand: () => false
    }
    const outcome = await Effect.runPromise(Effect.either(jqCommand.run(ctx)))
    expect(outcome._tag).toBe("Left")
    expect(outcome._tag === "Left" && outcome.left._tag).toBe("BrokenPipe")
    expect(writes).toBe(2)
  })
})
