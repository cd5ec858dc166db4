/**
 * Start-up and memory: how long creating a sandbox takes, how much heap an idle one holds, and
 * how many idle sandboxes fit in 1 GiB. Heap figures need a forced GC; it is enabled at run
 * time so `npm run bench` needs no node flag.
 */
import { spawnSync } from "node:child_process"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { measureParse, realisticScript } from "../src/parser/bench.js"
import { median } from "./measure.js"
import type { Runner } from "./runners.js"

setFlagsFromString("--expose-gc")
const gc = runInNewContext("gc") as () => void

const fullGc = () => {
  for (let i = 0; i < 3; i++) gc()
}

export interface StartupResult {
  readonly runner: string
  /** Creating one sandbox (no script run). */
  readonly createMeanMs: number
  readonly createMedianMs: number
  /** Creating one and running `echo hi` in it. */
  readonly firstExecMedianMs: number
  /** JS heap held per idle sandbox, just created / after one `echo hi`. */
  readonly heapBytesIdle: number
  readonly heapBytesAfterExec: number
  /** Resident memory per idle sandbox (catches native memory the JS heap does not show). */
  readonly rssBytesIdle: number
  readonly rssBytesAfterExec: number
  /** Open file descriptors per idle sandbox (a native runtime per sandbox holds some). */
  readonly fdsIdle: number
  /** 1 GiB divided by the larger of the heap and RSS growth per idle sandbox. */
  readonly idlePerGiB: number
  /** Creating sandboxes failed before the planned count (e.g. a native runtime out of file descriptors). */
  readonly failure?: string
}

export interface StartupOptions {
  readonly createCount: number
  readonly memoryCount: number
}

const GiB = 1024 * 1024 * 1024

/** Memory per sandbox, measured in a fresh child process (see memoryProbe.ts). */
const probeMemory = (runner: string, count: number, exec: boolean) => {
  const probe = new URL("./memoryProbe.ts", import.meta.url).pathname
  const args = ["--import", "tsx", probe, runner, String(count), ...(exec ? ["--exec"] : [])]
  const r = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 })
  try {
    const out = JSON.parse(r.stdout) as { heapBytes: number; rssBytes: number; fds: number; failure?: string }
    return { heap: out.heapBytes, rss: out.rssBytes, fds: out.fds, failure: out.failure }
  } catch {
    return { heap: NaN, rss: NaN, fds: NaN, failure: `memory probe failed (status ${r.status}): ${r.stderr.slice(-300)}` }
  }
}

export const measureStartup = async (runner: Runner, options: StartupOptions): Promise<StartupResult | undefined> => {
  try {
    return await measureStartupUnsafe(runner, options)
  } catch (e) {
    process.stderr.write(`startup/memory of ${runner.name} failed: ${e instanceof Error ? e.message : String(e)}\n`)
    return undefined
  }
}

const measureStartupUnsafe = async (runner: Runner, options: StartupOptions): Promise<StartupResult | undefined> => {
  const create = runner.createIdle
  const touch = runner.touchIdle
  if (create === undefined || touch === undefined) return undefined
  // Warm-up: module loading and JIT out of the measurement.
  for (let i = 0; i < 200; i++) create()
  fullGc()
  const createTimes: Array<number> = []
  for (let i = 0; i < options.createCount; i++) {
    const start = performance.now()
    create()
    createTimes.push(performance.now() - start)
  }
  const execTimes: Array<number> = []
  for (let i = 0; i < Math.min(options.createCount, 500); i++) {
    const start = performance.now()
    await touch(create())
    execTimes.push(performance.now() - start)
  }
  const idle = probeMemory(runner.name, options.memoryCount, false)
  const used = probeMemory(runner.name, Math.max(1, Math.floor(options.memoryCount / 4)), true)
  return {
    runner: runner.name,
    createMeanMs: createTimes.reduce((a, b) => a + b, 0) / createTimes.length,
    createMedianMs: median(createTimes),
    firstExecMedianMs: median(execTimes),
    heapBytesIdle: idle.heap,
    heapBytesAfterExec: used.heap,
    rssBytesIdle: idle.rss,
    rssBytesAfterExec: used.rss,
    fdsIdle: idle.fds,
    idlePerGiB: Math.floor(GiB / Math.max(idle.heap, idle.rss, 1)),
    ...(idle.failure !== undefined || used.failure !== undefined ? { failure: idle.failure ?? used.failure } : {})
  }
}

/** Cold start of the real thing: one `bash -c true` process. */
export const measureHostBashStartup = (runs: number): { medianMs: number; meanMs: number } => {
  const times: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    spawnSync("/bin/bash", ["-c", "true"])
    times.push(performance.now() - start)
  }
  return { medianMs: median(times), meanMs: times.reduce((a, b) => a + b, 0) / times.length }
}

/** The parser alone on a 1 MB script (this project only: the peers expose no parse-only API). */
export const measureParserOnly = (bytes = 1024 * 1024) => measureParse(realisticScript(bytes), 5)
