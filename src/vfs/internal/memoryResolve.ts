import { vfsError } from "../VfsError.js"
import { childrenOf, type DirNode, type Node } from "./memoryNodes.js"

/** Symlinks followed while resolving one path before giving up with ELOOP (Linux uses 40). */
export const MAX_SYMLINK_HOPS = 40

/** Where a path lands: the directory holding the last component, its name, and its node. */
export interface Lookup {
  /** Directory that holds (or would hold) the entry. */
  readonly parent: DirNode
  /** The entry's name in `parent` (`""` for the root). */
  readonly name: string
  /** The entry, or `undefined` when only the parent exists. */
  readonly node: Node | undefined
  /** The directories walked from the root to `parent`, inclusive (for "into itself" checks). */
  readonly ancestors: ReadonlyArray<DirNode>
  /** Names of `ancestors` after the root: the physical path of `parent`. */
  readonly parentNames: ReadonlyArray<string>
}

/** The physical absolute path a lookup designates. */
export const lookupPath = (lookup: Lookup): string => {
  if (lookup.name === "") return "/"
  return lookup.parentNames.length === 0 ? `/${lookup.name}` : `/${lookup.parentNames.join("/")}/${lookup.name}`
}

const pushComponents = (pending: Array<string>, path: string): void => {
  const parts = path.split("/")
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!
    if (part !== "") pending.push(part)
  }
}

/**
 * Resolve `path` from `root`, following symlinks in every intermediate component and, when
 * `followLast`, in the last one. `..` inside symlink targets is physical (the directory the
 * walk is in), and never climbs above the root, so no link can leave this tree.
 * Throws `VfsError` (NotFound, NotADirectory, TooManyLinks); callers catch it at the edge.
 */
export const resolve = (root: DirNode, path: string, followLast: boolean, operation: string): Lookup => {
  const pending: Array<string> = []
  pushComponents(pending, path)
  const dirs: Array<DirNode> = [root]
  const names: Array<string> = []
  let hops = 0
  while (pending.length > 0) {
    const component = pending.pop()!
    if (component === ".") continue
    if (component === "..") {
      if (dirs.length > 1) {
        dirs.pop()
        names.pop()
      }
      continue
    }
    const current = dirs[dirs.length - 1]!
    const node = childrenOf(current).get(component)
    const isLast = pending.length === 0
    if (node === undefined) {
      if (isLast) return { parent: current, name: component, node: undefined, ancestors: dirs, parentNames: names }
      throw vfsError("NotFound", operation, path)
    }
    if (node.kind === "symlink" && (!isLast || followLast)) {
      if (++hops > MAX_SYMLINK_HOPS) throw vfsError("TooManyLinks", operation, path)
      if (node.target.startsWith("/")) {
        dirs.length = 1
        names.length = 0
      }
      pushComponents(pending, node.target)
      continue
    }
    if (isLast) return { parent: current, name: component, node, ancestors: dirs, parentNames: names }
    if (node.kind !== "directory") throw vfsError("NotADirectory", operation, path)
    dirs.push(node)
    names.push(component)
  }
  // The walk ended on a directory (the root, or a path ending in `.`, `..` or a link to a dir).
  const node = dirs[dirs.length - 1]!
  if (dirs.length === 1) return { parent: root, name: "", node: root, ancestors: [root], parentNames: [] }
  const name = names[names.length - 1]!
  dirs.pop()
  names.pop()
  return { parent: dirs[dirs.length - 1]!, name, node, ancestors: dirs, parentNames: names }
}
