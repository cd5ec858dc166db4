import { describe, expect, it } from "vitest"
import { searchCommands } from "../../../src/commands/text/search/index.js"
import { runCommand } from "../../support/commandHarness.js"

const command = (name: string) => searchCommands.find((c) => c.name === name)!

describe("grep", () => {
  it.each([
    { args: ["foo"], stdin: "foo\0bar\n", stdout: "Binary file (standard input) matches\n" },
    { args: ["-a", "foo"], stdin: "foo\0bar\n", stdout: "foo\0bar\n" },
    { args: ["-c", "foo"], stdin: "foo\0bar\n", stdout: "1\n" },
    { args: ["-z", "foo"], stdin: "foo\0bar\0", stdout: "foo\0" },
    { args: ["-l", "foo"], stdin: "foo\n", stdout: "(standard input)\n" },
    { args: ["--label=in", "-H", "foo"], stdin: "foo\n", stdout: "in:foo\n" },
    { args: ["-E", "(a*)*b"], stdin: "a".repeat(30) + "\n", stdout: "", exitCode: 1 },
    { args: ["-E", "(a|aa)*c"], stdin: "a".repeat(200_000) + "\n", stdout: "", exitCode: 1 },
    { args: ["--frobnicate", "x"], stdin: "", stdout: "", exitCode: 2 }
  ])("grep $args", async ({ args, stdin, stdout, exitCode }) => {
    const result = await runCommand(command("grep"), args, { stdin })
    expect(result.stdout).toBe(stdout)
    expect(result.exitCode).toBe(exitCode ?? 0)
  })

  it("egrep and fgrep pick their syntax", async () => {
    expect((await runCommand(command("egrep"), ["a|b"], { stdin: "b\n" })).stdout).toBe("b\n")
    expect((await runCommand(command("fgrep"), ["a|b"], { stdin: "a|b\nb\n" })).stdout).toBe("a|b\n")
  })
})

describe("rg", () => {
  it.each([
    { args: ["bar"], stdin: "foo\nbar\n", stdout: "bar\n" },
    { args: ["-n", "bar"], stdin: "foo\nbar\n", stdout: "2:bar\n" },
    { args: ["-c", "foo"], stdin: "foo\nbar\nfoo again\n", stdout: "2\n" },
    { args: ["-w", "cat"], stdin: "cat\ncatch\nmy cat\n", stdout: "cat\nmy cat\n" },
    { args: ["xyz"], stdin: "foo\n", stdout: "", exitCode: 1 }
  ])("rg $args", async ({ args, stdin, stdout, exitCode }) => {
    const result = await runCommand(command("rg"), args, { stdin })
    expect(result.stdout).toBe(stdout)
    expect(result.exitCode).toBe(exitCode ?? 0)
  })

  it("searches directories recursively and skips hidden files", async () => {
    const files = { "/d/a.txt": "foo\n", "/d/.h/b": "foo\n", "/d/s/c.md": "x foo\n" }
    const result = await runCommand(command("rg"), ["foo", "/d"], { files })
    expect(result.stdout).toBe("/d/a.txt:foo\n/d/s/c.md:x foo\n")
  })
})
