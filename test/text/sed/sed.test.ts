import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { sedCommand } from "../../../src/commands/text/search/sed/sed.js"
import { runCommand } from "../../support/commandHarness.js"

describe("sed", () => {
  it.each([
    { args: ["s/a/b/"], stdin: "aaa", stdout: "baa" },
    { args: ["-n", "$="], stdin: "a\nb\nc\n", stdout: "3\n" },
    { args: ["-e", "1i\\", "-e", "top"], stdin: "x\n", stdout: "top\nx\n" },
    { args: ["e ls"], stdin: "x\n", stdout: "", exitCode: 1 },
    { args: ["s/\\(a*\\)*b/X/"], stdin: "a".repeat(40) + "\n", stdout: "a".repeat(40) + "\n" }
  ])("sed $args", async ({ args, stdin, stdout, exitCode }) => {
    const result = await runCommand(sedCommand, args, { stdin })
    expect(result.stdout).toBe(stdout)
    expect(result.exitCode).toBe(exitCode ?? 0)
  })

  it("-i edits files in the VFS and keeps a backup with a suffix", async () => {
    const result = await runCommand(sedCommand, ["-i.bak", "s/test/done/", "/f.txt"], { files: { "/f.txt": "test\n" } })
    expect(result.exitCode).toBe(0)
    expect(await Effect.runPromise(result.fs.readText("/f.txt"))).toBe("done\n")
    expect(await Effect.runPromise(result.fs.readText("/f.txt.bak"))).toBe("test\n")
  })

  it("reports a missing input file with status 2 and goes on", async () => {
    const result = await runCommand(sedCommand, ["p", "/nope", "/a"], { files: { "/a": "x\n" } })
    expect(result.stderr).toBe("sed: can't read /nope: No such file or directory\n")
    expect(result.stdout).toBe("x\nx\n")
    expect(result.exitCode).toBe(2)
  })
})
