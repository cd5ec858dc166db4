import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { defineCommand } from "../../src/commands/Command.js"
import { runCommand } from "../support/commandHarness.js"

const cat = defineCommand("cat", (ctx) =>
  Effect.gen(function* () {
    if (ctx.args.length === 0) {
      yield* ctx.stdout.write(yield* ctx.stdin.readAll)
      return 0
    }
    let status = 0
    for (const arg of ctx.args) {
      const data = yield* ctx.fs.readFile(ctx.resolvePath(arg)).pipe(Effect.orElseSucceed(() => undefined))
      if (data === undefined) {
        yield* ctx.stderr.write(`cat: ${arg}: No such file or directory\n`)
        status = 1
      } else yield* ctx.stdout.write(data)
    }
    return status
  })
)

const run = defineCommand("run", (ctx) => ctx.exec(ctx.args))

describe("commandHarness", () => {
  it("runs a command over initial files relative to the cwd", async () => {
    const result = await runCommand(cat, ["a.txt", "/etc/x", "missing"], {
      files: { "/home/user/a.txt": "hello\n", "/etc/x": () => Promise.resolve("lazy\n") }
    })
    expect(result.stdout).toBe("hello\nlazy\n")
    expect(result.stderr).toBe("cat: missing: No such file or directory\n")
    expect(result.exitCode).toBe(1)
  })

  it("feeds stdin and runs other commands through exec", async () => {
    const result = await runCommand(run, ["cat"], { stdin: "in\n", commands: [cat] })
    expect(result.stdout).toBe("in\n")
    const missing = await runCommand(run, ["nope"])
    expect(missing.stderr).toBe("bash: nope: command not found\n")
    expect(missing.exitCode).toBe(127)
  })

  it("lists the commands in /usr/bin", async () => {
    const result = await runCommand(run, ["cat"], { commands: [cat] })
    const names = await Effect.runPromise(result.fs.readdir("/usr/bin"))
    expect(names.map((entry) => entry.name)).toEqual(["cat", "run"])
  })
})
