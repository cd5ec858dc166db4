/**
 * Turns measurements into the tables users read: per-category case tables, per-category and
 * overall geometric means of time ratios against this project, and output-match counts.
 */
import type { CaseResult, RunnerResult } from "./measure.js"
import type { StartupResult } from "./startup.js"

/** The runner every ratio is taken against. */
export const BASELINE = "ours"

const fmtMs = (ms: number): string => {
  if (!Number.isFinite(ms)) return "-"
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)}s`
  if (ms >= 100) return ms.toFixed(0)
  if (ms >= 10) return ms.toFixed(1)
  if (ms >= 1) return ms.toFixed(2)
  return ms.toFixed(3)
}

const fmtRatio = (r: number): string => (Number.isFinite(r) ? `${r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}x` : "-")

const fmtBytes = (b: number): string => {
  if (!Number.isFinite(b)) return "-"
  const abs = Math.abs(b)
  if (abs >= 1024 * 1024) return `${(b / 1024 / 1024).toFixed(1)} MB`
  if (abs >= 1024) return `${(b / 1024).toFixed(1)} KB`
  return `${b.toFixed(0)} B`
}

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`]
  for (const row of rows) lines.push(`| ${row.join(" | ")} |`)
  return lines.join("\n")
}

const resultOf = (c: CaseResult, runner: string): RunnerResult | undefined => c.results.find((r) => r.runner === runner)

/**
 * Geometric mean of `runner / baseline` median times over the cases both have timed and both
 * answered as /bin/bash does (a runner that fails fast must not look fast).
 */
export const geomeanRatio = (cases: ReadonlyArray<CaseResult>, runner: string, baseline = BASELINE): { ratio: number; n: number } => {
  let logSum = 0
  let n = 0
  for (const c of cases) {
    const a = resultOf(c, runner)?.medianMs
    const b = resultOf(c, baseline)?.medianMs
    if (a === undefined || b === undefined || !(a > 0) || !(b > 0)) continue
    if (resultOf(c, runner)?.matches !== true || resultOf(c, baseline)?.matches !== true) continue
    logSum += Math.log(a / b)
    n++
  }
  return { ratio: n === 0 ? NaN : Math.exp(logSum / n), n }
}

const matchCount = (cases: ReadonlyArray<CaseResult>, runner: string): string => {
  const own = cases.filter((c) => resultOf(c, runner) !== undefined)
  return `${own.filter((c) => resultOf(c, runner)?.matches === true).length}/${own.length}`
}

const groupBy = <A>(xs: ReadonlyArray<A>, key: (a: A) => string): Map<string, Array<A>> => {
  const m = new Map<string, Array<A>>()
  for (const x of xs) {
    const k = key(x)
    const list = m.get(k)
    if (list === undefined) m.set(k, [x])
    else list.push(x)
  }
  return m
}

/** A cell: `mean / median` ms, flagged when the output differs from bash. */
const cell = (r: RunnerResult | undefined): string => {
  if (r === undefined) return "-"
  const flag = r.error !== undefined ? " ⚠" : r.matches ? "" : " ✗"
  return `${fmtMs(r.meanMs)} / ${fmtMs(r.medianMs)}${flag}`
}

export const caseTables = (cases: ReadonlyArray<CaseResult>, runners: ReadonlyArray<string>): string => {
  const parts: Array<string> = []
  for (const [key, group] of groupBy(cases, (c) => `${c.set}/${c.category}`)) {
    const reuse = group.some((c) => c.reuse) ? " (one prepared sandbox per runner: the script only is timed)" : ""
    parts.push(`#### ${key}${reuse}\n`)
    const rows = group.map((c) => [c.name, ...runners.map((r) => cell(resultOf(c, r)))])
    const ratios = ["geomean vs ours", ...runners.map((r) => fmtRatio(geomeanRatio(group, r).ratio))]
    const matches = ["match bash", ...runners.map((r) => matchCount(group, r))]
    parts.push(table(["case", ...runners], [...rows, ratios, matches]))
    parts.push("")
  }
  return parts.join("\n")
}

/** One row per category: geometric-mean ratio and match count for every runner. */
export const summaryTable = (cases: ReadonlyArray<CaseResult>, runners: ReadonlyArray<string>, title: string): string => {
  const rows: Array<Array<string>> = []
  const categories = groupBy(cases, (c) => c.category)
  for (const [category, group] of categories) {
    rows.push([`${category} (${group.length})`, ...runners.map((r) => `${fmtRatio(geomeanRatio(group, r).ratio)} · ${matchCount(group, r)}`)])
  }
  rows.push([`**all (${cases.length})**`, ...runners.map((r) => `**${fmtRatio(geomeanRatio(cases, r).ratio)} · ${matchCount(cases, r)}**`)])
  return `${title}\n\nGeometric mean of per-case median-time ratios against \`ours\` (above 1x: slower than ours), over the cases where both match /bin/bash · cases whose stdout and exit status match /bin/bash.\n\n${table(["category", ...runners], rows)}\n`
}

export const startupTable = (results: ReadonlyArray<StartupResult>, hostBash?: { medianMs: number; meanMs: number }): string => {
  const rows = results.map((r) => [
    r.runner,
    fmtMs(r.createMeanMs),
    fmtMs(r.createMedianMs),
    fmtMs(r.firstExecMedianMs),
    fmtBytes(r.heapBytesIdle),
    fmtBytes(r.heapBytesAfterExec),
    fmtBytes(r.rssBytesIdle),
    fmtBytes(r.rssBytesAfterExec),
    Number.isFinite(r.fdsIdle) ? r.fdsIdle.toFixed(1) : "-",
    r.idlePerGiB.toLocaleString("en-US")
  ])
  const failures = results.filter((r) => r.failure !== undefined).map((r) => `\n\n${r.runner}: ${r.failure}`).join("")
  if (hostBash !== undefined) rows.push(["bash (process)", fmtMs(hostBash.meanMs), fmtMs(hostBash.medianMs), "-", "-", "-", "-", "-", "-", "-"])
  return table(["runner", "create mean ms", "create median ms", "create + `echo hi` median ms", "heap / idle", "heap / after 1 exec", "RSS / idle", "RSS / after 1 exec", "fds / idle", "idle per GiB"], rows) + failures
}

/** Scaling: the median time per unit of work, so a growing number means super-linear cost. */
export const scalingTable = (cases: ReadonlyArray<CaseResult>, runners: ReadonlyArray<string>): string => {
  const withWork = cases.filter((c) => c.set === "scaling" && c.work !== undefined)
  const families = groupBy(withWork, (c) => c.name.replace(/_[0-9.]+(k|mb)?(_script)?$/, ""))
  const rows: Array<Array<string>> = []
  for (const [family, group] of families) {
    if (group.length < 2) continue
    const sorted = [...group].sort((a, b) => (a.work ?? 0) - (b.work ?? 0))
    const base = sorted[0] as CaseResult
    for (const c of sorted) {
      const scale = (c.work ?? 1) / (base.work ?? 1)
      rows.push([
        `${family} ×${scale}`,
        ...runners.map((r) => {
          const t = resultOf(c, r)?.medianMs
          const t0 = resultOf(base, r)?.medianMs
          return t === undefined || t0 === undefined ? "-" : `${fmtMs(t)} (${(t / t0 / scale).toFixed(2)})`
        })
      ])
    }
  }
  return `Median ms (in brackets: growth relative to linear from the smallest size; 1.00 is linear, above it super-linear; at small sizes fixed costs push it below 1).\n\n${table(["case", ...runners], rows)}\n`
}

/** Cases where some runner disagrees with bash: what bash printed and what each printed. */
export const mismatchList = (cases: ReadonlyArray<CaseResult>, runners: ReadonlyArray<string>, limit = 80): string => {
  const lines: Array<string> = []
  const clip = (s: string) => JSON.stringify(s.length > limit ? `${s.slice(0, limit)}…` : s)
  for (const c of cases) {
    const wrong = runners.map((r) => resultOf(c, r)).filter((r): r is RunnerResult => r !== undefined && !r.matches)
    if (wrong.length === 0) continue
    lines.push(`- ${c.name}: bash ${clip(c.reference.stdout)} (exit ${c.reference.exitCode})`)
    for (const r of wrong) lines.push(`  - ${r.runner}: ${r.error !== undefined ? `error ${clip(r.error)}` : `${clip(r.stdout)} (exit ${r.exitCode})`}`)
  }
  return lines.length === 0 ? "None.\n" : `${lines.join("\n")}\n`
}
