import { Effect } from "effect"
import { type Command, type CommandContext, type CommandFailure, defineCommand } from "../../Command.js"
import { parseArgs, type ParsedArgs } from "../../support/args.js"
import { fileErrorMessage, usageError } from "../../support/io.js"
import { printHelp } from "../support.js"
import { gzipCompress, gzipDecompress, gzipHeaderInfo } from "./gzipFormat.js"

/** `gzip`, `gunzip`, `zcat` on the VFS, with GNU gzip's naming rules, messages and statuses. */

const specs = [
  { short: "c", long: "stdout" },
  { short: "d", long: "decompress" },
  { long: "uncompress", key: "decompress" },
  { short: "k", long: "keep" },
  { short: "f", long: "force" },
  { short: "l", long: "list" },
  { short: "n", long: "no-name" },
  { short: "N", long: "name" },
  { short: "q", long: "quiet" },
  { short: "v", long: "verbose" },
  { short: "t", long: "test" },
  { short: "r", long: "recursive" },
  { short: "S", long: "suffix", value: true },
  { long: "fast", key: "1" },
  { long: "best", key: "9" },
  { long: "help" },
  ...["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((digit) => ({ short: digit }))
]

interface Run {
  readonly ctx: CommandContext
  readonly args: ParsedArgs
  readonly suffix: string
  readonly toStdout: boolean
  readonly level: number
  /** 1 = error, 2 = warning (GNU gzip's statuses); the worst one wins. */
  status: number
}

const say = (run: Run, message: string): Effect.Effect<void, CommandFailure> => run.ctx.stderr.write(`gzip: ${message}\n`)
const fail = (run: Run, message: string) => Effect.andThen(say(run, message), () => void (run.status = 1))
const warn = (run: Run, message: string, quietable = false) =>
  Effect.andThen(quietable && run.args.flags.has("quiet") ? Effect.void : say(run, message), () => {
    if (run.status === 0) run.status = 2
  })

const has = (run: Run, flag: string) => run.args.flags.has(flag)

const ratio = (original: number, packed: number): string =>
  (original === 0 ? 0 : ((original - packed) * 100) / original).toFixed(1)

/** The decompressed name for `name`, or undefined when its suffix is not a gzip one. */
const strippedName = (name: string, suffix: string): string | undefined => {
  const base = name.slice(name.lastIndexOf("/") + 1)
  for (const known of [suffix, ".gz", "-gz", ".z", "-z", "_z"]) {
    if (known !== "" && base.length > known.length && base.toLowerCase().endsWith(known.toLowerCase())) return name.slice(0, -known.length)
  }
  if (base.endsWith(".tgz") || base.endsWith(".taz")) return `${name.slice(0, -4)}.tar`
  return undefined
}

const writeOutput = (run: Run, target: string, data: Uint8Array, mode: number, force: boolean) =>
  Effect.gen(function* () {
    const path = run.ctx.resolvePath(target)
    if (!force && (yield* run.ctx.fs.exists(path))) {
      yield* warn(run, `${target} already exists;\tnot overwritten`)
      return false
    }
    const written = yield* run.ctx.fs.writeFile(path, data, { mode }).pipe(
      Effect.as(true),
      Effect.catchTag("VfsError", (error) => Effect.as(fail(run, fileErrorMessage(target, error)), false))
    )
    return written
  })

const compressFile = (run: Run, name: string) =>
  Effect.gen(function* () {
    const { ctx } = run
    const path = ctx.resolvePath(name)
    const stat = yield* Effect.either(ctx.fs.stat(path))
    if (stat._tag === "Left") return yield* fail(run, fileErrorMessage(name, stat.left))
    if (stat.right.type === "directory") {
      if (has(run, "recursive")) return yield* forEachInDirectory(run, name, compressFile)
      return yield* warn(run, `${name} is a directory -- ignored`, true)
    }
    if (!run.toStdout && strippedName(name, run.suffix) !== undefined && !has(run, "force")) {
      return yield* warn(run, `${name} already has ${run.suffix} suffix -- unchanged`, true)
    }
    const data = yield* Effect.either(ctx.fs.readFile(path))
    if (data._tag === "Left") return yield* fail(run, fileErrorMessage(name, data.left))
    const noName = has(run, "no-name")
    const packed = gzipCompress(data.right, {
      level: run.level,
      ...(noName ? {} : { name: name.slice(name.lastIndexOf("/") + 1) }),
      mtime: noName ? 0 : Math.floor(stat.right.mtimeMs / 1000)
    })
    const percent = ratio(data.right.length, packed.length - 18 - (noName ? 0 : name.length + 1))
    if (run.toStdout) {
      yield* ctx.stdout.write(packed)
      if (has(run, "verbose")) yield* ctx.stderr.write(`${name}:\t${percent.padStart(5)}%\n`)
      return
    }
    const target = name + run.suffix
    if (!(yield* writeOutput(run, target, packed, stat.right.mode, has(run, "force")))) return
    yield* ctx.fs.utimes(ctx.resolvePath(target), stat.right.atimeMs, stat.right.mtimeMs).pipe(Effect.ignore)
    if (!has(run, "keep")) yield* ctx.fs.remove(path).pipe(Effect.ignore)
    if (has(run, "verbose")) yield* ctx.stderr.write(`${name}:\t${percent.padStart(5)}% -- replaced with ${target}\n`)
  })

const forEachInDirectory = (run: Run, dir: string, each: (run: Run, name: string) => Effect.Effect<void, CommandFailure>) =>
  Effect.gen(function* () {
    const entries = yield* Effect.either(run.ctx.fs.readdir(run.ctx.resolvePath(dir)))
    if (entries._tag === "Left") return yield* fail(run, fileErrorMessage(dir, entries.left))
    for (const entry of entries.right) yield* each(run, `${dir.replace(/\/+$/, "")}/${entry.name}`)
  })

/** Find the compressed file for `name` (trying `name.gz` as GNU gzip does) and read it. */
interface Located {
  readonly name: string
  readonly data: Uint8Array
  readonly mode: number
  readonly mtimeMs: number
}

const locateCompressed = (run: Run, name: string): Effect.Effect<Located | undefined, CommandFailure> =>
  Effect.gen(function* () {
    const { ctx } = run
    const candidates = strippedName(name, run.suffix) === undefined ? [name, name + run.suffix] : [name]
    for (const [index, candidate] of candidates.entries()) {
      const stat = yield* Effect.either(ctx.fs.stat(ctx.resolvePath(candidate)))
      if (stat._tag === "Left") {
        if (index === candidates.length - 1) yield* fail(run, fileErrorMessage(candidate, stat.left))
        continue
      }
      if (stat.right.type === "directory") {
        if (has(run, "recursive")) {
          yield* forEachInDirectory(run, candidate, decompressFile)
          return undefined
        }
        yield* warn(run, `${candidate} is a directory -- ignored`, true)
        return undefined
      }
      if (index === 0 && candidates.length > 1 && !run.toStdout && !has(run, "test") && !has(run, "list")) {
        yield* warn(run, `${name}: unknown suffix -- ignored`, true)
        return undefined
      }
      const data = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(candidate)))
      if (data._tag === "Left") {
        yield* fail(run, fileErrorMessage(candidate, data.left))
        return undefined
      }
      return { name: candidate, data: data.right, mode: stat.right.mode, mtimeMs: stat.right.mtimeMs }
    }
    return undefined
  })

const inflate = (run: Run, name: string, data: Uint8Array) =>
  Effect.gen(function* () {
    const limit = run.ctx.limits.maxFileBytes
    const result = gzipDecompress(data, limit)
    switch (result._tag) {
      case "NotGzip":
        yield* fail(run, `${name}: not in gzip format`)
        return undefined
      case "TooLarge":
        yield* fail(run, `${name}: decompressed data exceeds the file size limit (${limit} bytes); nothing written`)
        return undefined
      case "Corrupt":
        yield* fail(run, `${name}: ${result.message}`)
        return undefined
      case "Ok":
        if (result.trailingGarbage) yield* warn(run, `${name}: decompression OK, trailing garbage ignored`, true)
        return result.data
    }
  })

const listHeader = "         compressed        uncompressed  ratio uncompressed_name\n"
/** GNU's ratio leaves out the gzip header and trailer: `overhead` bytes. */
const listLine = (packed: number, original: number, overhead: number, name: string): string =>
  `${String(packed).padStart(19)} ${String(original).padStart(19)} ${ratio(original, packed - overhead).padStart(5)}% ${name}\n`

const decompressFile = (run: Run, operand: string): Effect.Effect<void, CommandFailure> =>
  Effect.gen(function* () {
    const { ctx } = run
    const found = yield* locateCompressed(run, operand)
    if (found === undefined) return
    const data = yield* inflate(run, found.name, found.data)
    if (data === undefined || has(run, "test")) return
    if (run.toStdout) return yield* ctx.stdout.write(data)
    const header = gzipHeaderInfo(found.data)
    const stored = has(run, "name") && header.name !== undefined ? header.name : undefined
    const dir = found.name.slice(0, found.name.lastIndexOf("/") + 1)
    const target = stored !== undefined ? dir + stored : (strippedName(found.name, run.suffix) ?? found.name)
    if (!(yield* writeOutput(run, target, data, found.mode, has(run, "force")))) return
    const mtimeMs = has(run, "name") && header.mtime > 0 ? header.mtime * 1000 : found.mtimeMs
    yield* ctx.fs.utimes(ctx.resolvePath(target), mtimeMs, mtimeMs).pipe(Effect.ignore)
    if (!has(run, "keep")) yield* ctx.fs.remove(ctx.resolvePath(found.name)).pipe(Effect.ignore)
    if (has(run, "verbose")) {
      yield* ctx.stderr.write(`${found.name}:\t${ratio(data.length, found.data.length - header.headerLength - 8).padStart(5)}% -- replaced with ${target}\n`)
    }
  })

const listFiles = (run: Run, operands: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const { ctx } = run
    let totalPacked = 0
    let totalOverhead = 0
    let totalOriginal = 0
    let shown = 0
    yield* ctx.stdout.write(listHeader)
    for (const operand of operands) {
      const found =
        operand === "-"
          ? { name: "stdout", data: yield* ctx.stdin.readAll }
          : yield* locateCompressed(run, operand)
      if (found === undefined) continue
      const data = yield* inflate(run, found.name, found.data)
      if (data === undefined) continue
      const size = found.data.length
      const overhead = gzipHeaderInfo(found.data).headerLength + 8
      totalPacked += size
      totalOverhead += overhead
      totalOriginal += data.length
      shown++
      const name = operand === "-" ? "stdout" : (strippedName(found.name, run.suffix) ?? found.name)
      yield* ctx.stdout.write(listLine(size, data.length, overhead, name))
    }
    if (shown > 1) yield* ctx.stdout.write(listLine(totalPacked, totalOriginal, totalOverhead, "(totals)"))
  })

const runGzip = (ctx: CommandContext, preset: ReadonlyArray<string>): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    const parsed = parseArgs([...preset, ...ctx.args], specs)
    if (parsed._tag === "Error") return yield* usageError(ctx, parsed.message, 1)
    const { flags, values, operands } = parsed.args
    if (flags.has("help")) {
      return yield* printHelp(ctx, `Usage: ${ctx.name} [OPTION]... [FILE]...\nCompress or uncompress FILEs (by default, compress FILES in-place).\n  -c, --stdout  write on standard output, keep original files unchanged\n  -d, --decompress  decompress\n  -f, --force  force overwrite of output file\n  -k, --keep  keep (don't delete) input files\n  -l, --list  list compressed file contents\n  -n, --no-name  do not save or restore the original name and timestamp\n  -N, --name  save or restore the original name and timestamp\n  -q, --quiet  suppress all warnings\n  -r, --recursive  operate recursively on directories\n  -S, --suffix=SUF  use suffix SUF on compressed files\n  -t, --test  test compressed file integrity\n  -v, --verbose  verbose mode\n  -1, --fast  compress faster\n  -9, --best  compress better`)
    }
    let level = 6
    for (const { key } of parsed.args.order) if (/^[1-9]$/.test(key)) level = Number(key)
    const suffix = values.get("suffix") ?? ".gz"
    if (suffix === "") return yield* usageError(ctx, "invalid suffix ''", 1)
    const files = operands.length === 0 ? ["-"] : operands
    const run: Run = { ctx, args: parsed.args, suffix, level, status: 0, toStdout: flags.has("stdout") }
    if (flags.has("list")) {
      yield* listFiles(run, files)
      return run.status
    }
    const decompress = flags.has("decompress") || flags.has("test")
    for (const name of files) {
      if (name === "-") {
        const input = yield* ctx.stdin.readAll
        if (decompress) {
          const data = yield* inflate(run, "stdin", input)
          if (data !== undefined && !flags.has("test")) yield* ctx.stdout.write(data)
        } else {
          yield* ctx.stdout.write(gzipCompress(input, { level, mtime: 0 }))
        }
        continue
      }
      yield* decompress ? decompressFile(run, name) : compressFile(run, name)
    }
    return run.status
  })

export const gzipCommand: Command = defineCommand("gzip", (ctx) => runGzip(ctx, []))
export const gunzipCommand: Command = defineCommand("gunzip", (ctx) => runGzip(ctx, ["-d"]))
export const zcatCommand: Command = defineCommand("zcat", (ctx) => runGzip(ctx, ["-d", "-c"]))
