import { Effect } from "effect"
import type { Command } from "../Command.js"
import { usageError } from "../support/io.js"
import { flag, quote, stripTrailingSlashes, withArgs } from "./support/common.js"

/** The last component of a name, minus `suffix` when it is a proper suffix (POSIX basename). */
export const baseOf = (name: string, suffix?: string): string => {
  if (name === "") return ""
  const stripped = stripTrailingSlashes(name)
  if (stripped === "/") return "/"
  let base = stripped.slice(stripped.lastIndexOf("/") + 1)
  if (suffix !== undefined && suffix !== "" && base !== suffix && base.endsWith(suffix)) base = base.slice(0, -suffix.length)
  return base
}

/** The directory part of a name (POSIX dirname). */
export const dirOf = (name: string): string => {
  const stripped = stripTrailingSlashes(name)
  if (stripped === "/" && name.startsWith("/")) return "/"
  const slash = stripped.lastIndexOf("/")
  if (slash === -1) return "."
  const dir = stripTrailingSlashes(stripped.slice(0, slash))
  return dir === "" ? "/" : dir
}

export const basename: Command = {
  name: "basename",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "a", long: "multiple", key: "a" },
          { short: "s", long: "suffix", key: "s", value: true },
          { short: "z", long: "zero", key: "z" }
        ],
        usage: "Usage: basename NAME [SUFFIX]\n  or:  basename OPTION... NAME..."
      },
      (args) => {
        const ops = args.operands
        if (ops.length === 0) return usageError(ctx, "missing operand", 1)
        const suffix = args.values.get("s")
        const multiple = flag(args, "a") || suffix !== undefined
        if (!multiple && ops.length > 2) return usageError(ctx, `extra operand ${quote(ops[2]!)}`, 1)
        const end = flag(args, "z") ? "\0" : "\n"
        const names = multiple ? ops : [ops[0]!]
        const strip = multiple ? suffix : ops[1]
        return Effect.as(ctx.stdout.write(names.map((n) => baseOf(n, strip) + end).join("")), 0)
      }
    )
}

export const dirname: Command = {
  name: "dirname",
  run: (ctx) =>
    withArgs(
      ctx,
      { options: [{ short: "z", long: "zero", key: "z" }], usage: "Usage: dirname [OPTION] NAME..." },
      (args) => {
        if (args.operands.length === 0) return usageError(ctx, "missing operand", 1)
        const end = flag(args, "z") ? "\0" : "\n"
        return Effect.as(ctx.stdout.write(args.operands.map((n) => dirOf(n) + end).join("")), 0)
      }
    )
}
