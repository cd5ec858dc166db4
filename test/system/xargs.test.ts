import { execFileSync } from "node:child_process"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Command } from "../../src/commands/Command.js"
import { xargsCommand } from "../../src/commands/system/xargs.js"
import { runCommand } from "../support/commandHarness.js"

const echo: Command = { name: "echo", run: (ctx) => Effect.as(ctx.stdout.write(`${ctx.args.join(" ")}\n`), 0) }
const status: Command = { name: "status", run: (ctx) => Effect.succeed(Number(ctx.args[0])) }
const slot: Command = { name: "slot", run: (ctx) => Effect.as(ctx.stdout.write(`${ctx.args.join(" ")} slot=${ctx.env.SLOT}\n`), 0) }

const hostXargs = (args: ReadonlyArray<string>, input: string): { stdout: string; status: number } => {
  try {
    return { stdout: execFileSync("xargs", args, { input, encoding: "utf8", env: { LC_ALL: "C", PATH: "/usr/bin:/bin" }, stdio: ["pipe", "pipe", "ignore"] }), status: 0 }
  } catch (error) {
    const failure = error as { stdout: string; status: number }
    return { stdout: failure.stdout, status: failure.status }
  }
}

describe("xargs matches GNU xargs", () => {
  it.each([
    [[], "a\nb\nc\n"],
    [["echo"], "f1\nf2\nf3\n"],
    [["-n", "2", "echo"], "1\n2\n3\n4\n5\n"],
    [["-0"], "a\0b\0c"],
    [["-d", ","], "a,b,c"],
    [["-d", ","], "a,,b,"],
    [["-d", "\\n", "echo", "x"], "one two\nthree\n"],
    [[], ""],
    [["-r", "echo", "x"], ""],
    [["-I{}", "echo", "item: {}"], "a\nb\n"],
    [["-I", "X", "echo", "<X>", "X"], "  lead and trail  \nsecond\n"],
    [["-i", "echo", "[{}]"], "a b\n"],
    [["-L", "2", "echo"], "a b\nc\nd e f\ng\n"],
    [["-L", "1", "echo"], "a b \nc\nd\n"],
    [[], "'quoted words' \"double q\" back\\ slash\n"],
    [["-E", "STOP", "echo"], "a b STOP c d\n"],
    [["-s", "10", "echo"], "aa bb cc dd ee ff\n"],
    [["-P", "4", "echo"], "a\nb\nc\n"],
    [["-n", "1", "-P", "1", "echo", "-"], "x y\n"]
  ])("xargs %j", async (args, input) => {
    const result = await runCommand(xargsCommand, args, { stdin: input, commands: [echo] })
    const host = hostXargs(args, input)
    expect(result.stdout).toBe(host.stdout)
    expect(result.exitCode).toBe(host.status)
  })

  it.each([
    { args: ["status", "1"], exitCode: 123 },
    { args: ["status", "255"], exitCode: 124, stderr: "xargs: status: exited with status 255; aborting\n" },
    { args: ["nope"], exitCode: 127, stderr: "xargs: nope: No such file or directory\n" },
    { args: ["-n", "0"], exitCode: 1, stderr: 'xargs: invalid number "0" for -n option\n' },
    { args: ["-t", "echo"], exitCode: 0, stderr: "echo a\n" }
  ])("statuses: $args", async ({ args, exitCode, stderr }) => {
    const result = await runCommand(xargsCommand, args, { stdin: "a\n", commands: [echo, status] })
    expect(result.exitCode).toBe(exitCode)
    if (stderr !== undefined) expect(result.stderr).toBe(stderr)
  })

  it("reports an unmatched quote", async () => {
    const result = await runCommand(xargsCommand, ["echo"], { stdin: "it's\n", commands: [echo] })
    expect(result.stderr).toBe("xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n")
    expect(result.exitCode).toBe(1)
  })

  it("reads -a files and hands out process slots round-robin", async () => {
    const result = await runCommand(xargsCommand, ["-a", "list", "-P", "2", "--process-slot-var=SLOT", "-n", "1", "slot"], {
      files: { "/home/user/list": "0\n1\n2\n" },
      commands: [slot]
    })
    expect(result.stdout).toBe("0 slot=0\n1 slot=1\n2 slot=0\n")
    const missing = await runCommand(xargsCommand, ["-a", "nope"])
    expect(missing.stderr).toBe("xargs: cannot open input file 'nope': No such file or directory\n")
  })
})
