import { Effect } from "effect"
import { defineCommand } from "../Command.js"
import { parseArgs } from "../support/args.js"
import { fail, failWithHint, printHelp } from "./help.js"

/**
 * Terminal-ish commands in a sandbox with no terminal: `tty` (never a tty), `clear` (the ANSI
 * clear-screen sequence), `sync` (nothing to flush), and `watch`, which runs its command once
 * under the usual `Every N.Ns: COMMAND` header and exits, since repeating forever would only
 * end at the shell's timeout.
 */

export const ttyCommand = defineCommand("tty", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [
      { short: "s", long: "silent", key: "s" },
      { long: "quiet", key: "s" },
      { long: "help", key: "help" }
    ])
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 2)
    if (parsed.args.flags.has("help")) return yield* printHelp(ctx, "Usage: tty [-s]\nPrint the file name of the terminal connected to standard input.\n")
    if (parsed.args.operands.length > 0) return yield* failWithHint(ctx, `extra operand '${parsed.args.operands[0]}'`, 2)
    if (!parsed.args.flags.has("s")) yield* ctx.stdout.write("not a tty\n")
    return 1
  })
)

export const clearCommand = defineCommand("clear", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [{ short: "x", key: "x" }, { short: "T", key: "T", value: true }, { short: "V", key: "V" }])
    if (parsed._tag === "Error") return yield* fail(ctx, parsed.message, 1)
    // Home, erase the screen, and (without -x) the scrollback, as `clear` does for xterm.
    yield* ctx.stdout.write(parsed.args.flags.has("x") ? "\x1b[H\x1b[2J" : "\x1b[H\x1b[2J\x1b[3J")
    return 0
  })
)

export const syncCommand = defineCommand("sync", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, [
      { short: "d", long: "data", key: "d" },
      { short: "f", long: "file-system", key: "f" },
      { long: "help", key: "help" }
    ])
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    if (parsed.args.flags.has("help")) return yield* printHelp(ctx, "Usage: sync [OPTION] [FILE]...\nSynchronize cached writes to persistent storage.\n")
    for (const operand of parsed.args.operands) {
      const stat = yield* Effect.either(ctx.fs.stat(ctx.resolvePath(operand)))
      if (stat._tag === "Left") return yield* fail(ctx, `error opening '${operand}': No such file or directory`, 1)
    }
    return 0
  })
)

const WATCH_HELP = `Usage: watch [-n SECONDS] [-t] [-x] COMMAND
Run COMMAND once under a header (the sandbox does not repeat it).
`

export const watchCommand = defineCommand("watch", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseArgs(
      ctx.args,
      [
        { short: "n", long: "interval", key: "n", value: true },
        { short: "t", long: "no-title", key: "t" },
        { short: "x", long: "exec", key: "x" },
        { short: "d", long: "differences", key: "d", value: true, optionalValue: true },
        { short: "e", long: "errexit", key: "e" },
        { short: "g", long: "chgexit", key: "g" },
        { short: "c", long: "color", key: "c" },
        { short: "b", long: "beep", key: "b" },
        { short: "p", long: "precise", key: "p" },
        { short: "w", long: "no-wrap", key: "w" },
        { long: "help", key: "help" }
      ],
      { stopAtFirstOperand: true }
    )
    if (parsed._tag === "Error") return yield* failWithHint(ctx, parsed.message, 1)
    const { flags, values, operands } = parsed.args
    if (flags.has("help")) return yield* printHelp(ctx, WATCH_HELP)
    const intervalText = values.get("n") ?? "2"
    const interval = Number(intervalText.replace(",", "."))
    if (!/^\d*[.,]?\d+$|^\d+[.,]?$/.test(intervalText) || !Number.isFinite(interval)) {
      return yield* fail(ctx, `failed to parse argument: '${intervalText}'`, 1)
    }
    if (operands.length === 0) return yield* failWithHint(ctx, "no command given", 1)
    const commandText = operands.join(" ")
    if (!flags.has("t")) yield* ctx.stdout.write(`Every ${Math.max(interval, 0.1).toFixed(1)}s: ${commandText}\n\n`)
    const status = flags.has("x") ? yield* ctx.exec(operands) : yield* ctx.runScript(commandText)
    return flags.has("e") && status !== 0 ? 8 : 0
  })
)
