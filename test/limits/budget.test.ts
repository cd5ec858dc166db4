import { Chunk, Effect, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { Bash, Shell } from "../../src/index.js"
import type { Command } from "../../src/commands/Command.js"
import { Budget, stopStatus, unmetered } from "../../src/limits/Budget.js"
import { slicesRun } from "../../src/limits/sliceScheduler.js"
import { defaultLimits, LimitExceeded } from "../../src/limits/ExecutionLimits.js"

const limits = { ...defaultLimits, timeoutMs: undefined }

describe("Budget", () => {
  it("charges work and stops with the abort signal's reason once it has fired", () => {
    const controller = new AbortController()
    const budget = new Budget(limits, { signal: controller.signal })
    budget.step(100_000)
    expect(budget.fuel).toBe(100_000)
    controller.abort()
    expect(() => budget.step(5000)).toThrow(LimitExceeded)
    expect(budget.exhausted?.limit).toBe("abort")
    expect(stopStatus(budget.exhausted!)).toBe(130)
    // Sticky: every later check fails with the same stop.
    expect(() => budget.check()).toThrow("execution aborted")
  })

  it("accounts transient memory and refuses what would overflow it, changing nothing", () => {
    const budget = new Budget({ ...limits, maxMemoryBytes: 1000 })
    budget.alloc(600)
    expect(budget.tryAlloc(500)?.limit).toBe("maxMemoryBytes")
    expect(budget.memoryUsed).toBe(600)
    const lease = budget.lease()
    expect(() => lease.alloc(500)).toThrow("memory limit exceeded (1000 bytes)")
    expect(stopStatus(budget.exhausted!)).toBe(126)
  })

  it("gives back what a lease held when it is released", () => {
    const budget = new Budget({ ...limits, maxMemoryBytes: 1000 })
    const lease = budget.lease()
    lease.alloc(300)
    lease.alloc(300)
    lease.free(100)
    expect(budget.memoryUsed).toBe(500)
    lease.release()
    expect(budget.memoryUsed).toBe(0)
  })

  it("measures the persistent state again only after it has grown enough", () => {
    const budget = new Budget({ ...limits, maxMemoryBytes: 100 * 1024 * 1024 })
    let measured = 0
    let size = 0
    budget.trackPersistent(() => (measured++, size), 0)
    for (let i = 0; i < 1000; i++) {
      size += 100
      budget.grew(100)
    }
    // 100 KB of growth is below the re-measure threshold (1 MiB): no walk yet.
    expect(measured).toBe(0)
    size += 2 * 1024 * 1024
    budget.grew(2 * 1024 * 1024)
    expect(measured).toBe(1)
    expect(budget.memoryUsed).toBe(size)
  })

  it("a growth estimate over the limit is checked by a measurement before it stops", () => {
    const budget = new Budget({ ...limits, maxMemoryBytes: 1000 })
    let size = 100
    budget.trackPersistent(() => size, 100)
    // Reported growth can overstate (a value replaced, not added): the measurement decides.
    budget.grew(600)
    budget.grew(600)
    // 1,300 reported, but the second value replaced the first: the measurement says 100.
    expect(budget.exhausted).toBeUndefined()
    expect(budget.memoryUsed).toBe(100)
    // Growth reported to come, over the limit with what is stored: refused before it is stored.
    size = 500
    budget.grew(100)
    expect(() => budget.grew(600)).toThrow("memory limit exceeded")
    expect(budget.memoryUsed).toBe(500)
  })

  it("the unmetered meter never stops", () => {
    expect(() => unmetered.step(1e12)).not.toThrow()
  })
})

/** A command that charges the budget as a synchronous engine would, then keeps going. */
const hungry: Command = {
  name: "hungry",
  run: (ctx) =>
    Effect.sync(() => {
      ctx.budget.alloc(ctx.limits.maxMemoryBytes + 1)
      return 0
    })
}

/** A command that catches the stop and carries on: the script must end anyway. */
const swallowing: Command = {
  name: "swallowing",
  run: (ctx) =>
    Effect.sync(() => {
      try {
        ctx.budget.alloc(ctx.limits.maxMemoryBytes + 1)
      } catch {
        // an engine that catches everything
      }
      return 2
    })
}

const runShell = (script: string, options: Parameters<typeof Shell.layer>[0] = {}) =>
  Effect.runPromise(Effect.flatMap(Shell, (shell) => shell.exec(script)).pipe(Effect.provide(Shell.layer(options))))

describe("a budget stop inside a command ends the whole script", () => {
  it("thrown from synchronous code: status 126, the limit's message, nothing after it runs", async () => {
    const result = await runShell("echo before; hungry; echo after", { commands: [hungry], limits: { maxMemoryBytes: 1 << 20 } })
    expect(result.stdout).toBe("before\n")
    expect(result.exitCode).toBe(126)
    expect(result.stderr).toContain("memory limit exceeded (1048576 bytes)")
    expect(result.error?.kind).toBe("resource_limit")
  })

  it("swallowed by the command: the next command does not run", async () => {
    const result = await runShell("swallowing || echo fallback; echo after", { commands: [swallowing], limits: { maxMemoryBytes: 1 << 20 } })
    expect(result.stdout).toBe("")
    expect(result.exitCode).toBe(126)
  })

  it("inside a pipeline stage and a command substitution too", async () => {
    const piped = await runShell("hungry | cat; echo after", { commands: [hungry], limits: { maxMemoryBytes: 1 << 20 } })
    expect(piped.exitCode).toBe(126)
    expect(piped.stdout).toBe("")
    const substituted = await runShell('x=$(hungry); echo "after $x"', { commands: [hungry], limits: { maxMemoryBytes: 1 << 20 } })
    expect(substituted.exitCode).toBe(126)
    expect(substituted.stdout).toBe("")
  })
})

describe("the memory budget of shell state", () => {
  const small = { limits: { maxMemoryBytes: 4 * 1024 * 1024 } }

  it("variables: the assignment that would pass the limit ends the script and is not made", async () => {
    const bash = new Bash(small)
    const result = await bash.exec('big=$(printf "%*s" 500000 ""); for i in $(seq 1 20); do eval "v$i=\\$big"; done; echo done')
    expect(result.exitCode).toBe(126)
    expect(result.stderr).toContain("memory limit exceeded")
    expect(result.stdout).toBe("")
    // The session survives and can free what it holds.
    const after = await bash.exec('n=0; for i in $(seq 1 20); do [ -n "$(eval echo \\${v$i:+set})" ] && n=$((n+1)); done; echo $n; unset big $(compgen -v v); echo ok')
    expect(after.exitCode).toBe(0)
    expect(Number(after.stdout.split("\n")[0])).toBeLessThan(20)
    expect(after.stdout).toContain("ok\n")
  })

  it("arrays grown by appends, mapfile and word splitting", async () => {
    for (const script of [
      'x=$(printf "%*s" 100000 ""); a=(); while :; do a+=("$x"); done',
      'yes 0123456789abcdefghij | head -c 20000000 > f; mapfile -t lines < f; echo ${#lines[@]}',
      'x=$(printf "w %.0s" $(seq 1 50000)); while :; do a+=($x); done'
    ]) {
      const result = await new Bash({ limits: { maxMemoryBytes: 4 * 1024 * 1024, maxLoopIterations: 1e9, maxTotalLoopIterations: 1e9, maxCommands: 1e9 } }).exec(script)
      expect(result.exitCode, script).toBe(126)
      expect(result.stderr, script).toContain("memory limit exceeded")
    }
  })

  it("functions, aliases, positional parameters and the directory stack", async () => {
    for (const [script, maxMemoryBytes] of [
      ['body=$(printf ": %.0s" $(seq 1 500)); for i in $(seq 1 100000); do eval "f$i() { $body; }"; done', 2 << 20],
      ['v=$(printf "%*s" 100000 ""); for i in $(seq 1 100000); do alias "a$i=$v"; done', 2 << 20],
      ['v=$(printf "%*s" 100000 ""); set --; while :; do set -- "$@" "$v"; done', 2 << 20],
      // pushd prints the whole stack each time (as bash does), so its loop is quadratic: a small
      // budget and a long path fill it in few steps.
      ['d=/tmp$(printf "/%0200d" $(seq 1 15)); mkdir -p "$d"; while :; do pushd "$d" >/dev/null; done', 256 << 10]
    ] as const) {
      const result = await new Bash({ limits: { maxMemoryBytes, maxLoopIterations: 1e9, maxTotalLoopIterations: 1e9, maxCommands: 1e9, timeoutMs: 20_000 } }).exec(script)
      expect(result.exitCode, script).toBe(126)
      expect(result.stderr, script).toContain("memory limit exceeded")
    }
  })

  it("deep recursion with large arguments, and descriptors holding here-strings", async () => {
    const limited = { limits: { maxMemoryBytes: 8 * 1024 * 1024, maxLoopIterations: 1e9, maxTotalLoopIterations: 1e9, maxCommands: 1e9 } }
    const recursion = await new Bash(limited).exec('v=$(printf "%*s" 200000 ""); f() { f "$@"; }; f "$v"')
    expect(recursion.exitCode).toBe(126)
    expect(recursion.stderr).toContain("memory limit exceeded")
    const fds = await new Bash(limited).exec('v=$(printf "%*s" 200000 ""); while :; do exec {fd}<<<"$v"; done')
    expect(fds.exitCode).toBe(126)
    expect(fds.stderr).toContain("memory limit exceeded")
  })

  it("pipes whose readers never read, and a coprocess that never ends", async () => {
    const limited = { limits: { maxMemoryBytes: 4 * 1024 * 1024, timeoutMs: 20_000 } }
    const pipes = await new Bash(limited).exec('v=$(printf "%*s" 300000 ""); for i in $(seq 1 100); do echo "$v" | sleep 10 & done; wait; echo done')
    expect(pipes.exitCode).toBe(126)
    expect(pipes.stderr).toContain("memory limit exceeded")
    expect(pipes.stdout).toBe("")
    const coproc = await new Bash(limited).exec("coproc yes; echo never")
    expect(coproc.exitCode).toBe(126)
    expect(coproc.stderr).toContain("memory limit exceeded")
  })

  it("ordinary scripts are far below the default budget", async () => {
    const result = await new Bash().exec('a=(); for i in $(seq 1 20000); do a+=("item $i"); done; declare -A h; for i in $(seq 1 5000); do h[k$i]=$i; done; echo ${#a[@]} ${#h[@]}')
    expect(result).toMatchObject({ stdout: "20000 5000\n", exitCode: 0 })
  })
})

describe("one slice per turn of the event loop", () => {
  it("a timer set while 30 sandboxes spin runs after at most a couple of slices, and every spinner ends at its abort", async () => {
    const controller = new AbortController()
    const spinners = Array.from({ length: 30 }, () =>
      new Bash({ limits: { timeoutMs: 60_000, maxLoopIterations: 1e12, maxTotalLoopIterations: 1e12, maxCommands: 1e12 } }).exec("while :; do :; done", { signal: controller.signal })
    )
    // Let every spinner start and spend its first slice.
    while (slicesRun() < 60) await new Promise((resolve) => setImmediate(resolve))
    const before = slicesRun()
    const slicesUntilTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(slicesRun() - before), 0))
    controller.abort()
    const results = await Promise.all(spinners)
    // With one immediate per spinner, all 30 slices would run before the timers phase.
    expect(slicesUntilTimer).toBeLessThanOrEqual(3)
    expect(results.every((r) => r.exitCode === 130)).toBe(true)
  })
})

describe("execs on one shell", () => {
  it("run one at a time: neither sees the other half-way (options, cwd, variables)", async () => {
    const bash = new Bash()
    const [first, second] = await Promise.all([
      bash.exec("set -e; cd /tmp; x=first; sleep 0.05; false; echo not-reached"),
      bash.exec('echo "$PWD ${x-unset}"; false; echo still-runs')
    ])
    expect(first).toMatchObject({ stdout: "", exitCode: 1 })
    // The second ran after the first as a whole: it sees its cd and variable, not its set -e.
    expect(second).toMatchObject({ stdout: "/tmp first\nstill-runs\n", exitCode: 0 })
  })
})

describe("limits resolved once", () => {
  it("the hardened profile's maxExpansionWords applies to brace expansion", async () => {
    const result = await new Bash({ profile: "hardened" }).exec("echo {1..20000} | wc -w")
    expect(result.exitCode).toBe(126)
    expect(result.stderr).toContain("brace expansion: too many words")
  })
})

describe("execStream", () => {
  it("applies maxOutputBytes to what it streams", async () => {
    const chunks = await Effect.runPromise(
      Effect.flatMap(Shell, (shell) => Stream.runCollect(shell.execStream("yes 0123456789 | head -c 3000000"))).pipe(
        Effect.provide(Shell.layer({ limits: { maxOutputBytes: 1024 * 1024 } }))
      )
    )
    const streamed = Chunk.toReadonlyArray(chunks).reduce((total, chunk) => total + (chunk.kind === "stdout" ? chunk.data.length : 0), 0)
    expect(streamed).toBe(1024 * 1024)
  })
})
