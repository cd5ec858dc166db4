import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { usageError } from "../support/io.js"
import type { FileStat } from "../../vfs/Vfs.js"
import { joinPath } from "../../vfs/paths.js"
import { attempt, errorText, flag, lastOf, operandBase, quote, warn, withArgs } from "./support/common.js"
import { Prompter } from "./support/prompt.js"
import { typeName } from "./support/fileTypes.js"

interface RmOptions {
  readonly recursive: boolean
  readonly force: boolean
  readonly interactive: boolean
  readonly verbose: boolean
  readonly emptyDirs: boolean
  readonly preserveRoot: boolean
}


class Remover {
  status = 0
  constructor(
    private readonly ctx: CommandContext,
    private readonly options: RmOptions,
    private readonly prompter: Prompter
  ) {}

  private fail(shown: string, text: string): Effect.Effect<false, CommandFailure> {
    this.status = 1
    return Effect.as(warn(this.ctx, `cannot remove ${quote(shown)}: ${text}`), false)
  }

  /** Remove one path (shown as `shown` in messages); true when it is gone. */
  remove(path: string, shown: string): Effect.Effect<boolean, CommandFailure> {
    const self = this
    const { ctx, options } = this
    return Effect.gen(function* () {
      const stat = yield* attempt(ctx.fs.lstat(path))
      if (stat._tag === "Left") {
        if (options.force && stat.left.reason === "NotFound") return true
        return yield* self.fail(shown, errorText(stat.left))
      }
      if (stat.right.type === "directory") {
        if (!options.recursive) {
          if (!options.emptyDirs) return yield* self.fail(shown, "Is a directory")
          const entries = yield* attempt(ctx.fs.readdir(path))
          if (entries._tag === "Right" && entries.right.length > 0) return yield* self.fail(shown, "Directory not empty")
        } else {
          const entries = yield* attempt(ctx.fs.readdir(path))
          if (entries._tag === "Left") return yield* self.fail(shown, errorText(entries.left))
          if (entries.right.length > 0) {
            if (options.interactive && !(yield* self.prompter.ask(`descend into directory ${quote(shown)}? `))) return false
            let allGone = true
            for (const entry of entries.right) {
              const childShown = shown.endsWith("/") ? shown + entry.name : `${shown}/${entry.name}`
              if (!(yield* self.remove(joinPath(path, entry.name), childShown))) allGone = false
            }
            if (!allGone) return false
          }
        }
        if (options.interactive && !(yield* self.prompter.ask(`remove directory ${quote(shown)}? `))) return false
        const removed = yield* attempt(ctx.fs.remove(path))
        if (removed._tag === "Left") return yield* self.fail(shown, errorText(removed.left))
        if (options.verbose) yield* ctx.stdout.write(`removed directory ${quote(shown)}\n`)
        return true
      }
      if (options.interactive && !(yield* self.prompter.ask(`remove ${typeName(stat.right)} ${quote(shown)}? `))) return false
      const removed = yield* attempt(ctx.fs.remove(path))
      if (removed._tag === "Left") return yield* self.fail(shown, errorText(removed.left))
      if (options.verbose) yield* ctx.stdout.write(`removed ${quote(shown)}\n`)
      return true
    })
  }
}

export const rm: Command = {
  name: "rm",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "r", long: "recursive", key: "r" },
          { short: "R", key: "r" },
          { short: "f", long: "force", key: "f" },
          { short: "i", key: "i" },
          { short: "I", key: "I" },
          { long: "interactive", key: "interactive", value: true, optionalValue: true },
          { short: "v", long: "verbose", key: "v" },
          { short: "d", long: "dir", key: "d" },
          { long: "preserve-root", key: "preserve-root", value: true, optionalValue: true },
          { long: "no-preserve-root", key: "no-preserve-root" },
          { long: "one-file-system", key: "one-file-system" }
        ],
        usage: "Usage: rm [OPTION]... [FILE]...\nRemove (unlink) the FILE(s)."
      },
      (args) =>
        Effect.gen(function* () {
          const force = flag(args, "f") && lastOf(args, ["f", "i", "I", "interactive"]) === "f"
          const interactiveWord = args.values.get("interactive")
          const interactive =
            !force && (lastOf(args, ["f", "i", "I", "interactive"]) === "i" || (interactiveWord !== undefined && ["", "always", "yes"].includes(interactiveWord)))
          if (args.operands.length === 0) return force ? 0 : yield* usageError(ctx, "missing operand", 1)
          const options: RmOptions = {
            recursive: flag(args, "r"),
            force,
            interactive,
            verbose: flag(args, "v"),
            emptyDirs: flag(args, "d"),
            preserveRoot: !flag(args, "no-preserve-root")
          }
          const prompter = new Prompter(ctx)
          if (!force && flag(args, "I") && (options.recursive || args.operands.length > 3)) {
            const question = options.recursive
              ? `remove ${args.operands.length} argument${args.operands.length === 1 ? "" : "s"} recursively? `
              : `remove ${args.operands.length} arguments? `
            if (!(yield* prompter.ask(question))) return 0
          }
          const remover = new Remover(ctx, options, prompter)
          for (const operand of args.operands) {
            const base = operandBase(operand)
            if (base === "." || base === "..") {
              yield* warn(ctx, `refusing to remove '.' or '..' directory: skipping ${quote(operand)}`)
              remover.status = 1
              continue
            }
            const path = ctx.resolvePath(operand)
            if (path === "/" && options.recursive && options.preserveRoot) {
              yield* warn(ctx, `it is dangerous to operate recursively on ${quote(operand === "/" ? "/" : operand)}`)
              yield* warn(ctx, "use --no-preserve-root to override this failsafe")
              remover.status = 1
              continue
            }
            yield* remover.remove(path, operand)
          }
          return remover.status
        })
    )
}
