import { Effect } from "effect"
import type { Command } from "../Command.js"
import { parentOf } from "../../vfs/paths.js"
import { attempt, errorText, flag, lastOf, quote, stripTrailingSlashes, warn, withArgs } from "./support/common.js"
import { canonicalize, relativePath } from "./support/canonical.js"
import { Prompter } from "./support/prompt.js"
import { planTransfers } from "./support/targets.js"

export const ln: Command = {
  name: "ln",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "s", long: "symbolic", key: "s" },
          { short: "f", long: "force", key: "f" },
          { short: "i", long: "interactive", key: "i" },
          { short: "n", long: "no-dereference", key: "n" },
          { short: "v", long: "verbose", key: "v" },
          { short: "r", long: "relative", key: "r" },
          { short: "L", long: "logical", key: "L" },
          { short: "P", long: "physical", key: "P" },
          { short: "t", long: "target-directory", key: "t", value: true },
          { short: "T", long: "no-target-directory", key: "T" }
        ],
        usage: "Usage: ln [OPTION]... [-T] TARGET LINK_NAME\n  or:  ln [OPTION]... TARGET\n  or:  ln [OPTION]... TARGET... DIRECTORY\n  or:  ln [OPTION]... -t DIRECTORY TARGET..."
      },
      (args) =>
        Effect.gen(function* () {
          const symbolic = flag(args, "s")
          // -n: a LINK_NAME that is a symlink to a directory is replaced, not entered.
          if (flag(args, "n") && args.operands.length === 2 && args.values.get("t") === undefined) {
            const last = ctx.resolvePath(args.operands[1]!)
            const lstat = yield* attempt(ctx.fs.lstat(last))
            if (lstat._tag === "Right" && lstat.right.type === "symlink") args.flags.set("T", 1)
          }
          const plan = yield* planTransfers(ctx, args, { allowSingle: true })
          if (typeof plan === "number") return plan
          if (flag(args, "r") && !symbolic) {
            yield* warn(ctx, "cannot do --relative without --symbolic")
            return 1
          }
          const mode = lastOf(args, ["f", "i"])
          const prompter = new Prompter(ctx)
          const kind = symbolic ? "symbolic link" : "hard link"
          let status = 0
          for (const { source, dest } of plan) {
            const linkPath = ctx.resolvePath(dest)
            let target = source
            if (!symbolic) {
              const stat = yield* attempt(flag(args, "L") ? ctx.fs.stat(ctx.resolvePath(source)) : ctx.fs.lstat(ctx.resolvePath(source)))
              if (stat._tag === "Left") {
                yield* warn(ctx, `failed to access ${quote(source)}: ${errorText(stat.left)}`)
                status = 1
                continue
              }
              if (stat.right.type === "directory") {
                yield* warn(ctx, `${source}: hard link not allowed for directory`)
                status = 1
                continue
              }
            } else if (flag(args, "r")) {
              const absoluteTarget = yield* canonicalize(ctx.fs, ctx.resolvePath(source), "none")
              const linkDir = yield* canonicalize(ctx.fs, parentOf(linkPath), "none")
              if (absoluteTarget._tag === "Ok" && linkDir._tag === "Ok") target = relativePath(absoluteTarget.path, linkDir.path)
            }
            const existing = yield* attempt(ctx.fs.lstat(linkPath))
            if (existing._tag === "Right") {
              if (existing.right.type === "directory") {
                yield* warn(ctx, `${quote(dest)}: cannot overwrite directory`)
                status = 1
                continue
              }
              if (mode === "i") {
                if (!(yield* prompter.ask(`replace ${quote(dest)}? `))) continue
              } else if (mode !== "f") {
                yield* warn(ctx, `failed to create ${kind} ${quote(dest)}: File exists`)
                status = 1
                continue
              }
              if (!symbolic) {
                const same = yield* attempt(ctx.fs.stat(ctx.resolvePath(source)))
                if (same._tag === "Right" && same.right.ino === existing.right.ino) {
                  yield* warn(ctx, `${quote(source)} and ${quote(dest)} are the same file`)
                  status = 1
                  continue
                }
              }
              yield* attempt(ctx.fs.remove(linkPath))
            }
            const made = yield* attempt(
              symbolic ? ctx.fs.symlink(target, linkPath) : ctx.fs.link(ctx.resolvePath(source), linkPath)
            )
            if (made._tag === "Left") {
              yield* warn(ctx, `failed to create ${kind} ${quote(stripTrailingSlashes(dest))}: ${errorText(made.left)}`)
              status = 1
              continue
            }
            if (flag(args, "v")) yield* ctx.stdout.write(`${quote(dest)} ${symbolic ? "->" : "=>"} ${quote(target)}\n`)
          }
          return status
        })
    )
}
