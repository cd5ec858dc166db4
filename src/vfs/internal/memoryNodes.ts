import type { FileStat, FileType } from "../Vfs.js"

/** Content given by the host: bytes or text now, or a loader run on first read. */
export type ContentSource = string | Uint8Array
export type ContentLoader = () => ContentSource | Promise<ContentSource>

/** Metadata every in-memory inode carries. Mutable on purpose: this is the backend's store. */
interface NodeMeta {
  readonly ino: number
  mode: number
  uid: number
  gid: number
  atimeMs: number
  mtimeMs: number
  ctimeMs: number
  /** Directory entries naming this node (hard links); directories report 2 + subdirectories. */
  nlink: number
  /** Counted against the filesystem limits (false for the built-in layout and /bin listing). */
  quota: boolean
}

export interface FileNode extends NodeMeta {
  readonly kind: "file"
  /** Backing buffer; only `[0, size)` is content (spare capacity makes appends amortised O(1)). */
  data: Uint8Array
  size: number
  /** Set until a lazy initial file is first read. */
  loader: ContentLoader | undefined
}

export interface DirNode extends NodeMeta {
  readonly kind: "directory"
  readonly children: Map<string, Node>
  /** Fills `children` on first access (the /bin listing of commands). */
  populate: (() => void) | undefined
}

export interface SymlinkNode extends NodeMeta {
  readonly kind: "symlink"
  readonly target: string
}

export type DeviceKind = "null" | "zero" | "urandom" | "stdin" | "stdout" | "stderr"

export interface DeviceNode extends NodeMeta {
  readonly kind: "chardev"
  readonly device: DeviceKind
}

export type Node = FileNode | DirNode | SymlinkNode | DeviceNode

/** Owner of everything the sandbox user creates. */
export const USER_ID = 1000
export const ROOT_ID = 0

/** Allocates inode numbers and timestamps for one filesystem. */
export interface NodeFactory {
  readonly now: () => number
  nextIno: number
  /** Whether nodes made now count against the limits (off while building the default layout). */
  quota: boolean
}

// Object literals with every field written out (no spread): V8 keeps one shape per kind,
// and building the default layout stays in the microseconds.

export const newDir = (factory: NodeFactory, mode = 0o755, uid = USER_ID): DirNode => {
  const time = factory.now()
  return {
    kind: "directory",
    ino: factory.nextIno++,
    mode,
    uid,
    gid: uid,
    atimeMs: time,
    mtimeMs: time,
    ctimeMs: time,
    nlink: 1,
    quota: factory.quota,
    children: new Map(),
    populate: undefined
  }
}

export const newFile = (factory: NodeFactory, data: Uint8Array, mode = 0o644, uid = USER_ID): FileNode => {
  const time = factory.now()
  return {
    kind: "file",
    ino: factory.nextIno++,
    mode,
    uid,
    gid: uid,
    atimeMs: time,
    mtimeMs: time,
    ctimeMs: time,
    nlink: 1,
    quota: factory.quota,
    data,
    size: data.length,
    loader: undefined
  }
}

export const newSymlink = (factory: NodeFactory, target: string, uid = USER_ID): SymlinkNode => {
  const time = factory.now()
  return {
    kind: "symlink",
    ino: factory.nextIno++,
    mode: 0o777,
    uid,
    gid: uid,
    atimeMs: time,
    mtimeMs: time,
    ctimeMs: time,
    nlink: 1,
    quota: factory.quota,
    target
  }
}

export const newDevice = (factory: NodeFactory, device: DeviceKind, mode = 0o666): DeviceNode => {
  const time = factory.now()
  return {
    kind: "chardev",
    ino: factory.nextIno++,
    mode,
    uid: ROOT_ID,
    gid: ROOT_ID,
    atimeMs: time,
    mtimeMs: time,
    ctimeMs: time,
    nlink: 1,
    quota: factory.quota,
    device
  }
}

/** The children of a directory, filling a lazily listed one first. */
export const childrenOf = (dir: DirNode): Map<string, Node> => {
  if (dir.populate !== undefined) {
    const populate = dir.populate
    dir.populate = undefined
    populate()
  }
  return dir.children
}

const encoder = new TextEncoder()
export const toBytes = (content: ContentSource): Uint8Array =>
  typeof content === "string" ? encoder.encode(content) : content

/** Symlink size is the byte length of its target, as lstat reports it. */
const symlinkSize = (node: SymlinkNode): number => encoder.encode(node.target).length

const nodeType = (node: Node): FileType => (node.kind === "chardev" ? "chardev" : node.kind)

export const statOf = (node: Node): FileStat => {
  let size = 0
  let nlink = node.nlink
  if (node.kind === "file") size = node.size
  else if (node.kind === "symlink") size = symlinkSize(node)
  else if (node.kind === "directory") {
    nlink = 2
    for (const child of childrenOf(node).values()) if (child.kind === "directory") nlink++
    size = 4096
  }
  return {
    type: nodeType(node),
    size,
    mode: node.mode,
    mtimeMs: node.mtimeMs,
    atimeMs: node.atimeMs,
    ctimeMs: node.ctimeMs,
    nlink,
    ino: node.ino,
    uid: node.uid,
    gid: node.gid
  }
}

export const typeOf = nodeType
