import { Effect } from "effect"
import { type VfsError, vfsError } from "../VfsError.js"
import { type Prober, resolveVia } from "./resolveVia.js"

/**
 * `mkdir -p` for backends that resolve paths themselves, with GNU mkdir's rules: an existing
 * directory (or a link to one) is fine; a dangling link fails with `AlreadyExists`, as does
 * a non-directory at the end; a non-directory on the way fails with `NotADirectory`.
 * Each component is resolved from the directory the previous one led to, so the walk costs
 * one lookup per component (not one resolution of every prefix from the root).
 */
export const mkdirParents = (
  path: string,
  prober: Prober,
  create: (physical: string) => Effect.Effect<void, VfsError>
): Effect.Effect<void, VfsError> =>
  Effect.gen(function* () {
    const parts = path.split("/").filter((part) => part !== "")
    let base: { readonly path: string } = { path: "/" }
    for (let i = 0; i < parts.length; i++) {
      const last = i === parts.length - 1
      let found = yield* resolveVia(prober, parts[i]!, false, "mkdir", base)
      if (found.stat === undefined) {
        yield* create(found.path)
        base = { path: found.path }
        continue
      }
      if (found.stat.type === "symlink") {
        found = yield* Effect.catchIf(
          resolveVia(prober, parts[i]!, true, "mkdir", base),
          (error) => error.reason === "NotFound",
          () => Effect.fail(vfsError("AlreadyExists", "mkdir", path))
        )
        if (found.stat === undefined) return yield* vfsError("AlreadyExists", "mkdir", path)
      }
      if (found.stat.type !== "directory") return yield* vfsError(last ? "AlreadyExists" : "NotADirectory", "mkdir", path)
      base = { path: found.path }
    }
  })
