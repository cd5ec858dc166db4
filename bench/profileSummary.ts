/**
 * Summarizes a V8 .cpuprofile: self time and inclusive time per function (file:line name),
 * the top entries of each, with node_modules and node internals grouped by package.
 *
 *   npx tsx bench/profileSummary.ts <file.cpuprofile> [--top=30]
 */
import { readFileSync } from "node:fs"

interface ProfileNode {
  readonly id: number
  readonly callFrame: { functionName: string; url: string; lineNumber: number }
  readonly children?: ReadonlyArray<number>
}
interface Profile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

const file = process.argv[2]
if (file === undefined) throw new Error("usage: profileSummary <file.cpuprofile> [--top=N]")
const top = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6) ?? "30")
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile

const root = process.cwd()
const label = (n: ProfileNode): string => {
  const { functionName, url, lineNumber } = n.callFrame
  const name = functionName === "" ? "(anonymous)" : functionName
  if (url === "") return name
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg !== null) return `[${pkg[1]}] ${name}`
  if (url.startsWith("node:")) return `[${url}] ${name}`
  return `${url.replace(`file://${root}/`, "")}:${lineNumber + 1} ${name}`
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

const self = new Map<string, number>()
const inclusive = new Map<string, number>()
let total = 0
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i] as number
  const dt = (profile.timeDeltas[i] ?? 0) / 1000
  total += dt
  const node = byId.get(id)
  if (node === undefined) continue
  const l = label(node)
  self.set(l, (self.get(l) ?? 0) + dt)
  const seen = new Set<string>()
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur)
    if (n === undefined) break
    const name = label(n)
    if (seen.has(name)) continue
    seen.add(name)
    inclusive.set(name, (inclusive.get(name) ?? 0) + dt)
  }
}

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n## ${title} (total ${total.toFixed(0)} ms)\n`)
  for (const [name, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
  }
}
print("self time", self)
print("inclusive time", inclusive)

// --callers=name: the call paths (up to 6 frames) that spend time in functions matching `name`.
const callersOf = process.argv.find((a) => a.startsWith("--callers="))?.slice(10)
if (callersOf !== undefined) {
  const paths = new Map<string, number>()
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000
    const chain: Array<string> = []
    let hit = false
    for (let cur: number | undefined = profile.samples[i]; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur)
      if (n === undefined) break
      const l = label(n)
      if (!hit && l.includes(callersOf)) hit = true
      if (hit && !l.startsWith("[effect]")) chain.push(l)
      if (chain.length >= 6) break
    }
    if (hit) {
      const key = chain.join("  <-  ")
      paths.set(key, (paths.get(key) ?? 0) + dt)
    }
  }
  console.log(`\n## call paths through ${callersOf} (effect runtime frames elided)\n`)
  for (const [path, ms] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${path}`)
}
