import { execFileSync } from "node:child_process"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { BrokenPipe, type Command } from "../../src/commands/Command.js"
import { envCommand, printenvCommand } from "../../src/commands/system/env.js"
import { groupsCommand, hostnameCommand, idCommand, nprocCommand, unameCommand, whoamiCommand } from "../../src/commands/system/identity.js"
import { killCommand } from "../../src/commands/system/kill.js"
import { sleepCommand } from "../../src/commands/system/sleep.js"
import { clearCommand, syncCommand, ttyCommand, watchCommand } from "../../src/commands/system/terminal.js"
import { timeoutCommand } from "../../src/commands/system/timeout.js"
import { yesCommand } from "../../src/commands/system/yes.js"
import { runCommand } from "../support/commandHarness.js"

interface Row {
  readonly command: Command
  readonly args: ReadonlyArray<string>
  readonly stdout?: string
  readonly stderr?: string
  readonly exitCode?: number
  readonly env?: Record<string, string>
}

const echo: Command = {
  name: "echo",
  run: (ctx) => Effect.as(ctx.stdout.write(`${ctx.args.join(" ")}\n`), 0)
}
const showEnv: Command = {
  name: "show",
  run: (ctx) => Effect.as(ctx.stdout.write(`${ctx.args.map((name) => `${name}=${ctx.env[name] ?? "<unset>"}`).join(" ")}\n`), 0)
}
const status: Command = { name: "status", run: (ctx) => Effect.succeed(Number(ctx.args[0])) }

const rows: ReadonlyArray<Row> = [
  { command: whoamiCommand, args: [], stdout: "user\n" },
  { command: whoamiCommand, args: ["x"], stderr: "whoami: extra operand 'x'\nTry 'whoami --help' for more information.\n", exitCode: 1 },
  { command: hostnameCommand, args: [], stdout: "sandbox\n" },
  { command: hostnameCommand, args: ["new"], stderr: "hostname: you must be root to change the host name\n", exitCode: 1 },
  { command: unameCommand, args: [], stdout: "Linux\n" },
  { command: unameCommand, args: ["-a"], stdout: "Linux sandbox 6.1.0-bashkit #1 SMP PREEMPT_DYNAMIC bashkit x86_64 GNU/Linux\n" },
  { command: unameCommand, args: ["-snrm"], stdout: "Linux sandbox 6.1.0-bashkit x86_64\n" },
  { command: unameCommand, args: ["-o", "-p", "-i"], stdout: "unknown unknown GNU/Linux\n" },
  { command: unameCommand, args: ["-z"], stderr: "uname: invalid option -- 'z'\nTry 'uname --help' for more information.\n", exitCode: 1 },
  { command: idCommand, args: [], stdout: "uid=1000(user) gid=1000(user) groups=1000(user)\n" },
  { command: idCommand, args: ["-u"], stdout: "1000\n" },
  { command: idCommand, args: ["-un"], stdout: "user\n" },
  { command: idCommand, args: ["-gn"], stdout: "user\n" },
  { command: idCommand, args: ["-G"], stdout: "1000\n" },
  { command: idCommand, args: ["-n"], stderr: "id: cannot print only names or real IDs in default format\nTry 'id --help' for more information.\n", exitCode: 1 },
  { command: idCommand, args: ["bob"], stderr: "id: 'bob': no such user\n", exitCode: 1 },
  { command: groupsCommand, args: [], stdout: "user\n" },
  { command: groupsCommand, args: ["user"], stdout: "user : user\n" },
  { command: nprocCommand, args: [], stdout: "1\n" },
  { command: nprocCommand, args: ["--ignore=3"], stdout: "1\n" },
  { command: printenvCommand, args: ["HOME"], stdout: "/home/user\n" },
  { command: printenvCommand, args: ["HOME", "NOPE", "USER"], stdout: "/home/user\nuser\n", exitCode: 1 },
  { command: printenvCommand, args: [], env: { A: "1", B: "two" }, stdout: "A=1\nB=two\n" },
  { command: printenvCommand, args: ["-0", "A"], env: { A: "1" }, stdout: "1\0" },
  { command: envCommand, args: [], env: { A: "1" }, stdout: "A=1\n" },
  { command: envCommand, args: ["-i", "X=2"], env: { A: "1" }, stdout: "X=2\n" },
  { command: envCommand, args: ["-u", "A", "B=3"], env: { A: "1", C: "4" }, stdout: "C=4\nB=3\n" },
  { command: envCommand, args: ["-0", "A=1"], env: {}, stdout: "A=1\0" },
  { command: envCommand, args: ["A=5", "show", "A", "HOME"], stdout: "A=5 HOME=/home/user\n" },
  { command: envCommand, args: ["nope"], stderr: "env: 'nope': No such file or directory\n", exitCode: 127 },
  { command: envCommand, args: ["-x"], stderr: "env: invalid option -- 'x'\nTry 'env --help' for more information.\n", exitCode: 125 },
  { command: sleepCommand, args: ["0"] },
  { command: sleepCommand, args: ["0.001", "0s", "0m"] },
  { command: sleepCommand, args: [], stderr: "sleep: missing operand\nTry 'sleep --help' for more information.\n", exitCode: 1 },
  { command: sleepCommand, args: ["abc"], stderr: "sleep: invalid time interval 'abc'\n", exitCode: 1 },
  { command: sleepCommand, args: ["-1"], stderr: "sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n", exitCode: 1 },
  { command: timeoutCommand, args: ["5", "echo", "hi", "-n"], stdout: "hi -n\n" },
  { command: timeoutCommand, args: ["1m", "status", "3"], exitCode: 3 },
  { command: timeoutCommand, args: [], stderr: "timeout: missing operand\nTry 'timeout --help' for more information.\n", exitCode: 125 },
  { command: timeoutCommand, args: ["abc", "echo"], stderr: "timeout: invalid time interval 'abc'\nTry 'timeout --help' for more information.\n", exitCode: 125 },
  { command: timeoutCommand, args: ["-s", "BOGUS", "1", "echo"], stderr: "timeout: BOGUS: invalid signal\nTry 'timeout --help' for more information.\n", exitCode: 125 },
  { command: timeoutCommand, args: ["1", "nope"], stderr: "timeout: failed to run command 'nope': No such file or directory\n", exitCode: 127 },
  // A duration of 0 disables the timeout (GNU): the command just runs.
  { command: timeoutCommand, args: ["0", "echo", "x"], stdout: "x\n", exitCode: 0 },
  { command: timeoutCommand, args: ["-s", "KILL", "0", "echo", "x"], stdout: "x\n", exitCode: 0 },
  { command: timeoutCommand, args: ["--preserve-status", "-v", "0", "echo"], stdout: "\n", stderr: "", exitCode: 0 },
  { command: killCommand, args: [], stderr: "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n", exitCode: 2 },
  { command: killCommand, args: ["-0", "1"] },
  { command: killCommand, args: ["-9", "4242"], stderr: "kill: (4242) - No such process\n", exitCode: 1 },
  { command: killCommand, args: ["-s", "FOO", "1"], stderr: "kill: FOO: invalid signal specification\n", exitCode: 1 },
  { command: killCommand, args: ["-l", "9", "KILL", "137"], stdout: "KILL\n9\nKILL\n" },
  { command: ttyCommand, args: [], stdout: "not a tty\n", exitCode: 1 },
  { command: ttyCommand, args: ["-s"], exitCode: 1 },
  { command: clearCommand, args: [], stdout: "\x1b[H\x1b[2J\x1b[3J" },
  { command: syncCommand, args: [] },
  { command: watchCommand, args: ["-n", "5", "-x", "echo", "hi"], stdout: "Every 5.0s: echo hi\n\nhi\n" },
  { command: watchCommand, args: ["-t", "-x", "echo", "hi"], stdout: "hi\n" }
]

describe("system commands", () => {
  it.each(rows.map((row) => ({ ...row, name: `${row.command.name} ${row.args.join(" ")}` })))("$name", async (row) => {
    const result = await runCommand(row.command, row.args, {
      commands: [echo, showEnv, status, sleepCommand],
      ...(row.env === undefined ? {} : { env: row.env })
    })
    expect(result.stdout).toBe(row.stdout ?? "")
    expect(result.stderr).toBe(row.stderr ?? "")
    expect(result.exitCode).toBe(row.exitCode ?? 0)
  })

  it("kill -l prints bash's signal table", async () => {
    const result = await runCommand(killCommand, ["-l"])
    expect(result.stdout).toBe(execFileSync("bash", ["-c", "kill -l"], { encoding: "utf8" }))
  })

  it("uname -s -m matches the host", async () => {
    const result = await runCommand(unameCommand, ["-s", "-m", "-o"])
    expect(result.stdout).toBe(execFileSync("uname", ["-s", "-m", "-o"], { encoding: "utf8" }))
  })

  it("timeout interrupts a command that runs too long", async () => {
    const result = await runCommand(timeoutCommand, ["0.05", "sleep", "100"], { commands: [sleepCommand] })
    expect(result.exitCode).toBe(124)
  })

  it("yes repeats its words until the pipe closes", async () => {
    let text = ""
    let writes = 0
    const reader: Command = {
      name: "reader",
      run: (ctx) =>
        ctx.exec(["yes", "a", "b"], {
          stdout: {
            write: (data) => {
              if (writes++ === 3) return Effect.fail(new BrokenPipe())
              text += typeof data === "string" ? data : new TextDecoder().decode(data)
              return Effect.void
            }
          }
        })
    }
    const result = await runCommand(reader, [], { commands: [yesCommand] })
    expect(result.exitCode).toBe(141)
    expect(text.length).toBeGreaterThan(100_000)
    expect(new Set(text.split("\n").slice(0, -1))).toEqual(new Set(["a b"]))
  })
})
