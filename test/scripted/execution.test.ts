import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, TestClock } from "effect"
import { ScriptedTool } from "../../src/scripted/ScriptedTool.js"
import { ToolDef } from "../../src/scripted/ToolDef.js"
import { getUserDef, run, testBuilder } from "./support.js"

const tool = testBuilder().build()

/** [name, script, expected stdout, expected stderr, exit code] */
const rows: ReadonlyArray<readonly [string, string, string, string, number]> = [
  ["tool piped into jq", "get_user --id 1 | jq -r '.name'", "Ada\n", "", 0],
  ["callback output is verbatim", "emit --text no-newline | wc -c", "10\n", "", 0],
  ["stdin from a pipe", "echo hi | from_stdin", "HI\n", "", 0],
  ["stdin from a here-string", "from_stdin <<< x", "X\n", "", 0],
  ["stdin from a heredoc", "from_stdin <<EOF\nab\nEOF", "AB\n", "", 0],
  ["no stdin", "from_stdin", "<NONE>", "", 0],
  ["flag parse error: rc 2, no newline, no prefix", "get_user 1; echo \" rc=$?\"", " rc=2\n", "expected --flag, got: 1", 0],
  ["schema error: rc 2 with prefix", "get_user --id abc; echo rc=$?", "rc=2\n", "get_user: schema error: input.id must be integer\n", 0],
  ["required property", "get_user; echo rc=$?", "rc=2\n", "get_user: schema error: required property 'id' is missing\n", 0],
  ["callback error sanitized", "fail_tool; echo rc=$?", "rc=1\n", "fail_tool: callback failed\n", 0],
  ["--help prints help <tool>", "get_user --help; echo rc=$?", "get_user - Fetch user by ID\nUsage: get_user --id <integer>\nrc=0\n", "", 0],
  ["--help beats --dry-run", "get_user --dry-run --help", "get_user - Fetch user by ID\nUsage: get_user --id <integer>\n", "", 0],
  ["dry run skips validation", "get_user --dry-run --id abc", '{"dry_run":true,"params":{"id":"abc"},"tool":"get_user","valid":true}\n', "", 0],
  ["dry run in value position", "emit --v --dry-run", '{"dry_run":true,"params":{"v":true},"tool":"emit","valid":true}\n', "", 0],
  ["dry run parse error on stderr", "get_user --dry-run 7; echo rc=$?", "rc=1\n", '{"dry_run":true,"error":"expected --flag, got: 7","tool":"get_user","valid":false}\n', 0],
  ["params are key-sorted", "emit --v x --n 3", '{"n":3,"v":"x"}', "", 0],
  ["shell logic around tools", "for i in 1 2; do get_user --id $i | jq -r .id; done; if get_user --id 3 >/dev/null; then echo ok; fi", "1\n2\nok\n", "", 0],
  ["functions shadow tools", "get_user() { echo fn; }; get_user --id 1; command get_user --id 2 | jq .id", "fn\n2\n", "", 0],
  ["shell defaults", "echo $USER $HOME $PWD", "sandbox /home/sandbox /home/user\n", "", 0],
  ["help --list", "help --list", "get_user             Fetch user by ID\nfail_tool            Always fails\nfrom_stdin           Upper-cases stdin\nemit                 Prints its params\n", "", 0],
  ["help unknown tool", "help nope; echo \" rc=$?\"", " rc=1\n", "help: unknown tool: nope", 0],
  ["help --list x is unknown x", "help --list x", "", "help: unknown tool: x", 1],
  ["help --json without a tool", "help --json", "", "usage: help [--list] [<tool>] [--json]", 1],
  ["discover without args", "discover", "", "usage: discover --categories | --category <name> | --tag <tag> | --search <keyword> [--json]", 1],
  ["non-kept command", "cat /x; echo rc=$?", "rc=127\n", "bash: cat: command not found\n", 0],
  ["exec, source, bash are gone", "exec true; source f; bash -c true; sh -c true; . f; echo rc=$?", "rc=127\n", "bash: exec: command not found\nbash: source: command not found\nbash: bash: command not found\nbash: sh: command not found\nbash: .: command not found\n", 0],
  ["cd, pwd, date, sleep, base64, tee are gone", "cd /; pwd; date; sleep 0; base64 </dev/null; echo x | tee; echo rc=$?", "rc=127\n", ["cd", "pwd", "date", "sleep", "base64", "tee"].map((n) => `bash: ${n}: command not found\n`).join(""), 0],
  ["kept commands", "printf '%s\\n' b a | sort | tr a-z A-Z; seq 2; expr 1 + 1; echo x | grep -c x", "A\nB\n1\n2\n2\n1\n", "", 0],
  ["/dev/null redirections are allowed", "echo a > /dev/null; echo b >> /dev/null; echo c &> /dev/null; echo d > \"/dev/null\"; get_user --id 1 < /dev/null | jq .id; echo e >&2; echo f 2>&1 >&2", "1\nf\n", "e\n", 0],
  ["file tests are false", "[ -d / ] && echo dir || echo nodir; test -f /etc/passwd || echo nofile", "nodir\nnofile\n", "", 0],
  ["interpreter specials stay", "eval 'echo hi'; declare x=1; let y=2; echo $x $y", "hi\n1 2\n", "", 0],
  ["file redirection refused, command not run", "get_user --id 1 > /tmp/out; echo rc=$?; F=/dev/null; echo a > $F", "rc=1\n", "bash: line 1: /tmp/out: filesystem redirection disabled\nbash: line 1: $F: filesystem redirection disabled\n", 1],
  ["process substitution as a redirect target", "from_stdin < <(echo x); echo rc=$?", "rc=1\n", "bash: line 1: process substitution disabled in logic-only shell\n", 0],
  ["process substitution in a word aborts the run", "echo <(echo x); echo never", "", "execution error: bash: process substitution disabled in logic-only shell", 1],
  ["paths are not commands", "/bin/ls; ./x.sh; echo rc=$?", "rc=127\n", "bash: line 1: /bin/ls: command not found\nbash: line 1: ./x.sh: command not found\n", 0],
  ["time -o refused", "time -o /tmp/t get_user --id 1; echo rc=$?", "rc=1\n", "time: output files disabled in logic-only shell\n", 0],
  ["file operands see a disabled filesystem", "grep x /tmp/users.json; echo rc=$?", "rc=2\n", "grep: /tmp/users.json: io error: filesystem access disabled\n", 0]
]

describe("ScriptedTool execution (§2.4–§2.9)", () => {
  for (const [name, script, stdout, stderr, exitCode] of rows) {
    it.effect(name, () =>
      Effect.gen(function* () {
        const result = yield* run(tool, script)
        expect({ stdout: result.stdout, stderr: result.stderr, exit_code: result.exit_code }).toEqual({ stdout, stderr, exit_code: exitCode })
      })
    )
  }

  it.effect("sanitizeErrors(false) passes the raw message without a newline", () =>
    Effect.gen(function* () {
      const raw = testBuilder().sanitizeErrors(false).build()
      const result = yield* run(raw, "fail_tool; echo \" rc=$?\"")
      expect(result.stderr).toBe("secret host path /etc/passwd")
      expect(result.stdout).toBe(" rc=1\n")
    })
  )

  it.effect("async and Effect callbacks, and their failures", () =>
    Effect.gen(function* () {
      const t = ScriptedTool.builder("mix")
        .asyncToolFn(ToolDef.make("a", "async"), async () => "A\n")
        .toolFn(ToolDef.make("e", "effect"), () => Effect.succeed("E\n"))
        .toolFn(ToolDef.make("rej", "rejects"), () => Promise.reject(new Error("boom")))
        .toolFn(ToolDef.make("ef", "effect failure"), () => Effect.fail("nope"))
        .toolFn(ToolDef.make("die", "defect"), () => Effect.die("crash"))
        .sanitizeErrors(false)
        .build()
      const result = yield* run(t, "a; e; rej; echo; ef; echo; die; echo rc=$?")
      expect(result.stdout).toBe("A\nE\n\n\nrc=1\n")
      expect(result.stderr).toBe("boomnopebash: die: builtin failed unexpectedly\n")
    })
  )

  it.effect("a tool without exec fails (sanitized)", () =>
    Effect.gen(function* () {
      const t = ScriptedTool.builder("x").tool({ def: ToolDef.make("noexec", "none") }).build()
      expect((yield* run(t, "noexec")).stderr).toBe("noexec: callback failed\n")
    })
  )

  it.effect("callback state persists across executions, the shell does not", () =>
    Effect.gen(function* () {
      let counter = 0
      const t = ScriptedTool.builder("c")
        .toolFn(ToolDef.make("count", "counts"), () => `${++counter}\n`)
        .build()
      expect((yield* run(t, "count; X=1")).stdout).toBe("1\n")
      expect((yield* run(t, "count; echo \"[$X]\"")).stdout).toBe("2\n[]\n")
    })
  )

  it.effect("custom dry-run handler", () =>
    Effect.gen(function* () {
      const t = ScriptedTool.builder("d")
        .toolWithDryRun(getUserDef, () => "real\n", (args) => `would fetch ${args.int("id")}\n`)
        .build()
      expect((yield* run(t, "get_user --id 4 --dry-run")).stdout).toBe("would fetch 4\n")
    })
  )

  it.effect("tools replace kept builtins but not specials, help or discover", () =>
    Effect.gen(function* () {
      const t = ScriptedTool.builder("o")
        .toolFn(ToolDef.make("echo", "mine"), () => "tool-echo\n")
        .toolFn(ToolDef.make("cat", "mine"), (args) => args.stdin ?? "")
        .toolFn(ToolDef.make("eval", "mine"), () => "tool-eval\n")
        .toolFn(ToolDef.make("help", "mine"), () => "tool-help\n")
        .toolFn(ToolDef.make("exec", "mine"), () => "tool-exec\n")
        .build()
      const result = yield* run(t, "echo; cat <<EOF\nheredoc\nEOF\neval 'printf x'; help --list | head -1; exec")
      expect(result.stdout).toBe("tool-echo\nheredoc\nxecho                 mine\n")
      expect(result.stderr).toBe("bash: exec: command not found\n")
    })
  )

  it.effect("duplicate names: last schema parses, first definition validates and runs", () =>
    Effect.gen(function* () {
      const t = ScriptedTool.builder("dup")
        .toolFn(ToolDef.make("d", "first").withSchema({ properties: { n: { type: "integer" } } }), (a) => `first ${JSON.stringify(a.params)}\n`)
        .toolFn(ToolDef.make("d", "second").withSchema({ properties: { n: { type: "string" } } }), () => "second\n")
        .build()
      const result = yield* run(t, "d --n 5; d --help")
      expect(result.stderr).toBe("d: schema error: input.n must be integer\n")
      expect(result.stdout).toBe("d - first\nUsage: d --n <integer>\n")
      expect(t.description()).toBe("Compose tool callbacks through bash scripts: d, d")
    })
  )

  it.effect("the trace records tools, help and discover, not parse errors; taken once", () =>
    Effect.gen(function* () {
      const t = testBuilder().build()
      yield* run(t, "get_user --id 1 >/dev/null; get_user 1; get_user --help >/dev/null; help --list >/dev/null; discover --categories; fail_tool; emit --dry-run")
      expect(t.takeLastExecutionTrace()).toEqual({
        invocations: [
          { name: "get_user", kind: "Tool", args: ["--id", "1"], exitCode: 0 },
          { name: "get_user", kind: "Help", args: ["--help"], exitCode: 0 },
          { name: "help", kind: "Help", args: ["--list"], exitCode: 0 },
          { name: "discover", kind: "Discover", args: ["--categories"], exitCode: 0 },
          { name: "fail_tool", kind: "Tool", args: [], exitCode: 1 },
          { name: "emit", kind: "Tool", args: ["--dry-run"], exitCode: 0 }
        ]
      })
      expect(t.takeLastExecutionTrace()).toBeUndefined()
      yield* run(t, "")
      expect(t.takeLastExecutionTrace()).toEqual({ invocations: [] })
    })
  )

  it.effect("the trace keeps the last 256 entries and truncates args to 1024 bytes", () =>
    Effect.gen(function* () {
      const t = testBuilder().build()
      const emoji = "😀".repeat(400)
      yield* run(t, `for i in $(seq 300); do emit --n $i >/dev/null; done; emit --v ${emoji} >/dev/null`)
      const trace = t.takeLastExecutionTrace()!
      expect(trace.invocations).toHaveLength(256)
      expect(trace.invocations[0]!.args).toEqual(["--n", "46"])
      expect(trace.invocations[255]!.args[1]).toBe("😀".repeat(256))
    })
  )

  it.effect("limits pass through: output cap", () =>
    Effect.gen(function* () {
      const t = testBuilder().limits({ maxOutputBytes: 3 }).build()
      const result = yield* run(t, "emit --text 12345")
      expect(result.stdout).toBe("123")
      expect(result.stdout_truncated).toBe(true)
    })
  )

  it.effect("timeout_ms interrupts a slow callback and aborts its signal", () =>
    Effect.gen(function* () {
      let aborted = false
      const t = ScriptedTool.builder("slow")
        .toolFn(ToolDef.make("slow", "sleeps"), (_args, signal) => {
          signal.addEventListener("abort", () => (aborted = true))
          return new Promise<string>(() => {})
        })
        .build()
      const fiber = yield* Effect.fork(run(t, "slow; echo after", 50))
      yield* TestClock.adjust("100 millis")
      const result = yield* Fiber.join(fiber)
      expect(result).toEqual({ exit_code: 124, stderr: "bashkit: execution timed out after 0.1s\n", stdout: "", error: "timeout" })
      expect(aborted).toBe(true)
    })
  )

  it.effect("empty commands succeed without a shell; execution validates arguments", () =>
    Effect.gen(function* () {
      expect(yield* run(tool, "")).toEqual({ exit_code: 0, stderr: "", stdout: "" })
      const error = yield* Effect.flip(tool.execution({ timeout_ms: 10 }))
      expect(error.message).toBe("`commands` is required")
      const uk = testBuilder().locale("uk-UA").build()
      expect((yield* Effect.flip(uk.execution([]))).message).toBe("аргументи інструмента мають бути JSON-об'єктом")
    })
  )

  it.effect("executeWithStatus: complete always, no output events", () =>
    Effect.gen(function* () {
      const phases: Array<string> = []
      yield* tool.executeWithStatus({ commands: "echo hi" }, (s) => phases.push(s.phase))
      expect(phases).toEqual(["validate", "parse", "execute", "complete"])
    })
  )
})
