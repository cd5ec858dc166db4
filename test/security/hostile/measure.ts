/**
 * The measurement harness of one attack (child side), shared by this project's entry points and
 * the peers of the bench: exit status and output, wall time, time from a cancel to the end, peak
 * RSS (the kernel's high-water mark, reset before the attack, so a frozen event loop hides
 * nothing), the longest event-loop stall (perf_hooks.monitorEventLoopDelay), the slowest
 * `echo hi` of a second sandbox probed every few milliseconds, what a host directory holds
 * afterwards, and whether any JavaScript prototype changed or a host canary was written.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { inspectHostDirectory, makeHostDirectory, removeHostDirectory, type HostDirectory } from "./hostDirectory.js"
import type { Attack, AttackMeasure } from "./types.js"

/** A host environment variable that must never reach a script (escape-env-leak). */
process.env["HOSTILE_SECRET"] = "hostile-secret-value"
/** A host path the escape attacks try to write (must stay absent). */
const HOST_CANARY_PATH = "/tmp/bashkit-hostile-canary"

const CAPTURE_CHARS = 16 * 1024
const clip = (text: string): string => (text.length > CAPTURE_CHARS ? `${text.slice(0, CAPTURE_CHARS)}…[${text.length} chars]` : text)

export interface RunResult {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
  readonly interrupted?: boolean
  readonly streamedBytes?: number
}

/** One run of the attack, started: its result, and the results of scripts run alongside it. */
export interface Started {
  readonly result: Promise<RunResult>
  readonly alongside?: Promise<ReadonlyArray<RunResult>>
}

/** How to run an attack on one implementation. */
export interface Runner {
  /** Start one copy; call `cancelled(now)` when the cancel fires. */
  readonly start: (attack: Attack, host: HostDirectory | undefined, cancelled: (at: number) => void) => Promise<Started>
  /** Run `echo hi` on a second sandbox of the same implementation (the fairness probe). */
  readonly echo: () => Promise<unknown>
  /** The exec timeout the attack runs under. */
  readonly timeoutMs: (attack: Attack) => number | undefined
}

// ---- measurements -----------------------------------------------------------------------------

const statusKb = (field: "VmHWM" | "VmRSS"): number => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync("/proc/self/status", "utf8"))
  return match === null ? 0 : Number(match[1])
}

/** Reset the kernel's peak-RSS mark to the current RSS (Linux: clear_refs 5). */
const resetPeakRss = (): void => {
  try {
    writeFileSync("/proc/self/clear_refs", "5")
  } catch {
    // not Linux or not permitted: the peak then includes earlier attacks (still a bound)
  }
}

const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.()

/** Own property names of the prototypes a script could reach through a careless lookup. */
const prototypeSnapshot = (): string =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype, Map.prototype, globalThis]
    .map((target) => Reflect.ownKeys(target).map(String).sort().join(","))
    .join("|")

/**
 * The longest time the event loop went without running a 5 ms timer, the end of the attack
 * included: monitorEventLoopDelay records a stall only when the next timer fires, so a loop
 * frozen for the whole attack would show as no delay at all.
 */
const startStallMonitor = () => {
  const histogram = monitorEventLoopDelay({ resolution: 5 })
  histogram.enable()
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last - 5)
    last = now
  }, 5)
  return {
    stop: (): number => {
      clearInterval(timer)
      histogram.disable()
      const tail = performance.now() - last - 5
      return Math.max(0, longest, tail, histogram.max / 1e6)
    }
  }
}

/** Runs `echo hi` on a second sandbox every few ms while the attack runs; the slowest answer. */
const startEchoProbe = (echo: () => Promise<unknown>) => {
  let stopped = false
  let slowest = 0
  let count = 0
  let inFlightSince: number | undefined
  const loop = async () => {
    while (!stopped) {
      inFlightSince = performance.now()
      await echo()
      slowest = Math.max(slowest, performance.now() - inFlightSince)
      inFlightSince = undefined
      count++
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const running = loop()
  return {
    stop: async (): Promise<{ slowest: number; count: number }> => {
      stopped = true
      // A probe still waiting when the attack ends counts as waiting until now.
      const pending = inFlightSince === undefined ? 0 : performance.now() - inFlightSince
      await running
      return { slowest: Math.max(slowest, pending), count }
    }
  }
}

/** Run and measure one attack with a runner. */
export const measureAttack = async (attack: Attack, runner: Runner): Promise<AttackMeasure> => {
  const id = attack.id
  const host = attack.hostFs !== undefined ? makeHostDirectory(attack.hostFs, attack.hostSeed) : undefined
  rmSync(HOST_CANARY_PATH, { force: true })
  const prototypesBefore = prototypeSnapshot()
  collectGarbage()
  collectGarbage()
  resetPeakRss()
  const rssBeforeMb = statusKb("VmRSS") / 1024
  const echo = startEchoProbe(runner.echo)
  let cancelledAt: number | undefined
  const cancelled = (at: number) => (cancelledAt = at)
  const started = performance.now()
  const stalls = startStallMonitor()
  let result: RunResult
  let rejected: string | undefined
  let copies: Array<RunResult> | undefined
  let alongside: ReadonlyArray<RunResult> | undefined
  try {
    const runs = await Promise.all(Array.from({ length: attack.concurrent ?? 1 }, () => runner.start(attack, host, cancelled)))
    const results = await Promise.all(runs.map((run) => run.result))
    result = results[0]!
    if (attack.concurrent !== undefined) copies = results
    alongside = runs[0]?.alongside === undefined ? undefined : await runs[0].alongside
  } catch (error) {
    rejected = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    result = { stdout: "", stderr: "", exitCode: -1 }
  }
  const ended = performance.now()
  const loopDelayMs = stalls.stop()
  const fairness = await echo.stop()
  const peakRssMb = statusKb("VmHWM") / 1024
  const hostReport = host === undefined ? undefined : inspectHostDirectory(host)
  if (host !== undefined) removeHostDirectory(host)
  const prototypesAfter = prototypeSnapshot()
  const canaryWritten = existsSync(HOST_CANARY_PATH)
  return {
    id,
    stdout: clip(result.stdout),
    stderr: clip(result.stderr),
    exitCode: result.exitCode,
    interrupted: result.interrupted === true,
    ...(rejected !== undefined ? { rejected } : {}),
    elapsedMs: ended - started,
    timeoutMs: runner.timeoutMs(attack),
    ...(cancelledAt !== undefined ? { stopMs: ended - cancelledAt } : {}),
    rssBeforeMb,
    peakRssMb,
    loopDelayMs,
    echoMs: fairness.slowest,
    echoCount: fairness.count,
    ...(hostReport !== undefined ? { host: hostReport } : {}),
    ...(result.streamedBytes !== undefined ? { streamedBytes: result.streamedBytes } : {}),
    ...(prototypesAfter !== prototypesBefore || canaryWritten ? { polluted: canaryWritten ? `host file ${HOST_CANARY_PATH} written` : "a JavaScript prototype changed" } : {}),
    ...(alongside !== undefined ? { alongside: alongside.map((r) => ({ stdout: clip(r.stdout), exitCode: r.exitCode })) } : {}),
    ...(copies !== undefined ? { copies: copies.map((r) => ({ stdout: clip(r.stdout), stderr: clip(r.stderr), exitCode: r.exitCode })) } : {})
  }
}
