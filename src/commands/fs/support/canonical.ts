import { Effect } from "effect"
import type { VfsService } from "../../../vfs/Vfs.js"
import type { VfsErrorReason } from "../../../vfs/VfsError.js"

/**
 * How much of a path must exist: `all` (readlink -e, realpath -e), `allButLast` (readlink -f,
 * realpath), `none` (-m: missing components are taken lexically).
 */
export type CanonicalMode = "all" | "allButLast" | "none"

export type CanonicalResult = { readonly _tag: "Ok"; readonly path: string } | { readonly _tag: "Error"; readonly reason: VfsErrorReason }

const MAX_LINKS = 40

const split = (path: string): Array<string> => path.split("/").filter((c) => c !== "" && c !== ".")

const parent = (path: string): string => {
  const i = path.lastIndexOf("/")
  return i <= 0 ? "/" : path.slice(0, i)
}

/** Resolve every symlink and `.`/`..` of an absolute path, component by component. */
export const canonicalize = (fs: VfsService, absolute: string, mode: CanonicalMode): Effect.Effect<CanonicalResult> =>
  Effect.gen(function* () {
    const pending = split(absolute).reverse()
    let resolved = "/"
    let links = 0
    let missing = false
    while (pending.length > 0) {
      const component = pending.pop()!
      if (component === "..") {
        resolved = parent(resolved)
        continue
      }
      const candidate = resolved === "/" ? `/${component}` : `${resolved}/${component}`
      if (missing) {
        resolved = candidate
        continue
      }
      const stat = yield* Effect.either(fs.lstat(candidate))
      if (stat._tag === "Left") {
        const reason = stat.left.reason
        const isLast = pending.length === 0
        if (reason === "NotFound" && (mode === "none" || (mode === "allButLast" && isLast))) {
          missing = mode === "none"
          resolved = candidate
          continue
        }
        if (reason === "NotADirectory" && mode === "none") {
          missing = true
          resolved = candidate
          continue
        }
        return { _tag: "Error", reason }
      }
      if (stat.right.type === "symlink") {
        if (++links > MAX_LINKS) {
          if (mode === "none") return { _tag: "Ok", path: [candidate, ...pending.reverse()].join("/") }
          return { _tag: "Error", reason: "TooManyLinks" }
        }
        const target = yield* Effect.either(fs.readlink(candidate))
        if (target._tag === "Left") return { _tag: "Error", reason: target.left.reason }
        if (target.right.startsWith("/")) resolved = "/"
        pending.push(...split(target.right).reverse())
        continue
      }
      if (stat.right.type !== "directory" && pending.length > 0) {
        if (mode === "none") {
          missing = true
          resolved = candidate
          continue
        }
        return { _tag: "Error", reason: "NotADirectory" }
      }
      resolved = candidate
    }
    return { _tag: "Ok", path: resolved }
  })

/** `target` relative to the directory `base` (both absolute and normalised). */
export const relativePath = (target: string, base: string): string => {
  const t = split(target)
  const b = split(base)
  let common = 0
  while (common < t.length && common < b.length && t[common] === b[common]) common++
  const up = b.slice(common).map(() => "..")
  const rest = [...up, ...t.slice(common)]
  return rest.length === 0 ? "." : rest.join("/")
}

/** True when `path` is `base` or lies below it. */
export const isWithin = (path: string, base: string): boolean =>
  base === "/" || path === base || path.startsWith(base + "/")
