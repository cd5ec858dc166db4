import { Effect } from "effect"
import type { Command, CommandContext } from "../Command.js"
import { usageError } from "../support/io.js"
import { attempt, errorText, flag, quote, warn, withArgs, type CommandRun } from "./support/common.js"
import { visitTree } from "./support/recurse.js"
import { groupName, lookupGroup, lookupUser, userName } from "./support/users.js"

interface Ownership {
  readonly uid?: number
  readonly gid?: number
}

/** `OWNER[:[GROUP]]`, `:GROUP`, or `OWNER.GROUP`; a message on failure. */
const parseOwner = (ctx: CommandContext, spec: string): Ownership | string => {
  const separator = spec.includes(":") ? ":" : spec.includes(".") && lookupUser(ctx.identity, spec) === undefined ? "." : undefined
  const [user, group] = separator === undefined ? [spec, undefined] : [spec.slice(0, spec.indexOf(separator)), spec.slice(spec.indexOf(separator) + 1)]
  let uid: number | undefined
  let gid: number | undefined
  if (user !== "") {
    uid = lookupUser(ctx.identity, user)
    if (uid === undefined) return `invalid user: ${quote(spec)}`
  }
  if (group !== undefined && group !== "") {
    gid = lookupGroup(ctx.identity, group)
    if (gid === undefined) return `invalid group: ${quote(spec)}`
  } else if (group === "" && uid !== undefined) {
    gid = uid === 0 ? 0 : uid === ctx.identity.uid ? ctx.identity.gid : uid
  }
  return { ...(uid === undefined ? {} : { uid }), ...(gid === undefined ? {} : { gid }) }
}

const OPTIONS = [
  { short: "R", long: "recursive", key: "R" },
  { short: "v", long: "verbose", key: "v" },
  { short: "c", long: "changes", key: "c" },
  { short: "f", long: "silent", key: "f" },
  { long: "quiet", key: "f" },
  { short: "h", long: "no-dereference", key: "h" },
  { long: "dereference", key: "dereference" },
  { short: "H", key: "H" },
  { short: "L", key: "L" },
  { short: "P", key: "P" },
  { long: "reference", key: "reference", value: true },
  { long: "from", key: "from", value: true },
  { long: "preserve-root", key: "preserve-root" },
  { long: "no-preserve-root", key: "no-preserve-root" }
]

/** Shared body of chown and chgrp (`groupOnly` for chgrp's messages and operand). */
const changeOwner = (ctx: CommandContext, groupOnly: boolean): CommandRun =>
  withArgs(
    ctx,
    {
      options: OPTIONS,
      usage: groupOnly ? "Usage: chgrp [OPTION]... GROUP FILE..." : "Usage: chown [OPTION]... [OWNER][:[GROUP]] FILE..."
    },
    (args) =>
      Effect.gen(function* () {
        const operands = [...args.operands]
        let owner: Ownership
        const reference = args.values.get("reference")
        if (reference !== undefined) {
          const ref = yield* attempt(ctx.fs.stat(ctx.resolvePath(reference)))
          if (ref._tag === "Left") {
            yield* warn(ctx, `failed to get attributes of ${quote(reference)}: ${errorText(ref.left)}`)
            return 1
          }
          owner = groupOnly ? { gid: ref.right.gid } : { uid: ref.right.uid, gid: ref.right.gid }
        } else {
          const spec = operands.shift()
          if (spec === undefined) return yield* usageError(ctx, "missing operand", 1)
          if (operands.length === 0) return yield* usageError(ctx, `missing operand after ${quote(spec)}`, 1)
          if (groupOnly) {
            const gid = lookupGroup(ctx.identity, spec)
            if (gid === undefined) {
              yield* warn(ctx, `invalid group: ${quote(spec)}`)
              return 1
            }
            owner = { gid }
          } else {
            const parsed = parseOwner(ctx, spec)
            if (typeof parsed === "string") {
              yield* warn(ctx, parsed)
              return 1
            }
            owner = parsed
          }
        }
        const verbose = flag(args, "v")
        const changesOnly = flag(args, "c")
        let status = 0
        for (const operand of operands) {
          const ok = yield* visitTree(ctx, operand, flag(args, "R"), (path, shown, stat) =>
            Effect.gen(function* () {
              const uid = owner.uid ?? stat.uid
              const gid = owner.gid ?? stat.gid
              const changed = uid !== stat.uid || gid !== stat.gid
              if (changed) {
                const result = yield* attempt(ctx.fs.chown(path, uid, gid))
                if (result._tag === "Left") {
                  if (!flag(args, "f")) yield* warn(ctx, `changing ownership of ${quote(shown)}: ${errorText(result.left)}`)
                  return false
                }
              }
              const describe = (u: number, g: number) =>
                groupOnly ? groupName(ctx.identity, g) : `${userName(ctx.identity, u)}:${groupName(ctx.identity, g)}`
              const what = groupOnly ? "group" : "ownership"
              if (changed && (verbose || changesOnly)) {
                yield* ctx.stdout.write(`changed ${what} of ${quote(shown)} from ${describe(stat.uid, stat.gid)} to ${describe(uid, gid)}\n`)
              } else if (!changed && verbose) {
                yield* ctx.stdout.write(`${what} of ${quote(shown)} retained as ${describe(uid, gid)}\n`)
              }
              return true
            })
          )
          if (!ok) status = 1
        }
        return status
      })
  )

export const chown: Command = { name: "chown", run: (ctx) => changeOwner(ctx, false) }
export const chgrp: Command = { name: "chgrp", run: (ctx) => changeOwner(ctx, true) }
