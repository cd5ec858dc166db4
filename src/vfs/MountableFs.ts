import { Context, Effect, Layer } from "effect"
import { backendInfo, describeBackend } from "./internal/backendInfo.js"
import { copyTree } from "./internal/copyTree.js"
import { mkdirParents } from "./internal/mkdirParents.js"
import { type Found, isWithin, type Prober, resolveExisting, resolveVia } from "./internal/resolveVia.js"
import { makeInMemoryFs } from "./InMemoryFs.js"
import { makeVfs } from "./make.js"
import { normalizePath } from "./paths.js"
import { type DirEntry, type FileStat, type FileType, Vfs, type VfsService } from "./Vfs.js"
import { type VfsError, vfsError } from "./VfsError.js"

/**
 * Several filesystems under one root: `{ "/": rootFs, "/data": dataFs }`. The longest mount
 * point containing a path serves it (with the mount point stripped). Paths are resolved here
 * over the whole tree, so a symlink on one mount may point into another; absolute targets are
 * relative to the combined root. Moving or hard-linking across mounts fails with `CrossDevice`
 * (as `mv` expects, to fall back to copy and remove); copying across mounts works. Mount
 * points and the directories leading to them cannot be removed or renamed.
 */

interface Mount {
  readonly point: string
  readonly fs: VfsService
}

const quiet = <A>(effect: Effect.Effect<A, VfsError>): Effect.Effect<A | undefined, VfsError> =>
  Effect.catchIf(
    effect,
    (error) => error.reason === "NotFound" || error.reason === "NotADirectory",
    () => Effect.succeed(undefined)
  )

const syntheticDir: FileStat = {
  type: "directory",
  size: 4096,
  mode: 0o755,
  mtimeMs: 0,
  atimeMs: 0,
  ctimeMs: 0,
  nlink: 2,
  ino: 0,
  uid: 0,
  gid: 0
}

export const makeMountable = (table: Readonly<Record<string, VfsService>>): VfsService => {
  const mounts: Array<Mount> = Object.entries(table).map(([point, fs]) => ({ point: normalizePath(point), fs }))
  if (!mounts.some((mount) => mount.point === "/")) mounts.push({ point: "/", fs: makeInMemoryFs(undefined, { layout: false }) })
  mounts.sort((a, b) => b.point.length - a.point.length)
  const rootMount = mounts[mounts.length - 1]!

  const route = (path: string): { readonly mount: Mount; readonly inner: string } => {
    for (const mount of mounts) {
      if (mount.point === "/") break
      if (path === mount.point) return { mount, inner: "/" }
      if (path.startsWith(`${mount.point}/`)) return { mount, inner: path.slice(mount.point.length) }
    }
    return { mount: rootMount, inner: path }
  }
  /** A mount point at or under `path` (other than the root mount). */
  const holdsMount = (path: string): boolean => mounts.some((mount) => mount.point !== "/" && isWithin(mount.point, path))
  const leadsToMount = (path: string): boolean =>
    mounts.some((mount) => mount.point !== "/" && mount.point !== path && isWithin(mount.point, path))

  const prober: Prober = {
    probe: (path) => {
      const { mount, inner } = route(path)
      return Effect.map(quiet(mount.fs.lstat(inner)), (stat) => stat ?? (leadsToMount(path) ? syntheticDir : undefined))
    },
    readlink: (path) => {
      const { mount, inner } = route(path)
      return mount.fs.readlink(inner)
    }
  }
  const existing = (path: string, follow: boolean, operation: string) => resolveExisting(prober, path, follow, operation)
  const resolve = (path: string, follow: boolean, operation: string) => resolveVia(prober, path, follow, operation)

  /** Resolve, then run `use` on the serving mount with the path inside it. */
  const onExisting = <A>(
    path: string,
    follow: boolean,
    operation: string,
    use: (fs: VfsService, inner: string, found: Found) => Effect.Effect<A, VfsError>
  ): Effect.Effect<A, VfsError> =>
    Effect.flatMap(existing(path, follow, operation), (found) => {
      const { mount, inner } = route(found.path)
      return use(mount.fs, inner, found)
    })

  const onPath = <A>(
    path: string,
    follow: boolean,
    operation: string,
    use: (fs: VfsService, inner: string, stat: FileStat | undefined) => Effect.Effect<A, VfsError>
  ): Effect.Effect<A, VfsError> =>
    Effect.flatMap(resolve(path, follow, operation), (found) => {
      const { mount, inner } = route(found.path)
      return use(mount.fs, inner, found.stat)
    })

  const readdir = (path: string): Effect.Effect<ReadonlyArray<DirEntry>, VfsError> =>
    Effect.flatMap(existing(path, true, "readdir"), (found) => {
      if (found.stat.type !== "directory") return Effect.fail(vfsError("NotADirectory", "readdir", path))
      const { mount, inner } = route(found.path)
      return Effect.map(quiet(mount.fs.readdir(inner)), (listed) => {
        const entries = new Map<string, FileType>()
        for (const entry of listed ?? []) entries.set(entry.name, entry.type)
        const prefix = found.path === "/" ? "/" : `${found.path}/`
        for (const other of mounts) {
          if (other.point === "/" || !other.point.startsWith(prefix)) continue
          const name = other.point.slice(prefix.length).split("/")[0]!
          entries.set(name, "directory")
        }
        return Array.from(entries.keys())
          .sort()
          .map((name) => ({ name, type: entries.get(name)! }))
      })
    })

  const busy = (operation: string, path: string) =>
    Effect.fail(vfsError("PermissionDenied", operation, path, "a filesystem is mounted there"))

  const self: VfsService = makeVfs({
    stat: (path) => Effect.map(existing(path, true, "stat"), (found) => found.stat),
    lstat: (path) => Effect.map(existing(path, false, "lstat"), (found) => found.stat),
    readFile: (path) => onExisting(path, true, "readFile", (fs, inner) => fs.readFile(inner)),
    writeFile: (path, data, options) => onPath(path, true, "writeFile", (fs, inner) => fs.writeFile(inner, data, options)),
    appendFile: (path, data) => onPath(path, true, "appendFile", (fs, inner) => fs.appendFile(inner, data)),
    readdir,
    mkdir: (path, options) =>
      Effect.gen(function* () {
        if (options?.recursive !== true)
          return yield* onPath(path, false, "mkdir", (fs, inner, stat) =>
            stat !== undefined ? Effect.fail(vfsError("AlreadyExists", "mkdir", path)) : fs.mkdir(inner, options)
          )
        yield* mkdirParents(path, prober, (physical) => {
          const { mount, inner } = route(physical)
          return mount.fs.mkdir(inner, options?.mode === undefined ? undefined : { mode: options.mode })
        })
      }),
    remove: (path, options) =>
      Effect.flatMap(resolve(path, false, "remove"), (found) => {
        if (found.stat === undefined)
          return options?.force === true ? Effect.void : Effect.fail(vfsError("NotFound", "remove", path))
        if (found.path === "/" || holdsMount(found.path)) return busy("remove", path)
        const { mount, inner } = route(found.path)
        return mount.fs.remove(inner, options)
      }),
    rename: (from, to) =>
      Effect.gen(function* () {
        const found = yield* resolve(from, false, "rename")
        const target = yield* resolve(to, false, "rename")
        if (found.stat === undefined) return yield* vfsError("NotFound", "rename", from)
        const source = { path: found.path, stat: found.stat }
        if (source.path === "/" || holdsMount(source.path)) return yield* busy("rename", from)
        if (target.path === "/" || holdsMount(target.path)) return yield* busy("rename", to)
        const a = route(source.path)
        const b = route(target.path)
        if (a.mount !== b.mount) return yield* vfsError("CrossDevice", "rename", to)
        yield* a.mount.fs.rename(a.inner, b.inner)
      }),
    copy: (from, to, options) =>
      Effect.gen(function* () {
        const source = yield* existing(from, options?.recursive !== true, "copy")
        const target = yield* resolve(to, true, "copy")
        const a = route(source.path)
        const b = route(target.path)
        if (a.mount === b.mount && !leadsToMount(source.path)) return yield* a.mount.fs.copy(a.inner, b.inner, options)
        yield* copyTree(self, source.path, self, target.path, options, true)
      }),
    symlink: (target, path) =>
      onPath(path, false, "symlink", (fs, inner, stat) =>
        stat !== undefined ? Effect.fail(vfsError("AlreadyExists", "symlink", path)) : fs.symlink(target, inner)
      ),
    readlink: (path) => onExisting(path, false, "readlink", (fs, inner) => fs.readlink(inner)),
    realpath: (path) => Effect.map(existing(path, true, "realpath"), (found) => found.path),
    link: (existingPath, path) =>
      Effect.gen(function* () {
        const source = yield* existing(existingPath, false, "link")
        const target = yield* resolve(path, false, "link")
        const a = route(source.path)
        const b = route(target.path)
        if (a.mount !== b.mount) return yield* vfsError("CrossDevice", "link", path)
        yield* a.mount.fs.link(a.inner, b.inner)
      }),
    chmod: (path, mode) => onExisting(path, true, "chmod", (fs, inner) => fs.chmod(inner, mode)),
    chown: (path, uid, gid) => onExisting(path, true, "chown", (fs, inner) => fs.chown(inner, uid, gid)),
    utimes: (path, atimeMs, mtimeMs) => onExisting(path, true, "utimes", (fs, inner) => fs.utimes(inner, atimeMs, mtimeMs)),
    truncate: (path, length) => onExisting(path, true, "truncate", (fs, inner) => fs.truncate(inner, length))
  })
  // The limits of the whole tree start from what the mounts that measure themselves hold;
  // mounts are not measured live (a host mount only counts what passes through the limits).
  return describeBackend(self, {
    usage: () => {
      let bytes = 0
      let nodes = 0
      for (const mount of mounts) {
        const usage = backendInfo(mount.fs)?.usage?.()
        bytes += usage?.bytes ?? 0
        nodes += usage?.nodes ?? 0
      }
      return { bytes, nodes }
    },
    synchronous: mounts.every((mount) => backendInfo(mount.fs)?.synchronous === true)
  })
}

/**
 * `MountableFs.layer({ "/": rootLayer, "/data": dataLayer })`: each layer is built on its own
 * (two mounts of `InMemoryFs.layer()` are two filesystems), then combined.
 */
const layer = <E, R>(table: Readonly<Record<string, Layer.Layer<Vfs, E, R>>>): Layer.Layer<Vfs, E, R> =>
  Layer.scoped(
    Vfs,
    Effect.gen(function* () {
      const services: Record<string, VfsService> = {}
      for (const [point, mounted] of Object.entries(table)) {
        services[point] = Context.get(yield* Layer.build(mounted), Vfs)
      }
      return makeMountable(services)
    })
  )

export const MountableFs = {
  make: makeMountable,
  layer
} as const
