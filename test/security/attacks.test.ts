import { Effect } from "effect"
import { existsSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { Bash } from "../../src/index.js"

/**
 * Hostile scripts and their expected safe outcome: the host keeps running, answers in time,
 * keeps its memory, and nothing outside the sandbox is touched. Limits are set low so each
 * attack ends quickly; the assertions name the limit that must stop it.
 */

const LIMIT_STATUS = 126

const run = (script: string, limits: ConstructorParameters<typeof Bash>[0] = {}) =>
  new Bash({ limits: { timeoutMs: 5000, ...limits?.limits }, ...(limits?.profile !== undefined ? { profile: limits.profile } : {}) }).exec(script)

describe("resource exhaustion", () => {
  it("a fork bomb hits the concurrent-process limit", async () => {
    // Each stage waits for its own pipeline, so the processes alive double with every level.
    const result = await run("f(){ f|f; }; f", { limits: { maxConcurrentProcesses: 50 } })
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("too many concurrent processes (limit 50)")
  })

  it("a backgrounded fork bomb ends with the script: the limit, or its orphans reaped", async () => {
    // `f|f&` detaches each level: whether the limit is hit before the script's last command ends
    // is a race (bash leaves the bomb running); either way nothing of it outlives the exec.
    const result = await run("f(){ f|f& }; f", { limits: { maxConcurrentProcesses: 50 } })
    expect([0, LIMIT_STATUS]).toContain(result.exitCode)
    if (result.exitCode === LIMIT_STATUS) expect(result.stderr).toContain("too many concurrent processes (limit 50)")
    const before = process.cpuUsage()
    await new Promise((resolve) => setTimeout(resolve, 200))
    const spent = process.cpuUsage(before)
    // Orphans still forking would burn the CPU; an idle process spends a few ms.
    expect((spent.user + spent.system) / 1000).toBeLessThan(100)
  })

  it("an infinite loop ends at the loop limit", async () => {
    const result = await run("while true; do :; done", { limits: { maxLoopIterations: 5000 } })
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("maximum loop iterations exceeded (5000)")
  })

  it("an infinite loop ends at the timeout when the loop limit is high", async () => {
    const result = await run("while true; do :; done", { limits: { timeoutMs: 300, maxLoopIterations: 1e9, maxTotalLoopIterations: 1e9, maxCommands: 1e9 } })
    expect(result.exitCode).toBe(124)
    expect(result.stderr).toContain("timed out")
  })

  it("unbounded recursion ends at the function depth limit", async () => {
    const result = await run("f(){ f; }; f", { limits: { maxFunctionDepth: 200 } })
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("maximum function nesting level exceeded (200)")
  })

  it("recursive command substitution ends at the subshell depth limit", async () => {
    const result = await run("s(){ echo $(s); }; s", { limits: { maxSubshellDepth: 20 } })
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("maximum subshell depth exceeded (20)")
  })

  it("a huge brace expansion is refused before it is built", async () => {
    const result = await run("echo {1..99999999} | wc -c")
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("brace expansion: too many words")
  })

  it("a huge printf width is refused", async () => {
    const result = await run("printf '%*s' 999999999 | wc -c; echo after")
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stdout).not.toContain("after")
  })

  it("doubling a string ends at the string-length limit", async () => {
    const result = await run("x=a; while true; do x=$x$x; done", { limits: { maxStringLength: 1 << 20 } })
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("maximum string length exceeded")
  })

  it("too many commands end at the command limit", async () => {
    const result = await run("for i in $(seq 1 100000); do echo $i; done > /dev/null", { limits: { maxCommands: 1000 } })
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("maximum command count exceeded (1000)")
  })

  it("endless output is truncated at the output cap, not buffered", async () => {
    const result = await run("yes | head -c 5000000", { limits: { maxOutputBytes: 1000 } })
    expect(result.stdout.length).toBe(1000)
  })

  it("yes into head returns at once", async () => {
    const result = await run("yes | head -n 2")
    expect(result).toMatchObject({ stdout: "y\ny\n", exitCode: 0 })
  })

  it("a huge here-document in a script larger than the input limit is refused", async () => {
    const body = "x".repeat(2_000_000)
    const result = await run(`cat <<EOF\n${body}\nEOF`, { limits: { maxInputBytes: 1_000_000 } })
    expect(result.exitCode).not.toBe(0)
    expect(result.stdout).toBe("")
  })

  it("a never-ending here-document ends at end of input, as in bash, not a hang", async () => {
    const result = await run("cat <<EOF\nline\n")
    expect(result.stdout).toBe("line\n")
  })

  it("deeply nested parentheses are a parse error", async () => {
    const result = await run("(".repeat(100_000))
    expect(result.exitCode).toBe(2)
  })

  it("the hardened profile applies stricter limits", async () => {
    const result = await new Bash({ profile: "hardened" }).exec("i=0; while true; do i=$((i+1)); done")
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("(2500)")
  })

  it("an AbortSignal stops a running script", async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const result = await new Bash().exec("while true; do sleep 0.01; done", { signal: controller.signal })
    expect(result.exitCode).toBe(130)
  })
})

describe("sandbox escape", () => {
  it("files written by the script never reach the host", async () => {
    const canary = `/tmp/bashkit-escape-canary-${process.pid}`
    const result = await run(`echo owned > ${canary}; cat ${canary}`)
    expect(result.stdout).toBe("owned\n")
    expect(existsSync(canary)).toBe(false)
  })

  it("host files are not visible", async () => {
    const result = await run("cat /etc/shadow; ls /proc/self 2>&1; cat /work/shared/docs/DESIGN.md")
    expect(result.stdout).not.toContain("bashkit-effect: design")
    expect(result.exitCode).not.toBe(0)
  })

  it(".. cannot climb above the root", async () => {
    const result = await run("cd /../../../..; pwd; ls")
    expect(result.stdout.split("\n")[0]).toBe("/")
  })

  it("host programs cannot be started; sh and bash are the sandbox's own shell", async () => {
    const canary = `/tmp/bashkit-process-canary-${process.pid}`
    const result = await run(`node -e 'require("fs").writeFileSync("${canary}", "x")'; echo "node:$?"; /bin/sh -c 'echo inner > ${canary}'; cat ${canary}`)
    expect(result.stdout).toBe("node:127\ninner\n")
    expect(existsSync(canary)).toBe(false)
  })
})

describe("more hostile input", () => {
  it("yes into a file stops at the filesystem limit", async () => {
    const result = await run("yes > /tmp/flood; echo after", { limits: { maxFileBytes: 1_000_000, maxTotalBytes: 2_000_000 } })
    expect(result.exitCode).toBe(LIMIT_STATUS)
    expect(result.stderr).toContain("No space left on device")
    expect(result.stdout).toBe("")
  })

  it("yes into /dev/null stops at the timeout", async () => {
    const result = await run("yes > /dev/null", { limits: { timeoutMs: 300 } })
    expect(result.exitCode).toBe(124)
  })

  it("/dev/zero is an endless stream: readers that stop end, readers that do not meet the timeout", async () => {
    const result = await run("head -c 1000 /dev/zero | wc -c; cat /dev/zero | head -c 10000000 | wc -c; cat /dev/zero | wc -c; echo after", { limits: { timeoutMs: 1500 } })
    expect(result.stdout).toBe("1000\n10000000\n")
    expect(result.exitCode).toBe(124)
  })

  it("JavaScript prototype names are ordinary keys and variables", async () => {
    const result = await run(
      "declare -A m; m[__proto__]=x; m[constructor]=y; m[toString]=z; echo ${#m[@]} ${m[__proto__]}; __proto__=1; constructor=2; hasOwnProperty=3; echo $__proto__ $constructor $hasOwnProperty; echo ${m[valueOf]:-unset}"
    )
    expect(result.stdout).toBe("3 x\n1 2 3\nunset\n")
    expect(({} as Record<string, unknown>)["x"]).toBeUndefined()
  })

  it("pathological regexes finish in grep, sed, awk and [[ =~ ]]", async () => {
    const as = "a".repeat(30)
    const result = await run(
      `s=${as}; echo $s | grep -cE '(a*)*b'; echo $s | sed -E 's/(a*)*b/X/' | wc -c; echo $s | awk '/(a*)*b/ {n++} END {print n+0}'; [[ $s =~ (a*)*b ]]; echo $?`
    )
    expect(result.stdout).toBe("0\n31\n0\n1\n")
  })

  it("NUL bytes and invalid UTF-8 pass through pipes and files byte for byte", async () => {
    const bash = new Bash()
    await bash.exec("printf 'a\\0b\\xff\\xfe\\n' > /tmp/bin; cat /tmp/bin | cat > /tmp/copy")
    const original = await Effect.runPromise(bash.fs.readFile("/tmp/bin"))
    const copy = await Effect.runPromise(bash.fs.readFile("/tmp/copy"))
    expect([...original]).toEqual([0x61, 0, 0x62, 0xff, 0xfe, 0x0a])
    expect([...copy]).toEqual([...original])
  })

  it("the host's environment does not leak into env or set", async () => {
    const secret = "bashkit-secret-value-123"
    process.env["BASHKIT_TEST_SECRET"] = secret
    try {
      const result = await run("env; set; declare -p")
      expect(result.stdout).not.toContain(secret)
      expect(result.stdout).not.toContain("BASHKIT_TEST_SECRET")
    } finally {
      delete process.env["BASHKIT_TEST_SECRET"]
    }
  })

  it("memory held by the host is released after a hostile run", async () => {
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < 3; i++) await run("x=a; while true; do x=$x$x; done", { limits: { maxStringLength: 1 << 22 } })
    globalThis.gc?.()
    const after = process.memoryUsage().heapUsed
    expect(after - before).toBeLessThan(200 * 1024 * 1024)
  })
})
