/**
 * Profiling helper: runs chosen cases through this project's facade in a loop, so a CPU profile
 * shows where our time goes. Run under the profiler, then summarize:
 *
 *   node --cpu-prof --cpu-prof-dir=bench/profiles --import tsx bench/profile.ts --filter=while_test_10k --seconds=10
 *   npx tsx bench/profileSummary.ts bench/profiles/<file>.cpuprofile
 */
import { loadBashkitCases } from "./cases/bashkitCases.js"
import { scalingCases } from "./cases/scaling.js"
import { loadRunners, makeHostBash } from "./runners.js"

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=").slice(1).join("=") ?? fallback

const filter = new RegExp(arg("filter", "."))
const seconds = Number(arg("seconds", "10"))
const cases = [...loadBashkitCases(), ...scalingCases({ big: false, quick: false })].filter((c) => filter.test(c.name) || filter.test(c.category))
const host = makeHostBash()
const { runners } = await loadRunners(["ours"], host)
const ours = runners[0]
if (ours === undefined || cases.length === 0) throw new Error("nothing to profile")
const execs = await Promise.all(cases.map(async (c) => (c.reuse === true ? await ours.prepare(c) : undefined)))
const deadline = performance.now() + seconds * 1000
let rounds = 0
while (performance.now() < deadline) {
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i]!
    const exec = execs[i]
    await (exec !== undefined ? exec(c.script) : ours.runFresh(c))
  }
  rounds++
}
process.stderr.write(`profiled ${cases.length} case(s) x ${rounds} rounds\n`)
host.cleanup()
