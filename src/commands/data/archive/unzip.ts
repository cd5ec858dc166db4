import { Effect } from "effect"
import { defineCommand } from "../../Command.js"
import { parseArgs } from "../../support/args.js"
import { vfsErrorText } from "../../../vfs/VfsError.js"
import { printHelp } from "../support.js"
import { globTest } from "../../fs/support/fnmatch.js"
import { concatBytes } from "../../support/io.js"
import { dosStamp, readZipDirectory, readZipMemberInPieces, type ZipMember } from "./zipFormat.js"

/**
 * `unzip [-l] [-o|-n] [-q] [-p] [-d DIR] ZIPFILE [MEMBER...]`. Every selected member is
 * inflated (each capped at its declared size) and checked against the filesystem limits
 * before the first file is written, so a zip bomb leaves nothing behind.
 */

const specs = [
  { short: "l" },
  { short: "o" },
  { short: "n" },
  { short: "q" },
  { short: "p" },
  { short: "j" },
  { short: "d", value: true },
  { long: "help" }
]

export const unzipCommand = defineCommand("unzip", (ctx) =>
  Effect.scoped(Effect.gen(function* () {
    const parsed = parseArgs(ctx.args, specs)
    if (parsed._tag === "Error") {
      yield* ctx.stderr.write(`unzip:  ${parsed.message}\n`)
      return 10
    }
    const { flags, values, operands } = parsed.args
    if (flags.has("help") || operands.length === 0) {
      return yield* printHelp(ctx, "Usage: unzip [-opts[modifiers]] file[.zip] [list] [-d exdir]\n  -p  extract files to pipe, no messages  -l  list files  -d  extract files into exdir\n  -o  overwrite files WITHOUT prompting  -n  never overwrite existing files  -q  quiet mode  -j  junk paths")
    }
    const [zipName, ...wanted] = operands
    let archive: Uint8Array | undefined
    let shownName = zipName!
    for (const candidate of [zipName!, `${zipName}.zip`, `${zipName}.ZIP`]) {
      const data = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(candidate)))
      if (data._tag === "Right") {
        archive = data.right
        shownName = candidate
        break
      }
    }
    if (archive === undefined) {
      yield* ctx.stderr.write(`unzip:  cannot find or open ${zipName}, ${zipName}.zip or ${zipName}.ZIP.\n`)
      return 9
    }
    const directory = readZipDirectory(archive)
    if (directory._tag === "Error") {
      yield* ctx.stderr.write(`  ${directory.message}\nunzip:  cannot find zipfile directory in one of ${zipName} or\n        ${zipName}.zip, and cannot find ${zipName}.ZIP, period.\n`)
      return 9
    }
    const patterns = wanted.map((glob) => globTest(glob, ctx.budget))
    const members = directory.members.filter((member) => patterns.length === 0 || patterns.some((re) => re.test(member.name)))
    const unmatched = wanted.filter((_, i) => !directory.members.some((member) => patterns[i]!.test(member.name)))
    const quiet = flags.has("q")
    let status = 0
    const reportUnmatched = Effect.gen(function* () {
      if (unmatched.length === 0) return
      yield* ctx.stderr.write(`caution: filename not matched:  ${unmatched[0]}\n`)
      status = 11
    })

    if (flags.has("l")) {
      yield* ctx.stdout.write(`Archive:  ${shownName}\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n`)
      let total = 0
      for (const member of members) {
        total += member.size
        yield* ctx.stdout.write(`${String(member.size).padStart(9)}  ${dosStamp(member.mtimeMs)}   ${member.name}\n`)
      }
      yield* ctx.stdout.write(`---------                     -------\n${String(total).padStart(9)}                     ${members.length} file${members.length === 1 ? "" : "s"}\n`)
      yield* reportUnmatched
      return status
    }

    // Inflate everything first: corrupt data or limits stop the run before any write.
    const limits = ctx.limits
    const declared = members.reduce((sum, member) => sum + member.size, 0)
    const oversized = members.find((member) => member.size > limits.maxFileBytes)
    if (!flags.has("p") && (oversized !== undefined || declared > limits.maxTotalBytes || members.length > limits.maxFileCount)) {
      yield* ctx.stderr.write(
        `unzip:  refusing to extract ${shownName}: ${oversized !== undefined ? `${oversized.name} (${oversized.size} bytes) exceeds the file size limit (${limits.maxFileBytes} bytes)` : `its contents exceed the filesystem limits`}; nothing extracted\n`
      )
      return 50
    }
    if (flags.has("p")) {
      // Streamed as unzip does: each member's pieces go out as they are inflated.
      for (const member of members) {
        const read = yield* readZipMemberInPieces(ctx, archive, member, (piece) => ctx.stdout.write(piece))
        if (read !== undefined) {
          yield* ctx.stderr.write(`unzip:  ${member.name}: ${read}\n`)
          return 2
        }
      }
      yield* reportUnmatched
      return status
    }
    // Inflated pieces are held on a lease until written: what the limits let through still
    // ends on the memory limit rather than growing the heap.
    const lease = ctx.budget.lease()
    yield* Effect.addFinalizer(() => Effect.sync(() => lease.release()))
    const inflated: Array<{ readonly member: ZipMember; readonly data: Uint8Array }> = []
    for (const member of members) {
      const pieces: Array<Uint8Array> = []
      const read = yield* readZipMemberInPieces(ctx, archive, member, (piece) =>
        Effect.sync(() => {
          lease.alloc(piece.length)
          pieces.push(piece)
        })
      )
      if (read !== undefined) {
        yield* ctx.stderr.write(`unzip:  ${member.name}: ${read}; nothing extracted\n`)
        return 2
      }
      inflated.push({ member, data: pieces.length === 1 ? pieces[0]! : concatBytes(pieces) })
    }
    if (!quiet) yield* ctx.stdout.write(`Archive:  ${shownName}\n`)
    const base = ctx.resolvePath(values.get("d") ?? ".").replace(/\/$/, "")
    const shownBase = values.get("d") === undefined ? "" : `${values.get("d")!.replace(/\/$/, "")}/`
    let declinedAll = false
    for (const { member, data } of inflated) {
      const parts = member.name.split("/").filter((part) => part !== "" && part !== ".")
      if (parts.includes("..")) {
        yield* ctx.stderr.write(`warning:  skipped "../" path component(s) in ${member.name}\n`)
        continue
      }
      if (flags.has("j") && member.isDirectory) continue
      const relative = flags.has("j") ? parts.slice(-1).join("/") : parts.join("/")
      const path = `${base}/${relative}`
      const shown = `${shownBase}${relative}${member.isDirectory ? "/" : ""}`
      if (member.isDirectory) {
        yield* ctx.fs.mkdir(path, { recursive: true, mode: member.mode }).pipe(Effect.ignore)
        if (!quiet) yield* ctx.stdout.write(`   creating: ${shown}\n`)
        continue
      }
      if (!flags.has("o") && (yield* ctx.fs.exists(path))) {
        if (!flags.has("n") && !declinedAll) {
          yield* ctx.stdout.write(`replace ${shown}? [y]es, [n]o, [A]ll, [N]one, [r]ename: NULL\n(EOF or read error, treating as "[N]one" ...)\n`)
          declinedAll = true
        }
        continue
      }
      yield* ctx.fs.mkdir(path.slice(0, path.lastIndexOf("/")) || "/", { recursive: true }).pipe(Effect.ignore)
      const written = yield* Effect.either(ctx.fs.writeFile(path, data, { mode: member.mode }))
      if (written._tag === "Left") {
        yield* ctx.stderr.write(`error:  cannot create ${shown}\n        ${vfsErrorText(written.left.reason)}\n`)
        status = 50
        continue
      }
      yield* ctx.fs.utimes(path, member.mtimeMs, member.mtimeMs).pipe(Effect.ignore)
      if (!quiet) yield* ctx.stdout.write(`${member.method === 8 ? "  inflating" : " extracting"}: ${shown.padEnd(22)}  \n`)
    }
    yield* reportUnmatched
    return status
  }))
)
