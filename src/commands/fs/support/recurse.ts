import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../../Command.js"
import type { FileStat } from "../../../vfs/Vfs.js"
import { joinPath } from "../../../vfs/paths.js"
import { attempt, errorText, quote, warn } from "./common.js"

/**
 * Visit an operand (following a command-line symlink) and, when `recursive`, everything below
 * it without following symlinks (which chmod/chown -R skip). `visit` returns false on failure.
 */
export const visitTree = (
  ctx: CommandContext,
  operand: string,
  recursive: boolean,
  visit: (path: string, shown: string, stat: FileStat) => Effect.Effect<boolean, CommandFailure>
): Effect.Effect<boolean, CommandFailure> =>
  Effect.gen(function* () {
    const root = ctx.resolvePath(operand)
    const stat = yield* attempt(ctx.fs.stat(root))
    if (stat._tag === "Left") {
      yield* warn(ctx, `cannot access ${quote(operand)}: ${errorText(stat.left)}`)
      return false
    }
    let ok = yield* visit(root, operand, stat.right)
    if (!recursive || stat.right.type !== "directory") return ok
    const walk = (dir: string, shownDir: string): Effect.Effect<void, CommandFailure> =>
      Effect.gen(function* () {
        const entries = yield* attempt(ctx.fs.readdir(dir))
        if (entries._tag === "Left") {
          yield* warn(ctx, `cannot read directory ${quote(shownDir)}: ${errorText(entries.left)}`)
          ok = false
          return
        }
        for (const entry of entries.right) {
          const path = joinPath(dir, entry.name)
          const shown = shownDir.endsWith("/") ? shownDir + entry.name : `${shownDir}/${entry.name}`
          const child = yield* attempt(ctx.fs.lstat(path))
          if (child._tag === "Left" || child.right.type === "symlink") continue
          if (!(yield* visit(path, shown, child.right))) ok = false
          if (child.right.type === "directory") yield* walk(path, shown)
        }
      })
    yield* walk(root, operand)
    return ok
  })
