import { Effect } from "effect"
import { joinPath } from "./paths.js"
import type { VfsPrimitives, VfsService } from "./Vfs.js"
import type { VfsError } from "./VfsError.js"

const encoder = new TextEncoder()
const decoder = new TextDecoder("utf-8")

/**
 * Build the full `VfsService` from a backend's primitives: the convenience surface (`exists`,
 * `readText`, `writeText`, `walk`) is derived here once, so a backend implements only the
 * primitives.
 */
export const makeVfs = (primitives: VfsPrimitives): VfsService => {
  const walk = (root: string): Effect.Effect<ReadonlyArray<string>, VfsError> =>
    Effect.suspend(() => {
      const out: Array<string> = []
      const visit = (dir: string): Effect.Effect<void, VfsError> =>
        Effect.flatMap(primitives.readdir(dir), (entries) =>
          Effect.forEach(
            entries,
            (entry) => {
              const path = joinPath(dir, entry.name)
              out.push(path)
              return entry.type === "directory" ? visit(path) : Effect.void
            },
            { discard: true }
          )
        )
      return Effect.as(visit(root), out)
    })

  // Every field written out (no spread): services are made per sandbox, often.
  return {
    stat: primitives.stat,
    lstat: primitives.lstat,
    readFile: primitives.readFile,
    writeFile: primitives.writeFile,
    appendFile: primitives.appendFile,
    readdir: primitives.readdir,
    mkdir: primitives.mkdir,
    remove: primitives.remove,
    rename: primitives.rename,
    copy: primitives.copy,
    symlink: primitives.symlink,
    readlink: primitives.readlink,
    realpath: primitives.realpath,
    link: primitives.link,
    chmod: primitives.chmod,
    chown: primitives.chown,
    utimes: primitives.utimes,
    truncate: primitives.truncate,
    // Follows symlinks, like `test -e`: a dangling link does not exist.
    exists: (path) =>
      primitives.stat(path).pipe(
        Effect.as(true),
        Effect.orElse(() => Effect.succeed(false))
      ),
    readText: (path) => Effect.map(primitives.readFile(path), (bytes) => decoder.decode(bytes)),
    writeText: (path, text) => primitives.writeFile(path, encoder.encode(text)),
    walk
  }
}
