/**
 * `npm run bench -- --hostile`: issue 17's hostile set. Each attack of the catalogue
 * (test/security/hostile/) runs in a killable child process, one at a time so the measurements
 * do not compete, and reports time to stop, peak RSS growth, the longest event-loop stall and the
 * slowest `echo hi` of a second sandbox of the same library running meanwhile. Peers (just-bash,
 * bashkit's native binding) run the attacks a plain `exec(script)` can express, under the same
 * deadline (an AbortSignal for just-bash, `timeoutMs` for bashkit).
 *
 *   npm run bench -- --hostile                 three attacks per category, ours and the peers
 *   npm run bench -- --hostile=all             the whole catalogue
 *   npm run bench -- --hostile --runners=ours --filter=sed
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { runIsolatedPool, type IsolatedResult } from "../test/support/isolated.js"
import { bundleExecutor } from "../test/security/hostile/bundle.js"
import { catalogue } from "../test/security/hostile/catalogue/index.js"
import { peerCompatible, type PeerName } from "../test/security/hostile/peers.js"
import { attackDeadlineMs, bounds, killAfterMs } from "../test/security/hostile/policy.js"
import type { Attack } from "../test/security/hostile/types.js"
import { measureOf, verdict } from "../test/security/hostile/verdict.js"

export type HostileRunner = "ours" | PeerName
export const hostileRunners: ReadonlyArray<HostileRunner> = ["ours", "just-bash", "bashkit"]

export interface HostileFlags {
  readonly all: boolean
  readonly runners: ReadonlyArray<HostileRunner>
  readonly filter: RegExp | undefined
  readonly out: string
}

const log = (s: string) => process.stderr.write(`${s}\n`)

/** The default set: the first three attacks of each category (the catalogue's order). */
const benchSelection = (attacks: ReadonlyArray<Attack>): Array<Attack> => {
  const taken = new Map<string, number>()
  return attacks.filter((a) => {
    const n = taken.get(a.category) ?? 0
    taken.set(a.category, n + 1)
    return n < 3
  })
}

interface Cell {
  readonly runner: HostileRunner
  readonly id: string
  readonly result: IsolatedResult
  /** Ours only: the catalogue's verdict (empty: safe). */
  readonly problems?: ReadonlyArray<string>
}

const cellText = (attack: Attack, cell: Cell | undefined): string => {
  if (cell === undefined) return "n/a"
  const measure = measureOf(cell.result)
  if (typeof measure === "string") return "killed" in cell.result ? `✗ ${cell.result.killed === "timeout" ? "hung (killed)" : `killed (${cell.result.killed})`}` : `✗ ${measure.slice(0, 60)}`
  // For a cancellation, the time from the cancel; an exec that ended before it says so.
  const stopped = attack.cancel === undefined ? measure.elapsedMs : measure.stopMs !== undefined && measure.stopMs > 0 ? measure.stopMs : undefined
  const late = measure.elapsedMs > attackDeadlineMs(attack) + bounds.overrunMs
  const mark = cell.problems === undefined ? (late ? "✗ " : "") : cell.problems.length === 0 ? "✓ " : "✗ "
  const status = measure.interrupted ? "int" : String(measure.exitCode)
  const time = stopped === undefined ? `ended at ${(measure.elapsedMs / 1000).toFixed(2)} s, not by the ${attack.cancel?.kind}` : `${(stopped / 1000).toFixed(2)} s`
  return `${mark}${status} · ${time} · +${Math.max(0, measure.peakRssMb - measure.rssBeforeMb).toFixed(0)} MiB · ${measure.loopDelayMs.toFixed(0)} ms · ${measure.echoMs.toFixed(0)} ms`
}

const render = (attacks: ReadonlyArray<Attack>, runners: ReadonlyArray<HostileRunner>, cells: ReadonlyArray<Cell>): string => {
  const find = (runner: HostileRunner, id: string) => cells.find((c) => c.runner === runner && c.id === id)
  const header = `| attack | category | deadline | ${runners.join(" | ")} |\n| --- | --- | --- |${runners.map(() => " --- |").join("")}`
  const rows = attacks.map((a) => `| \`${a.id}\` | ${a.category} | ${a.cancel !== undefined ? `${a.cancel.kind} at ${a.cancel.atMs} ms` : `${attackDeadlineMs(a)} ms`} | ${runners.map((r) => cellText(a, find(r, a.id))).join(" | ")} |`)
  const summary = runners.map((runner) => {
    const mine = cells.filter((c) => c.runner === runner)
    const hung = mine.filter((c) => "killed" in c.result).length
    const safe = runner === "ours" ? mine.filter((c) => c.problems?.length === 0).length : undefined
    return `- \`${runner}\`: ${mine.length} attacks, ${hung} hung or killed${safe !== undefined ? `, ${safe} safe by the catalogue's expectations` : ""}`
  })
  return [
    "### Hostile set",
    "",
    "Per attack: exit status (`int`: the fiber was interrupted) · time to stop (from the start, or from the cancel) · peak RSS growth · longest event-loop stall · slowest `echo hi` of a second sandbox meanwhile. ✓/✗ for ours: the catalogue's expectation (test/security/hostile); ✗ for a peer: hung, killed, or ended more than the margin past the deadline.",
    "",
    ...summary,
    "",
    header,
    ...rows,
    ""
  ].join("\n")
}

export const runHostileBench = async (flags: HostileFlags): Promise<void> => {
  const bundle = await bundleExecutor()
  try {
    let attacks = flags.all ? [...catalogue] : benchSelection(catalogue)
    if (flags.filter !== undefined) attacks = catalogue.filter((a) => flags.filter!.test(a.id) || flags.filter!.test(a.category))
    const cells: Array<Cell> = []
    for (const runner of flags.runners) {
      const mine = runner === "ours" ? attacks : attacks.filter(peerCompatible)
      log(`hostile: ${runner}, ${mine.length} attacks`)
      const jobs = mine.map((a) =>
        runner === "ours"
          ? { id: a.id, module: bundle.executor, export: "runAttack", arg: a.id, killAfterMs: killAfterMs(a) }
          : { id: a.id, module: bundle.peers, export: "runPeerAttack", arg: { peer: runner, id: a.id }, killAfterMs: killAfterMs(a) }
      )
      await runIsolatedPool(jobs, {
        lanes: 1,
        nodeArgs: ["--expose-gc"],
        maxRssMb: bounds.rssKillMb,
        ...(bundle.childEntry !== undefined ? { childEntry: bundle.childEntry } : {}),
        onResult: (result, index) => {
          const attack = mine[index]!
          const cell: Cell = { runner, id: attack.id, result, ...(runner === "ours" ? { problems: verdict(attack, result) } : {}) }
          cells.push(cell)
          log(`  ${attack.id}: ${cellText(attack, cell)}`)
        }
      })
    }
    const markdown = render(attacks, flags.runners, cells)
    process.stdout.write(`${markdown}\n`)
    mkdirSync(dirname(flags.out), { recursive: true })
    writeFileSync(flags.out, JSON.stringify({ date: new Date().toISOString(), runners: flags.runners, cells }, null, 1))
    writeFileSync(flags.out.replace(/\.json$/, ".md"), markdown)
    log(`wrote ${flags.out}`)
  } finally {
    bundle.dispose()
  }
}
