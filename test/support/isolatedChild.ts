/**
 * The child side of `isolated.ts`: reads jobs (JSON, one per line) on stdin, runs each, and
 * prints one `@@result <json>` line per job on stdout. Runs under `node --import tsx`, so it
 * imports the TypeScript sources directly. Anything a job does that could hang or exhaust the
 * process is the parent's problem: it kills this process and starts another.
 */
import { monitorEventLoopDelay } from "node:perf_hooks"
import { createInterface } from "node:readline"
import { pathToFileURL } from "node:url"
import type { IsolatedJob, IsolatedOutcome } from "./isolatedProtocol.js"

const CAPTURE_CHARS = 64 * 1024

/**
 * The sources are loaded on the first script job, not at start-up: a child that only runs module
 * jobs (which bring their own, possibly prebundled, copy) starts in a fraction of the time.
 */
let bashClass: typeof import("../../src/index.js").Bash | undefined
const loadBash = async () => (bashClass ??= (await import("../../src/index.js")).Bash)

const clip = (text: string): string => (text.length > CAPTURE_CHARS ? text.slice(0, CAPTURE_CHARS) : text)

/** Run the job's own body: a script on a fresh `Bash`, or a function exported by a module. */
const runBody = async (job: IsolatedJob): Promise<{ stdout: string; stderr: string; exitCode: number; value?: unknown }> => {
  if (job.module !== undefined) {
    const loaded = (await import(pathToFileURL(job.module).href)) as Record<string, unknown>
    const fn = loaded[job.export ?? "default"]
    if (typeof fn !== "function") throw new Error(`${job.module} has no function export ${job.export ?? "default"}`)
    const value: unknown = await (fn as (arg: unknown) => Promise<unknown>)(job.arg)
    const record = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>
    return {
      stdout: typeof record.stdout === "string" ? record.stdout : "",
      stderr: typeof record.stderr === "string" ? record.stderr : "",
      exitCode: typeof record.exitCode === "number" ? record.exitCode : 0,
      value
    }
  }
  const Bash = await loadBash()
  const bash = new Bash(job.options ?? {})
  const controller = job.abortAfterMs !== undefined ? new AbortController() : undefined
  const timer = controller !== undefined ? setTimeout(() => controller.abort(), job.abortAfterMs) : undefined
  try {
    return await bash.exec(job.script ?? "", {
      ...(job.stdin !== undefined ? { stdin: job.stdin } : {}),
      ...(controller !== undefined ? { signal: controller.signal } : {})
    })
  } finally {
    if (timer !== undefined) clearTimeout(timer)
  }
}

/** Time for a second sandbox's `echo hi`, started `afterMs` into the job (fairness probe). */
const concurrentEcho = (afterMs: number): Promise<number> =>
  new Promise((resolve) => {
    void loadBash().then((Bash) =>
      setTimeout(() => {
        const started = performance.now()
        void new Bash().exec("echo hi").then(() => resolve(performance.now() - started))
      }, afterMs)
    )
  })

const runJob = async (job: IsolatedJob): Promise<IsolatedOutcome> => {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  let peakRss = process.memoryUsage.rss()
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
  }, 10)
  const echo = job.concurrentEchoAfterMs !== undefined ? concurrentEcho(job.concurrentEchoAfterMs) : undefined
  const started = performance.now()
  delay.enable()
  try {
    const body = await runBody(job)
    const elapsedMs = performance.now() - started
    const echoMs = echo !== undefined ? await echo : undefined
    return {
      id: job.id,
      stdout: clip(body.stdout),
      stderr: clip(body.stderr),
      exitCode: body.exitCode,
      ...(body.value !== undefined ? { value: body.value } : {}),
      elapsedMs,
      maxEventLoopDelayMs: delay.max / 1e6,
      peakRssMb: Math.max(peakRss, process.memoryUsage.rss()) / 2 ** 20,
      ...(echoMs !== undefined ? { concurrentEchoMs: echoMs } : {})
    }
  } catch (error) {
    return {
      id: job.id,
      stdout: "",
      stderr: "",
      exitCode: -1,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      elapsedMs: performance.now() - started,
      maxEventLoopDelayMs: delay.max / 1e6,
      peakRssMb: peakRss / 2 ** 20
    }
  } finally {
    delay.disable()
    clearInterval(sampler)
  }
}

// An unhandled rejection or exception in the host is itself a finding: report it, then exit.
process.on("unhandledRejection", (reason) => {
  process.stdout.write(`@@crash ${JSON.stringify(String(reason instanceof Error ? reason.stack : reason))}\n`)
  process.exit(70)
})

const lines = createInterface({ input: process.stdin })
const queue: Array<IsolatedJob> = []
let running = false
const drain = async (): Promise<void> => {
  if (running) return
  running = true
  while (queue.length > 0) {
    const job = queue.shift()!
    // Load the sources before the job starts (and before its timing): not part of what it measures.
    if (job.module === undefined || job.concurrentEchoAfterMs !== undefined) await loadBash()
    if (job.module !== undefined) await import(pathToFileURL(job.module).href).catch(() => undefined)
    process.stdout.write(`@@start ${JSON.stringify(job.id)}\n`)
    const outcome = await runJob(job)
    process.stdout.write(`@@result ${JSON.stringify(outcome)}\n`)
  }
  running = false
}
lines.on("line", (line) => {
  if (line.trim() === "") return
  queue.push(JSON.parse(line) as IsolatedJob)
  void drain()
})
lines.on("close", () => {
  const wait = setInterval(() => {
    if (!running && queue.length === 0) {
      clearInterval(wait)
      process.exit(0)
    }
  }, 5)
})
process.stdout.write("@@ready\n")
