/**
 * Runs one attack of the catalogue and measures it (child side: a module job of
 * test/support/isolated.ts, so the parent's watchdog kills this process if the attack hangs it).
 *
 * Measured per attack: exit status and output, wall time, time from a cancel to the end, peak
 * RSS (the kernel's high-water mark, reset before the attack, so a frozen event loop hides
 * nothing), the longest event-loop stall (perf_hooks.monitorEventLoopDelay), the slowest
 * `echo hi` of a second sandbox probed every few milliseconds, what a host directory holds
 * afterwards, and whether any JavaScript prototype changed.
 */
import { Effect, Exit, Fiber, Layer, Stream } from "effect"
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { Bash, BashTool, defaultLimits, ScriptedTool, Shell, ToolDef, type ExecResult, type ExecutionLimitsShape } from "../../../src/index.js"
import { adaptCustomCommand } from "../../../src/Bash.js"
import { resolveLimits } from "../../../src/limits/profiles.js"
import { attackById } from "./catalogue/index.js"
import { binaryFixture, customCommands, toolBuiltins, toolCallbacks } from "./fixtures.js"
import { inspectHostDirectory, makeHostDirectory, removeHostDirectory, type HostDirectory } from "./hostDirectory.js"
import { attackLimits } from "./policy.js"
import type { Attack, AttackMeasure } from "./types.js"

/** A host environment variable that must never reach a script (escape-env-leak). */
process.env["HOSTILE_SECRET"] = "hostile-secret-value"
/** A host path the escape attacks try to write (must stay absent). */
const HOST_CANARY_PATH = "/tmp/bashkit-hostile-canary"

const CAPTURE_CHARS = 16 * 1024
const clip = (text: string): string => (text.length > CAPTURE_CHARS ? `${text.slice(0, CAPTURE_CHARS)}…[${text.length} chars]` : text)

interface RunResult {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
  readonly interrupted?: boolean
  readonly streamedBytes?: number
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

/** Runs `echo hi` on a second sandbox every few ms while the attack runs; the slowest answer. */
const startEchoProbe = () => {
  const probe = new Bash()
  let stopped = false
  let slowest = 0
  let count = 0
  let inFlightSince: number | undefined
  const loop = async () => {
    while (!stopped) {
      inFlightSince = performance.now()
      await probe.exec("echo hi")
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

// ---- entry points -----------------------------------------------------------------------------

const fullLimits = (attack: Attack): ExecutionLimitsShape => resolveLimits(defaultLimits, attack.profile, attackLimits(attack))

const binaryFiles = async (attack: Attack): Promise<Record<string, string | Uint8Array>> => {
  const files: Record<string, string | Uint8Array> = { ...attack.files }
  for (const [path, name] of Object.entries(attack.binaryFiles ?? {})) files[path] = await binaryFixture(name)
  return files
}

const fromExecResult = (r: { stdout: string; stderr: string; exitCode: number }): RunResult => ({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode })

interface Started {
  readonly cancelAt?: number
  readonly result: Promise<RunResult>
  readonly alongside?: Promise<ReadonlyArray<RunResult>>
}

const runFacade = (attack: Attack, files: Record<string, string | Uint8Array>, cancelled: (at: number) => void): Started => {
  const bash = new Bash({
    files,
    limits: attackLimits(attack),
    ...(attack.profile !== undefined ? { profile: attack.profile } : {}),
    ...(attack.commands !== undefined ? { commands: customCommands(attack.commands) } : {})
  })
  const controller = attack.cancel?.kind === "abort" ? new AbortController() : undefined
  if (controller !== undefined && attack.cancel !== undefined) {
    setTimeout(() => {
      cancelled(performance.now())
      controller.abort()
    }, attack.cancel.atMs)
  }
  const result = bash.exec(attack.script, { ...(attack.stdin !== undefined ? { stdin: attack.stdin } : {}), ...(controller !== undefined ? { signal: controller.signal } : {}) }).then(fromExecResult)
  // Scripts on the same instance, started while the first runs (they must queue, not interleave).
  const alongside = attack.alongside === undefined ? undefined : Promise.all(attack.alongside.map((script) => bash.exec(script).then(fromExecResult)))
  return { result, ...(alongside !== undefined ? { alongside } : {}) }
}

const runShell = async (attack: Attack, files: Record<string, string | Uint8Array>, host: HostDirectory | undefined, cancelled: (at: number) => void): Promise<RunResult> => {
  const options = {
    files,
    limits: fullLimits(attack),
    ...(attack.commands !== undefined ? { commands: Object.entries(customCommands(attack.commands)).map(([name, fn]) => adaptCustomCommand(name, fn)) } : {})
  }
  const shellLayer = host === undefined ? Shell.layer(options) : Shell.layer(options).pipe(Layer.provide(host.layer))
  if (attack.entry === "shellStream") {
    let streamed = 0
    let exitCode = 0
    const program = Effect.gen(function* () {
      const shell = yield* Shell
      yield* Stream.runForEach(
        shell.execStream(attack.script, {}, (error) => {
          // execStream reports how it ended, not a status: map the kinds to the statuses exec gives.
          exitCode = { timeout: 124, resource_limit: 126, cancelled: 130, parse_error: 2, execution_error: 1 }[error.kind]
        }),
        (chunk) =>
          Effect.sync(() => {
            if (chunk.kind === "stdout") streamed += chunk.data.length
          })
      )
    }).pipe(Effect.provide(shellLayer))
    const exit = await Effect.runPromiseExit(program)
    if (Exit.isFailure(exit)) throw new Error(`execStream failed: ${String(exit.cause)}`)
    return { stdout: "", stderr: "", exitCode, streamedBytes: streamed }
  }
  const program = Effect.flatMap(Shell, (shell) => shell.exec(attack.script, attack.stdin !== undefined ? { stdin: attack.stdin } : {})).pipe(Effect.provide(shellLayer))
  const fiber = Effect.runFork(program as Effect.Effect<ExecResult, unknown>)
  if (attack.cancel?.kind === "interrupt") {
    setTimeout(() => {
      cancelled(performance.now())
      Effect.runFork(Fiber.interrupt(fiber))
    }, attack.cancel.atMs)
  }
  const exit = await Effect.runPromise(Fiber.await(fiber))
  if (Exit.isSuccess(exit)) return fromExecResult(exit.value)
  if (Exit.isInterrupted(exit)) return { stdout: "", stderr: "", exitCode: -1, interrupted: true }
  throw new Error(`exec failed: ${String(exit.cause)}`)
}

const toolRequest = (attack: Attack) => ({ commands: attack.script, ...(attack.toolTimeoutMs !== undefined ? { timeout_ms: attack.toolTimeoutMs } : {}) })

const runBashTool = async (attack: Attack, files: Record<string, string | Uint8Array>): Promise<RunResult> => {
  let builder = BashTool.builder().limits(attackLimits(attack)).files(files)
  if (attack.profile !== undefined) builder = builder.profile(attack.profile)
  for (const [name, command] of Object.entries(toolBuiltins(attack.commands ?? []))) builder = builder.builtin(name, command)
  const output = await Effect.runPromise(Effect.flatMap(builder.build().execution(toolRequest(attack)), (execution) => execution.execute()))
  return { stdout: output.result.stdout, stderr: output.result.stderr, exitCode: output.result.exit_code }
}

const runScriptedTool = async (attack: Attack): Promise<RunResult> => {
  let builder = ScriptedTool.builder("hostile").shortDescription("hostile callbacks").limits(attackLimits(attack))
  if (attack.profile !== undefined) builder = builder.profile(attack.profile)
  for (const [name, callback] of Object.entries(toolCallbacks(attack.commands ?? []))) builder = builder.toolFn(ToolDef.make(name, `fixture ${name}`), callback)
  const output = await Effect.runPromise(Effect.flatMap(builder.build().execution(toolRequest(attack)), (execution) => execution.execute()))
  return { stdout: output.result.stdout, stderr: output.result.stderr, exitCode: output.result.exit_code }
}

// ---- one attack -------------------------------------------------------------------------------

const runOnce = async (attack: Attack, files: Record<string, string | Uint8Array>, host: HostDirectory | undefined, cancelled: (at: number) => void): Promise<Started> => {
  switch (attack.entry ?? "facade") {
    case "facade":
      return runFacade(attack, files, cancelled)
    case "shell":
    case "shellStream":
      return { result: runShell(attack, files, host, cancelled) }
    case "bashTool":
      return { result: runBashTool(attack, files) }
    case "scriptedTool":
      return { result: runScriptedTool(attack) }
  }
}

/** The isolated job: `{ module: execute.ts, export: "runAttack", arg: id }`. */
export const runAttack = async (id: string): Promise<AttackMeasure & { stdout: string; stderr: string; exitCode: number }> => {
  const attack = attackById(id)
  const files = await binaryFiles(attack)
  const host = attack.hostFs !== undefined ? makeHostDirectory(attack.hostFs, attack.hostSeed) : undefined
  rmSync(HOST_CANARY_PATH, { force: true })
  const prototypesBefore = prototypeSnapshot()
  collectGarbage()
  collectGarbage()
  resetPeakRss()
  const rssBeforeMb = statusKb("VmRSS") / 1024
  const delay = monitorEventLoopDelay({ resolution: 5 })
  const echo = startEchoProbe()
  let cancelledAt: number | undefined
  const cancelled = (at: number) => (cancelledAt = at)
  const started = performance.now()
  delay.enable()
  let result: RunResult
  let rejected: string | undefined
  let copies: Array<RunResult> | undefined
  let alongside: ReadonlyArray<RunResult> | undefined
  try {
    const runs = await Promise.all(Array.from({ length: attack.concurrent ?? 1 }, () => runOnce(attack, files, host, cancelled)))
    const results = await Promise.all(runs.map((run) => run.result))
    result = results[0]!
    if (attack.concurrent !== undefined) copies = results
    alongside = runs[0]?.alongside === undefined ? undefined : await runs[0].alongside
  } catch (error) {
    rejected = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    result = { stdout: "", stderr: "", exitCode: -1 }
  }
  const ended = performance.now()
  delay.disable()
  const probe = await echo.stop()
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
    timeoutMs: fullLimits(attack).timeoutMs,
    ...(cancelledAt !== undefined ? { stopMs: ended - cancelledAt } : {}),
    rssBeforeMb,
    peakRssMb,
    loopDelayMs: delay.max / 1e6,
    echoMs: probe.slowest,
    echoCount: probe.count,
    ...(hostReport !== undefined ? { host: hostReport } : {}),
    ...(result.streamedBytes !== undefined ? { streamedBytes: result.streamedBytes } : {}),
    ...(prototypesAfter !== prototypesBefore || canaryWritten ? { polluted: canaryWritten ? `host file ${HOST_CANARY_PATH} written` : "a JavaScript prototype changed" } : {}),
    ...(alongside !== undefined ? { alongside: alongside.map((r) => ({ stdout: clip(r.stdout), exitCode: r.exitCode })) } : {}),
    ...(copies !== undefined ? { copies: copies.map((r) => ({ stdout: clip(r.stdout), stderr: clip(r.stderr), exitCode: r.exitCode })) } : {})
  }
}
