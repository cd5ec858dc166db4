/**
 * `install`: copy files and set their mode (0755 unless -m), or create directories (-d).
 * -D makes the destination's leading directories, -t names the target directory, -T treats
 * the destination as a file, -v reports, -C skips identical files. Owners (-o/-g) and
 * stripping (-s) are accepted and ignored: the sandbox has one user and no binaries.
 */
import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { usageError } from "../support/io.js"
import { joinPath, parentOf } from "../../vfs/paths.js"
import { attempt, errorText, flag, quote, warn, withArgs, type CommandRun } from "./support/common.js"
import { applyMode, parseMode, type ModeChange } from "./support/mode.js"

const OPTIONS = [
  { short: "d", long: "directory", key: "d" },
  { short: "D", key: "D" },
  { short: "m", long: "mode", key: "m", value: true },
  { short: "v", long: "verbose", key: "v" },
  { short: "t", long: "target-directory", key: "t", value: true },
  { short: "T", long: "no-target-directory", key: "T" },
  { short: "C", long: "compare", key: "C" },
  { short: "p", long: "preserve-timestamps", key: "p" },
  { short: "o", long: "owner", key: "o", value: true },
  { short: "g", long: "group", key: "g", value: true },
  { short: "s", long: "strip", key: "s" },
  { short: "c", key: "c" },
  { short: "b", key: "b" }
]

const baseName = (path: string): string => path.replace(/\/+$/, "").split("/").pop() ?? path

/** mkdir -p, reporting each directory made under -v as install does. */
const makeDirs = (ctx: CommandContext, shown: string, mode: number, verbose: boolean): Effect.Effect<string | undefined, CommandFailure> =>
  Effect.gen(function* () {
    const parts = shown.split("/")
    let prefix = shown.startsWith("/") ? "/" : ""
    for (const part of parts) {
      if (part === "") continue
      prefix = prefix === "" || prefix.endsWith("/") ? prefix + part : `${prefix}/${part}`
      const path = ctx.resolvePath(prefix)
      const stat = yield* attempt(ctx.fs.stat(path))
      if (stat._tag === "Right") {
        if (stat.right.type !== "directory") return `cannot create directory ${quote(prefix)}: File exists`
        continue
      }
      const made = yield* attempt(ctx.fs.mkdir(path, { mode }))
      if (made._tag === "Left") return `cannot create directory ${quote(prefix)}: ${errorText(made.left)}`
      yield* attempt(ctx.fs.chmod(path, mode))
      if (verbose) yield* ctx.stdout.write(`install: creating directory ${quote(prefix)}\n`)
    }
    return undefined
  })

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i])

export const install: Command = {
  name: "install",
  run: (ctx) =>
    withArgs(ctx, { options: OPTIONS, usage: "Usage: install [OPTION]... [-T] SOURCE DEST\n  or:  install [OPTION]... SOURCE... DIRECTORY\n  or:  install [OPTION]... -t DIRECTORY SOURCE...\n  or:  install [OPTION]... -d DIRECTORY..." }, (args): CommandRun =>
      Effect.gen(function* () {
        const verbose = flag(args, "v")
        let change: ModeChange | undefined
        const modeText = args.values.get("m")
        if (modeText !== undefined) {
          change = parseMode(modeText)
          if (change === undefined) {
            yield* warn(ctx, `invalid mode ${quote(modeText)}`)
            return 1
          }
        }
        const modeFor = (isDir: boolean) => (change === undefined ? 0o755 : applyMode(change, 0, isDir, 0))
        const operands = args.operands
        if (flag(args, "d")) {
          if (operands.length === 0) return yield* usageError(ctx, "missing file operand", 1)
          let status = 0
          for (const dir of operands) {
            const problem = yield* makeDirs(ctx, dir, modeFor(true), verbose)
            if (problem !== undefined) {
              yield* warn(ctx, problem)
              status = 1
            } else if (change !== undefined) yield* attempt(ctx.fs.chmod(ctx.resolvePath(dir), modeFor(true)))
          }
          return status
        }
        const targetDir = args.values.get("t")
        if (operands.length === 0) return yield* usageError(ctx, "missing file operand", 1)
        if (targetDir === undefined && operands.length === 1) return yield* usageError(ctx, `missing destination file operand after ${quote(operands[0]!)}`, 1)
        const sources = targetDir === undefined ? operands.slice(0, -1) : operands
        const destination = targetDir ?? operands[operands.length - 1]!
        const destStat = yield* attempt(ctx.fs.stat(ctx.resolvePath(destination)))
        const intoDir = targetDir !== undefined || (!flag(args, "T") && destStat._tag === "Right" && destStat.right.type === "directory")
        if (!intoDir && sources.length > 1) {
          yield* warn(ctx, `target ${quote(destination)} is not a directory`)
          return 1
        }
        let status = 0
        for (const source of sources) {
          const target = intoDir ? joinPath(destination, baseName(source)) : destination
          const read = yield* attempt(ctx.fs.readFile(ctx.resolvePath(source)))
          if (read._tag === "Left") {
            yield* warn(ctx, `cannot stat ${quote(source)}: ${errorText(read.left)}`)
            status = 1
            continue
          }
          const targetPath = ctx.resolvePath(target)
          if (targetPath === ctx.resolvePath(source)) {
            yield* warn(ctx, `${quote(source)} and ${quote(target)} are the same file`)
            status = 1
            continue
          }
          if (flag(args, "D")) {
            const problem = yield* makeDirs(ctx, intoDir ? destination : parentOf(target), 0o755, verbose)
            if (problem !== undefined) {
              yield* warn(ctx, problem)
              status = 1
              continue
            }
          }
          const existing = yield* attempt(ctx.fs.stat(targetPath))
          if (existing._tag === "Right" && existing.right.type === "directory") {
            yield* warn(ctx, `cannot overwrite directory ${quote(target)} with non-directory`)
            status = 1
            continue
          }
          if (existing._tag === "Right" && flag(args, "C")) {
            const old = yield* attempt(ctx.fs.readFile(targetPath))
            if (old._tag === "Right" && sameBytes(old.right, read.right) && (existing.right.mode & 0o7777) === modeFor(false)) continue
          }
          if (existing._tag === "Right") {
            yield* attempt(ctx.fs.remove(targetPath))
            if (verbose) yield* ctx.stdout.write(`removed ${quote(target)}\n`)
          }
          const written = yield* attempt(ctx.fs.writeFile(targetPath, read.right, { mode: modeFor(false) }))
          if (written._tag === "Left") {
            yield* warn(ctx, `cannot create regular file ${quote(target)}: ${errorText(written.left)}`)
            status = 1
            continue
          }
          yield* attempt(ctx.fs.chmod(targetPath, modeFor(false)))
          if (verbose) yield* ctx.stdout.write(`${quote(source)} -> ${quote(target)}\n`)
        }
        return status
      })
    )
}
