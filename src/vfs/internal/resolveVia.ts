import { Effect } from "effect"
import type { FileStat } from "../Vfs.js"
import { type VfsError, vfsError } from "../VfsError.js"
import { MAX_SYMLINK_HOPS } from "./memoryResolve.js"

/**
 * Path resolution done by a composite backend itself (overlay, mounts, host directory): every
 * component is looked up with `probe` (an lstat on a path free of symlinks), and symlinks are
 * expanded here, so the layer underneath only ever sees physical paths. Absolute targets
 * restart at this filesystem's root; `..` never climbs above it.
 */
export interface Prober {
  /** lstat of a physical path; `undefined` when nothing is there. */
  readonly probe: (physical: string) => Effect.Effect<FileStat | undefined, VfsError>
  readonly readlink: (physical: string) => Effect.Effect<string, VfsError>
}

export interface Resolved {
  /** The physical path: no component is a symlink (except the last when not followed). */
  readonly path: string
  /** lstat of `path`, or `undefined` when only its parent exists. */
  readonly stat: FileStat | undefined
}

const splitInto = (pending: Array<string>, path: string): void => {
  const parts = path.split("/")
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!
    if (part !== "") pending.push(part)
  }
}

const pathOf = (names: ReadonlyArray<string>): string => "/" + names.join("/")

/**
 * Resolve `path`; with `from` (a physical directory already resolved), a relative `path` is
 * taken from there, so a caller walking down one component at a time (`mkdir -p`) does not
 * resolve every prefix again from the root.
 */
export const resolveVia = (
  prober: Prober,
  path: string,
  followLast: boolean,
  operation: string,
  from?: { readonly path: string; readonly stat?: FileStat | undefined }
): Effect.Effect<Resolved, VfsError> => {
  if (path.includes("\0")) return Effect.fail(vfsError("InvalidPath", operation, path, "path contains a NUL byte"))
  const pending: Array<string> = []
  splitInto(pending, path)
  const relative = from !== undefined && !path.startsWith("/")
  const names: Array<string> = relative ? from.path.split("/").filter((name) => name !== "") : []
  let hops = 0
  let lastDir: FileStat | undefined = relative ? from.stat : undefined

  const step: Effect.Effect<Resolved, VfsError> = Effect.suspend(() => {
    while (pending.length > 0) {
      const component = pending.pop()!
      if (component === ".") continue
      if (component === "..") {
        names.pop()
        lastDir = undefined
        continue
      }
      const candidate = names.length === 0 ? `/${component}` : `${pathOf(names)}/${component}`
      const isLast = pending.length === 0
      return Effect.flatMap(prober.probe(candidate), (stat): Effect.Effect<Resolved, VfsError> => {
        if (stat === undefined) {
          if (isLast) return Effect.succeed({ path: candidate, stat: undefined })
          return Effect.fail(vfsError("NotFound", operation, path))
        }
        if (stat.type === "symlink" && (!isLast || followLast)) {
          if (++hops > MAX_SYMLINK_HOPS) return Effect.fail(vfsError("TooManyLinks", operation, path))
          return Effect.flatMap(prober.readlink(candidate), (target) => {
            if (target.startsWith("/")) names.length = 0
            splitInto(pending, target)
            lastDir = undefined
            return step
          })
        }
        if (isLast) return Effect.succeed({ path: candidate, stat })
        if (stat.type !== "directory") return Effect.fail(vfsError("NotADirectory", operation, path))
        names.push(component)
        lastDir = stat
        return step
      })
    }
    // The walk ended on a directory: the root, or after `.`/`..` or a link to a directory.
    const physical = pathOf(names)
    if (lastDir !== undefined) return Effect.succeed({ path: physical, stat: lastDir })
    return Effect.map(prober.probe(physical), (stat) => ({ path: physical, stat }))
  })
  return step
}

/** Whether `path` is `ancestor` or lies under it (both physical, normalised). */
export const isWithin = (path: string, ancestor: string): boolean =>
  ancestor === "/" || path === ancestor || path.startsWith(`${ancestor}/`)

/** A resolved path that exists. */
export interface Found {
  readonly path: string
  readonly stat: FileStat
}

/** Resolve `path` and fail with `NotFound` when nothing is there. */
export const resolveExisting = (
  prober: Prober,
  path: string,
  followLast: boolean,
  operation: string
): Effect.Effect<Found, VfsError> =>
  Effect.flatMap(resolveVia(prober, path, followLast, operation), (found) =>
    found.stat === undefined
      ? Effect.fail(vfsError("NotFound", operation, path))
      : Effect.succeed({ path: found.path, stat: found.stat })
  )
