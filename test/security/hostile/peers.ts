/**
 * The bench's peers under the same attacks (child side): just-bash and bashkit's native binding,
 * each with its own defaults plus the attack's deadline, measured by the same harness. Only
 * attacks a plain `exec(script)` can express run here (`peerCompatible`).
 */
import { attackById } from "./catalogue/index.js"
import { measureAttack, type Runner } from "./measure.js"
import { attackDeadlineMs } from "./policy.js"
import type { Attack, AttackMeasure } from "./types.js"

export type PeerName = "just-bash" | "bashkit"

/** A script, maybe an abort, nothing that needs our API (fixtures, layers, tools, fibers, profiles). */
export const peerCompatible = (attack: Attack): boolean =>
  (attack.entry ?? "facade") === "facade" &&
  attack.commands === undefined &&
  attack.hostFs === undefined &&
  attack.binaryFiles === undefined &&
  attack.alongside === undefined &&
  attack.profile === undefined &&
  attack.cancel?.kind !== "interrupt"

interface PeerSandbox {
  readonly run: (script: string, signal: AbortSignal) => Promise<{ stdout: string; stderr: string; exitCode: number }>
}

const makePeer = async (name: PeerName, timeoutMs: number | undefined): Promise<PeerSandbox> => {
  if (name === "just-bash") {
    const { Bash } = await import("just-bash")
    const bash = new Bash()
    return { run: async (script, signal) => bash.exec(script, { signal }) }
  }
  const { Bash } = await import("@everruns/bashkit")
  const bash = new Bash(timeoutMs !== undefined ? { timeoutMs } : {})
  return { run: async (script, signal) => bash.execute(script, { signal }) }
}

const probes = new Map<PeerName, PeerSandbox>()

const peerRunner = (name: PeerName): Runner => ({
  start: async (attack, _host, cancelled) => {
    // The attack's deadline as an abort (just-bash has no timeout of its own); an abort attack's
    // cancel as another.
    const controller = new AbortController()
    const deadline = attack.cancel === undefined ? attackDeadlineMs(attack) : undefined
    const sandbox = await makePeer(name, deadline)
    const timers: Array<NodeJS.Timeout> = []
    if (deadline !== undefined) timers.push(setTimeout(() => controller.abort(), deadline))
    if (attack.cancel !== undefined) {
      timers.push(
        setTimeout(() => {
          cancelled(performance.now())
          controller.abort()
        }, attack.cancel.atMs)
      )
    }
    const result = sandbox
      .run(attack.script, controller.signal)
      .then((r) => ({ stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode }))
      .finally(() => timers.forEach(clearTimeout))
    return { result }
  },
  echo: () => probes.get(name)!.run("echo hi", new AbortController().signal),
  timeoutMs: (attack) => (attack.cancel === undefined ? attackDeadlineMs(attack) : undefined)
})

/** The isolated job for a peer: `{ module: peers.ts, export: "runPeerAttack", arg: { peer, id } }`. */
export const runPeerAttack = async ({ peer, id }: { readonly peer: PeerName; readonly id: string }): Promise<AttackMeasure> => {
  if (!probes.has(peer)) {
    const probe = await makePeer(peer, undefined)
    for (let i = 0; i < 3; i++) await probe.run("echo hi", new AbortController().signal)
    probes.set(peer, probe)
  }
  return measureAttack(attackById(id), peerRunner(peer))
}
