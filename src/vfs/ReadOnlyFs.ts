import { Effect, Layer } from "effect"
import { backendInfo, describeBackend } from "./internal/backendInfo.js"
import { makeVfs } from "./make.js"
import { Vfs, type VfsPrimitives, type VfsService } from "./Vfs.js"
import { vfsError } from "./VfsError.js"

/** Wrap a filesystem so that reads pass through and every write fails with `ReadOnly`. */
export const makeReadOnly = (inner: VfsPrimitives): VfsService => {
  const refuse = (operation: string) => (path: string) => Effect.fail(vfsError("ReadOnly", operation, path))
  // Character devices stay writable, as /dev is its own mount: `echo x > /dev/null` still works.
  const isDevice = (path: string) =>
    inner.stat(path).pipe(
      Effect.map((stat) => stat.type === "chardev"),
      Effect.orElseSucceed(() => false)
    )
  const readOnly = makeVfs({
    stat: inner.stat,
    lstat: inner.lstat,
    readFile: inner.readFile,
    readdir: inner.readdir,
    readlink: inner.readlink,
    realpath: inner.realpath,
    writeFile: (path, data, options) =>
      Effect.flatMap(isDevice(path), (device) => (device ? inner.writeFile(path, data, options) : refuse("writeFile")(path))),
    appendFile: (path, data) =>
      Effect.flatMap(isDevice(path), (device) => (device ? inner.appendFile(path, data) : refuse("appendFile")(path))),
    mkdir: refuse("mkdir"),
    remove: refuse("remove"),
    rename: (_from, to) => refuse("rename")(to),
    copy: (_from, to) => refuse("copy")(to),
    symlink: (_target, path) => refuse("symlink")(path),
    link: (_existing, path) => refuse("link")(path),
    chmod: refuse("chmod"),
    chown: refuse("chown"),
    utimes: refuse("utimes"),
    truncate: refuse("truncate")
  })
  // Nothing can grow: stricter than any limits, so the limiting wrapper is never needed.
  return describeBackend(readOnly, { limits: NOTHING_GROWS, synchronous: backendInfo(inner)?.synchronous === true })
}

const NOTHING_GROWS = { maxFileBytes: 0, maxTotalBytes: 0, maxFileCount: 0, maxPathLength: 0, maxPathDepth: 0 }

/** `ReadOnlyFs.layer(inner)`: the filesystem `inner` provides, made read-only. */
const layer = <E, R>(inner: Layer.Layer<Vfs, E, R>): Layer.Layer<Vfs, E, R> =>
  Layer.effect(Vfs, Effect.map(Vfs, makeReadOnly)).pipe(Layer.provide(inner))

export const ReadOnlyFs = {
  make: makeReadOnly,
  layer
} as const
