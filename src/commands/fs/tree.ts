import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import type { FileStat } from "../../vfs/Vfs.js"
import { joinPath } from "../../vfs/paths.js"
import { attempt, flag, OutputBuffer, withArgs } from "./support/common.js"
import { fnmatch } from "./support/fnmatch.js"
import { indicator } from "./ls/format.js"

interface TreeOptions {
  readonly all: boolean
  readonly dirsOnly: boolean
  readonly maxLevel: number
  readonly ignore: ReadonlyArray<string>
  readonly pattern: ReadonlyArray<string> | undefined
  readonly fullPath: boolean
  readonly classify: boolean
  readonly dirsFirst: boolean
  readonly noIndent: boolean
}

const splitPatterns = (text: string | undefined): ReadonlyArray<string> => (text === undefined ? [] : text.split("|"))

class TreeWalk {
  dirs = 0
  files = 0
  constructor(
    private readonly ctx: CommandContext,
    private readonly o: TreeOptions,
    private readonly out: OutputBuffer
  ) {}

  walk(path: string, shown: string, prefix: string, level: number): Effect.Effect<void, CommandFailure> {
    const self = this
    const { ctx, o, out } = this
    return Effect.gen(function* () {
      if (level > o.maxLevel) return
      const listing = yield* attempt(ctx.fs.readdir(path))
      if (listing._tag === "Left") return
      const entries: Array<{ name: string; path: string; stat: FileStat; target?: string; targetStat?: FileStat }> = []
      for (const dirent of listing.right) {
        if (!o.all && dirent.name.startsWith(".")) continue
        if (o.ignore.some((p) => fnmatch(p, dirent.name, false, ctx.budget))) continue
        const childPath = joinPath(path, dirent.name)
        const stat = yield* attempt(ctx.fs.lstat(childPath))
        if (stat._tag === "Left") continue
        let target: string | undefined
        let targetStat: FileStat | undefined
        if (stat.right.type === "symlink") {
          const link = yield* attempt(ctx.fs.readlink(childPath))
          target = link._tag === "Right" ? link.right : ""
          const followed = yield* attempt(ctx.fs.stat(childPath))
          if (followed._tag === "Right") targetStat = followed.right
        }
        const isDir = stat.right.type === "directory"
        if (o.dirsOnly && !isDir && targetStat?.type !== "directory") continue
        if (!isDir && o.pattern !== undefined && !o.pattern.some((p) => fnmatch(p, dirent.name, false, ctx.budget))) continue
        entries.push({ name: dirent.name, path: childPath, stat: stat.right, ...(target === undefined ? {} : { target }), ...(targetStat === undefined ? {} : { targetStat }) })
      }
      if (o.dirsFirst) entries.sort((a, b) => Number(b.stat.type === "directory") - Number(a.stat.type === "directory"))
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i]!
        const last = i === entries.length - 1
        const branch = o.noIndent ? "" : last ? "└── " : "├── "
        const childShown = shown.endsWith("/") ? shown + entry.name : `${shown}/${entry.name}`
        let label = o.fullPath ? childShown : entry.name
        if (entry.target !== undefined) label += ` -> ${entry.target}${o.classify ? indicator(entry.targetStat, "all") : ""}`
        else if (o.classify) label += indicator(entry.stat, "all")
        yield* out.add(`${prefix}${branch}${label}\n`)
        const isDir = entry.stat.type === "directory"
        if (isDir || (entry.target !== undefined && entry.targetStat?.type === "directory")) self.dirs++
        else self.files++
        if (isDir) yield* self.walk(entry.path, childShown, o.noIndent ? "" : prefix + (last ? "    " : "│   "), level + 1)
      }
    })
  }
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

export const tree: Command = {
  name: "tree",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "a", key: "a" },
          { short: "d", key: "d" },
          { short: "L", key: "L", value: true },
          { short: "I", key: "I", value: true, multiple: true },
          { short: "P", key: "P", value: true, multiple: true },
          { short: "f", key: "f" },
          { short: "F", key: "F" },
          { short: "i", key: "i" },
          { short: "n", key: "n" },
          { long: "noreport", key: "noreport" },
          { long: "dirsfirst", key: "dirsfirst" },
          { long: "charset", key: "charset", value: true }
        ],
        usage: "usage: tree [-adfFin] [-L level] [-I pattern] [-P pattern] [--noreport] [--dirsfirst] [<directory list>]"
      },
      (args) =>
        Effect.gen(function* () {
          const levelText = args.values.get("L")
          if (levelText !== undefined && !/^[1-9]\d*$/.test(levelText)) {
            yield* ctx.stderr.write("tree: Invalid level, must be greater than 0.\n")
            return 1
          }
          const patterns = args.lists.get("P")
          const o: TreeOptions = {
            all: flag(args, "a"),
            dirsOnly: flag(args, "d"),
            maxLevel: levelText === undefined ? Number.POSITIVE_INFINITY : Number(levelText),
            ignore: (args.lists.get("I") ?? []).flatMap((p) => splitPatterns(p)),
            pattern: patterns === undefined ? undefined : patterns.flatMap((p) => splitPatterns(p)),
            fullPath: flag(args, "f"),
            classify: flag(args, "F"),
            dirsFirst: flag(args, "dirsfirst"),
            noIndent: flag(args, "i")
          }
          const out = new OutputBuffer(ctx)
          const walker = new TreeWalk(ctx, o, out)
          let status = 0
          for (const root of args.operands.length === 0 ? ["."] : args.operands) {
            const stat = yield* attempt(ctx.fs.stat(ctx.resolvePath(root)))
            if (stat._tag === "Left" || stat.right.type !== "directory") {
              yield* out.add(`${root}  [error opening dir]\n`)
              status = 2
              continue
            }
            yield* out.add(`${root}\n`)
            yield* walker.walk(ctx.resolvePath(root), root, "", 1)
          }
          if (!flag(args, "noreport")) {
            const summary = o.dirsOnly ? plural(walker.dirs, "directory", "directories") : `${plural(walker.dirs, "directory", "directories")}, ${plural(walker.files, "file", "files")}`
            yield* out.add(`\n${summary}\n`)
          }
          yield* out.flush()
          return status
        })
    )
}
