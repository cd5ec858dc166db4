import { FileSystem } from "@effect/platform"
import type { PlatformError } from "@effect/platform/Error"
import { NodeFileSystem } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { describeBackend } from "./internal/backendInfo.js"
import { copyTree } from "./internal/copyTree.js"
import { mkdirParents } from "./internal/mkdirParents.js"
import { type Found, type Prober, resolveExisting, resolveVia } from "./internal/resolveVia.js"
import { makeVfs } from "./make.js"
import { parentOf } from "./paths.js"
import { makeReadOnly } from "./ReadOnlyFs.js"
import { type FileStat, type FileType, Vfs, type VfsPrimitives, type VfsService } from "./Vfs.js"
import { checkRename } from "./internal/renameRules.js"
import { type VfsError, type VfsErrorReason, vfsError } from "./VfsError.js"

/**
 * A real directory of the host as the sandbox's filesystem, through @effect/platform's
 * `FileSystem`, confined to `root`:
 * - every path is resolved here, one component at a time (`readLink` per component), with
 *   absolute symlink targets taken relative to `root` and `..` stopped at `root`; the host
 *   only ever receives a physical path under `root` whose components are not symlinks, so
 *   the kernel never follows a link on the sandbox's behalf;
 * - before each use, the host's `realPath` of that path (or of its parent, for a new entry)
 *   must equal the path itself, which catches a component swapped for a symlink since the
 *   resolution by anything outside the sandbox; reads check again afterwards and discard
 *   what they read if the path changed (Node has no openat/O_NOFOLLOW per component, so a
 *   host process racing precisely between check and write remains out of reach);
 * - the operations of one filesystem run one at a time, so the sandbox cannot swap a link
 *   in between another operation's check and use.
 * Errors never carry host paths. `readOnly` refuses every write with `ReadOnly`.
 */
export interface HostDirectoryFsOptions {
  readonly readOnly?: boolean
}

const ERRNO_REASONS: Readonly<Record<string, VfsErrorReason>> = {
  ENOENT: "NotFound",
  EEXIST: "AlreadyExists",
  ENOTDIR: "NotADirectory",
  EISDIR: "IsADirectory",
  ENOTEMPTY: "NotEmpty",
  EACCES: "PermissionDenied",
  EPERM: "PermissionDenied",
  EROFS: "ReadOnly",
  ELOOP: "TooManyLinks",
  ENOSPC: "NoSpace",
  EDQUOT: "NoSpace",
  EFBIG: "NoSpace",
  EXDEV: "CrossDevice",
  EINVAL: "InvalidPath",
  ENAMETOOLONG: "NameTooLong"
}

const errnoOf = (error: PlatformError): string | undefined => {
  if (error._tag !== "SystemError") return undefined
  const cause = error.cause as { readonly code?: unknown } | undefined
  return typeof cause?.code === "string" ? cause.code : undefined
}

const reasonOf = (error: PlatformError): VfsErrorReason => {
  const code = errnoOf(error)
  if (code !== undefined && ERRNO_REASONS[code] !== undefined) return ERRNO_REASONS[code]
  if (error._tag === "SystemError") {
    if (error.reason === "NotFound") return "NotFound"
    if (error.reason === "AlreadyExists") return "AlreadyExists"
  }
  return "PermissionDenied"
}

const typeOf = (type: FileSystem.File.Type): FileType => {
  switch (type) {
    case "Directory":
      return "directory"
    case "SymbolicLink":
      return "symlink"
    case "CharacterDevice":
    case "BlockDevice":
      return "chardev"
    case "FIFO":
    case "Socket":
      return "fifo"
    default:
      return "file"
  }
}

const toStat = (info: FileSystem.File.Info): FileStat => {
  const mtimeMs = info.mtime._tag === "Some" ? info.mtime.value.getTime() : 0
  return {
    type: typeOf(info.type),
    size: Number(info.size),
    mode: info.mode & 0o7777,
    mtimeMs,
    atimeMs: info.atime._tag === "Some" ? info.atime.value.getTime() : mtimeMs,
    ctimeMs: mtimeMs,
    nlink: info.nlink._tag === "Some" ? info.nlink.value : 1,
    ino: info.ino._tag === "Some" ? info.ino.value : 0,
    uid: info.uid._tag === "Some" ? info.uid.value : 0,
    gid: info.gid._tag === "Some" ? info.gid.value : 0
  }
}

const encoder = new TextEncoder()

export const makeHostDirectory = (
  root: string,
  options?: HostDirectoryFsOptions
): Effect.Effect<VfsService, VfsError, FileSystem.FileSystem> => makeOnHost(root, options, undefined)

/** Node's filesystem, whichever `FileSystem` object a layer build made for it. */
const NODE_HOST = {}

/**
 * `owner` names the host filesystem for the limits' account (one per directory of one host):
 * by default the `FileSystem` service itself.
 */
const makeOnHost = (
  root: string,
  options: HostDirectoryFsOptions | undefined,
  owner: object | undefined
): Effect.Effect<VfsService, VfsError, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const host = yield* FileSystem.FileSystem
    const rootReal = yield* host.realPath(root).pipe(Effect.mapError(() => vfsError("NotFound", "mount", "/")))
    const rootInfo = yield* host.stat(rootReal).pipe(Effect.mapError(() => vfsError("NotFound", "mount", "/")))
    if (rootInfo.type !== "Directory") return yield* vfsError("NotADirectory", "mount", "/")
    const lock = yield* Effect.makeSemaphore(1)

    const hostPath = (path: string): string => (path === "/" ? rootReal : rootReal === "/" ? path : rootReal + path)
    const fail = (operation: string, path: string) => (error: PlatformError) =>
      vfsError(reasonOf(error), operation, path)
    const call = <A>(effect: Effect.Effect<A, PlatformError>, operation: string, path: string) =>
      Effect.mapError(effect, fail(operation, path))

    /** lstat of a physical path: a symlink is recognised by `readLink` (the API has no lstat). */
    const probe = (path: string): Effect.Effect<FileStat | undefined, VfsError> =>
      host.readLink(hostPath(path)).pipe(
        Effect.flatMap((target) =>
          Effect.map(host.stat(hostPath(parentOf(path))), (parent): FileStat => {
            const base = toStat(parent)
            return { ...base, type: "symlink", size: encoder.encode(target).length, mode: 0o777, nlink: 1, ino: 0 }
          })
        ),
        Effect.catchAll((error) => {
          const code = errnoOf(error)
          if (code === "ENOENT" || code === "ENOTDIR") return Effect.succeed(undefined)
          if (code !== "EINVAL") return Effect.fail(fail("lstat", path)(error))
          return host.stat(hostPath(path)).pipe(
            Effect.map(toStat),
            Effect.catchAll((statError) => {
              const statCode = errnoOf(statError)
              return statCode === "ENOENT" || statCode === "ENOTDIR"
                ? Effect.succeed(undefined)
                : Effect.fail(fail("lstat", path)(statError))
            })
          )
        })
      )

    const prober: Prober = { probe, readlink: (path) => call(host.readLink(hostPath(path)), "readlink", path) }
    const resolve = (path: string, follow: boolean, operation: string) => resolveVia(prober, path, follow, operation)
    const existing = (path: string, follow: boolean, operation: string) => resolveExisting(prober, path, follow, operation)

    /**
     * The host must still see `physical` as a plain path under the root; for a new entry or a
     * symlink acted on itself, its parent (realPath would follow the link).
     */
    const guard = (physical: string, isNew: boolean, operation: string, path: string): Effect.Effect<void, VfsError> => {
      const checked = isNew ? parentOf(physical) : physical
      return Effect.flatMap(call(host.realPath(hostPath(checked)), operation, path), (real) =>
        real === hostPath(checked)
          ? Effect.void
          : Effect.fail(vfsError("PermissionDenied", operation, path, "path changed during the operation"))
      )
    }

    const serial = <A>(effect: Effect.Effect<A, VfsError>): Effect.Effect<A, VfsError> => lock.withPermits(1)(effect)

    const onExisting = <A>(
      path: string,
      follow: boolean,
      operation: string,
      use: (found: Found) => Effect.Effect<A, VfsError | PlatformError>
    ): Effect.Effect<A, VfsError> =>
      serial(
        Effect.flatMap(existing(path, follow, operation), (found) =>
          Effect.zipRight(
            guard(found.path, found.stat.type === "symlink", operation, path),
            Effect.catchIf(use(found), (error): error is PlatformError => error._tag !== "VfsError", (error) =>
              Effect.fail(fail(operation, path)(error))
            )
          )
        )
      )

    const write = (path: string, data: Uint8Array, flag: "w" | "a", mode: number | undefined, operation: string) =>
      serial(
        Effect.gen(function* () {
          const found = yield* resolve(path, true, operation)
          if (found.stat?.type === "directory") return yield* vfsError("IsADirectory", operation, path)
          if (found.stat !== undefined && found.stat.type !== "file")
            return yield* vfsError("PermissionDenied", operation, path, "not a regular file")
          yield* guard(found.path, found.stat === undefined, operation, path)
          const target = hostPath(found.path)
          yield* call(host.writeFile(target, data, { flag, ...(mode === undefined ? {} : { mode }) }), operation, path)
          if (found.stat === undefined && mode !== undefined) yield* call(host.chmod(target, mode), operation, path)
        })
      )

    const mkdirOne = (physical: string, mode: number | undefined, path: string) =>
      Effect.gen(function* () {
        yield* guard(physical, true, "mkdir", path)
        yield* call(host.makeDirectory(hostPath(physical)), "mkdir", path)
        if (mode !== undefined) yield* call(host.chmod(hostPath(physical), mode), "mkdir", path)
      })

    const readdirNames = (physical: string, path: string) =>
      Effect.map(call(host.readDirectory(hostPath(physical)), "readdir", path), (names) => names.sort())

    const primitives: VfsPrimitives = {
      stat: (path) => serial(Effect.map(existing(path, true, "stat"), (found) => found.stat)),
      lstat: (path) => serial(Effect.map(existing(path, false, "lstat"), (found) => found.stat)),
      readFile: (path) =>
        onExisting(path, true, "readFile", (found) =>
          found.stat.type === "directory"
            ? Effect.fail(vfsError("IsADirectory", "readFile", path))
            : found.stat.type !== "file"
              ? Effect.fail(vfsError("PermissionDenied", "readFile", path, "not a regular file"))
              : Effect.flatMap(host.readFile(hostPath(found.path)), (bytes) =>
                  // Checked again after the read: a swap in between discards what was read.
                  Effect.as(guard(found.path, false, "readFile", path), new Uint8Array(bytes))
                )
        ),
      writeFile: (path, data, opts) => write(path, data, "w", opts?.mode, "writeFile"),
      appendFile: (path, data) => write(path, data, "a", undefined, "appendFile"),
      readdir: (path) =>
        onExisting(path, true, "readdir", (found) =>
          found.stat.type !== "directory"
            ? Effect.fail(vfsError("NotADirectory", "readdir", path))
            : Effect.flatMap(readdirNames(found.path, path), (names) =>
                Effect.forEach(
                  names,
                  (name) => {
                    const child = found.path === "/" ? `/${name}` : `${found.path}/${name}`
                    return Effect.map(probe(child), (stat) => ({ name, type: stat?.type ?? ("file" as FileType) }))
                  },
                  { concurrency: 8 }
                )
              )
        ),
      mkdir: (path, opts) =>
        serial(
          Effect.gen(function* () {
            if (opts?.recursive !== true) {
              const found = yield* resolve(path, false, "mkdir")
              if (found.stat !== undefined) return yield* vfsError("AlreadyExists", "mkdir", path)
              return yield* mkdirOne(found.path, opts?.mode, path)
            }
            yield* mkdirParents(path, prober, (physical) => mkdirOne(physical, opts?.mode, path))
          })
        ),
      remove: (path, opts) =>
        serial(
          Effect.gen(function* () {
            const found = yield* resolve(path, false, "remove")
            if (found.stat === undefined) {
              if (opts?.force === true) return
              return yield* vfsError("NotFound", "remove", path)
            }
            if (found.path === "/") return yield* vfsError("PermissionDenied", "remove", path, "cannot remove the root")
            const isDirectory = found.stat.type === "directory"
            if (isDirectory && opts?.recursive !== true && (yield* readdirNames(found.path, path)).length > 0)
              return yield* vfsError("NotEmpty", "remove", path)
            yield* guard(found.path, true, "remove", path)
            yield* call(host.remove(hostPath(found.path), { recursive: isDirectory }), "remove", path)
          })
        ),
      rename: (from, to) =>
        serial(
          Effect.gen(function* () {
            const found = yield* resolve(from, false, "rename")
            const target = yield* resolve(to, false, "rename")
            const source = yield* checkRename(from, to, found, target, (path) => Effect.map(readdirNames(path, to), (names) => names.length))
            if (source === undefined) return
            yield* guard(source.path, true, "rename", from)
            yield* guard(target.path, true, "rename", to)
            yield* call(host.rename(hostPath(source.path), hostPath(target.path)), "rename", to)
          })
        ),
      copy: (from, to, opts) => copyTree(self, from, self, to, opts, true),
      symlink: (target, path) =>
        serial(
          Effect.gen(function* () {
            if (target === "" || target.includes("\0")) return yield* vfsError("NotFound", "symlink", path)
            const found = yield* resolve(path, false, "symlink")
            if (found.stat !== undefined) return yield* vfsError("AlreadyExists", "symlink", path)
            yield* guard(found.path, true, "symlink", path)
            yield* call(host.symlink(target, hostPath(found.path)), "symlink", path)
          })
        ),
      readlink: (path) =>
        onExisting(path, false, "readlink", (found) =>
          found.stat.type !== "symlink"
            ? Effect.fail(vfsError("InvalidPath", "readlink", path, "not a symbolic link"))
            : host.readLink(hostPath(found.path))
        ),
      realpath: (path) => serial(Effect.map(existing(path, true, "realpath"), (found) => found.path)),
      link: (existingPath, path) =>
        serial(
          Effect.gen(function* () {
            const source = yield* existing(existingPath, false, "link")
            const target = yield* resolve(path, false, "link")
            if (target.stat !== undefined) return yield* vfsError("AlreadyExists", "link", path)
            if (source.stat.type === "directory")
              return yield* vfsError("PermissionDenied", "link", existingPath, "hard link not allowed for directory")
            yield* guard(source.path, true, "link", existingPath)
            yield* guard(target.path, true, "link", path)
            yield* call(host.link(hostPath(source.path), hostPath(target.path)), "link", path)
          })
        ),
      chmod: (path, mode) => onExisting(path, true, "chmod", (found) => host.chmod(hostPath(found.path), mode)),
      chown: (path, uid, gid) => onExisting(path, true, "chown", (found) => host.chown(hostPath(found.path), uid, gid)),
      utimes: (path, atimeMs, mtimeMs) =>
        onExisting(path, true, "utimes", (found) =>
          host.utimes(hostPath(found.path), new Date(atimeMs), new Date(mtimeMs))
        ),
      truncate: (path, length) =>
        onExisting(path, true, "truncate", (found) =>
          found.stat.type === "directory"
            ? Effect.fail(vfsError("IsADirectory", "truncate", path))
            : host.truncate(hostPath(found.path), length)
        )
    }
    // Every opening of one directory over one host filesystem shares one account of the limits.
    const self: VfsService = describeBackend(makeVfs(primitives), { identity: { owner: owner ?? host, name: rootReal } })
    return options?.readOnly === true ? makeReadOnly(self) : self
  })

/** `HostDirectoryFs.layer(root, { readOnly })`, over Node's filesystem. */
const layer = (root: string, options?: HostDirectoryFsOptions): Layer.Layer<Vfs, VfsError> =>
  Layer.effect(Vfs, makeOnHost(root, options, NODE_HOST)).pipe(Layer.provide(NodeFileSystem.layer))

/** The same over a `FileSystem` the host provides (another platform, or a test double). */
const layerWithFileSystem = (root: string, options?: HostDirectoryFsOptions): Layer.Layer<Vfs, VfsError, FileSystem.FileSystem> =>
  Layer.effect(Vfs, makeHostDirectory(root, options))

export const HostDirectoryFs = {
  make: makeHostDirectory,
  layer,
  layerWithFileSystem
} as const
