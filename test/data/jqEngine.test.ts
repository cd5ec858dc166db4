import { Budget } from "../../src/limits/Budget.js"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { CommandContext } from "../../src/commands/Command.js"
import { jqFullLibraryRetries, runJq } from "../../src/commands/data/jq/JqEngine.js"
import { jqCommand } from "../../src/commands/data/jq/jq.js"
import { defaultLimits } from "../../src/limits/ExecutionLimits.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { bytesInput, collector, defaultEnv, defaultIdentity, runCommand } from "../support/commandHarness.js"

/**
 * The engine's shortcuts (a cut-down builtin library, prefetched input files, synchronous
 * waiting) must not change what jq does. The full library is forced by naming `builtins` in a
 * comment, which the cut-down never reads past.
 */

const files = {
  "/home/user/a.json": '{"a":1,"b":[3,1,2],"s":"Hello, World","n":null,"o":{"x":{"y":2}}}',
  "/home/user/b.json": "[1,2]\n[3]"
}

const programs = [
  ".",
  ".a, .b[1:], .o.x.y",
  "[..] | length",
  ".b | sort, sort_by(-.), group_by(. % 2), unique, min, max, add, any(. > 2), all(. > 0)",
  "to_entries, with_entries(.value |= tostring), (keys | map(ascii_upcase))",
  ".b |= map(. * 2) | .a += 10 | .n //= 5 | .o.x.y -= 1 | .z = [range(3)]",
  "paths, [paths(type == \"number\")], [paths(type == \"string\")], (tostream | tojson)",
  "[limit(2; .b[])], first(.b[]), nth(1; .b[]), [.b[] | select(. > 1)], isempty(empty)",
  ".s | test(\"world\"; \"i\"), [match(\"o\"; \"g\").offset], sub(\"l+\"; \"L\"), gsub(\"o\"; \"0\"), [scan(\"[A-Z]\")], splits(\", \"), ascii_downcase, ltrimstr(\"He\"), explode[0]",
  "@base64 \"b:\\(.b)\", @csv \"\\(.b)\", @sh \"echo \\(.s)\", (.b | @json, @text), @html \"<\\(.s)>\"",
  "try error(\"x\") catch ., (.b as [$h, $t] | $h + $t), (. as {a: $v} ?// [$v] | $v), label $out | 1, break $out",
  "reduce .b[] as $x (0; . + $x), [foreach .b[] as $x (0; . + $x)], [recurse(.o?; . != null)] | length",
  "getpath([\"o\",\"x\"]), (del(.o) | keys), pick(.o.x), walk(if type == \"number\" then . + 1 else . end) | tojson",
  "$__loc__, input_filename, ($ENV | type), env.HOME, ([splits(\"a\")] | length)",
  "[.b[] | tostring | tonumber] | IN(.[]; 1, 2), INDEX(.[]; .), (. as $xs | [JOIN($xs; .)] | length)",
  "[inputs] | length",
  "def f: def g: 3; g * 2; f, (def h(x): x + 1; h(4)), -(.a), (.b | transpose? // \"no\"), ([.b[]] | combinations | tojson)",
  "(now | type), (0 | todate), (\"2015-03-05T23:51:47Z\" | fromdate), (1425599507 | strftime(\"%A\")), ([1,2] | implode? // \"bad\")",
  "getpath([\"a\"]) as $v | {$v, \"k\": (.b | length), (.s): 1} | keys_unsorted",
  "halt_error"
]

const run = (args: ReadonlyArray<string>) => runCommand(jqCommand, args, { files })

describe("jq with a cut-down builtin library", () => {
  for (const program of programs) {
    it(`gives what the full library gives: ${program}`, async () => {
      const before = jqFullLibraryRetries()
      const cut = await run(["-c", program, "a.json", "b.json"])
      expect(jqFullLibraryRetries()).toBe(before)
      const full = await run(["-c", `${program} # builtins`, "a.json", "b.json"])
      expect(cut.stdout).toBe(full.stdout)
      expect(cut.stderr).toBe(full.stderr.replaceAll(" # builtins", ""))
      expect(cut.exitCode).toBe(full.exitCode)
    })
  }

  it("reports an undefined name as jq does, after running again with the full library", async () => {
    const before = jqFullLibraryRetries()
    const result = await run(["-n", "nosuch(1)"])
    expect(result.stderr).toBe("jq: error: nosuch/1 is not defined at <top-level>, line 1, column 1:\n    nosuch(1)\n    ^^^^^^\njq: 1 compile error\n")
    expect(result.exitCode).toBe(3)
    expect(jqFullLibraryRetries()).toBe(before + 1)
  })

  it("falls back to the full library when the cut-down one misses a definition", async () => {
    const stdout = collector()
    const stderr = collector()
    const ctx = contextFor(["-n", "-c", "[1,2] | map(. + 1)"], { stdout, stderr })
    const before = jqFullLibraryRetries()
    // A library without `map`: the first attempt cannot compile the program.
    const status = await Effect.runPromise(runJq(ctx, ctx.args, ctx.env, { library: () => "def select(f): if f then . else empty end;" }))
    expect(new TextDecoder().decode(stdout.bytes())).toBe("[2,3]\n")
    expect(new TextDecoder().decode(stderr.bytes())).toBe("")
    expect(status).toBe(0)
    expect(jqFullLibraryRetries()).toBe(before + 1)
  })

  it("does not hold back a syntax error, nor run it twice", async () => {
    const before = jqFullLibraryRetries()
    const result = await run(["-n", "map(."])
    expect(result.stderr).toContain("jq: error: syntax error")
    expect(result.exitCode).toBe(3)
    expect(jqFullLibraryRetries()).toBe(before)
  })
})

/** A context whose stdout and stderr are recorded together, in the order they were written. */
const contextFor = (
  args: ReadonlyArray<string>,
  overrides: Partial<CommandContext> = {}
): CommandContext => ({
  name: "jq",
  args,
  stdin: bytesInput(new Uint8Array(0)),
  stdout: collector(),
  stderr: collector(),
  env: defaultEnv,
  cwd: "/home/user",
  fs: makeInMemoryFs(files),
  limits: defaultLimits,
  budget: new Budget(overrides.limits ?? defaultLimits),
  identity: defaultIdentity,
  resolvePath: (path) => (path.startsWith("/") ? path : `/home/user/${path}`),
  exec: () => Effect.succeed(127),
  runScript: () => Effect.succeed(127),
  hasCommand: () => false,
  ...overrides
})

/** Sinks recording what stdout (1) and stderr (2) receive, in order, consecutive writes to one joined. */
const interleaved = () => {
  const written: Array<string> = []
  let lastFd = 0
  const sink = (fd: number) => ({
    write: (data: string | Uint8Array) =>
      Effect.sync(() => {
        const text = typeof data === "string" ? data : new TextDecoder().decode(data)
        if (fd === lastFd) written[written.length - 1] += text
        else written.push(`${fd}:${text}`)
        lastFd = fd
      })
  })
  return { written, stdout: sink(1), stderr: sink(2) }
}

describe("jq output order and stderr", () => {
  it("keeps stdout and stderr in the order jq wrote them", async () => {
    const { written, stdout, stderr } = interleaved()
    const ctx = contextFor(["-n", "-c", '1, ("two" | debug | empty), 3, ({} | .a.b |= error("four"))'], { stdout, stderr })
    const status = await Effect.runPromise(runJq(ctx, ctx.args))
    expect(written).toEqual(["1:1\n", '2:["DEBUG:","two"]\n', "1:3\n", "2:jq: error (at <unknown>): four\n"])
    expect(status).toBe(5)
  })

  it("delivers stderr written before a runaway filter is stopped", async () => {
    const stderr = collector()
    const ctx = contextFor(["-n", '"early" | debug | repeat(1) | empty'], { stderr, limits: { ...defaultLimits, timeoutMs: 300 } })
    const outcome = await Effect.runPromise(Effect.either(runJq(ctx, ctx.args)))
    expect(outcome._tag === "Left" && outcome.left._tag).toBe("LimitExceeded")
    expect(new TextDecoder().decode(stderr.bytes())).toBe('["DEBUG:","early"]\n')
  })
})

describe("jq deadline and input files", () => {
  it("stops at the script's deadline", async () => {
    const ctx = contextFor(["-n", "[range(1e9)]"], { limits: { ...defaultLimits, timeoutMs: undefined }, deadline: Date.now() + 300 })
    const outcome = await Effect.runPromise(Effect.either(runJq(ctx, ctx.args)))
    expect(outcome._tag === "Left" && outcome.left._tag).toBe("LimitExceeded")
    expect((await run(["-n", "4"])).stdout).toBe("4\n")
  })

  it("reads input files by relative path, twice, past the prefetch size and as directories", async () => {
    const big = JSON.stringify("y".repeat(300 * 1024))
    const result = await runCommand(jqCommand, ["length", "big.json", "a.json", "a.json"], { files: { ...files, "/home/user/big.json": big } })
    expect(result.stdout).toBe(`${300 * 1024}\n5\n5\n`)
    const dir = await run([".", "/home"])
    expect(dir.stderr).toBe("jq: error: Could not open file /home: Is a directory\n")
    expect(dir.exitCode).toBe(2)
  })

  it("treats operands after --args as arguments, not input files", async () => {
    const result = await run(["-n", "-c", "[$ARGS.positional, input_filename]", "--args", "a.json"])
    expect(result.stdout).toBe('[["a.json"],null]\n')
  })
})
