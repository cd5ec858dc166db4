import { Effect } from "effect"
import { type Command, overrideContext } from "../Command.js"
import { usageError } from "../support/io.js"
import { attempt, errorText, flag, quote, warn, withArgs } from "./support/common.js"
import { applyMode, modeString, parseMode, type ModeChange } from "./support/mode.js"
import { visitTree } from "./support/recurse.js"

const octal = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, "0")

/** `chmod -w f` passes a mode that looks like an option; pull such words out before parsing. */
const isModeWord = (arg: string): boolean => /^-[rwxXstugoa,+=\-0-7]+$/.test(arg) && !/^-[Rcfv]+$/.test(arg)

export const chmod: Command = {
  name: "chmod",
  run: (ctx) => {
    let modeWord: string | undefined
    const argv: Array<string> = []
    for (const arg of ctx.args) {
      if (modeWord === undefined && isModeWord(arg)) modeWord = arg
      else argv.push(arg)
    }
    return withArgs(
      overrideContext(ctx, { args: argv }),
      {
        options: [
          { short: "R", long: "recursive", key: "R" },
          { short: "v", long: "verbose", key: "v" },
          { short: "c", long: "changes", key: "c" },
          { short: "f", long: "silent", key: "f" },
          { long: "quiet", key: "f" },
          { long: "reference", key: "reference", value: true },
          { long: "preserve-root", key: "preserve-root" },
          { long: "no-preserve-root", key: "no-preserve-root" }
        ],
        usage: "Usage: chmod [OPTION]... MODE[,MODE]... FILE...\n  or:  chmod [OPTION]... OCTAL-MODE FILE...\n  or:  chmod [OPTION]... --reference=RFILE FILE..."
      },
      (args) =>
        Effect.gen(function* () {
          const operands = [...args.operands]
          let change: ModeChange | undefined
          const reference = args.values.get("reference")
          if (reference !== undefined) {
            const ref = yield* attempt(ctx.fs.stat(ctx.resolvePath(reference)))
            if (ref._tag === "Left") {
              yield* warn(ctx, `failed to get attributes of ${quote(reference)}: ${errorText(ref.left)}`)
              return 1
            }
            change = { _tag: "Octal", mode: ref.right.mode & 0o7777, digits: 5 }
          } else {
            const text = modeWord ?? operands.shift()
            if (text === undefined) return yield* usageError(ctx, "missing operand", 1)
            change = parseMode(text)
            if (change === undefined) return yield* usageError(ctx, `invalid mode: ${quote(text)}`, 1)
            if (operands.length === 0) return yield* usageError(ctx, `missing operand after ${quote(text)}`, 1)
          }
          const verbose = flag(args, "v")
          const changesOnly = flag(args, "c")
          const mode = change
          let status = 0
          for (const operand of operands) {
            const ok = yield* visitTree(ctx, operand, flag(args, "R"), (path, shown, stat) =>
              Effect.gen(function* () {
                const before = stat.mode & 0o7777
                const after = applyMode(mode, before, stat.type === "directory")
                if (after !== before) {
                  const result = yield* attempt(ctx.fs.chmod(path, after))
                  if (result._tag === "Left") {
                    if (!flag(args, "f")) yield* warn(ctx, `changing permissions of ${quote(shown)}: ${errorText(result.left)}`)
                    return false
                  }
                }
                const describe = (m: number) => `${octal(m)} (${modeString(stat.type, m).slice(1)})`
                if (after !== before && (verbose || changesOnly)) {
                  yield* ctx.stdout.write(`mode of ${quote(shown)} changed from ${describe(before)} to ${describe(after)}\n`)
                } else if (after === before && verbose) {
                  yield* ctx.stdout.write(`mode of ${quote(shown)} retained as ${describe(before)}\n`)
                }
                return true
              })
            )
            if (!ok) status = 1
          }
          return status
        })
    )
  }
}
