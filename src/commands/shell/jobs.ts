import { Effect } from "effect"
import type { ShellBuiltin } from "../../interpreter/Interpreter.js"

/** trap, wait, jobs, kill, disown, suspend. */

const signalNames = ["EXIT", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM"]

const normalizeSignal = (s: string): string | undefined => {
  const upper = s.toUpperCase().replace(/^SIG/, "")
  if (upper === "ERR" || upper === "DEBUG" || upper === "RETURN" || upper === "EXIT") return upper
  if (/^\d+$/.test(s)) return signalNames[Number(s)]
  if (signalNames.includes(upper) || ["CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "WINCH"].includes(upper)) return upper
  return undefined
}

export const trapBuiltin: ShellBuiltin = {
  name: "trap",
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const traps = ctx.shell.state.traps
      const args = ctx.args[0] === "--" ? ctx.args.slice(1) : ctx.args
      if (args.length === 0 || args[0] === "-p") {
        const wanted = args.slice(1).map(normalizeSignal)
        // In a subshell, bash still lists the parent's traps (they just do not run there).
        const listed = traps.size > 0 ? traps : (ctx.shell.state.parentTraps ?? traps)
        for (const [sig, action] of listed) {
          if (wanted.length > 0 && !wanted.includes(sig)) continue
          yield* ctx.stdout.write(`trap -- '${action.replace(/'/g, "'\\''")}' ${sig}\n`)
        }
        return 0
      }
      if (args[0] === "-l") {
        yield* ctx.stdout.write(signalNames.slice(1).map((s, i) => `${i + 1}) SIG${s}`).join("\t") + "\n")
        return 0
      }
      const [action, ...signals] = args.length === 1 ? ["-", args[0]!] : args
      let status = 0
      for (const s of signals) {
        const sig = normalizeSignal(s)
        if (sig === undefined) {
          yield* ctx.shell.errorLine(`trap: ${s}: invalid signal specification`)
          status = 1
          continue
        }
        if (action === "-") traps.delete(sig)
        else traps.set(sig, action!)
      }
      return status
    })
}

export const waitBuiltin: ShellBuiltin = {
  name: "wait",
  run: (ctx) =>
    Effect.gen(function* () {
      const jobs = ctx.shell.services.jobs
      const targets = ctx.args.filter((a) => !a.startsWith("-"))
      let status = 0
      if (targets.length === 0) {
        for (const [pid, job] of [...jobs]) {
          yield* Effect.exit(job.fiber.await)
          jobs.delete(pid)
        }
        return 0
      }
      for (const t of targets) {
        const pid = Number.parseInt(t.replace(/^%/, ""), 10)
        const job = jobs.get(pid)
        if (job === undefined) {
          yield* ctx.shell.errorLine(`wait: pid ${t} is not a child of this shell`)
          status = 127
          continue
        }
        const exit = yield* job.fiber.await
        status = exit._tag === "Success" ? exit.value : 1
        jobs.delete(pid)
      }
      return status
    })
}

