import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import { attempt, errorText, flag, operandBase, quote, warn } from "./common.js"

/** One source and where it goes, as the user wrote them (for messages) and resolved. */
export interface Transfer {
  readonly source: string
  readonly dest: string
}

/**
 * The `SOURCE... DEST` / `-t DIR` / `-T` operand rules shared by cp, mv and ln. Returns the
 * transfers, or an exit status after printing GNU's message.
 */
export const planTransfers = (
  ctx: CommandContext,
  args: ParsedArgs,
  options: { readonly allowSingle?: boolean } = {}
): Effect.Effect<ReadonlyArray<Transfer> | number, CommandFailure> =>
  Effect.gen(function* () {
    const operands = args.operands
    const targetDir = args.values.get("t")
    const noTargetDir = flag(args, "T")
    if (targetDir !== undefined && noTargetDir) return yield* usageError(ctx, "cannot combine --target-directory (-t) and --no-target-directory (-T)", 1)
    if (operands.length === 0) return yield* usageError(ctx, "missing file operand", 1)
    const intoDir = (dir: string, sources: ReadonlyArray<string>): ReadonlyArray<Transfer> =>
      sources.map((source) => ({ source, dest: `${dir.endsWith("/") ? dir : dir + "/"}${operandBase(source)}` }))
    if (targetDir !== undefined) {
      const stat = yield* attempt(ctx.fs.stat(ctx.resolvePath(targetDir)))
      if (stat._tag === "Left") {
        yield* warn(ctx, `target directory ${quote(targetDir)}: ${errorText(stat.left)}`)
        return 1
      }
      if (stat.right.type !== "directory") {
        yield* warn(ctx, `target directory ${quote(targetDir)} is not a directory`)
        return 1
      }
      return intoDir(targetDir, operands)
    }
    if (operands.length === 1) {
      if (options.allowSingle === true) return intoDir(".", operands)
      return yield* usageError(ctx, `missing destination file operand after ${quote(operands[0]!)}`, 1)
    }
    const last = operands[operands.length - 1]!
    const sources = operands.slice(0, -1)
    if (noTargetDir) {
      if (operands.length > 2) return yield* usageError(ctx, `extra operand ${quote(operands[2]!)}`, 1)
      return [{ source: operands[0]!, dest: last }]
    }
    const stat = yield* attempt(ctx.fs.stat(ctx.resolvePath(last)))
    const isDir = stat._tag === "Right" && stat.right.type === "directory"
    if (isDir) return intoDir(last, sources)
    if (sources.length > 1) {
      if (stat._tag === "Left") yield* warn(ctx, `target ${quote(last)}: ${errorText(stat.left)}`)
      else yield* warn(ctx, `target ${quote(last)} is not a directory`)
      return 1
    }
    return [{ source: sources[0]!, dest: last }]
  })
