/**
 * /bin/bash as a measured runner. Isolated runs start every bash process from a small helper
 * process (bashSpawner.mjs): forking copies the parent's page tables, and with four runners'
 * heaps in the coordinator a spawn from there took 13 ms instead of 3 (the cost grows with the
 * parent's memory, not with anything bash does). `--isolation=shared` spawns from here, as before.
 */
import { fork } from "node:child_process"
import { median } from "./measure.js"
import type { BashInvocation, HostBash } from "./runners.js"
import { localRunner, type MeasuredRunner, type TimedOutcome } from "./session.js"
import { measureHostBashStartup } from "./startup.js"

const SPAWNER = new URL("./bashSpawner.mjs", import.meta.url)

/** Cold start of the real thing: `bash -c true`. */
const TRUE: BashInvocation = { file: "/bin/bash", args: ["-c", "true"], options: { cwd: "/", env: { PATH: "/usr/bin:/bin" }, encoding: "utf8", maxBuffer: 1024 * 1024 } }

const summary = (times: ReadonlyArray<number>) => ({ medianMs: median(times), meanMs: times.reduce((a, b) => a + b, 0) / times.length })

/** Bash spawned from this process (shared isolation, and the untimed reference run). */
export const localBash = (host: HostBash): MeasuredRunner => ({
  ...localRunner(host),
  coldStart: async (runs) => measureHostBashStartup(runs)
})

/** Bash spawned, and timed, in a small helper process of its own. */
export const startBashProcess = async (host: HostBash): Promise<MeasuredRunner> => {
  // No tsx and no inherited flags: the helper must stay a bare Node process.
  const child = fork(SPAWNER, [], { execArgv: [], serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] })
  let next = 0
  let gone: string | undefined
  const pending = new Map<number, (outcome: TimedOutcome) => void>()
  const failed = (reason: string): TimedOutcome => ({ ms: NaN, stdout: "", exitCode: -1, error: reason })
  child.on("message", (reply: TimedOutcome & { id: number }) => {
    const resolve = pending.get(reply.id)
    pending.delete(reply.id)
    const { id: _, ...outcome } = reply
    resolve?.(outcome)
  })
  const stop = (reason: string) => {
    gone ??= reason
    for (const resolve of pending.values()) resolve(failed(gone))
    pending.clear()
  }
  child.on("error", (e) => stop(`bash spawner failed: ${e.message}`))
  child.on("exit", (code, signal) => stop(`bash spawner exited (${signal ?? code})`))
  const spawn = (invocation: BashInvocation): Promise<TimedOutcome> =>
    gone !== undefined
      ? Promise.resolve(failed(gone))
      : new Promise((resolve) => {
          const id = next++
          pending.set(id, resolve)
          child.send({ ...invocation, id })
        })
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve)
    child.once("error", reject)
  })
  const smoke = await spawn(host.invocation({ script: "echo ok" }))
  if (smoke.stdout !== "ok\n") {
    child.kill()
    throw new Error(`bash spawner smoke test printed ${JSON.stringify(smoke.stdout)} ${smoke.error ?? ""}`)
  }
  return {
    name: host.name,
    version: host.version,
    // The case itself: the host writes a case's files once, keyed on the files object.
    open: async (c) => {
      const invocation = host.invocation(c)
      return { run: () => spawn(invocation), close: async () => {} }
    },
    startup: async () => undefined,
    coldStart: async (runs) => {
      const times: Array<number> = []
      for (let i = 0; i < runs; i++) times.push((await spawn(TRUE)).ms)
      return summary(times)
    },
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve))
        child.kill()
        await exited
      }
    }
  }
}
