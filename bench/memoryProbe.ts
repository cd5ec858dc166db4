/**
 * Child process of the start-up/memory set: creates N idle sandboxes of one runner in a fresh
 * process and prints the heap, RSS and file descriptors each holds, as JSON. A fresh process
 * keeps native allocators from reusing memory freed by earlier measurements.
 *
 *   node --import tsx bench/memoryProbe.ts <runner> <count> [--exec]
 */
import { readdirSync } from "node:fs"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { loadRunners, makeHostBash, type RunnerName } from "./runners.js"

setFlagsFromString("--expose-gc")
const gc = runInNewContext("gc") as () => void
const settle = async () => {
  for (let i = 0; i < 3; i++) gc()
  await new Promise((resolve) => setTimeout(resolve, 20))
  gc()
}

const [name, countText] = process.argv.slice(2)
const touch = process.argv.includes("--exec")
const count = Number(countText ?? "1000")
const host = makeHostBash()
const { runners } = await loadRunners([name as RunnerName], host)
host.cleanup()
const runner = runners[0]
if (runner?.createIdle === undefined || runner.touchIdle === undefined) throw new Error(`no idle sandboxes for ${name}`)
// Warm-up: load lazily imported modules and JIT before the baseline.
for (let i = 0; i < 20; i++) await runner.touchIdle(runner.createIdle())
await settle()
const fds = () => readdirSync("/proc/self/fd").length
const heap0 = process.memoryUsage().heapUsed
const rss0 = process.memoryUsage().rss
const fd0 = fds()
const held: Array<unknown> = []
let failure: string | undefined
try {
  for (let i = 0; i < count; i++) {
    const sandbox = runner.createIdle()
    if (touch) await runner.touchIdle(sandbox)
    held.push(sandbox)
  }
} catch (e) {
  failure = `failed after ${held.length} live sandboxes: ${e instanceof Error ? e.message : String(e)}`
}
await settle()
const n = Math.max(held.length, 1)
const usage = process.memoryUsage()
process.stdout.write(
  JSON.stringify({
    runner: name,
    count: held.length,
    heapBytes: (usage.heapUsed - heap0) / n,
    rssBytes: (usage.rss - rss0) / n,
    fds: (fds() - fd0) / n,
    ...(failure !== undefined ? { failure } : {})
  })
)
