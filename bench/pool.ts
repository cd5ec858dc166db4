/**
 * The coordinator side of isolated runners: each runner but /bin/bash lives in its own worker
 * thread (worker.ts), with its own JavaScript heap. In one shared heap, the garbage one runner
 * leaves is collected during the next runner's timed run (just-bash's garbage tripled our
 * median on `echo hello`); a host uses one library per process, so that cost is not theirs.
 * /bin/bash is a process per run anyway; it is started from a small helper process (bashProcess.ts).
 */
import { Worker } from "node:worker_threads"
import type { BenchCase } from "./cases/types.js"
import { localBash, startBashProcess } from "./bashProcess.js"
import { loadRunners, type HostBash, type PeerName, type RunnerName } from "./runners.js"
import { caseSpec, localRunner, type CaseSession, type MeasuredRunner, type ParserOnlyResult, type TimedOutcome } from "./session.js"
import type { StartupOptions, StartupResult } from "./startup.js"
import type { Hello, Reply, Request, WorkerData } from "./worker.js"

/** `worker`: one worker thread per runner (the default); `shared`: all in this process, as before. */
export type Isolation = "worker" | "shared"
export const isolations: ReadonlyArray<Isolation> = ["worker", "shared"]

const ENTRY = new URL("./workerEntry.mjs", import.meta.url)

/**
 * Thread stack per worker, in MiB. A worker's JavaScript may use its thread stack less Node's
 * 192 KiB reserve; V8's default on the main thread is 984 KiB, so the pure-JS runners get exactly
 * that (deep recursion fails where it would in a host's main thread). bashkit's Rust code runs on
 * the thread stack itself, which is 8 MiB on a main thread (`ulimit -s`): it gets that much.
 */
const stackSizeMb = (name: PeerName): number => (name.startsWith("bashkit") ? 8 : (984 + 192) / 1024)

type Call = <A>(request: DistributiveOmit<Request, "id">) => Promise<A>
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A request/reply channel to one worker; once the worker is gone every call fails with why. */
const connect = (worker: Worker): { call: Call; hello: Promise<Hello> } => {
  let next = 0
  let gone: string | undefined
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let greet: (hello: Hello) => void = () => {}
  const hello = new Promise<Hello>((resolve) => (greet = resolve))
  const fail = (reason: string) => {
    gone ??= reason
    greet({ type: "unavailable", reason: gone })
    for (const p of pending.values()) p.reject(new Error(gone))
    pending.clear()
  }
  worker.on("message", (message: Hello | Reply) => {
    if ("type" in message) return greet(message)
    const p = pending.get(message.id)
    pending.delete(message.id)
    if (message.ok) p?.resolve(message.value)
    else p?.reject(new Error(message.error))
  })
  worker.on("error", (e) => fail(`worker failed: ${e.message}`))
  worker.on("exit", (code) => fail(`worker exited (code ${code})`))
  const call: Call = (request) =>
    gone !== undefined
      ? Promise.reject(new Error(gone))
      : new Promise((resolve, reject) => {
          const id = next++
          pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
          worker.postMessage({ ...request, id })
        })
  return { call, hello }
}

const failed = (e: unknown): TimedOutcome => ({ ms: NaN, stdout: "", exitCode: -1, error: e instanceof Error ? e.message : String(e) })

/** Starts one runner in its own worker; rejects with the reason when it cannot run there. */
export const startWorkerRunner = async (name: PeerName): Promise<MeasuredRunner> => {
  const worker = new Worker(ENTRY, {
    workerData: { runner: name } satisfies WorkerData,
    // Nothing inherited: workerEntry.mjs registers tsx itself, whatever launched this process.
    execArgv: [],
    resourceLimits: { stackSizeMb: stackSizeMb(name) }
  })
  const { call, hello } = connect(worker)
  const greeting = await hello
  if (greeting.type === "unavailable") {
    await worker.terminate()
    throw new Error(greeting.reason)
  }
  return {
    name,
    version: greeting.version,
    open: async (c: BenchCase): Promise<CaseSession> => {
      try {
        await call({ op: "open", spec: caseSpec(c), reuse: c.reuse === true })
      } catch (e) {
        const outcome = failed(e)
        return { run: async () => outcome, close: async () => {} }
      }
      return {
        run: () => call<TimedOutcome>({ op: "run" }).catch(failed),
        runMany: (plan) => call<Array<TimedOutcome>>({ op: "runMany", plan }).catch((e: unknown) => [failed(e)]),
        close: () => call<void>({ op: "close" }).catch(() => undefined)
      }
    },
    startup: (options: StartupOptions) => call<StartupResult | undefined>({ op: "startup", options }),
    parserOnly: () => call<ParserOnlyResult>({ op: "parserOnly" }),
    dispose: async () => {
      await call({ op: "dispose" }).catch(() => undefined)
      await worker.terminate()
    }
  }
}

/**
 * The requested runners, isolated or not. A peer that cannot be loaded, or fails its smoke
 * test, is left out with the reason (the run goes on without it).
 */
export const startRunners = async (
  names: ReadonlyArray<RunnerName>,
  host: HostBash,
  isolation: Isolation
): Promise<{ runners: Array<MeasuredRunner>; unavailable: Array<{ name: string; reason: string }> }> => {
  if (isolation === "shared") {
    const { runners, unavailable } = await loadRunners(names, host)
    return { runners: runners.map((r) => (r === host ? localBash(host) : localRunner(r))), unavailable }
  }
  const started = await Promise.allSettled(names.map((name) => (name === "bash" ? startBashProcess(host) : startWorkerRunner(name))))
  const runners: Array<MeasuredRunner> = []
  const unavailable: Array<{ name: string; reason: string }> = []
  started.forEach((s, i) => {
    if (s.status === "fulfilled") runners.push(s.value)
    else unavailable.push({ name: names[i] as string, reason: s.reason instanceof Error ? s.reason.message : String(s.reason) })
  })
  return { runners, unavailable }
}

export const disposeRunners = async (runners: ReadonlyArray<MeasuredRunner>): Promise<void> => {
  for (const r of runners) await r.dispose()
}
