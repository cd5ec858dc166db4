import { Effect } from "effect"
import { type VfsError, vfsError } from "../VfsError.js"
import type { Resolved } from "./resolveVia.js"

/**
 * `mkdir -p` for backends that resolve paths themselves, with GNU mkdir's rules: an existing
 * directory (or a link to one) is fine; a dangling link fails with `AlreadyExists`, as does
 * a non-directory at the end; a non-directory on the way fails with `NotADirectory`.
 */
export const mkdirParents = (
  path: string,
  resolve: (path: string, followLast: boolean) => Effect.Effect<Resolved, VfsError>,
  create: (physical: string) => Effect.Effect<void, VfsError>
): Effect.Effect<void, VfsError> =>
  Effect.gen(function* () {
    const parts = path.split("/").filter((part) => part !== "")
    let prefix = ""
    for (let i = 0; i < parts.length; i++) {
      prefix += `/${parts[i]}`
      const last = i === parts.length - 1
      let found = yield* resolve(prefix, false)
      if (found.stat === undefined) {
        yield* create(found.path)
        continue
      }
      if (found.stat.type === "symlink") {
        found = yield* Effect.catchIf(
          resolve(prefix, true),
          (error) => error.reason === "NotFound",
          () => Effect.fail(vfsError("AlreadyExists", "mkdir", path))
        )
        if (found.stat === undefined) return yield* vfsError("AlreadyExists", "mkdir", path)
      }
      if (found.stat.type !== "directory") return yield* vfsError(last ? "AlreadyExists" : "NotADirectory", "mkdir", path)
    }
  })
