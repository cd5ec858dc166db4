import { Effect } from "effect"
import { type CommandContext, type CommandFailure, defineCommand } from "../../Command.js"
import { parseArgs } from "../../support/args.js"
import { printHelp } from "../support.js"
import { concatBytes } from "../../support/io.js"
import { readZipDirectory, readZipMemberInPieces, writeZip, type ZipEntry } from "./zipFormat.js"

/** `zip [-r] [-q] [-j] [-0..-9] ZIPFILE FILE...`: create or update an archive on the VFS. */

const specs = [
  { short: "r", long: "recurse-paths" },
  { short: "q", long: "quiet" },
  { short: "j", long: "junk-paths" },
  { long: "help" },
  ...["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"].map((digit) => ({ short: digit }))
]

const gather = (
  ctx: CommandContext,
  operand: string,
  recurse: boolean,
  junk: boolean,
  out: Array<ZipEntry>
): Effect.Effect<boolean, CommandFailure> =>
  Effect.gen(function* () {
    const path = ctx.resolvePath(operand)
    const stat = yield* Effect.either(ctx.fs.stat(path))
    if (stat._tag === "Left") return false
    const name = (junk ? operand.slice(operand.replace(/\/$/, "").lastIndexOf("/") + 1) : operand).replace(/^(\.\/)+/, "").replace(/^\/+/, "")
    if (stat.right.type === "directory") {
      if (!junk) out.push({ name: name.endsWith("/") ? name : `${name}/`, data: new Uint8Array(0), mode: stat.right.mode, mtimeMs: stat.right.mtimeMs, isDirectory: true })
      if (recurse) {
        const children = yield* ctx.fs.readdir(path).pipe(Effect.orElseSucceed(() => []))
        for (const child of children) yield* gather(ctx, `${operand.replace(/\/$/, "")}/${child.name}`, recurse, junk, out)
      }
      return true
    }
    const data = yield* Effect.either(ctx.fs.readFile(path))
    if (data._tag === "Left") return false
    out.push({ name, data: data.right, mode: stat.right.mode, mtimeMs: stat.right.mtimeMs, isDirectory: false })
    return true
  })

export const zipCommand = defineCommand("zip", (ctx) =>
  Effect.scoped(Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, specs)
    if (parsed._tag === "Error") {
      yield* ctx.stderr.write(`zip error: Invalid command arguments (${parsed.message})\n`)
      return 16
    }
    const { flags, operands, order } = parsed.args
    if (flags.has("help") || operands.length === 0) {
      return yield* printHelp(ctx, "Usage: zip [-options] [-b path] [-t mmddyyyy] [-n suffixes] [zipfile list] [-xi list]\n  -r  recurse into directories  -j  junk (don't record) directory names\n  -0  store only  -1  compress faster  -9  compress better  -q  quiet operation")
    }
    let level = 6
    for (const { key } of order) if (/^\d$/.test(key)) level = Number(key)
    const [first, ...files] = operands
    const zipName = /\.[^/]*$/.test(first!) ? first! : `${first}.zip`
    const zipPath = ctx.resolvePath(zipName)
    const entries: Array<ZipEntry> = []
    const lease = ctx.budget.lease()
    yield* Effect.addFinalizer(() => Effect.sync(() => lease.release()))
    let updating = false
    const existing = yield* Effect.either(ctx.fs.readFile(zipPath))
    if (existing._tag === "Right") {
      const directory = readZipDirectory(existing.right)
      if (directory._tag === "Error") {
        yield* ctx.stderr.write(`\nzip error: Zip file structure invalid (${zipName})\n`)
        return 3
      }
      updating = true
      for (const member of directory.members) {
        // Inflated in pieces on a lease: an archive whose members inflate hugely ends on the limits.
        const pieces: Array<Uint8Array> = []
        const problem = yield* readZipMemberInPieces(ctx, existing.right, member, (piece) =>
          Effect.sync(() => {
            lease.alloc(piece.length)
            pieces.push(piece)
          })
        )
        if (problem !== undefined) continue
        const data = pieces.length === 1 ? pieces[0]! : concatBytes(pieces)
        entries.push({ name: member.name, data, mode: member.mode, mtimeMs: member.mtimeMs, isDirectory: member.isDirectory })
      }
    }
    const added: Array<ZipEntry> = []
    for (const file of files) {
      const found = yield* gather(ctx, file, flags.has("recurse-paths"), flags.has("junk-paths"), added)
      if (!found) yield* ctx.stderr.write(`\tzip warning: name not matched: ${file}\n`)
    }
    if (added.length === 0) {
      yield* ctx.stderr.write(`\nzip error: Nothing to do! (${zipName})\n`)
      return 12
    }
    const replaced = new Set<string>()
    for (const entry of added) {
      ctx.budget.step(entries.length)
      const index = entries.findIndex((old) => old.name === entry.name)
      if (index === -1) entries.push(entry)
      else {
        entries[index] = entry
        replaced.add(entry.name)
      }
    }
    const { archive, written } = writeZip(entries, level)
    const stored = yield* Effect.either(ctx.fs.writeFile(zipPath, archive))
    if (stored._tag === "Left") {
      yield* ctx.stderr.write(`zip I/O error: cannot write ${zipName}\n\nzip error: Could not create output file (${zipName})\n`)
      return 15
    }
    if (!flags.has("quiet")) {
      const addedNames = new Set(added.map((entry) => (entry.isDirectory && !entry.name.endsWith("/") ? `${entry.name}/` : entry.name)))
      for (const entry of written) {
        if (!addedNames.has(entry.name)) continue
        const percent = entry.size === 0 ? 0 : Math.round(((entry.size - entry.compressedSize) * 100) / entry.size)
        const verb = updating && replaced.has(entry.name) ? "updating" : "adding"
        yield* ctx.stdout.write(`  ${verb}: ${entry.name} (${entry.method === 8 ? "deflated" : "stored"} ${entry.method === 8 ? percent : 0}%)\n`)
      }
    }
    return 0
  }))
)
