import { Effect, Layer } from "effect"
import { defaultLimits } from "../limits/ExecutionLimits.js"
import { backendInfo, describeBackend } from "./internal/backendInfo.js"
import type { FsLimits } from "./internal/fsQuota.js"
import type { ContentLoader, ContentSource } from "./internal/memoryNodes.js"
import { type InitialFile, MemoryStore, PendingLoad } from "./internal/memoryStore.js"
import { makeVfs } from "./make.js"
import { Vfs, type VfsPrimitives, type VfsService } from "./Vfs.js"
import { vfsError, VfsError } from "./VfsError.js"

export { DEVICE_READ_BYTES } from "./internal/memoryStore.js"

/**
 * Initial files of an in-memory filesystem, by absolute path: text, bytes, a loader (sync or
 * async) run on first read, or content with a mode. Parent directories are created.
 */
export type InitialFiles = Readonly<
  Record<string, ContentSource | ContentLoader | { readonly content: ContentSource; readonly mode?: number }>
>

export type { FsLimits } from "./internal/fsQuota.js"

export interface InMemoryFsOptions {
  /** Filesystem limits; unset ones come from `defaultLimits`. The default layout is free. */
  readonly limits?: Partial<FsLimits>
  /** Commands to list as executable entries (mode 0755) in /bin and /usr/bin; read lazily. */
  readonly commandNames?: () => Iterable<string>
  /** Clock for timestamps, in milliseconds since the epoch. */
  readonly now?: () => number
  /** Build the default layout (/home/user, /tmp, /dev, ...); `false` starts from an empty root. */
  readonly layout?: boolean
}

/** Run a synchronous store operation as an Effect; loads async lazy files, then retries. */
const attempt = <A>(operation: () => A): Effect.Effect<A, VfsError> => {
  try {
    return Effect.succeed(operation())
  } catch (error) {
    if (error instanceof VfsError) return Effect.fail(error)
    if (error instanceof PendingLoad) return loadThenRetry(error, operation)
    return Effect.die(error)
  }
}

const loadThenRetry = <A>(pending: PendingLoad, operation: () => A): Effect.Effect<A, VfsError> =>
  Effect.flatMap(
    Effect.tryPromise({
      try: () => pending.promise,
      catch: (cause) => vfsError("NotFound", "readFile", pending.path, `content loader failed: ${String(cause)}`)
    }),
    (content) => {
      pending.settle(content)
      return attempt(operation)
    }
  )

const run = <A>(operation: () => A): Effect.Effect<A, VfsError> => Effect.suspend(() => attempt(operation))

const resolveLimits = (limits: Partial<FsLimits> | undefined): FsLimits => ({
  maxFileBytes: limits?.maxFileBytes ?? defaultLimits.maxFileBytes,
  maxTotalBytes: limits?.maxTotalBytes ?? defaultLimits.maxTotalBytes,
  maxFileCount: limits?.maxFileCount ?? defaultLimits.maxFileCount,
  maxPathLength: limits?.maxPathLength ?? defaultLimits.maxPathLength,
  maxPathDepth: limits?.maxPathDepth ?? defaultLimits.maxPathDepth
})

/**
 * The primitives of a fresh in-memory filesystem (for backends that wrap it), described (see
 * `internal/backendInfo.ts`) as synchronous, enforcing its limits and measuring its usage.
 */
export const makeInMemoryPrimitives = (files?: InitialFiles, options?: InMemoryFsOptions): VfsPrimitives => {
  const limits = resolveLimits(options?.limits)
  const store = new MemoryStore(
    files as Readonly<Record<string, InitialFile>> | undefined,
    limits,
    options?.now ?? Date.now,
    options?.commandNames,
    options?.layout !== false
  )
  const primitives: VfsPrimitives = {
    stat: (path) => run(() => store.stat(path, true)),
    lstat: (path) => run(() => store.stat(path, false)),
    readFile: (path) => run(() => store.readFile(path)),
    writeFile: (path, data, opts) => run(() => store.writeFile(path, data, opts?.mode)),
    appendFile: (path, data) => run(() => store.appendFile(path, data)),
    readdir: (path) => run(() => store.readdir(path)),
    mkdir: (path, opts) => run(() => store.mkdir(path, opts?.recursive === true, opts?.mode)),
    remove: (path, opts) => run(() => store.remove(path, opts?.recursive === true, opts?.force === true)),
    rename: (from, to) => run(() => store.rename(from, to)),
    copy: (from, to, opts) => run(() => store.copy(from, to, opts?.recursive === true, opts?.preserve === true)),
    symlink: (target, path) => run(() => store.symlink(target, path)),
    readlink: (path) => run(() => store.readlink(path)),
    realpath: (path) => run(() => store.realpath(path)),
    link: (existing, path) => run(() => store.link(existing, path)),
    chmod: (path, mode) => run(() => store.chmod(path, mode)),
    chown: (path, uid, gid) => run(() => store.chown(path, uid, gid)),
    utimes: (path, atimeMs, mtimeMs) => run(() => store.utimes(path, atimeMs, mtimeMs)),
    truncate: (path, length) => run(() => store.truncate(path, length))
  }
  return describeBackend(primitives, { usage: () => store.usage(), live: true, limits, synchronous: true })
}

/**
 * A fresh in-memory filesystem with the default layout (see `internal/defaultLayout.ts`).
 * Construction is synchronous and cheap: the layout and the initial files are built on the
 * first operation. /dev/zero and /dev/urandom are endless: commands stream them (see
 * `vfs/devices.ts`); reading one whole fails with `FileTooLarge`.
 */
export const makeInMemoryFs = (files?: InitialFiles, options?: InMemoryFsOptions): VfsService => {
  const primitives = makeInMemoryPrimitives(files, options)
  return describeBackend(makeVfs(primitives), backendInfo(primitives)!)
}

/** A layer providing a fresh in-memory `Vfs` (one per build of the layer). */
const layer = (files?: InitialFiles, options?: InMemoryFsOptions): Layer.Layer<Vfs> =>
  Layer.sync(Vfs, () => makeInMemoryFs(files, options))

export const InMemoryFs = {
  make: makeInMemoryFs,
  layer
} as const
