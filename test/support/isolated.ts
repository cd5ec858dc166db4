/**
 * Run scripts that might hang or exhaust memory in a child Node process, with an outer kill.
 *
 *   const [r] = await runIsolated([{ script: "echo a | sed ':a;ba'", options: { limits: { timeoutMs: 500 } } }])
 *   expect(wasKilled(r)).toBe(false)
 *
 * Jobs run one after another in one child (starting a child costs ~1 s); each job has its own
 * watchdog (`killAfterMs`), and the child's RSS is watched (`maxRssMb`, read from /proc). A
 * job that overruns, or a child that crashes, is reported as killed, and a fresh child runs the
 * remaining jobs. The child sees the TypeScript sources through tsx, as the tests do.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process"
import { readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { wasKilled, type IsolatedJob, type IsolatedKilled, type IsolatedOutcome, type IsolatedResult } from "./isolatedProtocol.js"

export { wasKilled, type IsolatedJob, type IsolatedKilled, type IsolatedOutcome, type IsolatedResult } from "./isolatedProtocol.js"

const here = dirname(fileURLToPath(import.meta.url))
const childEntry = resolve(here, "isolatedChild.ts")
const repoRoot = resolve(here, "../..")

export interface IsolatedOptions {
  /** Kill the child when one job runs longer than this (ms). Generous: CI machines are slow. */
  readonly killAfterMs?: number
  /** Kill the child when its RSS passes this (MiB). */
  readonly maxRssMb?: number
  /** V8 heap cap of the child (MiB). */
  readonly maxOldSpaceMb?: number
  /** Time allowed for a child to start (load the sources) before its first job. */
  readonly startupMs?: number
  /** Extra Node flags for the child (e.g. `--expose-gc`). */
  readonly nodeArgs?: ReadonlyArray<string>
  /**
   * The child's entry, when not `isolatedChild.ts` through tsx: e.g. a prebundled copy of it
   * (plain JavaScript starts in a fraction of the time, and every kill costs a fresh child).
   */
  readonly childEntry?: string
}

const rssMbOf = (pid: number): number | undefined => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
    return match === null ? undefined : Number(match[1]) / 1024
  } catch {
    return undefined
  }
}

interface Child {
  readonly process: ChildProcessWithoutNullStreams
  /** Resolves with the next protocol line, or undefined when the child is gone. */
  readonly next: () => Promise<string | undefined>
  stderr: string
}

const startChild = (options: IsolatedOptions): Child => {
  const entry = options.childEntry === undefined ? ["--import", "tsx", childEntry] : [options.childEntry]
  const args = [...(options.nodeArgs ?? []), ...(options.maxOldSpaceMb !== undefined ? [`--max-old-space-size=${options.maxOldSpaceMb}`] : []), ...entry]
  const proc = spawn(process.execPath, args, { cwd: repoRoot, stdio: ["pipe", "pipe", "pipe"] })
  const pending: Array<string | undefined> = []
  const waiters: Array<(line: string | undefined) => void> = []
  const push = (line: string | undefined) => {
    const waiter = waiters.shift()
    if (waiter !== undefined) waiter(line)
    else pending.push(line)
  }
  createInterface({ input: proc.stdout }).on("line", (line) => {
    if (line.startsWith("@@")) push(line)
  })
  proc.on("close", () => {
    push(undefined)
    // Every later read also sees the end.
    for (const waiter of waiters.splice(0)) waiter(undefined)
    pending.push(undefined)
  })
  const child: Child = {
    process: proc,
    next: () => (pending.length > 0 ? Promise.resolve(pending.shift()) : new Promise((resolveLine) => waiters.push(resolveLine))),
    stderr: ""
  }
  proc.stderr.on("data", (chunk: Buffer) => {
    if (child.stderr.length < 16_384) child.stderr += chunk.toString("utf8")
  })
  return child
}

/** Wait for the child's next line, or for the watchdog (time or RSS) to fire first. */
const nextWithin = (child: Child, ms: number, maxRssMb: number | undefined): Promise<{ line: string | undefined } | { fired: "timeout" | "rss"; detail: string }> =>
  new Promise((resolveNext) => {
    let settled = false
    const finish = (value: { line: string | undefined } | { fired: "timeout" | "rss"; detail: string }) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watch)
      resolveNext(value)
    }
    const timer = setTimeout(() => finish({ fired: "timeout", detail: `no answer within ${ms} ms` }), ms)
    const watch = setInterval(() => {
      if (maxRssMb === undefined || child.process.pid === undefined) return
      const rss = rssMbOf(child.process.pid)
      if (rss !== undefined && rss > maxRssMb) finish({ fired: "rss", detail: `child RSS ${rss.toFixed(0)} MiB > ${maxRssMb} MiB` })
    }, 20)
    void child.next().then((line) => finish({ line }))
  })

const kill = (child: Child): void => {
  child.process.kill("SIGKILL")
}

/** Run the jobs in order in killable children; one result per job, in the same order. */
export const runIsolated = (jobs: ReadonlyArray<IsolatedJob>, options: IsolatedOptions = {}): Promise<Array<IsolatedResult>> =>
  runIsolatedPool(jobs, { ...options, lanes: 1 })

/**
 * Run the jobs in `lanes` children at once (each takes the next job from a shared queue, so a
 * lane slowed by kills and restarts does not hold the others); one result per job, in order.
 */
export const runIsolatedPool = async (
  jobs: ReadonlyArray<IsolatedJob>,
  options: IsolatedOptions & { readonly lanes?: number; readonly onResult?: (result: IsolatedResult, index: number) => void } = {}
): Promise<Array<IsolatedResult>> => {
  const results: Array<IsolatedResult> = new Array(jobs.length)
  let next = 0
  const take = (): number | undefined => (next < jobs.length ? next++ : undefined)
  const lanes = Math.max(1, Math.min(options.lanes ?? 1, jobs.length))
  await Promise.all(
    Array.from({ length: lanes }, () =>
      runLane(jobs, take, options, (result, index) => {
        results[index] = result
        options.onResult?.(result, index)
      })
    )
  )
  return results
}

/** One child at a time runs the jobs this lane takes; a kill starts a fresh child for the rest. */
const runLane = async (jobs: ReadonlyArray<IsolatedJob>, take: () => number | undefined, options: IsolatedOptions, report: (result: IsolatedResult, index: number) => void): Promise<void> => {
  const startupMs = options.startupMs ?? 60_000
  let child: Child | undefined
  try {
    for (let index = take(); index !== undefined; index = take()) {
      const job = jobs[index]!
      const killAfterMs = job.killAfterMs ?? options.killAfterMs ?? 10_000
      if (child === undefined) {
        child = startChild(options)
        const ready = await nextWithin(child, startupMs, undefined)
        if (!("line" in ready) || ready.line !== "@@ready") {
          throw new Error(`isolated child did not start: ${"line" in ready ? String(ready.line) : ready.detail}\n${child.stderr}`)
        }
      }
      const started = performance.now()
      child.process.stdin.write(`${JSON.stringify(job)}\n`)
      const startLine = await nextWithin(child, startupMs, options.maxRssMb)
      let outcome: IsolatedResult | undefined
      if ("line" in startLine && startLine.line?.startsWith("@@start") === true) {
        const answer = await nextWithin(child, killAfterMs, options.maxRssMb)
        if ("line" in answer && answer.line?.startsWith("@@result ") === true) {
          outcome = JSON.parse(answer.line.slice("@@result ".length)) as IsolatedOutcome
        } else {
          const killed: IsolatedKilled = "fired" in answer
            ? { id: job.id, killed: answer.fired, detail: answer.detail, elapsedMs: performance.now() - started }
            : { id: job.id, killed: answer.line?.startsWith("@@crash") === true ? "crash" : "exit", detail: `${answer.line ?? "child exited"}\n${child.stderr}`.trim(), elapsedMs: performance.now() - started }
          outcome = killed
        }
      } else {
        outcome = { id: job.id, killed: "exit", detail: `child did not take the job: ${"line" in startLine ? String(startLine.line) : startLine.detail}\n${child.stderr}`, elapsedMs: performance.now() - started }
      }
      report(outcome, index)
      if ("killed" in outcome) {
        kill(child)
        child = undefined
      }
    }
  } finally {
    if (child !== undefined) {
      child.process.stdin.end()
      kill(child)
    }
  }
}

/** One job, one result (convenience for single hostile cases). */
export const runOneIsolated = async (job: IsolatedJob, options: IsolatedOptions = {}): Promise<IsolatedResult> => (await runIsolated([job], options))[0]!

/** The outcomes by job id; throws naming every job that was killed (a hang is a failure). */
export const outcomesById = (results: ReadonlyArray<IsolatedResult>): Map<string, IsolatedOutcome> => {
  const killed = results.filter(wasKilled)
  if (killed.length > 0) throw new Error(killed.map((k) => `${k.id} was killed (${k.killed}): ${k.detail}`).join("\n"))
  return new Map(results.map((result) => [result.id!, result as IsolatedOutcome]))
}
