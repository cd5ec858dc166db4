/**
 * The worker side of an isolated runner: one runner per worker thread, so its heap, garbage
 * collections and JIT state are its own (a host uses one library per process). Started by
 * pool.ts through workerEntry.mjs; answers one request at a time and times every run here, so
 * the message round trip is not part of any measurement.
 */
import { parentPort, workerData } from "node:worker_threads"
import { loadPeer, type PeerName, type Runner, type RunSpec } from "./runners.js"
import { openSession, runBackToBack, type RunPlan, type TimedOutcome } from "./session.js"
import { measureParserOnly, measureStartup, type StartupOptions } from "./startup.js"

export interface WorkerData {
  readonly runner: PeerName
}

/** First message of a worker: the runner loaded (and passed its smoke test), or why not. */
export type Hello = { readonly type: "ready"; readonly version: string } | { readonly type: "unavailable"; readonly reason: string }

export type Request =
  | { readonly id: number; readonly op: "open"; readonly spec: RunSpec; readonly reuse: boolean }
  | { readonly id: number; readonly op: "run" }
  | { readonly id: number; readonly op: "runMany"; readonly plan: RunPlan }
  | { readonly id: number; readonly op: "close" }
  | { readonly id: number; readonly op: "startup"; readonly options: StartupOptions }
  | { readonly id: number; readonly op: "parserOnly" }
  | { readonly id: number; readonly op: "dispose" }

export type Reply = { readonly id: number; readonly ok: true; readonly value: unknown } | { readonly id: number; readonly ok: false; readonly error: string }

const port = parentPort
if (port === null) throw new Error("bench/worker.ts runs inside a worker thread (see pool.ts)")

const serve = (runner: Runner) => {
  let current: (() => Promise<TimedOutcome>) | undefined
  const handle = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case "open":
        current = undefined // the previous case's sandbox can go before the next one is built
        current = await openSession(runner, request.spec, request.reuse)
        return undefined
      case "run":
        if (current === undefined) throw new Error("run before open")
        return await current()
      case "runMany":
        if (current === undefined) throw new Error("run before open")
        return await runBackToBack(current, request.plan)
      case "close":
        current = undefined
        return undefined
      case "startup":
        return await measureStartup(runner, request.options)
      case "parserOnly":
        return measureParserOnly()
      case "dispose":
        current = undefined
        await runner.dispose?.()
        return undefined
    }
  }
  // One request at a time, in arrival order: a run never overlaps anything else in this isolate.
  let queue: Promise<void> = Promise.resolve()
  port.on("message", (request: Request) => {
    queue = queue.then(async () => {
      let reply: Reply
      try {
        reply = { id: request.id, ok: true, value: await handle(request) }
      } catch (e) {
        reply = { id: request.id, ok: false, error: e instanceof Error ? e.message : String(e) }
      }
      port.postMessage(reply)
    })
  })
}

const { runner: name } = workerData as WorkerData
try {
  const runner = await loadPeer(name)
  serve(runner)
  port.postMessage({ type: "ready", version: runner.version } satisfies Hello)
} catch (e) {
  port.postMessage({ type: "unavailable", reason: e instanceof Error ? e.message : String(e) } satisfies Hello)
}
