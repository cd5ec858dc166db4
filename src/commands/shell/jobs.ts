import { Effect, Fiber, Option } from "effect"
import type { ShellBuiltin, ShellBuiltinContext } from "../../interpreter/Interpreter.js"
import { errorPrefix } from "../../interpreter/callStack.js"
import type { ExecFailure } from "../../interpreter/errors.js"
import { overrideContext } from "../Command.js"
import { signalName, signalNumber } from "../system/signals.js"
import { optionError, printUsage, scanOptions } from "./usage.js"

/** trap, wait, jobs, kill (virtual jobs), disown, suspend. */

// ------------------------------------------------------------------------------------------
// trap
// ------------------------------------------------------------------------------------------

const pseudoSignals = ["EXIT", "DEBUG", "ERR", "RETURN"]

/** The key the interpreter uses for a trap (`INT`, `EXIT`, `ERR`), or undefined when invalid. */
const trapKey = (spec: string): string | undefined => {
  const upper = spec.toUpperCase()
  if (pseudoSignals.includes(upper)) return upper
  if (spec === "0" || upper === "SIGEXIT") return "EXIT"
  const n = signalNumber(spec)
  return n === undefined || n === 0 ? undefined : signalName(n)
}

/** bash lists traps in signal-number order: EXIT, the signals, then DEBUG, ERR, RETURN. */
const trapOrder = (key: string): number => (key === "EXIT" ? 0 : pseudoSignals.includes(key) ? 100 + pseudoSignals.indexOf(key) : signalNumber(key) ?? 99)
const trapLabel = (key: string): string => (pseudoSignals.includes(key) ? key : `SIG${key}`)

/** `trap -l`: five `NN) SIGNAME` cells a row, as bash prints them. */
const signalTable = (): string => {
  const numbers = [...Array.from({ length: 31 }, (_, i) => i + 1), ...Array.from({ length: 31 }, (_, i) => i + 34)]
  let out = ""
  numbers.forEach((n, i) => {
    out += `${String(n).padStart(2)}) SIG${signalName(n)}`
    out += (i + 1) % 5 === 0 ? "\n" : i === numbers.length - 1 ? "\t\n" : "\t"
  })
  return out
}

export const trapBuiltin: ShellBuiltin = {
  name: "trap",
  special: true,
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "lp")
      if ("error" in scanned) return yield* optionError(ctx, "trap", scanned)
      const state = ctx.shell.state
      const traps = state.traps
      const args = scanned.rest
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      if (has("l")) {
        yield* ctx.stdout.write(signalTable())
        return 0
      }
      if (args.length === 0 || has("p")) {
        // In a subshell, bash still lists the parent's traps (they just do not run there).
        const listed = traps.size > 0 ? traps : (state.parentTraps ?? traps)
        let status = 0
        let keys = [...listed.keys()].sort((a, b) => trapOrder(a) - trapOrder(b))
        if (args.length > 0) {
          keys = []
          for (const a of args) {
            const key = trapKey(a)
            if (key === undefined) {
              yield* ctx.shell.errorLine(`trap: ${a}: invalid signal specification`)
              status = 1
            } else if (listed.has(key)) keys.push(key)
          }
        }
        let out = ""
        for (const key of keys) out += `trap -- '${listed.get(key)!.replace(/'/g, "'\\''")}' ${trapLabel(key)}\n`
        yield* ctx.stdout.write(out)
        return status
      }
      let action: string | undefined = args[0]!
      let signals = args.slice(1)
      if (args.length === 1) {
        if (trapKey(args[0]!) === undefined) {
          yield* printUsage(ctx, "trap")
          return 2
        }
        action = undefined
        signals = args
      } else if (action === "-" || (/^\d+$/.test(action) && trapKey(action) !== undefined)) {
        // `trap - SIG` and `trap N SIG...` (a number first) reset, as POSIX says.
        if (action !== "-") signals = args
        action = undefined
      }
      let status = 0
      for (const s of signals) {
        const key = trapKey(s)
        if (key === undefined) {
          yield* ctx.shell.errorLine(`trap: ${s}: invalid signal specification`)
          status = 1
          continue
        }
        if (action === undefined) traps.delete(key)
        else traps.set(key, action)
        // Set inside a function, DEBUG and RETURN apply to that function (see Interpreter.callFunction).
        if (key === "DEBUG") ctx.shell.debugTrapInherited = false
        if (key === "RETURN") ctx.shell.returnTrapInherited = false
      }
      return status
    })
}

// ------------------------------------------------------------------------------------------
// Job table: numbers (%N) kept stable per session, disowned and killed jobs
// ------------------------------------------------------------------------------------------

type JobMap = ShellBuiltinContext["shell"]["services"]["jobs"]

interface JobBook {
  readonly numbers: Map<number, number>
  readonly disowned: Set<number>
  /** The signal that ended a job killed with `kill` (its status is 128 + signal). */
  readonly killedBy: Map<number, number>
}

const books = new WeakMap<JobMap, JobBook>()

const bookOf = (jobs: JobMap): JobBook => {
  let book = books.get(jobs)
  if (book === undefined) {
    book = { numbers: new Map(), disowned: new Set(), killedBy: new Map() }
    books.set(jobs, book)
  }
  // Number new jobs in start order; the numbering restarts when the table empties, as in bash.
  for (const pid of book.numbers.keys()) if (!jobs.has(pid)) book.numbers.delete(pid)
  for (const pid of jobs.keys()) {
    if (book.numbers.has(pid) || book.disowned.has(pid)) continue
    book.numbers.set(pid, Math.max(0, ...book.numbers.values()) + 1)
  }
  return book
}

const isRunning = (jobs: JobMap, pid: number): Effect.Effect<boolean> =>
  Effect.map(jobs.get(pid)!.fiber.poll, Option.isNone)

/** Resolve `%N`, `%%`, `%+`, `%-`, `%name` or a pid to a job's pid. */
const findJob = (jobs: JobMap, spec: string): number | undefined => {
  const book = bookOf(jobs)
  const byNumber = [...book.numbers].sort((a, b) => a[1] - b[1])
  if (!spec.startsWith("%")) {
    const pid = Number(spec)
    return /^\d+$/.test(spec) && jobs.has(pid) ? pid : undefined
  }
  const body = spec.slice(1)
  if (body === "" || body === "%" || body === "+") return byNumber.at(-1)?.[0]
  if (body === "-") return byNumber.at(-2)?.[0] ?? byNumber.at(-1)?.[0]
  if (/^\d+$/.test(body)) return byNumber.find(([, n]) => n === Number(body))?.[0]
  const prefix = body.startsWith("?") ? undefined : body
  return byNumber.find(([pid]) => {
    const command = jobs.get(pid)?.command ?? ""
    return prefix === undefined ? command.includes(body.slice(1)) : command.startsWith(prefix)
  })?.[0]
}

// ------------------------------------------------------------------------------------------
// wait, jobs, kill, disown, suspend
// ------------------------------------------------------------------------------------------

/** Wait for one job and settle its status (128 + signal when `kill` ended it). */
const awaitJob = (jobs: JobMap, pid: number): Effect.Effect<number> =>
  Effect.gen(function* () {
    const exit = yield* jobs.get(pid)!.fiber.await
    const book = bookOf(jobs)
    const signal = book.killedBy.get(pid)
    jobs.delete(pid)
    book.killedBy.delete(pid)
    book.disowned.delete(pid)
    if (signal !== undefined) return 128 + signal
    return exit._tag === "Success" ? exit.value : 1
  })

export const waitBuiltin: ShellBuiltin = {
  name: "wait",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "fn", "p")
      if ("error" in scanned) return yield* optionError(ctx, "wait", scanned)
      const jobs = ctx.shell.services.jobs
      const variable = scanned.options.find((o) => o.letter === "p")?.value
      const record = (pid: number) => (variable === undefined ? undefined : ctx.shell.assign(() => ctx.shell.state.setScalar(variable, String(pid))))
      if (scanned.options.some((o) => o.letter === "n")) {
        const pids = scanned.rest.length > 0 ? scanned.rest.map((t) => findJob(jobs, t)).filter((p) => p !== undefined) : [...jobs.keys()]
        if (pids.length === 0) return 127
        // The first job to finish: race the fibers, then settle that one.
        const first = yield* Effect.raceAll(pids.map((pid) => Effect.as(jobs.get(pid)!.fiber.await, pid)))
        record(first)
        return yield* awaitJob(jobs, first)
      }
      if (scanned.rest.length === 0) {
        let status = 0
        for (const pid of [...jobs.keys()]) status = yield* awaitJob(jobs, pid)
        return scanned.options.length > 0 ? status : 0
      }
      let status = 0
      for (const t of scanned.rest) {
        const pid = findJob(jobs, t)
        if (pid === undefined) {
          if (t.startsWith("%")) yield* ctx.shell.errorLine(`wait: ${t}: no such job`)
          else if (/^\d+$/.test(t)) yield* ctx.shell.errorLine(`wait: pid ${t} is not a child of this shell`)
          else yield* ctx.shell.errorLine(`wait: \`${t}': not a pid or valid job spec`)
          status = 127
          continue
        }
        record(pid)
        status = yield* awaitJob(jobs, pid)
      }
      return status
    })
}

export const jobsBuiltin: ShellBuiltin = {
  name: "jobs",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "lnprsx")
      if ("error" in scanned) return yield* optionError(ctx, "jobs", scanned)
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      if (has("x")) {
        yield* ctx.shell.errorLine("jobs: -x is not available in this sandbox")
        return 1
      }
      const jobs = ctx.shell.services.jobs
      const book = bookOf(jobs)
      let pids = [...book.numbers].sort((a, b) => a[1] - b[1]).map(([pid]) => pid)
      let status = 0
      if (scanned.rest.length > 0) {
        pids = []
        for (const spec of scanned.rest) {
          const pid = findJob(jobs, spec)
          if (pid === undefined) {
            yield* ctx.shell.errorLine(`jobs: ${spec}: no such job`)
            status = 1
          } else pids.push(pid)
        }
      }
      const order = [...book.numbers].sort((a, b) => a[1] - b[1]).map(([pid]) => pid)
      let out = ""
      for (const pid of pids) {
        const running = yield* isRunning(jobs, pid)
        // A finished job was already reported in bash's non-interactive shell.
        if (!running || has("s")) continue
        if (has("p")) {
          out += `${pid}\n`
          continue
        }
        const mark = pid === order.at(-1) ? "+" : pid === order.at(-2) ? "-" : " "
        const command = jobs.get(pid)!.command
        out += `[${book.numbers.get(pid)}]${mark} ${has("l") ? `${pid} ` : " "}${"Running".padEnd(24)}${command}${command === "" ? "" : " &"}\n`
      }
      yield* ctx.stdout.write(out)
      return status
    })
}

/**
 * `kill`: a virtual job (`%N` or the pid of a background job) is interrupted; anything else
 * goes to the `kill` command (signal listing, pid 1, errors).
 */
export const killBuiltin: ShellBuiltin = {
  name: "kill",
  run: (builtinCtx) =>
    Effect.gen(function* () {
      // The command's messages get the shell's `bash: line N: ` prefix, as the builtin's would.
      const stderr = builtinCtx.stderr
      const prefix = errorPrefix(builtinCtx.shell.state)
      const ctx = { ...builtinCtx, stderr: { write: (d: string | Uint8Array) => stderr.write(typeof d === "string" ? d.replace(/^(?!kill: usage)(?=.)/gm, prefix) : d) } }
      const jobs = ctx.shell.services.jobs
      const args = [...ctx.args]
      const command = ctx.shell.services.commands.get("kill")
      if (args.includes("-l") || args.includes("-L")) return command === undefined ? 1 : yield* command.run(ctx)
      let signal = 15
      let i = 0
      const first = args[0]
      if (first === "-s" || first === "-n") {
        const n = signalNumber(args[1] ?? "")
        if (n === undefined) return command === undefined ? 1 : yield* command.run(ctx)
        signal = n
        i = 2
      } else if (first !== undefined && /^-[^-]/.test(first)) {
        const n = signalNumber(first.slice(1))
        if (n === undefined) return command === undefined ? 1 : yield* command.run(ctx)
        signal = n
        i = 1
      }
      if (args[i] === "--") i++
      if (i >= args.length) return command === undefined ? 2 : yield* command.run(ctx)
      const others: Array<string> = []
      let status = 0
      for (const target of args.slice(i)) {
        if (target === String(builtinCtx.shell.state.bashPid)) {
          yield* signalSelf(builtinCtx, signal)
          continue
        }
        const pid = findJob(jobs, target)
        if (pid === undefined) {
          if (target.startsWith("%")) {
            yield* builtinCtx.shell.errorLine(`kill: ${target}: no such job`)
            status = 1
          } else others.push(target)
          continue
        }
        if (signal === 0 || !(yield* isRunning(jobs, pid))) continue
        bookOf(jobs).killedBy.set(pid, signal)
        yield* Fiber.interruptFork(jobs.get(pid)!.fiber)
      }
      if (others.length > 0 && command !== undefined) {
        const rest = yield* command.run(overrideContext(ctx, { args: [...args.slice(0, i), ...others] }))
        if (rest !== 0) status = rest
      }
      return status
    })
}

/** Signals whose default action leaves a process running. */
const harmlessByDefault = new Set([0, 17, 18, 19, 20, 21, 22, 23, 28])

/**
 * `kill SIG $$` (or `$BASHPID`): run the shell's trap for the signal, ignore it when trapped
 * with '', or end the shell with 128 + signal as the default action would.
 */
const signalSelf = (ctx: ShellBuiltinContext, signal: number): Effect.Effect<void, ExecFailure> =>
  Effect.gen(function* () {
    const shell = ctx.shell
    const name = signalName(signal)
    const action = name === undefined ? undefined : shell.state.traps.get(name)
    if (action === "" || (action === undefined && harmlessByDefault.has(signal))) return
    if (action === undefined || signal === 9) {
      shell.flow = { kind: "exit", status: 128 + signal }
      return
    }
    const saved = shell.state.lastStatus
    yield* shell.runString(action, { label: "trap", trap: true })
    if (shell.flow === undefined) shell.state.lastStatus = saved
  })

export const disownBuiltin: ShellBuiltin = {
  name: "disown",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "ahr")
      if ("error" in scanned) return yield* optionError(ctx, "disown", scanned)
      const jobs = ctx.shell.services.jobs
      const book = bookOf(jobs)
      const has = (l: string) => scanned.options.some((o) => o.letter === l)
      // -h only marks jobs not to receive SIGHUP: nothing sends one here.
      if (has("h")) return 0
      let targets: Array<number | undefined>
      if (has("a") || has("r")) targets = [...book.numbers.keys()]
      else if (scanned.rest.length === 0) targets = [findJob(jobs, "%+")]
      else targets = scanned.rest.map((t) => findJob(jobs, t))
      let status = 0
      for (const [index, pid] of targets.entries()) {
        if (pid === undefined) {
          yield* ctx.shell.errorLine(`disown: ${scanned.rest[index] ?? "current"}: no such job`)
          status = 1
          continue
        }
        book.numbers.delete(pid)
        book.disowned.add(pid)
      }
      return status
    })
}

export const suspendBuiltin: ShellBuiltin = {
  name: "suspend",
  run: (ctx) =>
    Effect.gen(function* () {
      const scanned = scanOptions(ctx.args, "f")
      if ("error" in scanned) return yield* optionError(ctx, "suspend", scanned)
      yield* ctx.shell.errorLine("suspend: cannot suspend: no job control")
      return 1
    })
}

/** `fg` and `bg` need job control, which a sandboxed non-interactive shell does not have. */
export const foregroundBuiltin = (name: "fg" | "bg"): ShellBuiltin => ({
  name,
  run: (ctx) => Effect.as(ctx.shell.errorLine(`${name}: no job control`), 1)
})
