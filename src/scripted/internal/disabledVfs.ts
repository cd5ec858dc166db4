import { Effect } from "effect"
import { makeVfs } from "../../vfs/make.js"
import type { FileStat, VfsService } from "../../vfs/Vfs.js"
import { vfsError } from "../../vfs/VfsError.js"

/** The detail every refused operation carries (the reference's `io error: filesystem access disabled`). */
export const FILESYSTEM_DISABLED = "filesystem access disabled"

const DEV_NULL = "/dev/null"

const nullStat: FileStat = {
  type: "chardev",
  size: 0,
  mode: 0o666,
  mtimeMs: 0,
  atimeMs: 0,
  ctimeMs: 0,
  nlink: 1,
  ino: 1,
  uid: 0,
  gid: 0
}

const refuse = (operation: string) => (path: string) =>
  Effect.fail(vfsError("Disabled", operation, path, FILESYSTEM_DISABLED))

/**
 * The logic-only shell's filesystem (§2.8): every operation fails, except that `/dev/null` reads
 * empty and swallows writes. `exists` is always false, so every file test is false.
 */
export const makeDisabledVfs = (): VfsService => {
  const base = makeVfs({
    stat: (path) => (path === DEV_NULL ? Effect.succeed(nullStat) : refuse("stat")(path)),
    lstat: (path) => (path === DEV_NULL ? Effect.succeed(nullStat) : refuse("lstat")(path)),
    readFile: (path) => (path === DEV_NULL ? Effect.succeed(new Uint8Array(0)) : refuse("open")(path)),
    writeFile: (path) => (path === DEV_NULL ? Effect.void : refuse("open")(path)),
    appendFile: (path) => (path === DEV_NULL ? Effect.void : refuse("open")(path)),
    readdir: refuse("readdir"),
    mkdir: refuse("mkdir"),
    remove: refuse("remove"),
    rename: (from) => refuse("rename")(from),
    copy: (from) => refuse("copy")(from),
    symlink: (_target, path) => refuse("symlink")(path),
    readlink: refuse("readlink"),
    realpath: refuse("realpath"),
    link: (_existing, path) => refuse("link")(path),
    chmod: refuse("chmod"),
    chown: refuse("chown"),
    utimes: refuse("utimes"),
    truncate: refuse("truncate")
  })
  return { ...base, exists: () => Effect.succeed(false) }
}
