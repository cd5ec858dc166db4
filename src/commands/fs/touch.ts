import { Clock, Effect } from "effect"
import type { Command } from "../Command.js"
import { encodeText, usageError } from "../support/io.js"
import { attempt, errorText, flag, quote, warn, withArgs } from "./support/common.js"
import { parseDateString, parseTouchStamp } from "./support/dates.js"

export const touch: Command = {
  name: "touch",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "a", key: "a" },
          { short: "m", key: "m" },
          { short: "c", long: "no-create", key: "c" },
          { short: "d", long: "date", key: "d", value: true },
          { short: "t", key: "t", value: true },
          { short: "r", long: "reference", key: "r", value: true },
          { short: "h", long: "no-dereference", key: "h" },
          { short: "f", key: "f" },
          { long: "time", key: "time", value: true }
        ],
        usage: "Usage: touch [OPTION]... FILE...\nUpdate the access and modification times of each FILE to the current time."
      },
      (args) =>
        Effect.gen(function* () {
          if (args.operands.length === 0) return yield* usageError(ctx, "missing file operand", 1)
          const now = yield* Clock.currentTimeMillis
          const tz = ctx.env.TZ
          let atime = now
          let mtime = now
          const stamp = args.values.get("t")
          const date = args.values.get("d")
          const reference = args.values.get("r")
          if (reference !== undefined) {
            const ref = yield* attempt(ctx.fs.stat(ctx.resolvePath(reference)))
            if (ref._tag === "Left") {
              yield* warn(ctx, `failed to get attributes of ${quote(reference)}: ${errorText(ref.left)}`)
              return 1
            }
            atime = ref.right.atimeMs
            mtime = ref.right.mtimeMs
          }
          if (stamp !== undefined) {
            const parsed = parseTouchStamp(stamp, now, tz)
            if (parsed === undefined) {
              yield* warn(ctx, `invalid date format ${quote(stamp)}`)
              return 1
            }
            atime = mtime = parsed
          } else if (date !== undefined) {
            const parsed = parseDateString(date, now, tz)
            // As GNU, a time that does not fit a 64-bit time_t is not a date.
            if (parsed === undefined || !Number.isFinite(parsed) || Math.abs(parsed / 1000) >= 2 ** 63) {
              yield* warn(ctx, `invalid date format ${quote(date)}`)
              return 1
            }
            atime = mtime = parsed
          }
          const timeWord = args.values.get("time")
          let onlyAccess = flag(args, "a")
          let onlyModify = flag(args, "m")
          if (timeWord !== undefined) {
            if (["atime", "access", "use"].includes(timeWord)) onlyAccess = true
            else if (["mtime", "modify"].includes(timeWord)) onlyModify = true
            else return yield* usageError(ctx, `invalid argument ${quote(timeWord)} for '--time'`, 1)
          }
          const setAccess = onlyAccess || !onlyModify
          const setModify = onlyModify || !onlyAccess
          let status = 0
          for (const operand of args.operands) {
            if (operand === "-") continue
            const path = ctx.resolvePath(operand)
            const existing = yield* attempt(ctx.fs.stat(path))
            if (existing._tag === "Left") {
              if (existing.left.reason !== "NotFound" || flag(args, "c")) {
                if (existing.left.reason !== "NotFound") {
                  yield* warn(ctx, `cannot touch ${quote(operand)}: ${errorText(existing.left)}`)
                  status = 1
                }
                continue
              }
              const created = yield* attempt(ctx.fs.writeFile(path, encodeText("")))
              if (created._tag === "Left") {
                yield* warn(ctx, `cannot touch ${quote(operand)}: ${errorText(created.left)}`)
                status = 1
                continue
              }
            }
            const current = existing._tag === "Right" ? existing.right : undefined
            const newAtime = setAccess ? atime : (current?.atimeMs ?? now)
            const newMtime = setModify ? mtime : (current?.mtimeMs ?? now)
            const updated = yield* attempt(ctx.fs.utimes(path, newAtime, newMtime))
            if (updated._tag === "Left") {
              yield* warn(ctx, `setting times of ${quote(operand)}: ${errorText(updated.left)}`)
              status = 1
            }
          }
          return status
        })
    )
}
