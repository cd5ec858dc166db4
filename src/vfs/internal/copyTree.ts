import { Effect } from "effect"
import { joinPath } from "../paths.js"
import type { FileStat, VfsPrimitives } from "../Vfs.js"
import { type VfsError, vfsError } from "../VfsError.js"
import { isWithin } from "./resolveVia.js"

/**
 * `copy` for composite backends, built from the primitives of a source and a destination
 * (the same filesystem, or two mounts). Semantics match the in-memory backend: a directory
 * needs `recursive`, which copies symlinks as links and merges into an existing directory;
 * a plain copy follows a symlinked source; the mode is kept, times and owner only with
 * `preserve`.
 */
export interface CopyOptions {
  readonly recursive?: boolean
  readonly preserve?: boolean
}

const ignoreMissing = <A>(effect: Effect.Effect<A, VfsError>): Effect.Effect<A | undefined, VfsError> =>
  Effect.catchIf(
    effect,
    (error) => error.reason === "NotFound" || error.reason === "NotADirectory",
    () => Effect.succeed(undefined)
  )

export const copyTree = (
  source: VfsPrimitives,
  from: string,
  target: VfsPrimitives,
  to: string,
  options: CopyOptions | undefined,
  sameFilesystem: boolean
): Effect.Effect<void, VfsError> =>
  Effect.gen(function* () {
    const recursive = options?.recursive === true
    const preserve = options?.preserve === true
    const stat = yield* (recursive ? source.lstat(from) : source.stat(from))
    if (stat.type === "directory" && !recursive) return yield* vfsError("IsADirectory", "copy", from)
    const existing = yield* ignoreMissing(target.stat(to))
    if (sameFilesystem) {
      const realFrom = yield* source.realpath(from)
      const realTo = existing === undefined ? to : yield* target.realpath(to)
      if (realFrom === realTo) return yield* vfsError("InvalidPath", "copy", to, "source and destination are the same file")
      if (stat.type === "directory" && isWithin(realTo, realFrom))
        return yield* vfsError("InvalidPath", "copy", to, "cannot copy a directory into itself")
    }
    if (existing !== undefined) {
      if (stat.type === "directory" && existing.type !== "directory") return yield* vfsError("NotADirectory", "copy", to)
      if (stat.type !== "directory" && existing.type === "directory") return yield* vfsError("IsADirectory", "copy", to)
    }
    yield* copyEntry(source, from, stat, target, to, existing, preserve)
  })

const copyEntry = (
  source: VfsPrimitives,
  from: string,
  stat: FileStat,
  target: VfsPrimitives,
  to: string,
  existing: FileStat | undefined,
  preserve: boolean
): Effect.Effect<void, VfsError> =>
  Effect.gen(function* () {
    if (stat.type === "directory") {
      if (existing?.type !== "directory") {
        if (existing !== undefined) yield* target.remove(to)
        yield* target.mkdir(to, { mode: stat.mode })
      }
      for (const entry of yield* source.readdir(from)) {
        const childFrom = joinPath(from, entry.name)
        const childTo = joinPath(to, entry.name)
        const childStat = yield* source.lstat(childFrom)
        const childExisting = yield* ignoreMissing(target.lstat(childTo))
        yield* copyEntry(source, childFrom, childStat, target, childTo, childExisting, preserve)
      }
    } else if (stat.type === "symlink") {
      if (existing !== undefined) yield* target.remove(to, { recursive: existing.type === "directory" })
      yield* target.symlink(yield* source.readlink(from), to)
    } else {
      if (existing !== undefined && existing.type !== "file" && existing.type !== "chardev")
        yield* target.remove(to, { recursive: existing.type === "directory" })
      const data = yield* source.readFile(from)
      yield* target.writeFile(to, data, { mode: stat.mode })
    }
    if (preserve) {
      if (stat.type !== "symlink") yield* target.chmod(to, stat.mode)
      if (stat.type !== "symlink") yield* target.utimes(to, stat.atimeMs, stat.mtimeMs)
    }
  })
