import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../Command.js"
import { usageError } from "../support/io.js"
import { joinPath } from "../../vfs/paths.js"
import { attempt, blocksOf, errorText, flag, lastOf, OutputBuffer, quote, warn, withArgs } from "./support/common.js"
import { fnmatch } from "./support/fnmatch.js"
import { humanSize, parseSize } from "./support/sizes.js"
import { maxOf } from "../support/maxOf.js"

interface DuOptions {
  readonly all: boolean
  readonly maxDepth: number
  readonly apparent: boolean
  readonly unit: "human" | "si" | number
  readonly follow: boolean
  readonly exclude: ReadonlyArray<string>
  readonly terminator: string
}

const formatAmount = (bytes: number, o: DuOptions): string =>
  o.unit === "human" ? humanSize(bytes) : o.unit === "si" ? humanSize(bytes, true) : String(Math.ceil(bytes / o.unit))

class DiskUsage {
  status = 0
  private readonly seen = new Set<number>()
  constructor(
    private readonly ctx: CommandContext,
    private readonly o: DuOptions,
    private readonly out: OutputBuffer
  ) {}

  /** Bytes used under `path` (reporting lines as it goes); undefined when it cannot be read. */
  measure(path: string, shown: string, depth: number, top: boolean): Effect.Effect<number | undefined, CommandFailure> {
    const self = this
    const { ctx, o, out } = this
    return Effect.gen(function* () {
      const result = yield* attempt(o.follow || top ? ctx.fs.stat(path) : ctx.fs.lstat(path))
      if (result._tag === "Left") {
        yield* out.flush()
        yield* warn(ctx, `cannot access ${quote(shown)}: ${errorText(result.left)}`)
        self.status = 1
        return undefined
      }
      const stat = result.right
      if (self.seen.has(stat.ino)) return 0
      self.seen.add(stat.ino)
      let total = o.apparent ? stat.size : blocksOf(stat) * 512
      if (stat.type === "directory") {
        const entries = yield* attempt(ctx.fs.readdir(path))
        if (entries._tag === "Left") {
          yield* warn(ctx, `cannot read directory ${quote(shown)}: ${errorText(entries.left)}`)
          self.status = 1
        } else {
          for (const entry of entries.right) {
            if (o.exclude.some((p) => fnmatch(p, entry.name, false, ctx.budget))) continue
            const childShown = shown.endsWith("/") ? shown + entry.name : `${shown}/${entry.name}`
            total += (yield* self.measure(joinPath(path, entry.name), childShown, depth + 1, false)) ?? 0
          }
        }
        if (depth <= o.maxDepth) yield* out.add(`${formatAmount(total, o)}\t${shown}${o.terminator}`)
      } else if (top || (o.all && depth <= o.maxDepth)) yield* out.add(`${formatAmount(total, o)}\t${shown}${o.terminator}`)
      return total
    })
  }
}

export const du: Command = {
  name: "du",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "s", long: "summarize", key: "s" },
          { short: "h", long: "human-readable", key: "h" },
          { long: "si", key: "si" },
          { short: "a", long: "all", key: "a" },
          { short: "c", long: "total", key: "c" },
          { short: "d", long: "max-depth", key: "d", value: true },
          { short: "b", long: "bytes", key: "b" },
          { long: "apparent-size", key: "apparent" },
          { short: "k", key: "k" },
          { short: "m", key: "m" },
          { short: "B", long: "block-size", key: "B", value: true },
          { short: "L", long: "dereference", key: "L" },
          { short: "P", long: "no-dereference", key: "P" },
          { short: "x", long: "one-file-system", key: "x" },
          { short: "0", long: "null", key: "0" },
          { long: "exclude", key: "exclude", value: true, multiple: true }
        ],
        usage: "Usage: du [OPTION]... [FILE]...\nSummarize device usage of the set of FILEs, recursively for directories."
      },
      (args) =>
        Effect.gen(function* () {
          const depthText = args.values.get("d")
          if (depthText !== undefined && !/^\d+$/.test(depthText)) return yield* usageError(ctx, `invalid maximum depth ${quote(depthText)}`, 1)
          if (flag(args, "s") && depthText !== undefined && depthText !== "0") {
            return yield* usageError(ctx, `warning: summarizing conflicts with --max-depth=${depthText}`, 1)
          }
          if (flag(args, "s") && flag(args, "a")) return yield* usageError(ctx, "cannot both summarize and show all entries", 1)
          const unitKey = lastOf(args, ["h", "si", "b", "k", "m", "B"])
          let unit: DuOptions["unit"] = 1024
          if (unitKey === "h") unit = "human"
          else if (unitKey === "si") unit = "si"
          else if (unitKey === "b") unit = 1
          else if (unitKey === "m") unit = 1024 * 1024
          else if (unitKey === "B") {
            const size = parseSize(args.values.get("B")!.replace(/^1?([KMGT])/, "1$1"))
            if (size === undefined || size === 0) return yield* usageError(ctx, `invalid -B argument ${quote(args.values.get("B")!)}`, 1)
            unit = size
          }
          const o: DuOptions = {
            all: flag(args, "a"),
            maxDepth: flag(args, "s") ? 0 : depthText === undefined ? Number.POSITIVE_INFINITY : Number(depthText),
            apparent: flag(args, "apparent") || flag(args, "b"),
            unit,
            follow: flag(args, "L"),
            exclude: args.lists.get("exclude") ?? [],
            terminator: flag(args, "0") ? "\0" : "\n"
          }
          const out = new OutputBuffer(ctx)
          const usage = new DiskUsage(ctx, o, out)
          let grand = 0
          for (const operand of args.operands.length === 0 ? ["."] : args.operands) {
            grand += (yield* usage.measure(ctx.resolvePath(operand), operand, 0, true)) ?? 0
          }
          if (flag(args, "c")) yield* out.add(`${formatAmount(grand, o)}\ttotal${o.terminator}`)
          yield* out.flush()
          return usage.status
        })
    )
}

/** Bytes held by every file of the filesystem (what `df` reports as used). */
const usedBytes = (ctx: CommandContext): Effect.Effect<{ bytes: number; nodes: number }> =>
  Effect.gen(function* () {
    const paths = yield* Effect.orElseSucceed(ctx.fs.walk("/"), () => [] as ReadonlyArray<string>)
    let bytes = 0
    for (const path of paths) {
      const stat = yield* attempt(ctx.fs.lstat(path))
      if (stat._tag === "Right" && stat.right.type === "file") bytes += stat.right.size
    }
    return { bytes, nodes: paths.length + 1 }
  })

/** Align a table: the first column left, the last left, the others right. */
const table = (rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = rows[0]!.map((_, c) => maxOf(rows.map((r) => r[c]!.length)))
  return rows
    .map((row) =>
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : c === row.length - 1 ? cell : cell.padStart(widths[c]!)))
        .join(" ")
        .trimEnd()
    )
    .join("\n") + "\n"
}

export const df: Command = {
  name: "df",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "h", long: "human-readable", key: "h" },
          { short: "H", long: "si", key: "H" },
          { short: "k", key: "k" },
          { short: "T", long: "print-type", key: "T" },
          { short: "i", long: "inodes", key: "i" },
          { short: "a", long: "all", key: "a" },
          { short: "l", long: "local", key: "l" },
          { short: "P", long: "portability", key: "P" },
          { long: "total", key: "total" },
          { short: "t", long: "type", key: "t", value: true, multiple: true },
          { short: "x", long: "exclude-type", key: "x", value: true, multiple: true },
          { long: "output", key: "output", value: true, optionalValue: true }
        ],
        usage: "Usage: df [OPTION]... [FILE]...\nShow information about the file system on which each FILE resides."
      },
      (args) =>
        Effect.gen(function* () {
          if (args.values.has("output")) return yield* usageError(ctx, "option --output is not supported on the virtual filesystem")
          for (const operand of args.operands) {
            const stat = yield* attempt(ctx.fs.stat(ctx.resolvePath(operand)))
            if (stat._tag === "Left") {
              yield* warn(ctx, `${operand}: ${errorText(stat.left)}`)
              return 1
            }
          }
          const { bytes, nodes } = yield* usedBytes(ctx)
          const capacity = ctx.limits.maxTotalBytes
          const avail = Math.max(0, capacity - bytes)
          const percent = (used: number, free: number) => (used + free === 0 ? "-" : `${Math.ceil((used * 100) / (used + free))}%`)
          const typeColumn = flag(args, "T")
          const header = ["Filesystem", ...(typeColumn ? ["Type"] : [])]
          const row = ["bashkit-vfs", ...(typeColumn ? ["vfs"] : [])]
          if (flag(args, "i")) {
            const total = ctx.limits.maxFileCount
            header.push("Inodes", "IUsed", "IFree", "IUse%", "Mounted on")
            row.push(String(total), String(nodes), String(Math.max(0, total - nodes)), percent(nodes, Math.max(0, total - nodes)), "/")
          } else if (flag(args, "h") || flag(args, "H")) {
            const si = flag(args, "H")
            header.push("Size", "Used", "Avail", "Use%", "Mounted on")
            row.push(humanSize(capacity, si), humanSize(bytes, si), humanSize(avail, si), percent(bytes, avail), "/")
          } else {
            const kib = (n: number) => String(Math.ceil(n / 1024))
            header.push(flag(args, "P") ? "1024-blocks" : "1K-blocks", "Used", "Available", flag(args, "P") ? "Capacity" : "Use%", "Mounted on")
            row.push(kib(capacity), kib(bytes), String(Math.floor(avail / 1024)), percent(bytes, avail), "/")
          }
          const rows = [header, row]
          if (flag(args, "total")) rows.push(["total", ...row.slice(1, -1), "-"])
          yield* ctx.stdout.write(table(rows))
          return 0
        })
    )
}
