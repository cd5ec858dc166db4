import { Clock, Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import type { FileStat } from "../../../vfs/Vfs.js"
import { joinPath } from "../../../vfs/paths.js"
import { attempt, blocksOf, errorText, flag, lastOf, OutputBuffer, quote, warn, withArgs } from "../support/common.js"
import { fnmatch } from "../support/fnmatch.js"
import type { WorkMeter } from "../../../limits/Budget.js"
import { humanSize } from "../support/sizes.js"
import { blockText, indicator, longLines, type Entry, type LongOptions } from "./format.js"
import { columns, commaSeparated } from "./layout.js"
import { quoteName, quotingStyles, type QuotingStyle } from "./quoting.js"
import { maxOf } from "../../support/maxOf.js"

type Format = "long" | "single" | "columns" | "across" | "commas"
type SortKey = "name" | "size" | "time" | "none" | "extension" | "version"

interface LsOptions {
  /** `--group-directories-first`: directories before the rest, each group in the sort order. */
  readonly groupDirectoriesFirst: boolean
  readonly format: Format
  readonly sort: SortKey
  readonly reverse: boolean
  readonly all: boolean
  readonly almostAll: boolean
  readonly directoryOnly: boolean
  readonly recursive: boolean
  readonly dereference: "always" | "commandLine" | "commandLineDirs" | "never"
  readonly ignore: ReadonlyArray<string>
  readonly hide: ReadonlyArray<string>
  readonly ignoreBackups: boolean
  readonly lineWidth: number
  readonly tabSize: number
  readonly long: LongOptions
}

/** Options GNU ls has that the sandbox does not render yet: they fail loudly. */
const NOT_IMPLEMENTED: ReadonlyArray<readonly [string, string]> = [
  ["Z", "context"],
  ["D", "dired"]
]

const OPTIONS = [
  { short: "l", key: "l" },
  { short: "a", long: "all", key: "a" },
  { short: "A", long: "almost-all", key: "A" },
  { short: "1", key: "1" },
  { short: "R", long: "recursive", key: "R" },
  { short: "d", long: "directory", key: "d" },
  { short: "h", long: "human-readable", key: "h" },
  { long: "si", key: "si" },
  { short: "S", key: "S" },
  { short: "t", key: "t" },
  { short: "U", key: "U" },
  { short: "X", key: "X" },
  { short: "v", key: "v" },
  { short: "f", key: "f" },
  { short: "r", long: "reverse", key: "r" },
  { short: "F", key: "F" },
  { long: "classify", key: "classify", value: true, optionalValue: true },
  { short: "p", key: "p" },
  { long: "indicator-style", key: "indicator-style", value: true },
  { short: "i", long: "inode", key: "i" },
  { short: "s", long: "size", key: "s" },
  { short: "C", key: "C" },
  { short: "x", key: "x" },
  { short: "m", key: "m" },
  { short: "n", long: "numeric-uid-gid", key: "n" },
  { short: "g", key: "g" },
  { short: "o", key: "o" },
  { short: "G", long: "no-group", key: "G" },
  { short: "L", long: "dereference", key: "L" },
  { short: "H", long: "dereference-command-line", key: "H" },
  { short: "c", key: "c" },
  { short: "u", key: "u" },
  { short: "k", long: "kibibytes", key: "k" },
  { short: "N", long: "literal", key: "N" },
  { short: "q", long: "hide-control-chars", key: "q" },
  { short: "B", long: "ignore-backups", key: "B" },
  { short: "I", long: "ignore", key: "I", value: true, multiple: true },
  { long: "hide", key: "hide", value: true, multiple: true },
  { short: "w", long: "width", key: "w", value: true },
  { short: "T", long: "tabsize", key: "T", value: true },
  { long: "color", key: "color", value: true, optionalValue: true },
  { long: "full-time", key: "full-time" },
  { long: "time-style", key: "time-style", value: true },
  { long: "time", key: "time", value: true },
  { long: "sort", key: "sort", value: true },
  { long: "format", key: "format", value: true },
  { short: "Q", long: "quote-name", key: "Q" },
  { long: "quoting-style", key: "quoting-style", value: true },
  { long: "group-directories-first", key: "group-directories-first" },
  { short: "b", long: "escape", key: "b" },
  { short: "Z", long: "context", key: "Z" },
  { short: "D", long: "dired", key: "D" }
]

const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf(".")
  return dot <= 0 ? "" : name.slice(dot)
}

/** Natural ("version") order: digit runs compare numerically. */
const compareVersions = (a: string, b: string): number => {
  const split = (s: string) => s.match(/\d+|\D+/g) ?? []
  const pa = split(a)
  const pb = split(b)
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!
    const y = pb[i]!
    if (/^\d/.test(x) && /^\d/.test(y)) {
      const diff = Number(x) - Number(y)
      if (diff !== 0) return diff
    } else if (x !== y) return compareNames(x, y)
  }
  return pa.length - pb.length
}

const sortEntries = (entries: Array<Entry>, o: LsOptions): Array<Entry> => {
  const time = (e: Entry) => (o.long.time === "atime" ? e.stat.atimeMs : o.long.time === "ctime" ? e.stat.ctimeMs : e.stat.mtimeMs)
  let compare: ((a: Entry, b: Entry) => number) | undefined
  switch (o.sort) {
    case "name":
      compare = (a, b) => compareNames(a.name, b.name)
      break
    case "size":
      compare = (a, b) => b.stat.size - a.stat.size || compareNames(a.name, b.name)
      break
    case "time":
      compare = (a, b) => time(b) - time(a) || compareNames(a.name, b.name)
      break
    case "extension":
      compare = (a, b) => compareNames(extensionOf(a.name), extensionOf(b.name)) || compareNames(a.name, b.name)
      break
    case "version":
      compare = (a, b) => compareVersions(a.name, b.name)
      break
    case "none":
      compare = undefined
  }
  const sorted = compare === undefined ? entries : entries.sort(compare)
  const ordered = o.reverse ? sorted.reverse() : sorted
  if (!o.groupDirectoriesFirst) return ordered
  // A symlink to a directory counts as one, as in GNU ls.
  const isDirectory = (e: Entry) => e.stat.type === "directory" || (e.stat.type === "symlink" && e.targetStat?.type === "directory")
  return [...ordered.filter(isDirectory), ...ordered.filter((e) => !isDirectory(e))]
}

/** Build an entry: lstat (or stat when dereferencing), plus the link target for symlinks. */
const makeEntry = (ctx: CommandContext, name: string, path: string, follow: boolean): Effect.Effect<Entry | undefined> =>
  Effect.gen(function* () {
    const lstat = yield* attempt(ctx.fs.lstat(path))
    if (lstat._tag === "Left") return undefined
    if (lstat.right.type !== "symlink") return { name, path, stat: lstat.right }
    const target = yield* attempt(ctx.fs.stat(path))
    if (follow && target._tag === "Right") return { name, path, stat: target.right }
    const link = yield* attempt(ctx.fs.readlink(path))
    return {
      name,
      path,
      stat: lstat.right,
      linkTarget: link._tag === "Right" ? link.right : "",
      ...(target._tag === "Right" ? { targetStat: target.right } : {})
    }
  })

/** Render a group of entries in the chosen format. */
const render = (entries: ReadonlyArray<Entry>, o: LsOptions): string => {
  if (entries.length === 0) return ""
  if (o.format === "long") return longLines(entries, o.long).map((l) => l + "\n").join("")
  const prefixWidths = {
    inode: maxOf(entries.map((e) => String(e.stat.ino).length)),
    blocks: maxOf(entries.map((e) => blockText(e.stat, o.long.human, o.long.si).length))
  }
  const cells = entries.map((e) => {
    let cell = ""
    const columnar = o.format === "columns" || o.format === "across"
    if (o.long.inode) cell += (columnar ? String(e.stat.ino).padStart(prefixWidths.inode) : String(e.stat.ino)) + " "
    if (o.long.blocks) cell += blockText(e.stat, o.long.human, o.long.si).padStart(prefixWidths.blocks) + " "
    return cell + quoteName(e.name, o.long.quoting) + indicator(e.stat, o.long.classify)
  })
  switch (o.format) {
    case "columns":
      return columns(cells, o.lineWidth, false, o.tabSize)
    case "across":
      return columns(cells, o.lineWidth, true, o.tabSize)
    case "commas":
      return commaSeparated(cells, o.lineWidth)
    default:
      return cells.map((c) => c + "\n").join("")
  }
}

const hidden = (name: string, o: LsOptions, meter: WorkMeter): boolean => {
  if (name.startsWith(".") && !o.all && !o.almostAll) return true
  if (o.ignoreBackups && name.endsWith("~")) return true
  if (o.ignore.some((p) => fnmatch(p, name, false, meter))) return true
  if (!o.all && !o.almostAll && o.hide.some((p) => fnmatch(p, name, false, meter))) return true
  return false
}

class Lister {
  status = 0
  printedSomething = false
  constructor(
    private readonly ctx: CommandContext,
    private readonly o: LsOptions,
    private readonly out: OutputBuffer
  ) {}

  /** List one directory's contents (with header when `header`), recursing under -R. */
  listDirectory(path: string, shown: string, header: boolean): Effect.Effect<void, CommandFailure> {
    const self = this
    const { ctx, o, out } = this
    return Effect.gen(function* () {
      const dirents = yield* attempt(ctx.fs.readdir(path))
      if (dirents._tag === "Left") {
        yield* out.flush()
        yield* warn(ctx, `cannot open directory ${quote(shown)}: ${errorText(dirents.left)}`)
        self.status = Math.max(self.status, 1) as 0 | 1
        return
      }
      const entries: Array<Entry> = []
      if (o.all) {
        for (const special of [".", ".."]) {
          const entry = yield* makeEntry(ctx, special, special === "." ? path : joinPath(path, ".."), false)
          if (entry !== undefined) entries.push(entry)
        }
      }
      for (const dirent of dirents.right) {
        if (hidden(dirent.name, o, ctx.budget)) continue
        const entry = yield* makeEntry(ctx, dirent.name, joinPath(path, dirent.name), o.dereference === "always")
        if (entry !== undefined) entries.push(entry)
      }
      const sorted = sortEntries(entries, o)
      if (self.printedSomething) yield* out.add("\n")
      if (header) yield* out.add(`${quoteName(shown, o.long.quoting)}:\n`)
      if (o.format === "long" || o.long.blocks) {
        const total = sorted.reduce((sum, e) => sum + blocksOf(e.stat), 0)
        yield* out.add(`total ${o.long.human ? humanSize(total * 512, o.long.si) : Math.ceil(total / 2)}\n`)
      }
      yield* out.add(render(sorted, o))
      self.printedSomething = true
      if (!o.recursive) return
      for (const entry of sorted) {
        if (entry.name === "." || entry.name === "..") continue
        if (entry.stat.type !== "directory" || entry.linkTarget !== undefined) continue
        const childShown = shown.endsWith("/") ? shown + entry.name : `${shown}/${entry.name}`
        yield* self.listDirectory(entry.path, childShown, true)
      }
    })
  }
}

const parseOptions = (ctx: CommandContext, args: ParsedArgs, nowMs: number): LsOptions | string | { readonly invalidQuotingStyle: string } => {
  for (const [key, name] of NOT_IMPLEMENTED) if (args.flags.has(key) || args.values.has(key)) return name
  const color = args.values.get("color")
  if (color !== undefined && !["", "never", "no", "none", "auto", "tty", "if-tty"].includes(color)) return "color"
  const formatWord = args.values.get("format")
  const formatKey = lastOf(args, ["l", "1", "C", "x", "m", "n", "g", "o", "format"])
  const wordFormats: Record<string, Format> = {
    long: "long",
    verbose: "long",
    "single-column": "single",
    vertical: "columns",
    horizontal: "across",
    across: "across",
    commas: "commas"
  }
  const format: Format =
    formatKey === "format"
      ? (wordFormats[formatWord ?? ""] ?? "single")
      : formatKey === "C"
        ? "columns"
        : formatKey === "x"
          ? "across"
          : formatKey === "m"
            ? "commas"
            : formatKey === "1" || formatKey === undefined
              ? "single"
              : "long"
  const timeWord = args.values.get("time")
  const timeKey = lastOf(args, ["c", "u", "time"])
  const time: LongOptions["time"] =
    timeKey === "c" || (timeKey === "time" && ["ctime", "status"].includes(timeWord ?? ""))
      ? "ctime"
      : timeKey === "u" || (timeKey === "time" && ["atime", "access", "use"].includes(timeWord ?? ""))
        ? "atime"
        : "mtime"
  const sortKey = lastOf(args, ["S", "t", "U", "X", "v", "f", "sort"])
  const sortWords: Record<string, SortKey> = { none: "none", size: "size", time: "time", extension: "extension", version: "version", name: "name" }
  let sort: SortKey =
    sortKey === "S"
      ? "size"
      : sortKey === "t"
        ? "time"
        : sortKey === "U" || sortKey === "f"
          ? "none"
          : sortKey === "X"
            ? "extension"
            : sortKey === "v"
              ? "version"
              : sortKey === "sort"
                ? (sortWords[args.values.get("sort") ?? ""] ?? "name")
                : "name"
  // -c / -u without -l sort by that time, as GNU does.
  if (sortKey === undefined && timeKey !== undefined && format !== "long") sort = "time"
  const classifyWord = args.values.get("classify")
  const indicatorStyle = args.values.get("indicator-style")
  const classify: LongOptions["classify"] =
    flag(args, "F") ||
    (classifyWord !== undefined && !["never", "no", "none"].includes(classifyWord)) || indicatorStyle === "classify" || indicatorStyle === "file-type"
      ? "all"
      : flag(args, "p") || indicatorStyle === "slash"
        ? "slash"
        : "none"
  const directoryOnly = flag(args, "d")
  const dereference = flag(args, "L")
    ? "always"
    : flag(args, "H")
      ? "commandLine"
      : directoryOnly || classify === "all" || format === "long"
        ? "never"
        : "commandLineDirs"
  const widthText = args.values.get("w") ?? ctx.env.COLUMNS
  const lineWidth = widthText !== undefined && /^\d+$/.test(widthText) && Number(widthText) > 0 ? Number(widthText) : 80
  const tabText = args.values.get("T")
  const quotingKey = lastOf(args, ["Q", "b", "N", "quoting-style"])
  const styleWord = args.values.get("quoting-style")
  if (quotingKey === "quoting-style" && !(quotingStyles as ReadonlyArray<string>).includes(styleWord ?? "")) return { invalidQuotingStyle: styleWord ?? "" }
  const quoting: QuotingStyle = quotingKey === "Q" ? "c" : quotingKey === "b" ? "escape" : quotingKey === "quoting-style" ? (styleWord as QuotingStyle) : "literal"
  return {
    groupDirectoriesFirst: flag(args, "group-directories-first"),
    format,
    sort,
    reverse: flag(args, "r"),
    all: flag(args, "a") || flag(args, "f"),
    almostAll: flag(args, "A"),
    directoryOnly,
    recursive: flag(args, "R") && !directoryOnly,
    dereference,
    ignore: args.lists.get("I") ?? [],
    hide: args.lists.get("hide") ?? [],
    ignoreBackups: flag(args, "B"),
    lineWidth,
    tabSize: tabText !== undefined && /^\d+$/.test(tabText) ? Number(tabText) : 8,
    long: {
      human: flag(args, "h") || flag(args, "si"),
      si: flag(args, "si"),
      numeric: flag(args, "n"),
      showOwner: !flag(args, "g"),
      showGroup: !flag(args, "o") && !flag(args, "G"),
      inode: flag(args, "i"),
      quoting,
      blocks: flag(args, "s"),
      fullTime: flag(args, "full-time"),
      timeStyle: args.values.get("time-style")?.replace(/^posix-/, ""),
      time,
      classify,
      nowMs,
      tz: ctx.env.TZ,
      identity: ctx.identity
    }
  }
}

export const ls: Command = {
  name: "ls",
  run: (ctx) =>
    withArgs(ctx, { options: OPTIONS, usageStatus: 2, usage: "Usage: ls [OPTION]... [FILE]...\nList information about the FILEs (the current directory by default)." }, (args) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const parsed = parseOptions(ctx, args, now)
        if (typeof parsed === "string") {
          yield* warn(ctx, `option(s) not yet implemented in bashkit: ${parsed}`)
          return 2
        }
        if ("invalidQuotingStyle" in parsed) {
          const valid = quotingStyles.map((s) => `  - '${s}'\n`).join("")
          yield* ctx.stderr.write(`ls: invalid argument '${parsed.invalidQuotingStyle}' for '--quoting-style'\nValid arguments are:\n${valid}Try 'ls --help' for more information.\n`)
          return 1
        }
        const o = parsed
        const out = new OutputBuffer(ctx)
        const lister = new Lister(ctx, o, out)
        const operands = args.operands.length === 0 ? ["."] : args.operands
        const files: Array<Entry> = []
        const dirs: Array<Entry> = []
        let status = 0
        for (const operand of operands) {
          const path = ctx.resolvePath(operand)
          const lstat = yield* attempt(ctx.fs.lstat(path))
          if (lstat._tag === "Left") {
            yield* warn(ctx, `cannot access ${quote(operand)}: ${errorText(lstat.left)}`)
            status = 2
            continue
          }
          let follow = o.dereference === "always" || o.dereference === "commandLine"
          if (!follow && o.dereference === "commandLineDirs" && lstat.right.type === "symlink") {
            const target: FileStat | undefined = yield* Effect.map(attempt(ctx.fs.stat(path)), (r) => (r._tag === "Right" ? r.right : undefined))
            follow = target?.type === "directory"
          }
          const entry = yield* makeEntry(ctx, operand, path, follow)
          if (entry === undefined) continue
          if (entry.stat.type === "directory" && !o.directoryOnly) dirs.push(entry)
          else files.push(entry)
        }
        const sortedFiles = sortEntries(files, o)
        if (sortedFiles.length > 0) {
          yield* out.add(render(sortedFiles, o))
          lister.printedSomething = true
        }
        const header = o.recursive || operands.length > 1
        for (const dir of sortEntries(dirs, o)) yield* lister.listDirectory(dir.path, dir.name, header)
        yield* out.flush()
        return Math.max(status, lister.status)
      })
    )
}
