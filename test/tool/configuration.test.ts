import { it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { describe, expect } from "vitest"
import { InMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { BashTool, ToolError, type Tool } from "../../src/tool/index.js"
import { runResult } from "./support.js"

const stdoutOf = (tool: Tool, commands: string) => Effect.map(runResult(tool, { commands }), (r) => r.stdout)

describe("builder options reach the shell (§1.2)", () => {
  it.effect("defaults: user sandbox with a home, host bashkit-sandbox, cwd /home/user", () =>
    Effect.gen(function* () {
      const out = yield* stdoutOf(BashTool.default(), 'whoami; echo "$USER $HOME"; test -d "$HOME" && echo home-exists; pwd; hostname; echo $HOSTNAME')
      expect(out).toBe("sandbox\nsandbox /home/sandbox\nhome-exists\n/home/user\nbashkit-sandbox\nbashkit-sandbox\n")
    })
  )

  it.effect("username, hostname and cwd", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder().username("agent").hostname("box").cwd("/work/project").build()
      const out = yield* stdoutOf(tool, 'whoami; echo $HOME; test -d /home/agent && echo ok; hostname; uname -n; pwd')
      expect(out).toBe("agent\n/home/agent\nok\nbox\nbox\n/work/project\n")
    })
  )

  it.effect("env: exported, a repeated key takes the last value", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder().env("A", "1").env("B", "2").env("A", "3").build()
      expect(yield* stdoutOf(tool, 'echo "$A $B"; printenv B')).toBe("3 2\n2\n")
    })
  )

  it.effect("files seed the in-memory filesystem; a vfs layer is built anew per execution and seeded too", () =>
    Effect.gen(function* () {
      const withFiles = BashTool.builder().files({ "/data/in.txt": "hello\n" }).files({ "/data/b.bin": new Uint8Array([0x41, 0x0a]) }).build()
      expect(yield* stdoutOf(withFiles, "cat /data/in.txt /data/b.bin")).toBe("hello\nA\n")
      const withLayer = BashTool.builder()
        .vfs(InMemoryFs.layer({ "/layer/x.txt": "from layer\n" }))
        .files({ "/seed/y.txt": { content: "seeded\n", mode: 0o600 } })
        .build()
      expect(yield* stdoutOf(withLayer, "cat /layer/x.txt /seed/y.txt; stat -c %a /seed/y.txt; echo new > /layer/new")).toBe("from layer\nseeded\n600\n")
      expect((yield* runResult(withLayer, { commands: "cat /layer/new" })).exit_code).toBe(1)
    })
  )

  it.effect("each execution gets a fresh shell: variables, functions and files do not persist", () =>
    Effect.gen(function* () {
      const tool = BashTool.default()
      yield* stdoutOf(tool, "x=1; f() { echo f; }; echo data > /tmp/kept")
      expect(yield* stdoutOf(tool, 'echo "${x:-unset}"; type f >/dev/null 2>&1 || echo no-f; test -e /tmp/kept || echo no-file')).toBe("unset\nno-f\nno-file\n")
    })
  )

  it.effect("configure runs after every setter and may override them", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder()
        .username("agent")
        .env("MODE", "builder")
        .configure((options) => ({ ...options, env: { ...options.env, MODE: "configured" }, identity: { ...options.identity, user: "ops" } }))
        .build()
      expect(yield* stdoutOf(tool, "echo $MODE; whoami")).toBe("configured\nops\n")
    })
  )

  it.effect("profiles set a baseline; explicit limits override it field by field", () =>
    Effect.gen(function* () {
      const hardened = BashTool.builder().profile("hardened").build()
      const loop = "for i in $(seq 1 3000); do :; done; echo done"
      expect((yield* runResult(hardened, { commands: loop })).error).toBe("resource_limit")
      const relaxed = BashTool.builder().profile("hardened").limits({ maxCommands: 10_000, maxLoopIterations: 10_000 }).build()
      expect(yield* stdoutOf(relaxed, loop)).toBe("done\n")
    })
  )
})

describe("custom builtins (§1.2)", () => {
  it.effect("a facade-style command gets args, stdin and the sandbox", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder()
        .builtin("greet", (args, ctx) => ({ stdout: `hi ${args.join(",")} [${ctx.stdin.trim()}]\n`, exitCode: 2 }))
        .builtin("slurp", async (args, ctx) => `${await ctx.fs.readFile(args[0] ?? "")}`)
        .build()
      const result = yield* runResult(tool, { commands: "echo in | greet a b; echo $?; echo text > f.txt; slurp f.txt" })
      expect(result.stdout).toBe("hi a,b [in]\n2\ntext\n")
    })
  )

  it.effect("a thrown error reaches the model sanitized, `name: callback failed`, status 1 (as ScriptedTool's)", () =>
    Effect.gen(function* () {
      const boom = () => {
        throw new Error("it broke: /srv/secret/path")
      }
      const tool = BashTool.builder().builtin("boom", boom).build()
      expect(yield* runResult(tool, { commands: "boom; echo $?" })).toEqual({ exit_code: 0, stderr: "boom: callback failed\n", stdout: "1\n" })
      const effectTool = BashTool.builder()
        .builtin("fx", { run: () => Effect.die(new Error("internal detail")) })
        .build()
      expect(yield* runResult(effectTool, { commands: "fx; echo $?" })).toEqual({ exit_code: 0, stderr: "fx: callback failed\n", stdout: "1\n" })
    })
  )

  it.effect("with sanitizeErrors(false) a thrown error becomes `name: message`", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder()
        .sanitizeErrors(false)
        .builtin("boom", () => {
          throw new Error("it broke")
        })
        .build()
      expect(yield* runResult(tool, { commands: "boom; echo $?" })).toEqual({ exit_code: 0, stderr: "boom: it broke\n", stdout: "1\n" })
    })
  )

  it.effect("an Effect-based command runs with the full CommandContext", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder()
        .builtin("cwd-of", { run: (ctx) => Effect.as(ctx.stdout.write(`${ctx.name} ${ctx.cwd} ${ctx.args.length}\n`), 0) })
        .build()
      expect(yield* stdoutOf(tool, "cwd-of x y")).toBe("cwd-of /home/user 2\n")
    })
  )

  it.effect("the last registration of a name runs (builtin then extension)", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder()
        .builtin("dup", () => "first\n")
        .extension({ name: "ext", builtins: [{ name: "dup", command: () => "second\n", hint: "dup prints a word." }] })
        .build()
      expect(yield* stdoutOf(tool, "dup")).toBe("second\n")
      expect(tool.systemPrompt()).toContain(" dup prints a word. ")
    })
  )

  it.effect("a custom command overrides a default one of the same name", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder().builtin("cat", () => "custom cat\n").build()
      expect(yield* stdoutOf(tool, "cat /etc/passwd")).toBe("custom cat\n")
    })
  )
})

describe("service forms (§1.8)", () => {
  it.effect("buildService returns only result; bad arguments fail with the UserFacing error", () =>
    Effect.gen(function* () {
      const service = BashTool.builder().buildService()
      expect(yield* service({ commands: "echo hello" })).toEqual({ exit_code: 0, stderr: "", stdout: "hello\n" })
      const error = yield* Effect.flip(service({ timeout_ms: 10 }))
      expect(error).toEqual(ToolError.UserFacing("`commands` is required"))
    })
  )

  it.effect("concurrent calls are independent", () =>
    Effect.gen(function* () {
      const service = BashTool.builder().buildService()
      const results = yield* Effect.all(
        [1, 2, 3, 4].map((n) => service({ commands: `x=${n}; echo $x > /tmp/n; cat /tmp/n` })),
        { concurrency: "unbounded" }
      )
      expect(results.map((r) => r.stdout)).toEqual(["1\n", "2\n", "3\n", "4\n"])
    })
  )

  it("the Promise service resolves with result and rejects with the ToolError", async () => {
    const service = BashTool.builder().locale("uk").buildPromiseService()
    expect(await service({ commands: "echo hello" })).toEqual({ exit_code: 0, stderr: "", stdout: "hello\n" })
    const rejection = await service(42).then(
      () => undefined,
      (e: unknown) => e
    )
    expect(ToolError.isToolError(rejection)).toBe(true)
    expect(rejection).toEqual(ToolError.UserFacing("аргументи інструмента мають бути JSON-об'єктом"))
  })
})

describe("legacy helpers (§1.7)", () => {
  it.effect("execute(request) returns the result, skipping validation", () =>
    Effect.gen(function* () {
      const tool = BashTool.default()
      expect(yield* tool.execute({ commands: "echo legacy" })).toEqual({ exit_code: 0, stderr: "", stdout: "legacy\n" })
      expect(yield* tool.execute({ commands: "" })).toEqual({ exit_code: 0, stderr: "", stdout: "" })
    })
  )

  it.effect("executeWithStatus: validate, parse, execute, one output event per chunk, complete", () =>
    Effect.gen(function* () {
      const events: Array<unknown> = []
      const result = yield* BashTool.default().executeWithStatus({ commands: "echo a; echo b >&2" }, (s) => events.push(s))
      expect(result.stdout).toBe("a\n")
      expect(events).toEqual([
        { percent_complete: 0, phase: "validate" },
        { percent_complete: 10, phase: "parse" },
        { percent_complete: 20, phase: "execute" },
        { output: "a\n", phase: "output", stream: "stdout" },
        { output: "b\n", phase: "output", stream: "stderr" },
        { percent_complete: 100, phase: "complete" }
      ])
      expect(JSON.stringify(events[3])).toBe('{"output":"a\\n","phase":"output","stream":"stdout"}')
    })
  )

  it.effect("executeWithStatus on an empty script: validate then complete", () =>
    Effect.gen(function* () {
      const events: Array<unknown> = []
      yield* BashTool.default().executeWithStatus({ commands: "" }, (s) => events.push(s))
      expect(events).toEqual([
        { percent_complete: 0, phase: "validate" },
        { percent_complete: 100, phase: "complete" }
      ])
    })
  )

  it.live("executeWithStatus emits no complete after a timeout", () =>
    Effect.gen(function* () {
      const events: Array<{ phase: string }> = []
      const result = yield* BashTool.default().executeWithStatus({ commands: "sleep 30", timeout_ms: 50 }, (s) => events.push(s))
      expect(result.exit_code).toBe(124)
      expect(events.map((e) => e.phase)).toEqual(["validate", "parse", "execute"])
    })
  )
})

describe("serialization of errors", () => {
  it("validation errors are Either-shaped for synchronous callers too", () => {
    const outcome = Effect.runSync(Effect.either(BashTool.default().execution([])))
    expect(Either.isLeft(outcome) && outcome.left._tag).toBe("UserFacing")
  })
})
