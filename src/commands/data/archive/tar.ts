import { Effect } from "effect"
import { type Command, type CommandContext, type CommandFailure, defineCommand } from "../../Command.js"
import { parseArgs } from "../../support/args.js"
import { vfsErrorText } from "../../../vfs/VfsError.js"
import { printHelp } from "../support.js"
import { concatBytes } from "../../support/io.js"
import { gzipCompress, isGzip } from "./gzipFormat.js"
import { gunzipInPieces } from "./inflatePieces.js"
import { extractEntries, type ExtractOptions } from "./tarExtract.js"
import { readTar, type TarEntry, writeTar } from "./tarFormat.js"
import { globTest, type GlobTest } from "../../fs/support/fnmatch.js"
import { formatLongListing } from "./tarSupport.js"

/** `tar` on the VFS: create (-c), list (-t) and extract (-x) ustar/GNU archives, gzip via -z. */

const specs = [
  { short: "c", long: "create" },
  { short: "x", long: "extract" },
  { long: "get", key: "extract" },
  { short: "t", long: "list" },
  { short: "f", long: "file", value: true },
  { short: "z", long: "gzip" },
  { long: "gunzip", key: "gzip" },
  { short: "j", long: "bzip2" },
  { short: "J", long: "xz" },
  { short: "v", long: "verbose" },
  { short: "C", long: "directory", value: true, multiple: true },
  { short: "O", long: "to-stdout" },
  { short: "p", long: "preserve-permissions" },
  { short: "k", long: "keep-old-files" },
  { long: "overwrite" },
  { short: "m", long: "touch" },
  { long: "strip-components", value: true },
  { long: "exclude", value: true, multiple: true },
  { long: "no-same-owner" },
  { long: "help" }
]

/** Letters whose value is the next operand in the old bundled form (`tar czf out.tgz dir`). */
const valueLetters = new Set(["f", "C"])

const expandOldStyle = (args: ReadonlyArray<string>): Array<string> => {
  const first = args[0]
  if (first === undefined || first.startsWith("-") || !/^[a-zA-Z]+$/.test(first)) return [...args]
  const out: Array<string> = []
  let next = 1
  for (const letter of first) {
    out.push(`-${letter}`)
    if (valueLetters.has(letter) && next < args.length) out.push(args[next++]!)
  }
  return [...out, ...args.slice(next)]
}

const tryHelp = "Try 'tar --help' or 'tar --usage' for more information.\n"

interface Collected {
  readonly entries: Array<TarEntry>
  failed: boolean
  warnedAbsolute: boolean
}

const collect = (
  ctx: CommandContext,
  base: string,
  operand: string,
  excludes: ReadonlyArray<GlobTest>,
  out: Collected,
  verbose: (line: string) => Effect.Effect<void, CommandFailure>
): Effect.Effect<void, CommandFailure> =>
  Effect.gen(function* () {
    const path = operand.startsWith("/") ? operand : `${base.replace(/\/$/, "")}/${operand}`
    const stat = yield* Effect.either(ctx.fs.lstat(path))
    if (stat._tag === "Left") {
      yield* ctx.stderr.write(`tar: ${operand}: Cannot stat: ${vfsErrorText(stat.left.reason)}\n`)
      out.failed = true
      return
    }
    let name = operand.replace(/^\.\//, "")
    if (name.startsWith("/")) {
      if (!out.warnedAbsolute) yield* ctx.stderr.write("tar: Removing leading `/' from member names\n")
      out.warnedAbsolute = true
      name = name.replace(/^\/+/, "")
    }
    const base_ = name.slice(name.replace(/\/$/, "").lastIndexOf("/") + 1)
    if (excludes.some((re) => re.test(name) || re.test(base_))) return
    const info = stat.right
    const common = {
      mode: info.mode,
      uid: info.uid,
      gid: info.gid,
      uname: info.uid === ctx.identity.uid ? ctx.identity.user : info.uid === 0 ? "root" : "",
      gname: info.gid === ctx.identity.gid ? ctx.identity.user : info.gid === 0 ? "root" : "",
      mtime: Math.floor(info.mtimeMs / 1000),
      linkname: "",
      data: new Uint8Array(0)
    }
    if (info.type === "directory") {
      const dirName = name === "" ? "" : name.endsWith("/") ? name : `${name}/`
      if (dirName !== "") {
        out.entries.push({ ...common, name: dirName, type: "directory", size: 0 })
        // -v lists names as given (a leading / kept), as GNU tar does.
        yield* verbose(operand.endsWith("/") ? operand : `${operand}/`)
      }
      const children = yield* Effect.either(ctx.fs.readdir(path))
      if (children._tag === "Left") {
        yield* ctx.stderr.write(`tar: ${operand}: Cannot open: ${vfsErrorText(children.left.reason)}\n`)
        out.failed = true
        return
      }
      for (const child of children.right) {
        yield* collect(ctx, base, `${operand.replace(/\/$/, "")}/${child.name}`, excludes, out, verbose)
      }
      return
    }
    if (info.type === "symlink") {
      const target = yield* ctx.fs.readlink(path).pipe(Effect.orElseSucceed(() => ""))
      out.entries.push({ ...common, name, type: "symlink", size: 0, linkname: target })
      yield* verbose(operand)
      return
    }
    const data = yield* Effect.either(ctx.fs.readFile(path))
    if (data._tag === "Left") {
      yield* ctx.stderr.write(`tar: ${operand}: Cannot open: ${vfsErrorText(data.left.reason)}\n`)
      out.failed = true
      return
    }
    out.entries.push({ ...common, name, type: "file", size: data.right.length, data: data.right })
    yield* verbose(operand)
  })

const readArchive = (ctx: CommandContext, file: string): Effect.Effect<Uint8Array | string, CommandFailure> =>
  file === "-"
    ? ctx.stdin.readAll
    : ctx.fs.readFile(ctx.resolvePath(file)).pipe(
        Effect.map((data): Uint8Array | string => data),
        Effect.catchTag("VfsError", (error) => Effect.succeed(`tar: ${file}: Cannot open: ${vfsErrorText(error.reason)}\n`))
      )

export const tarCommand: Command = defineCommand("tar", (ctx) =>
  Effect.scoped(Effect.gen(function* () {
    const parsed = parseArgs(expandOldStyle(ctx.args), specs)
    if (parsed._tag === "Error") {
      yield* ctx.stderr.write(`tar: ${parsed.message}\n${tryHelp}`)
      // GNU tar's status for an option it cannot parse (sysexits' EX_USAGE).
      return 64
    }
    const { flags, values, lists, operands } = parsed.args
    if (flags.has("help")) {
      return yield* printHelp(ctx, "Usage: tar [OPTION...] [FILE]...\n  -c, --create  create a new archive\n  -t, --list  list the contents of an archive\n  -x, --extract  extract files from an archive\n  -f, --file=ARCHIVE  use archive file or device ARCHIVE\n  -z, --gzip  filter the archive through gzip\n  -v, --verbose  verbosely list files processed\n  -C, --directory=DIR  change to directory DIR\n  -O, --to-stdout  extract files to standard output\n      --strip-components=NUMBER  strip NUMBER leading components from file names on extraction\n      --exclude=PATTERN  exclude files, given as a PATTERN")
    }
    const modes = ["create", "extract", "list"].filter((mode) => flags.has(mode))
    if (modes.length === 0) {
      yield* ctx.stderr.write(`tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options\n${tryHelp}`)
      return 2
    }
    if (modes.length > 1) {
      yield* ctx.stderr.write(`tar: You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option\n${tryHelp}`)
      return 2
    }
    if (flags.has("bzip2") || flags.has("xz")) {
      yield* ctx.stderr.write(`tar: ${flags.has("xz") ? "xz" : "bzip2"}: Cannot exec: compression program not available in this sandbox\ntar: Error is not recoverable: exiting now\n`)
      return 2
    }
    const file = values.get("file") ?? "-"
    const directories = lists.get("directory") ?? []
    const base = directories.reduce((dir, next) => (next.startsWith("/") ? next : `${dir.replace(/\/$/, "")}/${next}`), ctx.cwd)
    const excludes = (lists.get("exclude") ?? []).map((glob) => globTest(glob, ctx.budget))
    const verbose = flags.has("verbose")
    const mode = modes[0]!

    if (mode === "create") {
      if (operands.length === 0) {
        yield* ctx.stderr.write(`tar: Cowardly refusing to create an empty archive\n${tryHelp}`)
        return 2
      }
      const verboseOut = file === "-" ? ctx.stderr : ctx.stdout
      const collected: Collected = { entries: [], failed: false, warnedAbsolute: false }
      for (const operand of operands) {
        yield* collect(ctx, ctx.resolvePath(base), operand, excludes, collected, (name) =>
          verbose ? verboseOut.write(`${name}\n`) : Effect.void
        )
      }
      let archive = writeTar(collected.entries)
      if (flags.has("gzip")) archive = gzipCompress(archive, { level: 6, mtime: 0 })
      if (file === "-") yield* ctx.stdout.write(archive)
      else {
        const written = yield* Effect.either(ctx.fs.writeFile(ctx.resolvePath(file), archive))
        if (written._tag === "Left") {
          yield* ctx.stderr.write(`tar: ${file}: Cannot open: ${vfsErrorText(written.left.reason)}\ntar: Error is not recoverable: exiting now\n`)
          return 2
        }
      }
      if (collected.failed) {
        yield* ctx.stderr.write("tar: Exiting with failure status due to previous errors\n")
        return 2
      }
      return 0
    }

    const raw = yield* readArchive(ctx, file)
    if (typeof raw === "string") {
      yield* ctx.stderr.write(`${raw}tar: Error is not recoverable: exiting now\n`)
      return 2
    }
    let archive = raw
    // The inflated archive is held on a lease (released when tar ends): a bomb ends on the
    // memory limit, inflated in pieces with checkpoints, never all at once.
    const lease = ctx.budget.lease()
    yield* Effect.addFinalizer(() => Effect.sync(() => lease.release()))
    if (isGzip(raw)) {
      const pieces: Array<Uint8Array> = []
      const inflated = yield* gunzipInPieces(ctx, raw, ctx.limits.maxTotalBytes, (piece) =>
        Effect.sync(() => {
          lease.alloc(piece.length)
          pieces.push(piece)
        })
      )
      if (inflated._tag === "TooLarge") {
        yield* ctx.stderr.write(`tar: ${file}: decompressed archive exceeds the filesystem limit (${ctx.limits.maxTotalBytes} bytes); nothing extracted\n`)
        return 2
      }
      if (inflated._tag !== "Ok") {
        yield* ctx.stderr.write(`gzip: stdin: ${inflated._tag === "Corrupt" ? inflated.message : "not in gzip format"}\ntar: Child returned status 1\ntar: Error is not recoverable: exiting now\n`)
        return 2
      }
      lease.alloc(pieces.reduce((sum, piece) => sum + piece.length, 0))
      archive = concatBytes(pieces)
    } else if (flags.has("gzip") && raw.length > 0) {
      yield* ctx.stderr.write("gzip: stdin: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: exiting now\n")
      return 2
    }
    const result = readTar(archive, ctx.budget)
    const stripText = values.get("strip-components")
    const strip = stripText === undefined ? 0 : Number(stripText)
    if (!Number.isInteger(strip) || strip < 0) {
      yield* ctx.stderr.write(`tar: Invalid number of elements: '${stripText}'\n${tryHelp}`)
      return 2
    }
    const selected = operands.length === 0 ? undefined : operands.map((name) => name.replace(/\/+$/, ""))
    const entries = result.entries.filter((entry) => {
      const name = entry.name.replace(/\/+$/, "")
      const base_ = name.slice(name.lastIndexOf("/") + 1)
      if (excludes.some((re) => re.test(name) || re.test(base_))) return false
      return selected === undefined || selected.some((want) => name === want || name.startsWith(`${want}/`))
    })
    let status = 0
    if (mode === "list") {
      for (const entry of entries) {
        yield* ctx.stdout.write(`${verbose ? formatLongListing(entry) : entry.name}\n`)
        yield* ctx.budget.checkpoint
      }
    } else {
      const options: ExtractOptions = {
        base: ctx.resolvePath(base),
        strip,
        toStdout: flags.has("to-stdout"),
        keepOld: flags.has("keep-old-files"),
        touch: flags.has("touch"),
        verbose
      }
      status = yield* extractEntries(ctx, entries, options)
    }
    if (result._tag === "Error") {
      yield* ctx.stderr.write(`tar: ${result.message}\n`)
      status = 2
    }
    if (selected !== undefined) {
      for (const want of selected) {
        if (!result.entries.some((entry) => entry.name.replace(/\/+$/, "") === want || entry.name.startsWith(`${want}/`))) {
          yield* ctx.stderr.write(`tar: ${want}: Not found in archive\n`)
          status = 2
        }
      }
    }
    if (status !== 0) yield* ctx.stderr.write("tar: Exiting with failure status due to previous errors\n")
    return status
  }))
)
