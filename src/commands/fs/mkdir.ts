import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { usageError } from "../support/io.js"
import { attempt, errorText, flag, quote, stripTrailingSlashes, warn, withArgs } from "./support/common.js"
import { applyMode, DEFAULT_UMASK, parseMode } from "./support/mode.js"

const DEFAULT_DIR_MODE = 0o777 & ~DEFAULT_UMASK

/** Create `path` and, with `parents`, every missing ancestor; reports `mkdir`'s messages. */
const makeDirectory = (
  ctx: CommandContext,
  operand: string,
  parents: boolean,
  verbose: boolean,
  mode: number
): Effect.Effect<boolean, CommandFailure> =>
  Effect.gen(function* () {
    const target = ctx.resolvePath(operand)
    const fail = (text: string) => Effect.as(warn(ctx, `cannot create directory ${quote(operand)}: ${text}`), false)
    if (!parents) {
      const made = yield* attempt(ctx.fs.mkdir(target, { mode }))
      if (made._tag === "Left") return yield* fail(errorText(made.left))
      if (verbose) yield* ctx.stdout.write(`mkdir: created directory ${quote(operand)}\n`)
      return true
    }
    const components = target.split("/").filter((c) => c !== "")
    const prefix = (count: number) => "/" + components.slice(0, count).join("/")
    // The deepest existing ancestor, found with a few lookups (existence is monotonic along a
    // path), instead of one lookup per component: each lookup of a deep path costs its depth.
    let low = 0
    let high = components.length
    while (low < high) {
      const middle = Math.ceil((low + high) / 2)
      const stat = yield* attempt(ctx.fs.stat(prefix(middle)))
      if (stat._tag === "Right") low = middle
      else if (stat.left.reason === "NotFound" || stat.left.reason === "NotADirectory") high = middle - 1
      else return yield* fail(errorText(stat.left))
    }
    if (low > 0) {
      const deepest = yield* attempt(ctx.fs.stat(prefix(low)))
      if (deepest._tag === "Left") return yield* fail(errorText(deepest.left))
      if (deepest.right.type !== "directory") return yield* fail("Not a directory")
    }
    if (low === components.length) return true
    // Ancestors first (GNU's mode for them), then the directory itself with its mode.
    if (components.length - low > 1) {
      const made = yield* attempt(ctx.fs.mkdir(prefix(components.length - 1), { recursive: true, mode: DEFAULT_DIR_MODE | 0o300 }))
      if (made._tag === "Left") return yield* fail(errorText(made.left))
    }
    const made = yield* attempt(ctx.fs.mkdir(target, { mode }))
    if (made._tag === "Left" && made.left.reason !== "AlreadyExists") return yield* fail(errorText(made.left))
    if (verbose) {
      // Report each created directory as the operand spells it (absolute above the operand).
      const relativeStart = operand.startsWith("/") ? "/" : ""
      const operandParts = stripTrailingSlashes(operand).split("/").filter((c) => c !== "")
      const offset = components.length - operandParts.length
      for (let i = low; i < components.length; i++) {
        const shown = i >= offset ? relativeStart + operandParts.slice(0, i - offset + 1).join("/") : prefix(i + 1)
        yield* ctx.stdout.write(`mkdir: created directory ${quote(shown)}\n`)
      }
    }
    return true
  })

export const mkdir: Command = {
  name: "mkdir",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "p", long: "parents", key: "p" },
          { short: "v", long: "verbose", key: "v" },
          { short: "m", long: "mode", key: "m", value: true }
        ],
        usage: "Usage: mkdir [OPTION]... DIRECTORY...\nCreate the DIRECTORY(ies), if they do not already exist."
      },
      (args) =>
        Effect.gen(function* () {
          if (args.operands.length === 0) return yield* usageError(ctx, "missing operand", 1)
          let mode = DEFAULT_DIR_MODE
          const modeText = args.values.get("m")
          if (modeText !== undefined) {
            const change = parseMode(modeText)
            if (change === undefined) {
              yield* warn(ctx, `invalid mode ${quote(modeText)}`)
              return 1
            }
            mode = change._tag === "Octal" ? change.mode : applyMode(change, DEFAULT_DIR_MODE, true)
          }
          let status = 0
          for (const operand of args.operands) {
            const ok = yield* makeDirectory(ctx, operand, flag(args, "p"), flag(args, "v"), mode)
            if (!ok) status = 1
          }
          return status
        })
    )
}

export const rmdir: Command = {
  name: "rmdir",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "p", long: "parents", key: "p" },
          { short: "v", long: "verbose", key: "v" },
          { long: "ignore-fail-on-non-empty", key: "ignore" }
        ],
        usage: "Usage: rmdir [OPTION]... DIRECTORY...\nRemove the DIRECTORY(ies), if they are empty."
      },
      (args) =>
        Effect.gen(function* () {
          if (args.operands.length === 0) return yield* usageError(ctx, "missing operand", 1)
          let status = 0
          const remove = (shown: string) =>
            Effect.gen(function* () {
              if (flag(args, "v")) yield* ctx.stdout.write(`rmdir: removing directory, ${quote(shown)}\n`)
              const path = ctx.resolvePath(shown)
              const stat = yield* attempt(ctx.fs.lstat(path))
              const result =
                stat._tag === "Right" && stat.right.type !== "directory"
                  ? ({ _tag: "Left", left: "Not a directory" } as const)
                  : yield* Effect.map(attempt(ctx.fs.remove(path)), (r) =>
                      r._tag === "Left" ? ({ _tag: "Left", left: errorText(r.left) } as const) : ({ _tag: "Right" } as const)
                    )
              if (result._tag === "Right") return true
              if (flag(args, "ignore") && result.left === "Directory not empty") return false
              yield* warn(ctx, `failed to remove ${quote(shown)}: ${result.left}`)
              status = 1
              return false
            })
          for (const operand of args.operands) {
            let shown = stripTrailingSlashes(operand)
            if (!(yield* remove(shown))) continue
            if (!flag(args, "p")) continue
            for (;;) {
              const slash = shown.lastIndexOf("/")
              if (slash <= 0) break
              shown = stripTrailingSlashes(shown.slice(0, slash))
              if (!(yield* remove(shown))) break
            }
          }
          return status
        })
    )
}
