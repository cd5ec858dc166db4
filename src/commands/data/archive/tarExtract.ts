import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { vfsErrorText } from "../../../vfs/VfsError.js"
import type { TarEntry } from "./tarFormat.js"

export interface ExtractOptions {
  readonly base: string
  readonly strip: number
  readonly toStdout: boolean
  readonly keepOld: boolean
  readonly touch: boolean
  readonly verbose: boolean
}

interface Planned {
  readonly entry: TarEntry
  readonly name: string
}

/**
 * Extract entries under `options.base`. Unsafe names are refused as GNU tar does (leading `/`
 * removed, `..` members skipped). The whole extraction is checked against the filesystem
 * limits before anything is written, so an archive bomb leaves nothing half-written.
 */
export const extractEntries = (
  ctx: CommandContext,
  entries: ReadonlyArray<TarEntry>,
  options: ExtractOptions
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    let status = 0
    let warnedAbsolute = false
    const plan: Array<Planned> = []
    for (const entry of entries) {
      let name = entry.name
      if (name.startsWith("/")) {
        if (!warnedAbsolute) yield* ctx.stderr.write("tar: Removing leading `/' from member names\n")
        warnedAbsolute = true
        name = name.replace(/^\/+/, "")
      }
      const parts = name.split("/").filter((part) => part !== "" && part !== ".")
      if (parts.includes("..")) {
        yield* ctx.stderr.write(`tar: ${entry.name}: Member name contains '..'\n`)
        status = 2
        continue
      }
      if (parts.length <= options.strip) continue
      plan.push({ entry, name: parts.slice(options.strip).join("/") })
    }
    if (options.toStdout) {
      for (const { entry, name } of plan) {
        if (options.verbose) yield* ctx.stderr.write(`${name}\n`)
        if (entry.type === "file") yield* ctx.stdout.write(entry.data)
      }
      return status
    }
    const limits = ctx.limits
    const totalBytes = plan.reduce((sum, { entry }) => sum + entry.data.length, 0)
    const tooBig = plan.find(({ entry }) => entry.data.length > limits.maxFileBytes)
    if (tooBig !== undefined || totalBytes > limits.maxTotalBytes || plan.length > limits.maxFileCount) {
      const reason =
        tooBig !== undefined
          ? `${tooBig.name} is larger than the file size limit (${limits.maxFileBytes} bytes)`
          : totalBytes > limits.maxTotalBytes
            ? `its contents (${totalBytes} bytes) exceed the filesystem limit (${limits.maxTotalBytes} bytes)`
            : `it holds more entries (${plan.length}) than the file count limit (${limits.maxFileCount})`
      yield* ctx.stderr.write(`tar: refusing to extract: ${reason}; nothing extracted\n`)
      return 2
    }
    const report = (name: string, error: { readonly reason: Parameters<typeof vfsErrorText>[0] }, what: string) =>
      Effect.andThen(ctx.stderr.write(`tar: ${name}: ${what}: ${vfsErrorText(error.reason)}\n`), () => {
        status = 2
      })
    for (const { entry, name } of plan) {
      yield* ctx.budget.checkpoint
      const path = `${options.base.replace(/\/$/, "")}/${name}`
      if (options.verbose) yield* ctx.stdout.write(`${entry.name}\n`)
      const parent = path.slice(0, path.lastIndexOf("/")) || "/"
      yield* ctx.fs.mkdir(parent, { recursive: true }).pipe(Effect.ignore)
      if (entry.type === "directory") {
        const made = yield* Effect.either(ctx.fs.mkdir(path, { recursive: true, mode: entry.mode }))
        if (made._tag === "Left") yield* report(name, made.left, "Cannot mkdir")
        continue
      }
      const exists = yield* ctx.fs.exists(path)
      if (exists && options.keepOld) {
        yield* ctx.stderr.write(`tar: ${name}: Cannot open: File exists\n`)
        status = 2
        continue
      }
      if (entry.type !== "file" || exists) {
        const existing = yield* Effect.either(ctx.fs.lstat(path))
        if (existing._tag === "Right" && existing.right.type !== "directory") yield* ctx.fs.remove(path).pipe(Effect.ignore)
      }
      if (entry.type === "symlink") {
        const linked = yield* Effect.either(ctx.fs.symlink(entry.linkname, path))
        if (linked._tag === "Left") yield* report(name, linked.left, "Cannot create symlink")
        continue
      }
      if (entry.type === "hardlink") {
        const target = `${options.base.replace(/\/$/, "")}/${entry.linkname.split("/").slice(options.strip).join("/")}`
        const linked = yield* Effect.either(ctx.fs.link(target, path))
        if (linked._tag === "Left") yield* report(name, linked.left, "Cannot hard link")
        continue
      }
      const written = yield* Effect.either(ctx.fs.writeFile(path, entry.data, { mode: entry.mode & 0o7777 }))
      if (written._tag === "Left") {
        yield* report(name, written.left, "Cannot open")
        continue
      }
      yield* ctx.fs.chmod(path, entry.mode & 0o7777).pipe(Effect.ignore)
      if (!options.touch) yield* ctx.fs.utimes(path, entry.mtime * 1000, entry.mtime * 1000).pipe(Effect.ignore)
    }
    // Directory times last, as GNU tar does, since extracting their contents changed them.
    if (!options.touch) {
      for (const { entry, name } of plan) {
        if (entry.type === "directory") {
          yield* ctx.fs.utimes(`${options.base.replace(/\/$/, "")}/${name}`, entry.mtime * 1000, entry.mtime * 1000).pipe(Effect.ignore)
        }
      }
    }
    return status
  })
