import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Bash, ScriptedTool, ToolDef } from "../../src/index.js"

/**
 * Custom commands are host code, untrusted at the boundary: whatever one does, the exec keeps
 * its deadline, its abort and its memory, and ends with a result (never a rejection).
 */
describe("custom commands", () => {
  it("one that never settles is ended by the deadline (124) and by an abort (130)", async () => {
    const commands = { hang: () => new Promise<string>(() => {}) }
    const timed = await new Bash({ commands, limits: { timeoutMs: 300 } }).exec("echo before; hang; echo after")
    expect(timed).toMatchObject({ stdout: "before\n", exitCode: 124 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const aborted = await new Bash({ commands, limits: { timeoutMs: 30_000 } }).exec("echo before; hang; echo after", { signal: controller.signal })
    expect(aborted).toMatchObject({ stdout: "before\n", exitCode: 130 })
    expect(aborted.stderr).toContain("execution aborted")
  })

  it("a result of the wrong shape is status 1 and a clear message", async () => {
    const bash = new Bash({
      commands: {
        num: () => ({ stdout: 42 }) as never,
        obj: () => ({ stderr: { a: 1 } }) as never,
        code: () => ({ exitCode: "x" }) as never,
        nil: () => null as never,
        arr: () => [1, 2] as never
      }
    })
    const result = await bash.exec("num; echo $?; obj; echo $?; code; echo $?; nil; echo $?; arr; echo $?")
    expect(result.stdout).toBe("1\n1\n1\n1\n1\n")
    expect(result.stderr).toBe(
      [
        "num: invalid result: stdout must be a string, got a number",
        "obj: invalid result: stderr must be a string, got an object",
        "code: invalid result: exitCode must be an integer, got a string",
        "nil: invalid result: expected a string or { stdout, stderr, exitCode }, got null",
        "arr: invalid result: expected a string or { stdout, stderr, exitCode }, got an array"
      ]
        .map((line) => `${line}\n`)
        .join("")
    )
  })

  it("throwing something that is not an Error (even without a prototype) is status 1", async () => {
    const hostile = Object.create(null) as object
    const badThen = { get then(): never { throw new Error("then getter") } }
    const bash = new Bash({
      commands: {
        bare: () => {
          throw hostile
        },
        rejects: () => Promise.reject(hostile),
        str: () => {
          throw "plain text"
        },
        thenable: () => badThen as never
      }
    })
    const result = await bash.exec("bare; echo $?; rejects; echo $?; str; echo $?; thenable; echo $?")
    expect(result.stdout).toBe("1\n1\n1\n1\n")
    expect(result.stderr).toBe("bare: [object Object]\nrejects: [object Object]\nstr: plain text\nthenable: then getter\n")
  })

  it("a huge result is capped before it enters a pipe, and the rest of the script runs", async () => {
    const big = "x".repeat(3_000_000)
    const bash = new Bash({ commands: { flood: () => big }, limits: { maxStringLength: 1_000_000 } })
    const result = await bash.exec("flood | wc -c; echo after")
    expect(result.stdout).toBe("1000000\nafter\n")
    expect(result.stderr).toBe("flood: output truncated to 1000000 characters\n")
  })

  it("multi-byte output written in slices keeps every character whole", async () => {
    const text = "€😀".repeat(40_000)
    const result = await new Bash({ commands: { emoji: () => text } }).exec("emoji | md5sum")
    const direct = await new Bash({ files: { "/t": text } }).exec("md5sum < /t")
    expect(result.stdout).toBe(direct.stdout)
  })
})

describe("ScriptedTool callbacks", () => {
  const run = (callback: () => unknown) => {
    const tool = ScriptedTool.builder("api")
      .toolFn(ToolDef.make("call", "A call"), callback as never)
      .build()
    return Effect.runPromise(Effect.flatMap(tool.execution({ commands: "call; echo status=$?" }), (e) => e.execute()))
  }

  it("returning or throwing an object without a prototype never crashes the host", async () => {
    const hostile = Object.create(null) as object
    const returned = await run(() => hostile)
    expect(returned.result.exit_code).toBe(0)
    expect(returned.result.stdout).toContain("status=0")
    const resolved = await run(() => Promise.resolve(hostile))
    expect(resolved.result.stdout).toContain("status=0")
    const thrown = await run(() => {
      throw hostile
    })
    expect(thrown.result).toMatchObject({ stderr: "call: callback failed\n", stdout: "status=1\n" })
    const rejected = await run(() => Promise.reject(hostile))
    expect(rejected.result).toMatchObject({ stderr: "call: callback failed\n", stdout: "status=1\n" })
  })
})
