import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../Command.js"
import { SIGNALS, signalName, signalNumber } from "./signals.js"

/**
 * `kill [-s SIG | -n NUM | -SIG] PID... | kill -l [SIG]...`, shaped like bash's builtin. The
 * sandbox has no real processes: PID 1 (a virtual init) exists and ignores signals; any other
 * PID or job is reported missing, status 1.
 */

const USAGE = "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n"
const EXISTING_PIDS = new Set([1])

/** bash's `kill -l` table: five `NN) SIGNAME` cells a row, tab-separated. */
const signalTable = (): string => {
  const numbers = [...SIGNALS.map(([n]) => n), ...Array.from({ length: 31 }, (_, i) => 34 + i)]
  let out = ""
  numbers.forEach((number, index) => {
    out += `${String(number).padStart(2, " ")}) SIG${signalName(number)}`
    // bash ends a short last row with a tab before its newline.
    out += (index + 1) % 5 === 0 ? "\n" : index === numbers.length - 1 ? "\t\n" : "\t"
  })
  return out
}

const listSignals = (ctx: CommandContext, specs: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    if (specs.length === 0) {
      yield* ctx.stdout.write(signalTable())
      return 0
    }
    let status = 0
    for (const spec of specs) {
      if (/^\d+$/.test(spec)) {
        // An exit status above 128 names the signal that caused it.
        const number = Number(spec) > 128 ? Number(spec) - 128 : Number(spec)
        const name = signalName(number)
        if (name === undefined) {
          yield* ctx.stderr.write(`kill: ${spec}: invalid signal specification\n`)
          status = 1
        } else yield* ctx.stdout.write(`${name}\n`)
      } else {
        const number = signalNumber(spec)
        if (number === undefined) {
          yield* ctx.stderr.write(`kill: ${spec}: invalid signal specification\n`)
          status = 1
        } else yield* ctx.stdout.write(`${number}\n`)
      }
    }
    return status
  })

export const killCommand = defineCommand("kill", (ctx) =>
  Effect.gen(function* () {
    const args = ctx.args
    if (args.length === 0) {
      yield* ctx.stderr.write(USAGE)
      return 2
    }
    let index = 0
    const first = args[0]!
    if (first === "-l" || first === "-L" || first === "--list") return yield* listSignals(ctx, args.slice(1))
    if (first === "--help") {
      yield* ctx.stdout.write(USAGE.replace("kill: usage: ", "Usage: "))
      return 0
    }
    let signalText = "TERM"
    if (first === "-s" || first === "-n") {
      if (args[1] === undefined) {
        yield* ctx.stderr.write(`kill: ${first}: option requires an argument\n${USAGE}`)
        return 2
      }
      signalText = args[1]
      index = 2
    } else if (first.startsWith("-") && first !== "-" && first !== "--") {
      signalText = first.slice(1)
      index = 1
    } else if (first === "--") index = 1
    if (signalNumber(signalText) === undefined) {
      yield* ctx.stderr.write(`kill: ${signalText}: invalid signal specification\n`)
      return 1
    }
    const targets = args.slice(args[index] === "--" ? index + 1 : index)
    if (targets.length === 0) {
      yield* ctx.stderr.write(USAGE)
      return 2
    }
    let status = 0
    for (const target of targets) {
      if (/^-?\d+$/.test(target)) {
        if (!EXISTING_PIDS.has(Number(target))) {
          yield* ctx.stderr.write(`kill: (${target}) - No such process\n`)
          status = 1
        }
      } else if (target.startsWith("%")) {
        yield* ctx.stderr.write(`kill: ${target}: no such job\n`)
        status = 1
      } else {
        yield* ctx.stderr.write(`kill: ${target}: arguments must be process or job IDs\n`)
        status = 1
      }
    }
    return status
  })
)
