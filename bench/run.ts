/**
 * `npm run bench`: this project against just-bash, bashkit's native binding and /bin/bash.
 *
 *   npm run bench                     full run (96 bashkit cases, scaling, start-up/memory)
 *   npm run bench -- --quick          under ~2 minutes: fewer iterations, smaller sizes
 *   npm run bench -- --big            add the 100 MB data cases
 *   npm run bench -- --sets=bashkit,scaling,startup   --runners=ours,bashkit   --filter=regex
 *   npm run bench -- --iterations=30  --out=path.json  --update-results (rewrite bench/RESULTS.md tables)
 *   npm run bench -- --isolation=shared   all runners in this one process (the old way, to compare)
 *   npm run bench -- --interleave=run     alternate runners run by run (cold runs) instead of case by case
 *   npm run bench -- --hostile            issue 17's hostile set instead (bench/hostile.ts; `--hostile=all`: the whole catalogue)
 *
 * By default every runner but /bin/bash runs in its own worker thread, fresh for each set
 * (pool.ts), so one runner's garbage is not collected during another's timed run.
 */
import { execSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { cpus, totalmem, type as osType, release } from "node:os"
import { dirname } from "node:path"
import { loadBashkitCases } from "./cases/bashkitCases.js"
import { scalingCases } from "./cases/scaling.js"
import type { BenchCase } from "./cases/types.js"
import { interleaves, measureAll, type CaseResult, type Interleave } from "./measure.js"
import { caseTables, geomeanRatio, mismatchList, scalingTable, startupTable, summaryTable } from "./report.js"
import { disposeRunners, isolations, startRunners, type Isolation } from "./pool.js"
import { defaultRunners, makeHostBash, runnerNames, type RunnerName } from "./runners.js"
import { localBash } from "./bashProcess.js"
import { hostileRunners, runHostileBench, type HostileRunner } from "./hostile.js"
import type { MeasuredRunner, ParserOnlyResult } from "./session.js"
import type { StartupResult } from "./startup.js"

interface Flags {
  readonly quick: boolean
  readonly big: boolean
  readonly sets: ReadonlyArray<string>
  readonly runners: ReadonlyArray<RunnerName>
  readonly filter: RegExp | undefined
  readonly iterations: number | undefined
  readonly out: string
  readonly updateResults: boolean
  readonly isolation: Isolation
  readonly interleave: Interleave
  /** Re-render a saved JSON file instead of measuring. */
  readonly from: string | undefined
  /** `--hostile` (a selection) or `--hostile=all`: run the hostile set instead. */
  readonly hostile: "bench" | "all" | undefined
}

const parseFlags = (argv: ReadonlyArray<string>): Flags => {
  const value = (name: string): string | undefined => {
    const hit = argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))
    return hit === undefined ? undefined : hit.includes("=") ? hit.slice(hit.indexOf("=") + 1) : ""
  }
  const list = (name: string, all: ReadonlyArray<string>) => (value(name) ?? all.join(",")).split(",").filter((s) => s !== "")
  const hostile = value("hostile")
  const runners = list("runners", hostile !== undefined ? hostileRunners : defaultRunners)
  const known: ReadonlyArray<string> = hostile !== undefined ? hostileRunners : runnerNames
  for (const r of runners) if (!known.includes(r)) throw new Error(`unknown runner ${r} (known: ${known.join(", ")})`)
  const filter = value("filter")
  const iterations = value("iterations")
  const isolation = value("isolation") ?? "worker"
  if (!(isolations as ReadonlyArray<string>).includes(isolation)) throw new Error(`unknown isolation ${isolation} (known: ${isolations.join(", ")})`)
  const interleave = value("interleave") ?? "case"
  if (!(interleaves as ReadonlyArray<string>).includes(interleave)) throw new Error(`unknown interleave ${interleave} (known: ${interleaves.join(", ")})`)
  return {
    quick: value("quick") !== undefined,
    big: value("big") !== undefined,
    sets: list("sets", ["bashkit", "scaling", "startup"]),
    runners: runners as Array<RunnerName>,
    filter: filter === undefined ? undefined : new RegExp(filter),
    iterations: iterations === undefined ? undefined : Number(iterations),
    out: value("out") ?? new URL(hostile !== undefined ? "./results/hostile.json" : "./results/latest.json", import.meta.url).pathname,
    updateResults: value("update-results") !== undefined,
    isolation: isolation as Isolation,
    interleave: interleave as Interleave,
    from: value("from"),
    hostile: hostile === undefined ? undefined : hostile === "all" ? "all" : "bench"
  }
}

const machine = () => {
  const git = (cmd: string) => {
    try {
      return execSync(cmd, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
    } catch {
      return "?"
    }
  }
  return {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model ?? "?",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    os: `${osType()} ${release()}`,
    node: process.version,
    commit: `${git("git rev-parse --short HEAD")}${git("git status --porcelain -- src") === "" ? "" : " (src has uncommitted changes)"}`
  }
}

const log = (s: string) => process.stderr.write(`${s}\n`)

/** Saved after each set, so a crash late in a long run (a native peer dying) loses nothing. */
const savePartial = (out: string, json: unknown) => {
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out.replace(/\.json$/, ".partial.json"), JSON.stringify(json, null, 1))
}

const main = async () => {
  const flags = parseFlags(process.argv.slice(2))
  if (flags.hostile !== undefined) {
    await runHostileBench({
      all: flags.hostile === "all",
      runners: flags.runners as ReadonlyArray<string> as ReadonlyArray<HostileRunner>,
      filter: flags.filter,
      out: flags.out
    })
    return
  }
  if (flags.from !== undefined) {
    const markdown = render(JSON.parse(readFileSync(flags.from, "utf8")) as BenchJson)
    process.stdout.write(`${markdown}\n`)
    if (flags.updateResults) updateResults(markdown)
    return
  }
  const host = makeHostBash()
  // The oracle run is untimed: it can spawn from here.
  const reference = localBash(host)
  const started = await startRunners(flags.runners, host, flags.isolation)
  const unavailable = started.unavailable
  let runners = started.runners
  for (const u of unavailable) log(`runner ${u.name} unavailable: ${u.reason}`)
  const names = runners.map((r) => r.name)
  const info = machine()
  log(`bench: ${info.cpu} x${info.cores}, node ${info.node}, runners ${names.join(", ")}, ${isolationText(flags.isolation)}, ${interleaveText(flags.interleave)}`)
  let fresh = true
  /** Each set starts with fresh workers, so one set's heap does not carry into the next. */
  const runnersForSet = async (): Promise<Array<MeasuredRunner>> => {
    if (!fresh && flags.isolation === "worker") {
      await disposeRunners(runners)
      const restarted = await startRunners(names as Array<RunnerName>, host, flags.isolation)
      for (const u of restarted.unavailable) log(`runner ${u.name} unavailable on restart: ${u.reason}`)
      runners = restarted.runners
    }
    fresh = false
    return runners
  }

  const selected = (cases: Array<BenchCase>) =>
    flags.filter === undefined ? cases : cases.filter((c) => flags.filter?.test(c.name) === true || flags.filter?.test(c.category) === true)
  const measureOptions = {
    iterations: flags.iterations ?? (flags.quick ? 5 : 20),
    caseBudgetMs: flags.quick ? 800 : 6000,
    minIterations: flags.quick ? 2 : 3,
    slowRunMs: flags.quick ? 1500 : 5000,
    interleave: flags.interleave,
    prewarmRuns: 0,
    onCase: (c: CaseResult, i: number, total: number) => {
      const cells = c.results.map((r) => `${r.runner} ${r.medianMs.toFixed(3)}${r.matches ? "" : "✗"}`).join("  ")
      log(`[${i + 1}/${total}] ${c.category}/${c.name}: ${cells}`)
    }
  }

  const json: Record<string, unknown> = { machine: info, runners: runners.map((r) => ({ name: r.name, version: r.version })), unavailable, flags: { ...flags, filter: flags.filter?.source } }

  let bashkitResults: Array<CaseResult> = []
  if (flags.sets.includes("bashkit")) {
    // The bashkit set is many short cases: prewarm them all first. The scaling cases are long
    // enough to warm up within their own untimed run.
    bashkitResults = await measureAll(selected(loadBashkitCases()), await runnersForSet(), reference, { ...measureOptions, prewarmRuns: flags.quick ? 3 : 10 })
    json["bashkit"] = bashkitResults
    savePartial(flags.out, json)
  }
  let scalingResults: Array<CaseResult> = []
  if (flags.sets.includes("scaling")) {
    scalingResults = await measureAll(selected(scalingCases({ big: flags.big, quick: flags.quick })), await runnersForSet(), reference, measureOptions)
    json["scaling"] = scalingResults
    savePartial(flags.out, json)
  }
  let startup: Array<StartupResult> = []
  let hostStartup: { medianMs: number; meanMs: number } | undefined
  let parserOnly: ParserOnlyResult | undefined
  if (flags.sets.includes("startup")) {
    const counts = flags.quick ? { createCount: 500, memoryCount: 500 } : { createCount: 2000, memoryCount: 1000 }
    const setRunners = await runnersForSet()
    for (const runner of setRunners) {
      log(`startup/memory: ${runner.name}`)
      const r = await runner.startup(counts)
      if (r !== undefined) startup.push(r)
    }
    hostStartup = await setRunners.find((r) => r.name === "bash")?.coldStart?.(flags.quick ? 20 : 100)
    parserOnly = await setRunners.find((r) => r.name === "ours")?.parserOnly?.()
    json["startup"] = { sandboxes: startup, hostBash: hostStartup, parserOnly }
  }

  const markdown = render(json as unknown as BenchJson)
  process.stdout.write(`${markdown}\n`)

  mkdirSync(dirname(flags.out), { recursive: true })
  writeFileSync(flags.out, JSON.stringify(json, null, 1))
  writeFileSync(flags.out.replace(/\.json$/, ".md"), markdown)
  rmSync(flags.out.replace(/\.json$/, ".partial.json"), { force: true })
  log(`wrote ${flags.out}`)
  if (flags.updateResults) updateResults(markdown)

  host.cleanup()
  await disposeRunners(runners)
}

const isolationText = (isolation: Isolation): string =>
  isolation === "worker" ? "each runner in its own worker thread" : "all runners in one process (--isolation=shared)"

/** Runs saved before `--interleave` existed alternated run by run. */
const interleaveText = (interleave: Interleave): string =>
  interleave === "case" ? "runners alternate case by case" : "runners alternate run by run (--interleave=run: cold runs)"

/** What a run saves (and `--from` reads back). */
interface BenchJson {
  readonly machine: ReturnType<typeof machine>
  readonly runners: ReadonlyArray<{ name: string; version: string }>
  readonly unavailable: ReadonlyArray<{ name: string; reason: string }>
  /** `isolation` is missing from runs made before runners had workers: those shared one process. */
  readonly flags: { quick: boolean; big: boolean; isolation?: Isolation; interleave?: Interleave }
  readonly bashkit?: Array<CaseResult>
  readonly scaling?: Array<CaseResult>
  readonly startup?: { sandboxes: Array<StartupResult>; hostBash?: { medianMs: number; meanMs: number }; parserOnly?: ParserOnlyResult }
}

const render = (json: BenchJson): string => {
  const sections: Array<string> = []
  const info = json.machine
  const flags = json.flags
  const names = json.runners.map((r) => r.name)
  const bashkitResults = json.bashkit ?? []
  const scalingResults = json.scaling ?? []
  const startup = json.startup?.sandboxes ?? []
  const hostStartup = json.startup?.hostBash
  const parserOnly = json.startup?.parserOnly
  const runners = json.runners
  const unavailable = json.unavailable
  const versions = runners.map((r) => `- \`${r.name}\`: ${r.version}`).join("\n")
  const missing = unavailable.map((u) => `- \`${u.name}\` could not run: ${u.reason}`).join("\n")
  sections.push(
    `Run: ${info.date} · ${info.cpu}, ${info.cores} cores, ${info.memoryGiB} GiB · ${info.os} · Node ${info.node} · commit ${info.commit} · ${flags.quick ? "quick run" : "full run"}${flags.big ? " with 100 MB cases" : ""} · ${isolationText(flags.isolation ?? "shared")} · ${interleaveText(flags.interleave ?? "run")}\n\n${versions}${missing === "" ? "" : `\n${missing}`}\n`
  )
  const peers = names.filter((n) => n !== "ours")
  if (bashkitResults.length > 0) {
    const overall = peers.map((p) => `${p} ${geomeanRatio(bashkitResults, p).ratio.toFixed(2)}x`).join(", ")
    sections.push(`### Headline: the ${bashkitResults.length} bashkit cases\n\nGeometric mean of time ratios, peer / ours (above 1x: ours is faster): ${overall}.\n`)
    sections.push(summaryTable(bashkitResults, names, "### bashkit cases by category"))
  }
  if (scalingResults.length > 0) {
    sections.push(summaryTable(scalingResults, names, "### Scaling cases by category"))
    sections.push(`### Scaling curves\n\n${scalingTable(scalingResults, names)}`)
  }
  if (startup.length > 0) {
    const parse =
      parserOnly === undefined ? "" : `\n\nParser alone (\`parseScript\`, ${(parserOnly.bytes / 1024 / 1024).toFixed(2)} MB realistic script, ${parserOnly.statements} statements): best ${parserOnly.bestMs.toFixed(1)} ms, median ${parserOnly.medianMs.toFixed(1)} ms.`
    sections.push(`### Start-up and memory\n\n${startupTable(startup, hostStartup)}${parse}\n`)
  }
  const all = [...bashkitResults, ...scalingResults]
  if (all.length > 0) {
    sections.push(`### Per-case times\n\nmean / median ms per case (✗: output or exit status differs from /bin/bash; ⚠: the runner threw).\n\n${caseTables(all, names)}`)
    sections.push(`### Output mismatches against /bin/bash\n\n${mismatchList(all, names)}`)
    const oracleDrift = bashkitResults.filter((c) => c.referenceDiffersFromExpected).map((c) => c.name)
    if (oracleDrift.length > 0) sections.push(`Cases where /bin/bash itself differs from the case file's expected output: ${oracleDrift.join(", ")}.\n`)
  }
  return sections.join("\n")
}

const START = "<!-- results:start (generated by npm run bench -- --update-results) -->"
const END = "<!-- results:end -->"

/** Replaces the generated part of bench/RESULTS.md, keeping the hand-written notes around it. */
const updateResults = (markdown: string) => {
  const path = new URL("./RESULTS.md", import.meta.url)
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch {
    text = `# Benchmark results\n\n${START}\n${END}\n`
  }
  const start = text.indexOf(START)
  const end = text.indexOf(END)
  const generated = `${START}\n\n${markdown}\n${END}`
  text = start === -1 || end === -1 ? `${text}\n${generated}\n` : `${text.slice(0, start)}${generated}${text.slice(end + END.length)}`
  writeFileSync(path, text)
  log("updated bench/RESULTS.md")
}

await main()
