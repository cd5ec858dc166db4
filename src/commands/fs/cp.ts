import { Clock, Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import type { FileStat } from "../../vfs/Vfs.js"
import { joinPath } from "../../vfs/paths.js"
import { attempt, errorText, flag, lastOf, quote, warn, withArgs } from "./support/common.js"
import { DEFAULT_UMASK } from "./support/mode.js"
import { Prompter } from "./support/prompt.js"
import { planTransfers } from "./support/targets.js"
import { isWithin } from "./support/canonical.js"

interface CopyOptions {
  readonly recursive: boolean
  /** Follow symlinks in the source tree (-L), on the command line only (-H), or never (-P). */
  readonly dereference: "always" | "commandLine" | "never"
  readonly preserveMode: boolean
  readonly preserveOwnership: boolean
  readonly preserveTimestamps: boolean
  readonly noClobber: boolean
  readonly interactive: boolean
  readonly update: boolean
  readonly verbose: boolean
  readonly force: boolean
  readonly symbolicLinks: boolean
}

class Copier {
  status = 0
  constructor(
    private readonly ctx: CommandContext,
    private readonly options: CopyOptions,
    private readonly prompter: Prompter,
    private readonly now: number
  ) {}

  private fail(message: string): Effect.Effect<void, CommandFailure> {
    this.status = 1
    return warn(this.ctx, message)
  }

  private finish(dest: string, stat: FileStat, created: boolean): Effect.Effect<void, CommandFailure> {
    const { ctx, options } = this
    return Effect.gen(function* () {
      if (options.preserveMode || created) {
        const mode = options.preserveMode ? stat.mode : stat.mode & ~DEFAULT_UMASK
        yield* attempt(ctx.fs.chmod(dest, mode))
      }
      if (options.preserveOwnership) yield* attempt(ctx.fs.chown(dest, stat.uid, stat.gid))
      if (options.preserveTimestamps) yield* attempt(ctx.fs.utimes(dest, stat.atimeMs, stat.mtimeMs))
    })
  }

  /** Copy `source` to `dest` (both absolute; `shownSource`/`shownDest` as typed). */
  copy(source: string, dest: string, shownSource: string, shownDest: string, topLevel: boolean): Effect.Effect<void, CommandFailure> {
    const self = this
    const { ctx, options } = this
    return Effect.gen(function* () {
      const follow = options.dereference === "always" || (options.dereference === "commandLine" && topLevel)
      const statResult = yield* attempt(follow ? ctx.fs.stat(source) : ctx.fs.lstat(source))
      if (statResult._tag === "Left") return yield* self.fail(`cannot stat ${quote(shownSource)}: ${errorText(statResult.left)}`)
      const stat = statResult.right
      const destResult = yield* attempt(ctx.fs.lstat(dest))
      const destStat = destResult._tag === "Right" ? destResult.right : undefined
      if (destStat !== undefined) {
        const same = yield* attempt(ctx.fs.stat(dest))
        if (same._tag === "Right" && same.right.ino === stat.ino && stat.type !== "symlink") {
          return yield* self.fail(`${quote(shownSource)} and ${quote(shownDest)} are the same file`)
        }
      }
      if (stat.type === "directory") {
        if (!options.recursive) return yield* self.fail(`-r not specified; omitting directory ${quote(shownSource)}`)
        if (isWithin(dest, source)) return yield* self.fail(`cannot copy a directory, ${quote(shownSource)}, into itself, ${quote(shownDest)}`)
        let created = false
        if (destStat === undefined) {
          const made = yield* attempt(ctx.fs.mkdir(dest, { mode: stat.mode | 0o700 }))
          if (made._tag === "Left") return yield* self.fail(`cannot create directory ${quote(shownDest)}: ${errorText(made.left)}`)
          created = true
          if (options.verbose) yield* ctx.stdout.write(`${quote(shownSource)} -> ${quote(shownDest)}\n`)
        } else {
          const destFollowed = yield* attempt(ctx.fs.stat(dest))
          if (destFollowed._tag === "Left" || destFollowed.right.type !== "directory") {
            return yield* self.fail(`cannot overwrite non-directory ${quote(shownDest)} with directory ${quote(shownSource)}`)
          }
        }
        const entries = yield* attempt(ctx.fs.readdir(source))
        if (entries._tag === "Left") return yield* self.fail(`cannot access ${quote(shownSource)}: ${errorText(entries.left)}`)
        for (const entry of entries.right) {
          yield* self.copy(joinPath(source, entry.name), joinPath(dest, entry.name), `${shownSource.replace(/\/+$/, "")}/${entry.name}`, `${shownDest.replace(/\/+$/, "")}/${entry.name}`, false)
        }
        if (created || options.preserveMode) yield* self.finish(dest, stat, created)
        else if (options.preserveTimestamps || options.preserveOwnership) yield* self.finish(dest, stat, false)
        return
      }
      if (destStat !== undefined) {
        if (destStat.type === "directory") return yield* self.fail(`cannot overwrite directory ${quote(shownDest)} with non-directory`)
        if (options.noClobber) return
        if (options.update && destStat.mtimeMs >= stat.mtimeMs) return
        if (options.interactive && !(yield* self.prompter.ask(`overwrite ${quote(shownDest)}? `))) return
      }
      if (stat.type === "symlink") {
        const target = yield* attempt(ctx.fs.readlink(source))
        if (target._tag === "Left") return yield* self.fail(`cannot read symbolic link ${quote(shownSource)}: ${errorText(target.left)}`)
        if (destStat !== undefined) yield* attempt(ctx.fs.remove(dest))
        const made = yield* attempt(ctx.fs.symlink(target.right, dest))
        if (made._tag === "Left") return yield* self.fail(`cannot create symbolic link ${quote(shownDest)}: ${errorText(made.left)}`)
      } else if (options.symbolicLinks) {
        if (destStat !== undefined) yield* attempt(ctx.fs.remove(dest))
        const made = yield* attempt(ctx.fs.symlink(shownSource, dest))
        if (made._tag === "Left") return yield* self.fail(`cannot create symbolic link ${quote(shownDest)}: ${errorText(made.left)}`)
      } else {
        const data = yield* attempt(ctx.fs.readFile(source))
        if (data._tag === "Left") return yield* self.fail(`cannot open ${quote(shownSource)} for reading: ${errorText(data.left)}`)
        let written = yield* attempt(ctx.fs.writeFile(dest, data.right))
        if (written._tag === "Left" && options.force && destStat !== undefined) {
          yield* attempt(ctx.fs.remove(dest))
          written = yield* attempt(ctx.fs.writeFile(dest, data.right))
        }
        if (written._tag === "Left") {
          return yield* self.fail(`cannot create regular file ${quote(shownDest)}: ${errorText(written.left)}`)
        }
        yield* self.finish(dest, stat, destStat === undefined)
        if (!options.preserveTimestamps) yield* attempt(ctx.fs.utimes(dest, self.now, self.now))
      }
      if (options.verbose) yield* ctx.stdout.write(`${quote(shownSource)} -> ${quote(shownDest)}\n`)
    })
  }
}

export const cp: Command = {
  name: "cp",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "r", long: "recursive", key: "r" },
          { short: "R", key: "r" },
          { short: "a", long: "archive", key: "a" },
          { short: "p", key: "p" },
          { long: "preserve", key: "preserve", value: true, optionalValue: true },
          { long: "no-preserve", key: "no-preserve", value: true },
          { short: "f", long: "force", key: "f" },
          { short: "i", long: "interactive", key: "i" },
          { short: "n", long: "no-clobber", key: "n" },
          { short: "u", long: "update", key: "u" },
          { short: "v", long: "verbose", key: "v" },
          { short: "L", long: "dereference", key: "L" },
          { short: "P", long: "no-dereference", key: "P" },
          { short: "H", key: "H" },
          { short: "d", key: "d" },
          { short: "s", long: "symbolic-link", key: "s" },
          { short: "t", long: "target-directory", key: "t", value: true },
          { short: "T", long: "no-target-directory", key: "T" }
        ],
        usage: "Usage: cp [OPTION]... [-T] SOURCE DEST\n  or:  cp [OPTION]... SOURCE... DIRECTORY\n  or:  cp [OPTION]... -t DIRECTORY SOURCE..."
      },
      (args) =>
        Effect.gen(function* () {
          const plan = yield* planTransfers(ctx, args)
          if (typeof plan === "number") return plan
          const archive = flag(args, "a")
          const preserveList = args.values.get("preserve")
          const preserveAll = preserveList !== undefined && (preserveList === "" || preserveList.includes("all"))
          const keeps = (attr: string) => archive || flag(args, "p") || preserveAll || (preserveList?.split(",").includes(attr) ?? false)
          const recursive = flag(args, "r") || archive
          const derefFlag = lastOf(args, ["L", "P", "H", "d", "a"])
          const dereference: CopyOptions["dereference"] =
            derefFlag === "L" ? "always" : derefFlag === "H" ? "commandLine" : derefFlag === "P" || derefFlag === "d" || derefFlag === "a" ? "never" : recursive ? "never" : "always"
          const clobberFlag = lastOf(args, ["i", "n", "f"])
          const options: CopyOptions = {
            recursive,
            dereference,
            preserveMode: keeps("mode"),
            preserveOwnership: keeps("ownership"),
            preserveTimestamps: keeps("timestamps"),
            noClobber: clobberFlag === "n",
            interactive: clobberFlag === "i",
            update: flag(args, "u"),
            verbose: flag(args, "v"),
            force: flag(args, "f"),
            symbolicLinks: flag(args, "s")
          }
          const now = yield* Clock.currentTimeMillis
          const copier = new Copier(ctx, options, new Prompter(ctx), now)
          for (const { source, dest } of plan) {
            yield* copier.copy(ctx.resolvePath(source), ctx.resolvePath(dest), source, dest, true)
          }
          return copier.status
        })
    )
}
