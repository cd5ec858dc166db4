import { Effect } from "effect"
import type { Command } from "../Command.js"
import { attempt, errorText, flag, lastOf, quote, warn, withArgs } from "./support/common.js"
import { isWithin } from "./support/canonical.js"
import { Prompter } from "./support/prompt.js"
import { planTransfers } from "./support/targets.js"

export const mv: Command = {
  name: "mv",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "f", long: "force", key: "f" },
          { short: "i", long: "interactive", key: "i" },
          { short: "n", long: "no-clobber", key: "n" },
          { short: "u", long: "update", key: "u" },
          { short: "v", long: "verbose", key: "v" },
          { short: "t", long: "target-directory", key: "t", value: true },
          { short: "T", long: "no-target-directory", key: "T" }
        ],
        usage: "Usage: mv [OPTION]... [-T] SOURCE DEST\n  or:  mv [OPTION]... SOURCE... DIRECTORY\n  or:  mv [OPTION]... -t DIRECTORY SOURCE..."
      },
      (args) =>
        Effect.gen(function* () {
          const plan = yield* planTransfers(ctx, args)
          if (typeof plan === "number") return plan
          const clobber = lastOf(args, ["f", "i", "n"])
          const prompter = new Prompter(ctx)
          let status = 0
          const fail = (message: string) => {
            status = 1
            return warn(ctx, message)
          }
          for (const { source, dest } of plan) {
            const from = ctx.resolvePath(source)
            const to = ctx.resolvePath(dest)
            const sourceStat = yield* attempt(ctx.fs.lstat(from))
            if (sourceStat._tag === "Left") {
              yield* fail(`cannot stat ${quote(source)}: ${errorText(sourceStat.left)}`)
              continue
            }
            const destStat = yield* attempt(ctx.fs.lstat(to))
            if (destStat._tag === "Right") {
              if (destStat.right.ino === sourceStat.right.ino) {
                yield* fail(`${quote(source)} and ${quote(dest)} are the same file`)
                continue
              }
              if (clobber === "n") continue
              if (flag(args, "u") && destStat.right.mtimeMs >= sourceStat.right.mtimeMs) continue
              if (clobber === "i" && !(yield* prompter.ask(`overwrite ${quote(dest)}? `))) continue
              const srcDir = sourceStat.right.type === "directory"
              const dstDir = destStat.right.type === "directory"
              if (dstDir && !srcDir) {
                yield* fail(`cannot overwrite directory ${quote(dest)} with non-directory`)
                continue
              }
              if (!dstDir && srcDir) {
                yield* fail(`cannot overwrite non-directory ${quote(dest)} with directory ${quote(source)}`)
                continue
              }
            }
            if (sourceStat.right.type === "directory" && to !== from && isWithin(to, from)) {
              yield* fail(`cannot move ${quote(source)} to a subdirectory of itself, ${quote(dest)}`)
              continue
            }
            const moved = yield* attempt(ctx.fs.rename(from, to))
            if (moved._tag === "Left") {
              yield* fail(`cannot move ${quote(source)} to ${quote(dest)}: ${errorText(moved.left)}`)
              continue
            }
            if (flag(args, "v")) yield* ctx.stdout.write(`renamed ${quote(source)} -> ${quote(dest)}\n`)
          }
          return status
        })
    )
}
