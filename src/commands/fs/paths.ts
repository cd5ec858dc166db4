import { Effect } from "effect"
import type { Command } from "../Command.js"
import { usageError } from "../support/io.js"
import { vfsErrorText } from "../../vfs/VfsError.js"
import { normalizePath } from "../../vfs/paths.js"
import { canonicalize, isWithin, relativePath, type CanonicalMode } from "./support/canonical.js"
import { attempt, errorText, flag, lastOf, OutputBuffer, warn, withArgs } from "./support/common.js"

const modeOf = (key: string | undefined, fallback: CanonicalMode): CanonicalMode =>
  key === "e" ? "all" : key === "m" ? "none" : key === "f" ? "allButLast" : fallback

export const realpath: Command = {
  name: "realpath",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "e", long: "canonicalize-existing", key: "e" },
          { short: "m", long: "canonicalize-missing", key: "m" },
          { short: "E", long: "canonicalize", key: "E" },
          { short: "L", long: "logical", key: "L" },
          { short: "P", long: "physical", key: "P" },
          { short: "q", long: "quiet", key: "q" },
          { short: "s", long: "strip", key: "s" },
          { long: "no-symlinks", key: "s" },
          { short: "z", long: "zero", key: "z" },
          { long: "relative-to", key: "relative-to", value: true },
          { long: "relative-base", key: "relative-base", value: true }
        ],
        usage: "Usage: realpath [OPTION]... FILE..."
      },
      (args) =>
        Effect.gen(function* () {
          if (args.operands.length === 0) return yield* usageError(ctx, "missing operand", 1)
          const mode = modeOf(lastOf(args, ["e", "m", "E"]), "allButLast")
          const strip = flag(args, "s")
          const quiet = flag(args, "q")
          const end = flag(args, "z") ? "\0" : "\n"
          const resolve = (path: string) =>
            strip ? Effect.succeed({ _tag: "Ok" as const, path: normalizePath(ctx.resolvePath(path)) }) : canonicalize(ctx.fs, ctx.resolvePath(path), mode)
          let relativeTo: string | undefined
          let relativeBase: string | undefined
          for (const key of ["relative-to", "relative-base"] as const) {
            const value = args.values.get(key)
            if (value === undefined) continue
            const r = yield* resolve(value)
            if (r._tag === "Error") {
              yield* warn(ctx, `${value}: ${vfsErrorText(r.reason)}`)
              return 1
            }
            if (key === "relative-to") relativeTo = r.path
            else relativeBase = r.path
          }
          if (relativeBase !== undefined && relativeTo !== undefined && !isWithin(relativeTo, relativeBase)) relativeBase = undefined
          if (relativeBase !== undefined && relativeTo === undefined) relativeTo = relativeBase
          const out = new OutputBuffer(ctx)
          let status = 0
          for (const operand of args.operands) {
            const r = yield* resolve(operand)
            if (r._tag === "Error") {
              if (!quiet) {
                yield* out.flush()
                yield* warn(ctx, `${operand}: ${vfsErrorText(r.reason)}`)
              }
              status = 1
              continue
            }
            let path = r.path
            if (relativeTo !== undefined && (relativeBase === undefined || isWithin(path, relativeBase))) path = relativePath(path, relativeTo)
            yield* out.add(path + end)
          }
          yield* out.flush()
          return status
        })
    )
}

export const readlink: Command = {
  name: "readlink",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "f", long: "canonicalize", key: "f" },
          { short: "e", long: "canonicalize-existing", key: "e" },
          { short: "m", long: "canonicalize-missing", key: "m" },
          { short: "n", long: "no-newline", key: "n" },
          { short: "q", long: "quiet", key: "q" },
          { short: "s", long: "silent", key: "q" },
          { short: "v", long: "verbose", key: "v" },
          { short: "z", long: "zero", key: "z" }
        ],
        usage: "Usage: readlink [OPTION]... FILE..."
      },
      (args) =>
        Effect.gen(function* () {
          if (args.operands.length === 0) return yield* usageError(ctx, "missing operand", 1)
          const which = lastOf(args, ["f", "e", "m"])
          const verbose = flag(args, "v") && !flag(args, "q")
          const end = flag(args, "z") ? "\0" : flag(args, "n") && args.operands.length === 1 ? "" : "\n"
          const out = new OutputBuffer(ctx)
          let status = 0
          for (const operand of args.operands) {
            const path = ctx.resolvePath(operand)
            if (which !== undefined) {
              const r = yield* canonicalize(ctx.fs, path, modeOf(which, "allButLast"))
              if (r._tag === "Ok") yield* out.add(r.path + end)
              else {
                status = 1
                if (verbose) yield* warn(ctx, `${operand}: ${vfsErrorText(r.reason)}`)
              }
              continue
            }
            const target = yield* attempt(ctx.fs.readlink(path))
            if (target._tag === "Right") yield* out.add(target.right + end)
            else {
              status = 1
              if (verbose) {
                const exists = yield* ctx.fs.exists(path)
                yield* warn(ctx, `${operand}: ${exists ? "Invalid argument" : errorText(target.left)}`)
              }
            }
          }
          yield* out.flush()
          return status
        })
    )
}
