import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { ScriptedTool } from "../../src/scripted/ScriptedTool.js"
import { ToolDef } from "../../src/scripted/ToolDef.js"
import { makeDisabledVfs } from "../../src/scripted/internal/disabledVfs.js"
import { run } from "./support.js"

describe("logic-only shell: filesystem (§2.8)", () => {
  it.effect("a file redirection fails the command only; the callback is not invoked", () =>
    Effect.gen(function* () {
      let calls = 0
      const t = ScriptedTool.builder("fs")
        .toolFn(ToolDef.make("t", "counts"), () => `${++calls}\n`)
        .build()
      const result = yield* run(t, "t > /tmp/out; echo rc=$?; t < /etc/passwd; echo rc=$?; t >> /dev/null; echo after")
      expect(result.stdout).toBe("rc=1\nrc=1\nafter\n")
      expect(result.stderr).toMatch(/^bash: line 1: \/tmp\/out: .+\nbash: line 1: \/etc\/passwd: .+\n$/)
      expect(calls).toBe(1)
    })
  )

  it.effect("file operands of kept commands fail", () =>
    Effect.gen(function* () {
      const result = yield* run(ScriptedTool.builder("fs").build(), "grep x /tmp/users.json; echo rc=$?")
      expect(result.stdout).toBe("rc=2\n")
      expect(result.stderr).toMatch(/^grep: \/tmp\/users\.json: /)
    })
  )

  it.effect("the disabled VFS refuses everything but /dev/null", () =>
    Effect.gen(function* () {
      const fs = makeDisabledVfs()
      expect(yield* fs.readFile("/dev/null")).toEqual(new Uint8Array(0))
      yield* fs.writeFile("/dev/null", new Uint8Array([1]))
      expect(yield* fs.exists("/dev/null")).toBe(false)
      const error = yield* Effect.flip(fs.readFile("/etc/passwd"))
      expect(error.detail).toBe("filesystem access disabled")
      expect((yield* Effect.flip(fs.mkdir("/tmp"))).detail).toBe("filesystem access disabled")
    })
  )
})
