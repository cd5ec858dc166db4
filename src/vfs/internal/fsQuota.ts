import type { ExecutionLimitsShape } from "../../limits/ExecutionLimits.js"
import { vfsError } from "../VfsError.js"

/**
 * The filesystem limits and the one place that decides whether a change fits them. The
 * in-memory store charges it with exact sizes as it changes nodes; `LimitedFs` charges it from
 * the outside for every other backend. Both refuse with `NoSpace` and the same detail texts.
 */
export type FsLimits = Pick<ExecutionLimitsShape, "maxFileBytes" | "maxTotalBytes" | "maxFileCount" | "maxPathLength" | "maxPathDepth">

export interface FsUsage {
  readonly bytes: number
  readonly nodes: number
}

const noSpace = (operation: string, path: string, detail: string): never => {
  throw vfsError("NoSpace", operation, path, detail)
}

/** Components of a normalised absolute path (`/` has none). */
export const pathDepth = (path: string): number => {
  let depth = 0
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47 && i + 1 < path.length) depth++
  return depth
}

/** Counters a quota charges (shared by the wrappers of one backend). */
export interface FsCounters {
  bytes: number
  nodes: number
}

export class FsQuota {
  constructor(
    readonly limits: FsLimits,
    /** Bytes of file contents and symlink targets; entries: every name of a file, directory or symlink (a hard link is one more). */
    readonly used: FsCounters = { bytes: 0, nodes: 0 }
  ) {}

  get bytes(): number {
    return this.used.bytes
  }

  get nodes(): number {
    return this.used.nodes
  }

  /** Throws `NoSpace` when a new entry `depth` levels deep, with a `length`-character path, or `newNodes` more entries do not fit. */
  checkEntry(operation: string, path: string, depth: number, length: number, newNodes: number): void {
    const limits = this.limits
    if (depth > limits.maxPathDepth) noSpace(operation, path, `path deeper than ${limits.maxPathDepth} levels`)
    if (length > limits.maxPathLength) noSpace(operation, path, `path longer than ${limits.maxPathLength} bytes`)
    if (newNodes > 0 && this.nodes + newNodes > limits.maxFileCount) noSpace(operation, path, `more than ${limits.maxFileCount} files`)
  }

  /** Throws `NoSpace` when a symlink target is longer than a path may be (it is stored as an entry's content). */
  checkLinkTarget(operation: string, path: string, target: string): void {
    if (target.length > this.limits.maxPathLength) noSpace(operation, path, `path longer than ${this.limits.maxPathLength} bytes`)
  }

  /** Throws `NoSpace` when one file of `size` bytes is too large. */
  checkFileSize(operation: string, path: string, size: number): void {
    if (size > this.limits.maxFileBytes) noSpace(operation, path, `file larger than ${this.limits.maxFileBytes} bytes`)
  }

  /** Throws `NoSpace` when the filesystem cannot grow by `delta` bytes. */
  checkTotal(operation: string, path: string, delta: number): void {
    if (delta > 0 && this.bytes + delta > this.limits.maxTotalBytes) noSpace(operation, path, `filesystem over ${this.limits.maxTotalBytes} bytes`)
  }

  /** A file growing (or shrinking) from `oldSize` to `newSize` bytes: both the file and the total limit. */
  checkResize(operation: string, path: string, newSize: number, oldSize: number): void {
    this.checkFileSize(operation, path, newSize)
    this.checkTotal(operation, path, newSize - oldSize)
  }

  /** Record a change that was allowed (negative to free). */
  charge(bytes: number, nodes: number): void {
    this.used.bytes += bytes
    this.used.nodes += nodes
  }
}

/** Whether every limit of `inner` is at least as strict as the matching one of `outer`. */
export const atLeastAsStrict = (inner: FsLimits, outer: FsLimits): boolean =>
  inner.maxFileBytes <= outer.maxFileBytes &&
  inner.maxTotalBytes <= outer.maxTotalBytes &&
  inner.maxFileCount <= outer.maxFileCount &&
  inner.maxPathLength <= outer.maxPathLength &&
  inner.maxPathDepth <= outer.maxPathDepth
