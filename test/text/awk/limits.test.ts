import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { InputStream } from "../../../src/commands/Command.js"
import { awkCommands } from "../../../src/commands/text/awk/index.js"
import { defaultLimits, LimitExceeded, type ExecutionLimitsShape } from "../../../src/limits/ExecutionLimits.js"
import { runCommand } from "../../support/commandHarness.js"

/** awk on the exec's budget: its limits end the script (a LimitExceeded), its data is on the memory account. */
const awk = awkCommands[0]!

const run = (program: string, limits: Partial<ExecutionLimitsShape>, stdin = "") =>
  runCommand(awk, [program], { stdin, limits: { ...defaultLimits, ...limits } })

const limitOf = (failure: unknown): string | undefined => (failure instanceof LimitExceeded ? failure.limit : undefined)

/** An endless stdin of `line\n`; it fails the test if read more than `maxReads` times. */
const endless = (line: string, maxReads: number) => {
  const chunk = new TextEncoder().encode(`${line}\n`.repeat(Math.ceil(65536 / (line.length + 1))))
  const state = { reads: 0 }
  const stream: InputStream = {
    read: Effect.sync(() => {
      if (++state.reads > maxReads) throw new Error(`endless stdin read ${state.reads} times`)
      return chunk
    }),
    readAll: Effect.sync(() => {
      throw new Error("readAll on an endless stdin")
    })
  }
  return { stream, state }
}

describe("awk's limits end the script", () => {
  it("a runaway loop hits the exec's loop limit", async () => {
    const result = await run("BEGIN { while (1) x++ }", { maxTotalLoopIterations: 100_000 })
    expect(limitOf(result.failure)).toBe("maxTotalLoopIterations")
    expect(result.failure?.message).toBe("awk: maximum total loop iterations exceeded (100000)")
  })

  it.each(["BEGIN { do x++; while (1) }", "BEGIN { for (;;) x++ }", "BEGIN { for (i = 0; ; i++) a[i % 10] = i; }", "BEGIN { a[1]; a[2]; while (1) for (k in a) x++ }", "BEGIN { while (1) print > \"/dev/null\" }"])(
    "%s hits the loop limit",
    async (program) => {
      const result = await run(program, { maxTotalLoopIterations: 50_000 })
      expect(limitOf(result.failure)).toBe("maxTotalLoopIterations")
    }
  )

  it("deep recursion hits the function depth limit", async () => {
    const result = await run("function f(n) { return f(n + 1) } BEGIN { f(1) }", { maxFunctionDepth: 200 })
    expect(limitOf(result.failure)).toBe("maxFunctionDepth")
    expect(result.failure?.message).toBe("awk: maximum function nesting level exceeded (200)")
  })

  it("recursion as deep as gawk's still runs, through loops too", async () => {
    const program = "function w(n,  i) { for (i = 0; i < 1; i++) if (n > 0) w(n - 1); return n } function f(n) { if (n > 0) f(n - 1); return n } BEGIN { print w(990), f(990) }"
    const result = await run(program, {})
    expect(result.stdout).toBe("990 990\n")
  })

  it("a string that doubles itself hits the string limit", async () => {
    const result = await run('BEGIN { s = "ab"; while (1) s = s s }', { maxStringLength: 1 << 20 })
    expect(limitOf(result.failure)).toBe("maxStringLength")
  })

  it.each([
    ['BEGIN { s = "x"; for (i = 0; i < 30; i++) s = sprintf("%s%s", s, s) }'],
    ['BEGIN { s = "x"; for (i = 0; i < 30; i++) gsub(/x/, "xx", s) }'],
    ['BEGIN { $0 = "x"; for (i = 0; i < 30; i++) $0 = $0 $0 }'], ['BEGIN { $0 = "x y"; for (i = 0; i < 30; i++) { $0 = $0 " " $0; $1 = $1 } }']
  ])("%s hits the string limit", async (program) => {
    const result = await run(program, { maxStringLength: 1 << 20 })
    expect(limitOf(result.failure)).toBe("maxStringLength")
  })
})

describe("awk's data is on the memory account", () => {
  const limits = { maxMemoryBytes: 4 << 20, maxTotalLoopIterations: 100_000_000 }

  it("an array that grows without end hits the memory limit", async () => {
    const result = await run("BEGIN { while (1) a[i++] = i }", limits)
    expect(limitOf(result.failure)).toBe("maxMemoryBytes")
  })

  it("long values in an array count by their length", async () => {
    const result = await run('BEGIN { s = "x"; while (length(s) < 100000) s = s s; while (1) a[i++] = s }', limits)
    expect(limitOf(result.failure)).toBe("maxMemoryBytes")
    // A few dozen elements of 100 KB reach 4 MiB.
    expect(result.exitCode).toBe(1)
  })

  it("memory comes back when entries are deleted, arrays cleared, split again or a function's local arrays go", async () => {
    const program = [
      "function fill(  local, i) { for (i = 0; i < 1000; i++) local[i] = i; return length(local) }",
      "BEGIN {",
      "  for (j = 0; j < 300; j++) { for (i = 0; i < 1000; i++) a[i] = i; delete a }",
      "  for (j = 0; j < 300; j++) { for (i = 0; i < 1000; i++) b[i] = i; for (i = 0; i < 1000; i++) delete b[i] }",
      '  for (j = 0; j < 300; j++) n += split(sprintf("%1000s", "") "x y z", c)',
      '  for (k = 0; k < 16; k++) long = long sprintf("%10000s", k)',
      "  for (j = 0; j < 300; j++) total += fill()",
      '  for (j = 0; j < 300; j++) s = long j',
      "  print n, total, length(s)",
      "}"
    ].join("\n")
    const result = await run(program, { maxMemoryBytes: 1 << 20 })
    expect(result.failure).toBeUndefined()
    expect(result.stdout).toBe("900 300000 160003\n")
  })

  it("output held for a pipe until close counts", async () => {
    const result = await run('BEGIN { while (1) print "xxxxxxxxxxxxxxxx" | "cat" }', { maxMemoryBytes: 1 << 20 })
    expect(limitOf(result.failure)).toBe("maxMemoryBytes")
  })

  it("global strings count", async () => {
    const program = 'BEGIN { s = "x"; while (length(s) < 400000) s = s s; a1 = s "1"; a2 = s "2"; a3 = s "3"; a4 = s "4"; a5 = s "5"; a6 = s "6" }'
    const result = await run(program, { maxMemoryBytes: 2 << 20 })
    expect(limitOf(result.failure)).toBe("maxMemoryBytes")
  })
})

describe("awk reads its input as it goes", () => {
  it.each([
    ["{ print; exit }", "y\n"],
    ["NR == 3 { print NR, $0; exit }", "3 y\n"],
    ['NR > 2 { exit } { printf "%s-", $1 } END { print "end" }', "y-y-end\n"],
    ['{ getline line; print line; exit }', "y\n"]
  ])("yes | awk '%s' stops reading", async (program, expected) => {
    const { stream, state } = endless("y", 1000)
    const result = await runCommand(awk, [program], { stdinStream: stream })
    expect(result.stdout).toBe(expected)
    expect(result.exitCode).toBe(0)
    expect(state.reads).toBe(1)
  })

  it.each([
    ['BEGIN { RS = "" } { print; exit }', "y\n"],
    ['BEGIN { RS = "y+" } NR == 2 { print NR; exit }', "y"],
    ['BEGIN { RS = "\\n\\n*" } NR == 5 { print NR; exit }', "y"]
  ])(
    "%s stops reading (paragraph and regex RS)",
    async (program, line) => {
      const { stream, state } = endless(line, 1000)
      const result = await runCommand(awk, [program], { stdinStream: stream, limits: { ...defaultLimits, maxMemoryBytes: 8 << 20 } })
      expect(result.failure).toBeUndefined()
      expect(result.exitCode).toBe(0)
      expect(state.reads).toBe(1)
    }
  )

  it("a record longer than the longest value ends with the string limit", async () => {
    const chunk = new Uint8Array(65536).fill(0x79)
    const stream: InputStream = { read: Effect.succeed(chunk), readAll: Effect.die("readAll") }
    const result = await runCommand(awk, ["{ print length($0) }"], { stdinStream: stream, limits: { ...defaultLimits, maxStringLength: 1_000_000 } })
    expect(limitOf(result.failure)).toBe("maxStringLength")
  })
})
