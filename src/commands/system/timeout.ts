import { Duration, Effect, Option } from "effect"
import { defineCommand } from "../Command.js"
import { parseArgs } from "../support/args.js"
import { parseDuration } from "./duration.js"
import { failWithHint, printHelp } from "./help.js"
import { signalName, signalNumber } from "./signals.js"

/**
 * `timeout [-s SIG] [-k DUR] [--preserve-status] [-v] DURATION COMMAND [ARG]...`: runs COMMAND
 * in the sandbox, interrupting its fiber when DURATION elapses. Status 124 on timeout (137 for
 * KILL, 128+SIG with --preserve-status), 125 for timeout's own errors, 127 when COMMAND is
 * missing. A DURATION of 0 times out at once (bashkit's rule; GNU would disable the limit).
 * `-k` is accepted: an interrupted fiber always stops, so there is nothing left to kill later.
 */

const HELP = `Usage: timeout [OPTION] DURATION COMMAND [ARG]...
Start COMMAND, and kill it if still running after DURATION.

      --preserve-status  exit with the same status as COMMAND, even when the command times out
      --foreground       accepted for compatibility
  -k, --kill-after=DURATION  also send a KILL signal if COMMAND is still running this long after
  -s, --signal=SIGNAL    specify the signal to be sent on timeout (default TERM)
  -v, --verbose          diagnose to stderr any signal sent upon timeout
      --help             display this help and exit
`

export const timeoutCommand = defineCommand("timeout", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(
      ctx.args,
      [
        { short: "s", long: "signal", key: "signal", value: true },
        { short: "k", long: "kill-after", key: "kill", value: true },
        { long: "preserve-status", key: "preserve" },
        { long: "foreground", key: "foreground" },
        { short: "v", long: "verbose", key: "verbose" },
        { long: "help", key: "help" }
      ],
      { stopAtFirstOperand: true }
    )
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 125)
    const args = parsed.args
    if (args.flags.has("help")) return yield* printHelp(ctx, HELP)
    const signalText = args.values.get("signal") ?? "TERM"
    const signal = signalNumber(signalText)
    if (signal === undefined) return yield* failWithHint(ctx, `${signalText}: invalid signal`, 125)
    const killAfter = args.values.get("kill")
    if (killAfter !== undefined && parseDuration(killAfter) === undefined) {
      return yield* failWithHint(ctx, `invalid time interval '${killAfter}'`, 125)
    }
    const [durationText, ...command] = args.operands
    if (durationText === undefined || command.length === 0) return yield* failWithHint(ctx, "missing operand", 125)
    const seconds = parseDuration(durationText)
    if (seconds === undefined) return yield* failWithHint(ctx, `invalid time interval '${durationText}'`, 125)
    if (!ctx.hasCommand(command[0]!)) {
      yield* ctx.stderr.write(`timeout: failed to run command '${command[0]}': No such file or directory\n`)
      return 127
    }

    const timedOut = Effect.gen(function* () {
      if (args.flags.has("verbose")) {
        yield* ctx.stderr.write(`timeout: sending signal ${signalName(signal) ?? signal} to command '${command[0]}'\n`)
      }
      if (args.flags.has("preserve")) return 128 + signal
      return signal === 9 ? 137 : 124
    })
    const run = ctx.exec(command)
    // A duration of 0 disables the timeout, as in GNU timeout.
    const outcome = seconds === Infinity || seconds === 0 ? Option.some(yield* run) : yield* Effect.timeoutOption(run, Duration.millis(seconds * 1000))
    return Option.isSome(outcome) ? outcome.value : yield* timedOut
  })
)
