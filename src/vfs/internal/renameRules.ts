import { Effect } from "effect"
import { type VfsError, vfsError } from "../VfsError.js"
import { type Found, isWithin, type Resolved } from "./resolveVia.js"

/**
 * POSIX `rename` preconditions for backends that resolve paths themselves (overlay, host
 * directory): the source must exist, neither side may be the root, a directory cannot move
 * into itself or over a file or non-empty directory, a file cannot replace a directory.
 * Yields the source, or `undefined` when source and target are the same entry (nothing to do).
 */
export const checkRename = (
  from: string,
  to: string,
  found: Resolved,
  target: Resolved,
  childCount: (physical: string) => Effect.Effect<number, VfsError>
): Effect.Effect<Found | undefined, VfsError> =>
  Effect.gen(function* () {
    if (found.stat === undefined) return yield* vfsError("NotFound", "rename", from)
    const source: Found = { path: found.path, stat: found.stat }
    if (source.path === "/") return yield* vfsError("InvalidPath", "rename", from, "cannot move the root")
    if (target.path === "/") return yield* vfsError("InvalidPath", "rename", to, "cannot replace the root")
    if (target.path === source.path) return undefined
    if (source.stat.type === "directory") {
      if (isWithin(target.path, source.path)) return yield* vfsError("InvalidPath", "rename", to, "cannot move a directory into itself")
      if (target.stat !== undefined) {
        if (target.stat.type !== "directory") return yield* vfsError("NotADirectory", "rename", to)
        if ((yield* childCount(target.path)) > 0) return yield* vfsError("NotEmpty", "rename", to)
      }
    } else if (target.stat?.type === "directory") return yield* vfsError("IsADirectory", "rename", to)
    return source
  })
