import { describe, expect, it } from "vitest"
import { runIsolated, wasKilled, type IsolatedJob } from "../support/isolated.js"

/**
 * Filters stream (issue 17, items 4 and 7): fed an endless input, a command that needs only
 * the start of it answers at once; one that needs all of it meets a limit (memory, string
 * length, the timeout) and ends the script as bash's own limits would. Every case runs in a
 * child process with an outer kill, so a filter that buffers fails the test instead of hanging.
 */

const y76 = "eQp5CnkK".repeat(9) + "eQp5"

/** Ends by itself at once, with this output and status 0. */
const streaming: ReadonlyArray<readonly [script: string, stdout: string]> = [
  ["yes | grep -m1 y", "y\n"],
  ["yes | grep -m1 -A1 y", "y\ny\n"],
  ["yes | grep -q y; echo $?", "0\n"],
  ["yes | grep -l y", "(standard input)\n"],
  ["yes | grep -n y | head -2", "1:y\n2:y\n"],
  ["yes | tr y z | head -1", "z\n"],
  ["yes | cut -c1 | head -1", "y\n"],
  ["yes a:b | cut -d: -f2 | head -1", "b\n"],
  ["yes | head -n 2", "y\ny\n"],
  ["yes | head -c 100000000000 | head -c 5", "y\ny\ny"],
  ["yes | tail -n +2 | head -1", "y\n"],
  ["yes | tail -c +3 | head -c 3", "y\ny"],
  ["yes $'a\\nb' | uniq | head -3", "a\nb\na\n"],
  ["yes | nl | head -1", "     1\ty\n"],
  ["yes | fold -w 1 | head -2", "y\ny\n"],
  ["yes | paste - - | head -1", "y\ty\n"],
  ["yes | paste -d, - /dev/null | head -1", "y,\n"],
  ["yes | rev | head -1", "y\n"],
  ["yes ab | expand | head -1", "ab\n"],
  ["yes abcd | strings | head -1", "abcd\n"],
  ["yes | tee /dev/null | head -1", "y\n"],
  ["yes | cat | head -1", "y\n"],
  ["yes | base64 | head -1", `${y76}\n`],
  ["yes | dd bs=4 count=1 status=none", "y\ny\n"],
  ["cat /dev/zero | head -c 3 | wc -c", "3\n"],
  ["head -c 3 < /dev/zero | wc -c", "3\n"],
  ["tr '\\0' a < /dev/zero | head -c 3", "aaa"],
  ["head -c 5 /dev/zero | od -An -c", "  \\0  \\0  \\0  \\0  \\0\n"],
  ["head -c 10 /dev/urandom | wc -c", "10\n"],
  ["base64 /dev/urandom | head -c 4 | wc -c", "4\n"],
  ["dd if=/dev/zero bs=1M count=5 status=none | wc -c", "5242880\n"],
  ["cat /dev/zero | head -c 10000000 | wc -c", "10000000\n"],
  ["xxd -l 16 /dev/zero", "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n"],
  ["yes | xxd | head -1", "00000000: 790a 790a 790a 790a 790a 790a 790a 790a  y.y.y.y.y.y.y.y.\n"],
  ["yes | xxd -p | head -1", `${"790a".repeat(15)}\n`],
  ["od -v /dev/zero | head -1", `0000000${" 000000".repeat(8)}\n`],
  ["od -v -N 4 -tx1 /dev/urandom | wc -l", "2\n"],
  ["hexdump -v -C /dev/zero | head -1", `00000000  ${"00 ".repeat(8)} ${"00 ".repeat(8)} |................|\n`]
]

const job = (script: string, limits: Record<string, number> = {}): IsolatedJob => ({
  id: script,
  script,
  options: { limits: { timeoutMs: 2000, ...limits } }
})

describe("streaming filters end at once on endless input", () => {
  it("yes | cmd | head and endless devices", async () => {
    const results = await runIsolated(streaming.map(([script]) => job(script)), { killAfterMs: 15_000 })
    const seen = results.map((r) => (wasKilled(r) ? { killed: r.killed } : { stdout: r.stdout, exitCode: r.exitCode, stderr: r.stderr }))
    expect(seen).toEqual(streaming.map(([, stdout]) => ({ stdout, exitCode: 0, stderr: "" })))
  }, 180_000)
})

/** Never ends by itself: stopped by a limit, with bash's status and message. */
const stopped: ReadonlyArray<readonly [script: string, status: number, message: string, limits?: Record<string, number>]> = [
  ["yes | sort", 126, "memory limit exceeded", { maxMemoryBytes: 16 * 1024 * 1024 }],
  ["yes | tac", 126, "memory limit exceeded", { maxMemoryBytes: 16 * 1024 * 1024 }],
  ["cat /dev/zero | sort", 126, "memory limit exceeded", { maxMemoryBytes: 16 * 1024 * 1024 }],
  ["tac /dev/zero", 126, "memory limit exceeded", { maxMemoryBytes: 16 * 1024 * 1024 }],
  ["cat /dev/zero | sed p", 126, "memory limit exceeded", { maxMemoryBytes: 16 * 1024 * 1024 }],
  ["grep x /dev/zero", 126, "maximum string length exceeded", { maxStringLength: 1024 * 1024 }],
  ["cut -c1 < /dev/zero", 126, "maximum string length exceeded", { maxStringLength: 1024 * 1024 }],
  ["cat /dev/zero | wc -c", 124, "execution timed out"],
  ["yes > /dev/null", 124, "execution timed out"],
  ["yes | tail -n 1", 124, "execution timed out"],
  ["tail -c 10 /dev/zero", 124, "execution timed out"],
  ["yes | grep -c y", 124, "execution timed out"],
  ["yes | uniq -c", 124, "execution timed out"],
  ["od /dev/zero", 124, "execution timed out"],
  ["hexdump -C /dev/urandom > /dev/null", 124, "execution timed out"]
]

describe("filters that must read everything meet a limit", () => {
  it("end with 126 (memory, string length) or 124 (timeout), and nothing runs after", async () => {
    const results = await runIsolated(
      stopped.map(([script, , , limits]) => job(`${script}; echo after`, limits)),
      { killAfterMs: 15_000 }
    )
    const seen = results.map((r) => (wasKilled(r) ? { killed: r.killed } : { exitCode: r.exitCode, stopped: r.stderr.includes(`bash: `), after: r.stdout.includes("after") }))
    expect(seen).toEqual(stopped.map(([, exitCode]) => ({ exitCode, stopped: true, after: false })))
    results.forEach((r, i) => {
      if (!wasKilled(r)) expect(r.stderr, stopped[i]![0]).toContain(stopped[i]![2])
    })
  }, 180_000)

  it("base64 -d of /dev/zero fails at its first invalid group, as GNU does", async () => {
    const [r] = await runIsolated([job("base64 -d /dev/zero; echo $?")], { killAfterMs: 15_000 })
    expect(r && !wasKilled(r) && [r.stdout, r.stderr]).toEqual(["1\n", "base64: invalid input\n"])
  }, 60_000)
})
