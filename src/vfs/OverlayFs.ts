import { Effect, Layer } from "effect"
import { backendInfo, describeBackend } from "./internal/backendInfo.js"
import { copyTree } from "./internal/copyTree.js"
import { mkdirParents } from "./internal/mkdirParents.js"
import { isWithin, resolveExisting, resolveVia } from "./internal/resolveVia.js"
import { type FsLimits, makeInMemoryPrimitives } from "./InMemoryFs.js"
import { makeVfs } from "./make.js"
import { parentOf } from "./paths.js"
import { type DirEntry, type FileStat, type FileType, Vfs, type VfsPrimitives, type VfsService } from "./Vfs.js"
import { checkRename } from "./internal/renameRules.js"
import { type VfsError, vfsError } from "./VfsError.js"

/**
 * Copy-on-write over any lower filesystem. Writes land in an in-memory upper layer (subject to
 * `limits`); deletions of lower entries are recorded as whiteouts; a directory re-created over
 * a whiteout is opaque (hides the lower directory's old children). The lower layer is only
 * ever read. Paths are resolved here, component by component, over the merged view, so a
 * symlink in one layer may point at an entry of the other.
 */
export interface OverlayFsOptions {
  readonly limits?: Partial<FsLimits>
  readonly now?: () => number
}

const quiet = <A>(effect: Effect.Effect<A, VfsError>): Effect.Effect<A | undefined, VfsError> =>
  Effect.catchIf(
    effect,
    (error) => error.reason === "NotFound" || error.reason === "NotADirectory",
    () => Effect.succeed(undefined)
  )

/** Proper ancestors of a physical path, excluding the root: `/a/b/c` → `/a`, `/a/b`. */
const ancestorsOf = (path: string): Array<string> => {
  const out: Array<string> = []
  let index = path.indexOf("/", 1)
  while (index !== -1) {
    out.push(path.slice(0, index))
    index = path.indexOf("/", index + 1)
  }
  return out
}

const childPath = (dir: string, name: string): string => (dir === "/" ? `/${name}` : `${dir}/${name}`)

export const makeOverlay = (lower: VfsPrimitives, options?: OverlayFsOptions): VfsService => {
  const upper = makeInMemoryPrimitives(undefined, {
    layout: false,
    ...(options?.limits === undefined ? {} : { limits: options.limits }),
    ...(options?.now === undefined ? {} : { now: options.now })
  })
  /** Lower entries deleted in the merged view (and everything under them). */
  const whiteouts = new Set<string>()
  /** Upper directories whose lower counterpart's children are hidden. */
  const opaque = new Set<string>()
  /** Stats that came from the upper layer (tells which layer holds a resolved entry). */
  const fromUpper = new WeakSet<FileStat>()

  const lowerHidden = (path: string): boolean => {
    if (whiteouts.has(path)) return true
    for (const ancestor of ancestorsOf(path)) if (whiteouts.has(ancestor) || opaque.has(ancestor)) return true
    return false
  }

  const probe = (path: string): Effect.Effect<FileStat | undefined, VfsError> =>
    Effect.flatMap(quiet(upper.lstat(path)), (stat) => {
      if (stat !== undefined) {
        fromUpper.add(stat)
        return Effect.succeed(stat)
      }
      if (path !== "/" && lowerHidden(path)) return Effect.succeed(undefined)
      return quiet(lower.lstat(path))
    })

  const readlinkAt = (path: string): Effect.Effect<string, VfsError> =>
    Effect.flatMap(quiet(upper.lstat(path)), (stat) => (stat !== undefined ? upper.readlink(path) : lower.readlink(path)))

  const prober = { probe, readlink: readlinkAt }
  const resolve = (path: string, followLast: boolean, operation: string) => resolveVia(prober, path, followLast, operation)
  const existing = (path: string, followLast: boolean, operation: string) =>
    resolveExisting(prober, path, followLast, operation)
  const rawLowerHas = (path: string) => Effect.map(quiet(lower.lstat(path)), (stat) => stat !== undefined)

  /** Make every directory of `dir` exist in the upper layer, copying mode, owner and times. */
  const ensureUpperDirs = (dir: string): Effect.Effect<void, VfsError> =>
    Effect.forEach(
      [...ancestorsOf(dir), ...(dir === "/" ? [] : [dir])],
      (path) =>
        Effect.flatMap(quiet(upper.lstat(path)), (present) =>
          present !== undefined
            ? Effect.void
            : Effect.flatMap(lower.lstat(path), (stat) =>
                Effect.all([
                  upper.mkdir(path, { mode: stat.mode }),
                  upper.chown(path, stat.uid, stat.gid),
                  upper.utimes(path, stat.atimeMs, stat.mtimeMs)
                ])
              )
        ),
      { discard: true }
    )

  /**
   * Copy a lower entry into the upper layer. A file gets the lower content, or `replacement`
   * when the caller is about to overwrite it anyway (one write: a refused write leaves no trace).
   */
  const copyUp = (path: string, stat: FileStat, replacement?: Uint8Array): Effect.Effect<void, VfsError> =>
    Effect.gen(function* () {
      if (fromUpper.has(stat)) return
      yield* ensureUpperDirs(parentOf(path))
      if (stat.type === "symlink") return yield* upper.symlink(yield* lower.readlink(path), path)
      if (stat.type === "directory") yield* upper.mkdir(path, { mode: stat.mode })
      else if (stat.type === "file") {
        const data = replacement ?? (yield* lower.readFile(path))
        yield* upper.writeFile(path, data, { mode: stat.mode })
      } else return yield* vfsError("PermissionDenied", "copy-up", path)
      yield* upper.chown(path, stat.uid, stat.gid)
      if (replacement === undefined) yield* upper.utimes(path, stat.atimeMs, stat.mtimeMs)
    })

  /** Record that `path` now exists in the upper layer. */
  const created = (path: string, isDirectory: boolean): void => {
    if (isDirectory && whiteouts.delete(path)) opaque.add(path)
  }

  const forget = (path: string): void => {
    for (const set of [whiteouts, opaque]) for (const entry of set) if (isWithin(entry, path)) set.delete(entry)
  }

  const readdir = (path: string): Effect.Effect<ReadonlyArray<DirEntry>, VfsError> =>
    Effect.gen(function* () {
      const found = yield* existing(path, true, "readdir")
      if (found.stat.type !== "directory") return yield* vfsError("NotADirectory", "readdir", path)
      const entries = new Map<string, FileType>()
      if (found.path === "/" || (!lowerHidden(found.path) && !opaque.has(found.path))) {
        for (const entry of (yield* quiet(lower.readdir(found.path))) ?? [])
          if (!whiteouts.has(childPath(found.path, entry.name))) entries.set(entry.name, entry.type)
      }
      for (const entry of (yield* quiet(upper.readdir(found.path))) ?? []) entries.set(entry.name, entry.type)
      return Array.from(entries.keys())
        .sort()
        .map((name) => ({ name, type: entries.get(name)! }))
    })

  const remove = (path: string, options?: { readonly recursive?: boolean; readonly force?: boolean }) =>
    Effect.gen(function* () {
      const found = yield* resolve(path, false, "remove")
      if (found.stat === undefined) {
        if (options?.force === true) return
        return yield* vfsError("NotFound", "remove", path)
      }
      if (found.path === "/") return yield* vfsError("PermissionDenied", "remove", path, "cannot remove the root")
      if (found.stat.type === "directory" && options?.recursive !== true && (yield* readdir(found.path)).length > 0)
        return yield* vfsError("NotEmpty", "remove", path)
      if (yield* quiet(upper.lstat(found.path))) yield* upper.remove(found.path, { recursive: true })
      forget(found.path)
      if (yield* rawLowerHas(found.path)) whiteouts.add(found.path)
    })

  const mkdirOne = (path: string, mode: number | undefined): Effect.Effect<void, VfsError> =>
    Effect.gen(function* () {
      yield* ensureUpperDirs(parentOf(path))
      yield* upper.mkdir(path, mode === undefined ? undefined : { mode })
      created(path, true)
    })

  const mkdir = (path: string, options?: { readonly recursive?: boolean; readonly mode?: number }) =>
    Effect.gen(function* () {
      if (options?.recursive !== true) {
        const found = yield* resolve(path, false, "mkdir")
        if (found.stat !== undefined) return yield* vfsError("AlreadyExists", "mkdir", path)
        return yield* mkdirOne(found.path, options?.mode)
      }
      yield* mkdirParents(path, prober, (physical) => mkdirOne(physical, options?.mode))
    })

  /** The resolved entry, copied up, for an in-place change (chmod, append, ...). */
  const forChange = (path: string, operation: string) =>
    Effect.flatMap(existing(path, true, operation), (found) => Effect.as(copyUp(found.path, found.stat), found))

  const writeLike = (
    path: string,
    operation: string,
    onCreate: (physical: string) => Effect.Effect<void, VfsError>,
    onExisting: (physical: string) => Effect.Effect<void, VfsError>,
    replacement: Uint8Array | undefined
  ) =>
    Effect.gen(function* () {
      const found = yield* resolve(path, true, operation)
      if (found.stat === undefined) {
        yield* ensureUpperDirs(parentOf(found.path))
        return yield* onCreate(found.path)
      }
      if (found.stat.type === "directory") return yield* vfsError("IsADirectory", operation, path)
      if (found.stat.type === "chardev") return // devices of the lower layer: writes are discarded
      if (fromUpper.has(found.stat) || replacement === undefined) {
        yield* copyUp(found.path, found.stat)
        return yield* onExisting(found.path)
      }
      yield* copyUp(found.path, found.stat, replacement)
    })

  const rename = (from: string, to: string) =>
    Effect.gen(function* () {
      const found = yield* resolve(from, false, "rename")
      const target = yield* resolve(to, false, "rename")
      const source = yield* checkRename(from, to, found, target, (path) => Effect.map(readdir(path), (entries) => entries.length))
      if (source === undefined) return
      const isDirectory = source.stat.type === "directory"
      if (target.stat !== undefined) yield* remove(target.path, { recursive: true })
      if (yield* rawLowerHas(source.path)) {
        yield* copyTree(self, source.path, self, target.path, { recursive: true, preserve: true }, false)
        return yield* remove(source.path, { recursive: true })
      }
      yield* ensureUpperDirs(parentOf(target.path))
      yield* upper.rename(source.path, target.path)
      created(target.path, isDirectory)
    })

  const self: VfsService = makeVfs({
    stat: (path) => Effect.map(existing(path, true, "stat"), (found) => found.stat),
    lstat: (path) => Effect.map(existing(path, false, "lstat"), (found) => found.stat),
    readFile: (path) =>
      Effect.flatMap(existing(path, true, "readFile"), (found) =>
        found.stat.type === "directory"
          ? Effect.fail(vfsError("IsADirectory", "readFile", path))
          : fromUpper.has(found.stat)
            ? upper.readFile(found.path)
            : lower.readFile(found.path)
      ),
    writeFile: (path, data, options) =>
      writeLike(
        path,
        "writeFile",
        (physical) => upper.writeFile(physical, data, options),
        (physical) => upper.writeFile(physical, data),
        data
      ),
    appendFile: (path, data) =>
      writeLike(
        path,
        "appendFile",
        (physical) => upper.writeFile(physical, data),
        (physical) => upper.appendFile(physical, data),
        undefined
      ),
    readdir,
    mkdir,
    remove,
    rename,
    copy: (from, to, options) => copyTree(self, from, self, to, options, true),
    symlink: (target, path) =>
      Effect.gen(function* () {
        const found = yield* resolve(path, false, "symlink")
        if (found.stat !== undefined) return yield* vfsError("AlreadyExists", "symlink", path)
        yield* ensureUpperDirs(parentOf(found.path))
        yield* upper.symlink(target, found.path)
      }),
    readlink: (path) =>
      Effect.flatMap(existing(path, false, "readlink"), (found) =>
        found.stat.type !== "symlink"
          ? Effect.fail(vfsError("InvalidPath", "readlink", path, "not a symbolic link"))
          : readlinkAt(found.path)
      ),
    realpath: (path) => Effect.map(existing(path, true, "realpath"), (found) => found.path),
    link: (existingPath, path) =>
      Effect.gen(function* () {
        const source = yield* existing(existingPath, false, "link")
        const target = yield* resolve(path, false, "link")
        if (target.stat !== undefined) return yield* vfsError("AlreadyExists", "link", path)
        if (source.stat.type === "directory")
          return yield* vfsError("PermissionDenied", "link", existingPath, "hard link not allowed for directory")
        yield* copyUp(source.path, source.stat)
        yield* ensureUpperDirs(parentOf(target.path))
        yield* upper.link(source.path, target.path)
      }),
    chmod: (path, mode) => Effect.flatMap(forChange(path, "chmod"), (found) => upper.chmod(found.path, mode)),
    chown: (path, uid, gid) => Effect.flatMap(forChange(path, "chown"), (found) => upper.chown(found.path, uid, gid)),
    utimes: (path, atimeMs, mtimeMs) =>
      Effect.flatMap(forChange(path, "utimes"), (found) => upper.utimes(found.path, atimeMs, mtimeMs)),
    truncate: (path, length) =>
      Effect.flatMap(existing(path, true, "truncate"), (found) =>
        found.stat.type === "directory"
          ? Effect.fail(vfsError("IsADirectory", "truncate", path))
          : found.stat.type === "chardev"
            ? Effect.void
            : Effect.zipRight(copyUp(found.path, found.stat), upper.truncate(found.path, length))
      )
  })
  // The upper layer enforces `limits` on what it holds (written entries and copied-up
  // ancestors); the shell's limits apply to the merged view on top, starting from the upper's
  // usage (copy-ups there are not new entries of the view, so the two counts differ).
  const upperUsage = backendInfo(upper)!.usage!
  return describeBackend(self, { usage: upperUsage, synchronous: backendInfo(lower)?.synchronous === true })
}

/** `OverlayFs.layer(lower)`: a copy-on-write filesystem over the one `lower` provides. */
const layer = <E, R>(lower: Layer.Layer<Vfs, E, R>, options?: OverlayFsOptions): Layer.Layer<Vfs, E, R> =>
  Layer.effect(
    Vfs,
    Effect.map(Vfs, (inner) => makeOverlay(inner, options))
  ).pipe(Layer.provide(lower))

export const OverlayFs = {
  make: makeOverlay,
  layer
} as const
