import { describe, expect, it } from "vitest"
import { jqCommand } from "../../src/commands/data/jq/jq.js"
import { defaultLimits } from "../../src/limits/ExecutionLimits.js"
import { runCommand } from "../support/commandHarness.js"

interface Case {
  readonly name: string
  readonly args: ReadonlyArray<string>
  readonly stdin?: string
  readonly files?: Record<string, string>
  readonly env?: Record<string, string>
  readonly stdout: string
  readonly stderr?: string
  readonly exitCode?: number
}

const cases: ReadonlyArray<Case> = [
  { name: "pretty prints", args: ["."], stdin: '{"a":[1,2]}', stdout: '{\n  "a": [\n    1,\n    2\n  ]\n}\n' },
  { name: "compact + raw bundled", args: ["-rc", ".[]"], stdin: '["x",{"b":null}]', stdout: 'x\n{"b":null}\n' },
  { name: "raw output keeps surrounding whitespace", args: ["-r", ".a"], stdin: '{"a":"  hi  \\n"}', stdout: "  hi  \n\n" },
  { name: "join output", args: ["-j", ".[]"], stdin: '["a ",1,"\\n"]', stdout: "a 1\n" },
  { name: "ascii output", args: ["-a", "."], stdin: '"é"', stdout: '"\\u00e9"\n' },
  { name: "sort keys", args: ["-S", "-c", "."], stdin: '{"b":1,"a":2}', stdout: '{"a":2,"b":1}\n' },
  { name: "tab indent", args: ["--tab", "."], stdin: "[1]", stdout: "[\n\t1\n]\n" },
  { name: "indent 1", args: ["--indent", "1", "."], stdin: "[1]", stdout: "[\n 1\n]\n" },
  { name: "slurp", args: ["-s", "-c", "."], stdin: "1 2 3", stdout: "[1,2,3]\n" },
  { name: "null input", args: ["-n", "1+1"], stdout: "2\n" },
  { name: "raw input", args: ["-R", "."], stdin: "a\nb\n", stdout: '"a"\n"b"\n' },
  { name: "raw input slurped", args: ["-Rs", "."], stdin: "a\nb\n", stdout: '"a\\nb\\n"\n' },
  { name: "--arg and --argjson", args: ["-n", "-c", "[$a, $b]", "--arg", "a", "x", "--argjson", "b", "{\"k\":1}"], stdout: '["x",{"k":1}]\n' },
  { name: "--args", args: ["-n", "-c", "$ARGS", "--args", "a", "b"], stdout: '{"positional":["a","b"],"named":{}}\n' },
  { name: "--jsonargs", args: ["-n", "-c", "$ARGS.positional", "--jsonargs", "1", "{}"], stdout: "[1,{}]\n" },
  { name: "--seq", args: ["--seq", "-n", "1,2"], stdout: "\u001e1\n\u001e2\n" },
  { name: "--stream", args: ["-c", "--stream", "."], stdin: '{"a":[1]}', stdout: '[["a",0],1]\n[["a",0]]\n[["a"]]\n' },
  {
    name: "files from the VFS, input_filename",
    args: ["-c", "[., input_filename]", "a.json", "/data/b.json"],
    files: { "/home/user/a.json": "1\n", "/data/b.json": "[2]" },
    stdout: '[1,"a.json"]\n[[2],"/data/b.json"]\n'
  },
  { name: "inputs across files", args: ["-n", "-c", "[inputs]", "a", "b"], files: { "/home/user/a": "1 2\n", "/home/user/b": "3" }, stdout: "[1,2,3]\n" },
  // jq reads its files as one concatenated stream, so "2" and "3" join into 23.
  { name: "files are concatenated", args: ["-n", "-c", "[inputs]", "a", "b"], files: { "/home/user/a": "1 2", "/home/user/b": "3" }, stdout: "[1,23]\n" },
  { name: "input_filename of stdin", args: ["input_filename"], stdin: "1", stdout: '"<stdin>"\n' },
  { name: "--slurpfile and --rawfile", args: ["-n", "-c", "[$s, $r]", "--slurpfile", "s", "s.json", "--rawfile", "r", "r.txt"], files: { "/home/user/s.json": "1 2", "/home/user/r.txt": "hi\n" }, stdout: '[[1,2],"hi\\n"]\n' },
  { name: "-f program file", args: ["-f", "prog.jq"], stdin: '{"a":5}', files: { "/home/user/prog.jq": ".a * 2\n" }, stdout: "10\n" },
  { name: "$ENV and env from the shell", args: ["-n", "-c", "[$ENV.FOO, env.FOO, ($ENV | has(\"SECRET\"))]"], env: { FOO: "bar" }, stdout: '["bar","bar",false]\n' },
  { name: "$__loc__", args: ["-n", "-c", "$__loc__"], stdout: '{"file":"<top-level>","line":1}\n' },
  { name: "missing file", args: [".", "nope.json"], stdout: "", stderr: "jq: error: Could not open file nope.json: No such file or directory\n", exitCode: 2 },
  { name: "runtime error: status 5", args: [".a"], stdin: "[1]", stdout: "", stderr: "jq: error (at <stdin>:0): Cannot index array with string (\"a\")\n", exitCode: 5 },
  {
    name: "compile error: status 3",
    args: [".["],
    stdout: "",
    stderr: "jq: error: syntax error, unexpected end of file at <top-level>, line 1, column 2:\n    .[\n     ^\njq: 1 compile error\n",
    exitCode: 3
  },
  { name: "-e with null: status 1", args: ["-e", ".a"], stdin: "{}", stdout: "null\n", exitCode: 1 },
  { name: "-e with no output: status 4", args: ["-e", "empty"], stdin: "{}", stdout: "", exitCode: 4 },
  { name: "--exit-status true", args: ["--exit-status", ".a"], stdin: '{"a":1}', stdout: "1\n", exitCode: 0 },
  { name: "unknown option: status 2", args: ["--bogus", "."], stdin: "1", stdout: "", exitCode: 2 },
  { name: "invalid JSON input", args: ["."], stdin: "1 {", stdout: "1\n", stderr: "jq: parse error: Unfinished JSON term at EOF at line 1, column 3\n", exitCode: 5 }
]

describe("jq", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const result = await runCommand(jqCommand, c.args, {
        ...(c.stdin === undefined ? {} : { stdin: c.stdin }),
        ...(c.files === undefined ? {} : { files: c.files }),
        ...(c.env === undefined ? {} : { env: c.env })
      })
      expect(result.stdout).toBe(c.stdout)
      if (c.stderr !== undefined) expect(result.stderr).toBe(c.stderr)
      expect(result.exitCode).toBe(c.exitCode ?? 0)
    })
  }

  it("keeps bytes jq did not touch in raw input", async () => {
    const result = await runCommand(jqCommand, ["-R", "length"], { stdin: "x".repeat(200_000) + "\n" })
    expect(result.stdout).toBe("200000\n")
  })

  it("streams large output in chunks", async () => {
    const result = await runCommand(jqCommand, ["-n", "range(100000)"])
    expect(result.stdout.split("\n").length).toBe(100001)
  })
})

describe("jq runaway filters", () => {
  const limits = { ...defaultLimits, timeoutMs: 400 }
  for (const filter of ["[range(1e9)]", "def f: f; f", "repeat(1)", "last(range(1e12))"]) {
    it(`stops ${filter} at the timeout while the host stays responsive`, async () => {
      let ticks = 0
      const timer = setInterval(() => ticks++, 10)
      const runaway = runCommand(jqCommand, ["-n", filter], { limits }).then((r) => ({ which: "runaway", r }))
      // Another command runs to completion while the runaway one is still going.
      const quick = runCommand(jqCommand, ["-n", "1+1"]).then((r) => ({ which: "quick", r }))
      const first = await Promise.race([runaway, quick])
      expect(first.which).toBe("quick")
      expect(first.r.stdout).toBe("2\n")
      const { r } = await runaway
      clearInterval(timer)
      expect(r.failure?._tag).toBe("LimitExceeded")
      expect(ticks).toBeGreaterThan(0)
      // The pool recovers: the next run works.
      expect((await runCommand(jqCommand, ["-n", "3"])).stdout).toBe("3\n")
    })
  }
})
