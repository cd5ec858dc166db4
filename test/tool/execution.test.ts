import { it } from "@effect/vitest"
import { Chunk, Effect, Either, Fiber, Stream } from "effect"
import { describe, expect } from "vitest"
import { BashTool, isUserFacing, serializeToolOutput, ToolError, toolDefaultLimits } from "../../src/tool/index.js"
import { runResult, runStreamed } from "./support.js"

describe("streaming (§1.7)", () => {
  it.effect.each([
    ["for i in 1 2; do echo $i; done", [["stdout", "1\n"], ["stdout", "2\n"]]],
    ["printf 'a\\nb\\n'", [["stdout", "a\nb\n"]]],
    ["echo start; for i in 1 2 3; do echo $i; done; echo end", [["stdout", "start\n"], ["stdout", "1\n"], ["stdout", "2\n"], ["stdout", "3\n"], ["stdout", "end\n"]]],
    ["echo out; echo err >&2; echo out2", [["stdout", "out\n"], ["stderr", "err\n"], ["stdout", "out2\n"]]],
    ["x=$(echo sub); echo $x", [["stdout", "sub\n"]]]
  ] as const)("%s streams its chunks in order", ([commands, expected]) =>
    Effect.gen(function* () {
      const { chunks, output } = yield* runStreamed(BashTool.default(), { commands })
      expect(chunks.map((c) => [c.kind, c.data])).toEqual(expected)
      expect(chunks.every((c) => Object.keys(c).join() === "data,kind")).toBe(true)
      const streamedStdout = chunks.filter((c) => c.kind === "stdout").map((c) => c.data).join("")
      expect(streamedStdout).toBe(output.result.stdout)
    })
  )

  it.effect("a UTF-8 character split across writes arrives whole", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder()
        .builtin("split", {
          run: (ctx) => Effect.as(Effect.zipRight(ctx.stdout.write(new Uint8Array([0x63, 0x61, 0x66, 0xc3])), ctx.stdout.write(new Uint8Array([0xa9, 0x0a]))), 0)
        })
        .build()
      const { chunks, output } = yield* runStreamed(tool, { commands: "split" })
      expect(chunks.map((c) => c.data).join("")).toBe("café\n")
      expect(chunks.some((c) => c.data.includes("\uFFFD"))).toBe(false)
      expect(output.result.stdout).toBe("café\n")
    })
  )

  it.effect("a second outputStream() replaces the first, which ends without chunks", () =>
    Effect.gen(function* () {
      const execution = yield* BashTool.default().execution({ commands: "echo hi" })
      const first = execution.outputStream()
      const second = execution.outputStream()
      yield* execution.execute()
      expect(Chunk.toReadonlyArray(yield* Stream.runCollect(first))).toEqual([])
      expect(Chunk.toReadonlyArray(yield* Stream.runCollect(second))).toEqual([{ data: "hi\n", kind: "stdout" }])
    })
  )

  it.effect("outputStream() after execute() is empty; without a stream the run still completes", () =>
    Effect.gen(function* () {
      const execution = yield* BashTool.default().execution({ commands: "echo hi" })
      const output = yield* execution.execute()
      expect(output.result.stdout).toBe("hi\n")
      expect(Chunk.toReadonlyArray(yield* Stream.runCollect(execution.outputStream()))).toEqual([])
    })
  )
})

describe("single use and ToolOutput (§1.7, §1.9)", () => {
  it.effect("a second execute() fails with Internal, in English even for uk", () =>
    Effect.gen(function* () {
      const execution = yield* BashTool.builder().locale("uk-UA").build().execution({ commands: "echo once" })
      const first = yield* execution.execute()
      expect(first.result.stdout).toBe("once\n")
      const error = yield* Effect.flip(execution.execute())
      expect(error).toEqual(ToolError.Internal("tool execution may only be run once"))
      expect(isUserFacing(error)).toBe(false)
    })
  )

  it.effect("ToolOutput: result, no images, metadata with duration_ms and extra.exit_code only", () =>
    Effect.gen(function* () {
      const { output } = yield* runStreamed(BashTool.default(), { commands: "echo hello; exit 3" })
      expect(output.result).toEqual({ exit_code: 3, stderr: "", stdout: "hello\n" })
      expect(JSON.stringify(output.result)).toBe('{"exit_code":3,"stderr":"","stdout":"hello\\n"}')
      expect(output.images).toEqual([])
      expect(output.metadata.extra).toEqual({ exit_code: 3 })
      expect(Number.isInteger(output.metadata.duration_ms)).toBe(true)
      // The test clock does not move, so the duration is exactly 0 here.
      expect(Either.getOrThrow(serializeToolOutput(output))).toBe(
        '{"metadata":{"duration_ms":0,"extra":{"exit_code":3}},"result":{"exit_code":3,"stderr":"","stdout":"hello\\n"}}'
      )
    })
  )

  it.effect("an exactly empty script succeeds without building a shell; whitespace goes to the interpreter", () =>
    Effect.gen(function* () {
      let shells = 0
      const tool = BashTool.builder()
        .configure((options) => {
          shells++
          return options
        })
        .build()
      expect(yield* runResult(tool, { commands: "" })).toEqual({ exit_code: 0, stderr: "", stdout: "" })
      expect(shells).toBe(0)
      expect(yield* runResult(tool, { commands: "  \n" })).toEqual({ exit_code: 0, stderr: "", stdout: "" })
      expect(shells).toBe(1)
    })
  )

  it.effect("script failures are results, not ToolErrors", () =>
    Effect.gen(function* () {
      const result = yield* runResult(BashTool.default(), { commands: "cat /nope" })
      expect(result).toEqual({ exit_code: 1, stderr: "cat: /nope: No such file or directory\n", stdout: "" })
    })
  )
})

describe("interpreter errors (§1.7 step 5)", () => {
  it.effect.each([
    ["a parse error", {}, "echo before\nif true; then fi", "parse_error", /^parse error at line 2, column \d+: /],
    ["the command limit", { maxCommands: 5 }, "echo 1; echo 2; echo 3; echo 4; echo 5; echo 6", "resource_limit", /^resource limit exceeded: maximum command count exceeded \(5\)$/],
    ["the loop limit", { maxLoopIterations: 3 }, "for i in 1 2 3 4 5; do echo $i; done", "resource_limit", /^resource limit exceeded: maximum loop iterations exceeded \(3\)$/]
  ] as const)("%s: exit 1, the error kind, display text as stderr, partial stdout dropped", ([, limits, commands, kind, stderr]) =>
    Effect.gen(function* () {
      const { output, chunks } = yield* runStreamed(BashTool.builder().limits(limits).build(), { commands })
      expect(output.result.exit_code).toBe(1)
      expect(output.result.error).toBe(kind)
      expect(output.result.stdout).toBe("")
      expect(output.result.stderr).toMatch(stderr)
      expect(output.metadata.extra.exit_code).toBe(1)
      expect(Object.keys(output.result)).toEqual(["error", "exit_code", "stderr", "stdout"])
      // Streamed chunks stay delivered (the stream is informational).
      if (kind === "resource_limit") expect(chunks[0]).toEqual({ data: "1\n", kind: "stdout" })
    })
  )

  it.effect("output beyond the cap is dropped and flagged; the exit code is kept", () =>
    Effect.gen(function* () {
      const tool = BashTool.builder().limits({ maxOutputBytes: 10 }).build()
      const result = yield* runResult(tool, { commands: "printf '%020d' 0; echo tail; exit 4" })
      expect(result).toEqual({ exit_code: 4, stderr: "", stdout: "0000000000", stdout_truncated: true })
      expect(JSON.stringify(result)).toBe('{"exit_code":4,"stderr":"","stdout":"0000000000","stdout_truncated":true}')
      const both = yield* runResult(tool, { commands: "printf '%020d' 0 >&2" })
      expect(both).toEqual({ exit_code: 0, stderr: "0000000000", stderr_truncated: true, stdout: "" })
    })
  )

  it.effect("the tool's default command limit is the reference's (10000), not the plain shell's", () =>
    Effect.gen(function* () {
      expect(toolDefaultLimits).toMatchObject({
        maxCommands: 10_000,
        maxLoopIterations: 10_000,
        maxFunctionDepth: 100,
        timeoutMs: 30_000,
        maxOutputBytes: 1024 * 1024
      })
      const result = yield* runResult(BashTool.default(), { commands: "while :; do :; done" })
      expect(result.error).toBe("resource_limit")
      expect(result.stderr).toBe("resource limit exceeded: maximum command count exceeded (10000)")
    }),
    30_000
  )
})

describe("timeouts (§1.7 step 6)", () => {
  it.live.each([
    [250, "0.2"],
    [100, "0.1"]
  ])("timeout_ms %d: exit 124, error timeout, %ss in the message, partial output dropped", ([ms, secs]) =>
    Effect.gen(function* () {
      const { output, chunks } = yield* runStreamed(BashTool.default(), { commands: "echo early; sleep 30; echo late", timeout_ms: ms })
      expect(output.result).toEqual({ error: "timeout", exit_code: 124, stderr: `bashkit: execution timed out after ${secs}s\n`, stdout: "" })
      expect(output.metadata.extra.exit_code).toBe(124)
      expect(chunks).toEqual([{ data: "early\n", kind: "stdout" }])
    })
  )

  it.live("the limits' own timeout reports the same way", () =>
    Effect.gen(function* () {
      const result = yield* runResult(BashTool.builder().limits({ timeoutMs: 100 }).build(), { commands: "sleep 30" })
      expect(result).toEqual({ error: "timeout", exit_code: 124, stderr: "bashkit: execution timed out after 0.1s\n", stdout: "" })
    })
  )

  it.live("timeout_ms null means no per-call timeout", () =>
    Effect.gen(function* () {
      const result = yield* runResult(BashTool.default(), { commands: "sleep 0.01; echo done", timeout_ms: null })
      expect(result).toEqual({ exit_code: 0, stderr: "", stdout: "done\n" })
    })
  )
})

describe("cancellation", () => {
  it.live("interrupting execute() stops the script and ends the output stream", () =>
    Effect.gen(function* () {
      const execution = yield* BashTool.default().execution({ commands: "echo first; sleep 30; echo never" })
      const stream = execution.outputStream()
      const running = yield* Effect.fork(execution.execute())
      const firstChunk = yield* Stream.runHead(stream)
      expect(firstChunk._tag === "Some" && firstChunk.value.data).toBe("first\n")
      yield* Fiber.interrupt(running)
      expect(Chunk.toReadonlyArray(yield* Stream.runCollect(stream))).toEqual([])
    })
  )
})

describe("help advertises only what the sandbox has", () => {
  it.effect("every default builtin named in help resolves with `type`", () =>
    Effect.gen(function* () {
      const help = BashTool.default().help()
      const list = /^- Builtins available by default: `([^`]+)`$/m.exec(help)?.[1]?.split(" ") ?? []
      expect(list.length).toBeGreaterThan(50)
      const quoted = list.map((name) => `'${name}'`).join(" ")
      const result = yield* runResult(BashTool.default(), { commands: `for c in ${quoted}; do type -t "$c" >/dev/null || echo "missing $c"; done` })
      expect(result).toEqual({ exit_code: 0, stderr: "", stdout: "" })
    })
  )
})
