import { Effect } from "effect"
import { DEVICE_READ_BYTES } from "./memoryStore.js"
import { joinPath } from "../paths.js"
import type { FileStat, VfsPrimitives } from "../Vfs.js"
import type { VfsError } from "../VfsError.js"

/** What an entry (and, for a directory, everything under it) counts against the filesystem limits. */
export interface Measured {
  bytes: number
  nodes: number
  /** The largest single file met (for the per-file limit of a copy). */
  largest: number
}

export const EMPTY_MEASURE: Measured = { bytes: 0, nodes: 0, largest: 0 }

/**
 * What one entry counts, as the in-memory store counts it: every name one entry (hard links
 * included), a file its size (but a name of a file with other hard links frees no bytes), a
 * symlink its target. A character device copied as a file yields one read of it.
 */
export const entryCost = (stat: FileStat, asCopy: boolean): Measured => {
  switch (stat.type) {
    case "file":
      return stat.nlink > 1 && !asCopy ? { bytes: 0, nodes: 1, largest: 0 } : { bytes: stat.size, nodes: 1, largest: stat.size }
    case "symlink":
      return { bytes: stat.size, nodes: 1, largest: 0 }
    case "chardev":
      return asCopy ? { bytes: DEVICE_READ_BYTES, nodes: 1, largest: DEVICE_READ_BYTES } : { bytes: 0, nodes: 1, largest: 0 }
    default:
      return { bytes: 0, nodes: 1, largest: 0 }
  }
}

/**
 * Measure `path` (already stat'ed as `stat`) and, for a directory, its subtree (symlinks are
 * not followed). A directory that vanishes or cannot be read counts as empty.
 */
export const measureTree = (fs: VfsPrimitives, path: string, stat: FileStat, asCopy: boolean): Effect.Effect<Measured, VfsError> =>
  Effect.gen(function* () {
    const total: Measured = { ...entryCost(stat, asCopy) }
    if (stat.type !== "directory") return total
    const pending: Array<string> = [path]
    while (pending.length > 0) {
      const dir = pending.pop()!
      const entries = yield* Effect.orElseSucceed(fs.readdir(dir), () => [])
      for (const entry of entries) {
        const child = joinPath(dir, entry.name)
        const childStat = yield* Effect.orElseSucceed(fs.lstat(child), () => undefined)
        if (childStat === undefined) continue
        const cost = entryCost(childStat, asCopy)
        total.bytes += cost.bytes
        total.nodes += cost.nodes
        total.largest = Math.max(total.largest, cost.largest)
        if (childStat.type === "directory") pending.push(child)
      }
    }
    return total
  })
