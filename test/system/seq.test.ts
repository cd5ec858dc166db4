import { execFileSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { seqCommand } from "../../src/commands/system/seq.js"
import { runCommand } from "../support/commandHarness.js"

const hostSeq = (args: ReadonlyArray<string>): string =>
  execFileSync("seq", args, { encoding: "utf8", env: { LC_ALL: "C" } })

describe("seq matches GNU seq", () => {
  it.each([
    ["5"], ["3", "6"], ["1", "2", "9"], ["5", "-1", "1"], ["-2", "2"], ["-w", "1", "10"], ["-s", ", ", "1", "5"],
    ["5", "1"], ["0", "0.1", "0.3"], ["-w", "-1", "1"], ["-w", "0.5", "1", "3"], ["1e2", "1e2", "3e2"],
    ["1", "0.5e0", "2"], ["1.0", "3"], ["-w", "1", "1.5", "5"], ["0x10", "0x12"], ["-f", "x%05.1fy", "1", "2"],
    ["-s,", "-w", "8", "10"], ["-f", "%.3e", "1", "0.25", "2"], ["10", "-3", "-5"], ["-w", "-10", "3", "5"],
    ["--separator=:", "1", "3"], ["1.25", "0.5", "3"], ["-0.5", "0.25", "0.5"], ["-f", "%g%%", "1", "3"]
  ])("seq %s", async (...args) => {
    const result = await runCommand(seqCommand, args)
    expect(result.stdout).toBe(hostSeq(args))
    expect(result.exitCode).toBe(0)
  })
})

describe("seq errors", () => {
  it.each([
    { args: [], stderr: "seq: missing operand\nTry 'seq --help' for more information.\n" },
    { args: ["a"], stderr: "seq: invalid floating point argument: 'a'\nTry 'seq --help' for more information.\n" },
    { args: ["1", "0", "2"], stderr: "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n" },
    { args: ["-f", "%d", "1"], stderr: "seq: format '%d' has unknown %d directive\n" },
    { args: ["-f", "%g %g", "1"], stderr: "seq: format '%g %g' has too many % directives\n" },
    { args: ["1", "2", "3", "4"], stderr: "seq: extra operand '4'\nTry 'seq --help' for more information.\n" }
  ])("seq $args fails with status 1", async ({ args, stderr }) => {
    const result = await runCommand(seqCommand, args)
    expect(result.stderr).toBe(stderr)
    expect(result.stdout).toBe("")
    expect(result.exitCode).toBe(1)
  })

  it("stops at a closed pipe on an endless sequence", async () => {
    let written = 0
    const { Effect } = await import("effect")
    const { BrokenPipe } = await import("../../src/commands/Command.js")
    const result = await runCommand(
      { name: "head1", run: (ctx) => ctx.exec(["seq", "inf"], { stdout: { write: () => (written++ > 2 ? Effect.fail(new BrokenPipe()) : Effect.void) } }) },
      [],
      { commands: [seqCommand] }
    )
    expect(result.exitCode).toBe(141)
    expect(written).toBe(4)
  })
})
