import type { DirEntry, FileStat } from "../Vfs.js"
import { VfsError, vfsError } from "../VfsError.js"
import { buildDefaultLayout, ensureDir } from "./defaultLayout.js"
import {
  childrenOf,
  type ContentLoader,
  type ContentSource,
  type DeviceKind,
  type DirNode,
  type FileNode,
  newDevice,
  newDir,
  newFile,
  newSymlink,
  type Node,
  type NodeFactory,
  ROOT_ID,
  statOf,
  toBytes,
  typeOf
} from "./memoryNodes.js"
import { type Lookup, lookupPath, resolve } from "./memoryResolve.js"
import { type FsLimits, FsQuota } from "./fsQuota.js"

/**
 * The in-memory filesystem as plain synchronous code over Maps. Every operation either returns
 * or throws a `VfsError` (or a `PendingLoad` when an async lazy file must be loaded first);
 * `InMemoryFs.ts` turns that into Effects at the edge.
 */

export { DEVICE_READ_BYTES } from "../devices.js"

export type StoreLimits = FsLimits

export type InitialFile = ContentSource | ContentLoader | { readonly content: ContentSource; readonly mode?: number }

/** Thrown by an operation that met a lazy file whose loader returned a promise. */
export class PendingLoad {
  constructor(
    readonly promise: Promise<ContentSource>,
    readonly path: string,
    /** Install the loaded content. */
    readonly settle: (content: ContentSource) => void
  ) {}
}

const EMPTY = new Uint8Array(0)

/**
 * The whole content of a device: empty for null and the standard streams (the shell reaches
 * those through the command's own streams). The endless devices have no whole content: a
 * reader that wants all of it is refused (EFBIG) instead of given a silent piece; streaming
 * readers open them through `vfs/devices.ts`.
 */
const readDevice = (device: DeviceKind, operation: string, path: string): Uint8Array => {
  if (device === "zero" || device === "urandom") throw vfsError("FileTooLarge", operation, path, "endless device")
  return EMPTY
}

const hasNul = (path: string): boolean => path.includes("\0")

export class MemoryStore {
  readonly root: DirNode
  private readonly factory: NodeFactory
  /** What the limits allow and what is counted (the built-in layout is free). */
  readonly quota: FsQuota

  constructor(
    files: Readonly<Record<string, InitialFile>> | undefined,
    limits: StoreLimits,
    now: () => number,
    commandNames: (() => Iterable<string>) | undefined,
    layout: boolean
  ) {
    this.quota = new FsQuota(limits)
    this.factory = { now, nextIno: 2, quota: true }
    this.root = newDir(this.factory, 0o755, ROOT_ID)
    this.root.quota = false
    this.root.populate = () => {
      if (layout) buildDefaultLayout(this.root, this.factory, commandNames)
      if (files !== undefined) this.seed(files)
    }
  }

  /** Usage counted against the limits (the built-in layout is free). */
  usage(): { readonly bytes: number; readonly nodes: number } {
    childrenOf(this.root)
    return { bytes: this.quota.bytes, nodes: this.quota.nodes }
  }

  // ---------------------------------------------------------------- seeding

  private seed(files: Readonly<Record<string, InitialFile>>): void {
    for (const [rawPath, value] of Object.entries(files)) {
      if (hasNul(rawPath)) continue
      const parts = rawPath.split("/").filter((part) => part !== "" && part !== ".")
      const name = parts.pop()
      if (name === undefined || name === "..") continue
      let dir = this.root
      for (const part of parts) {
        if (part === "..") continue
        const before = childrenOf(dir).get(part)
        dir = ensureDir(this.factory, dir, part)
        if (before !== dir) this.quota.charge(0, 1)
      }
      const previous = childrenOf(dir).get(name)
      if (previous !== undefined) this.release(previous)
      childrenOf(dir).set(name, this.seedFile(value))
      this.quota.charge(0, 1)
    }
  }

  private seedFile(value: InitialFile): FileNode {
    if (typeof value === "function") {
      const file = newFile(this.factory, EMPTY)
      file.loader = value
      return file
    }
    if (typeof value === "string" || value instanceof Uint8Array) {
      const data = toBytes(value).slice()
      this.quota.charge(data.length, 0)
      return newFile(this.factory, data)
    }
    const data = toBytes(value.content).slice()
    this.quota.charge(data.length, 0)
    return newFile(this.factory, data, value.mode ?? 0o644)
  }

  // ---------------------------------------------------------------- helpers

  private lookup(path: string, followLast: boolean, operation: string): Lookup {
    if (hasNul(path)) throw vfsError("InvalidPath", operation, path, "path contains a NUL byte")
    return resolve(this.root, path, followLast, operation)
  }

  /** The content of a file, running a lazy loader first (a promise is handed to the edge). */
  private content(node: FileNode, path: string): Uint8Array {
    if (node.loader !== undefined) {
      let produced: ContentSource | Promise<ContentSource>
      try {
        produced = node.loader()
      } catch (cause) {
        throw vfsError("NotFound", "readFile", path, `content loader failed: ${String(cause)}`)
      }
      if (produced instanceof Promise) {
        node.loader = () => produced // concurrent readers wait on the same load
        throw new PendingLoad(produced, path, (content) => this.settle(node, content))
      }
      this.settle(node, produced)
    }
    return node.data.subarray(0, node.size)
  }

  /** Install a lazy file's loaded content. Host-provided content is counted, never refused. */
  settle(node: FileNode, content: ContentSource): void {
    if (node.loader === undefined) return
    const data = toBytes(content).slice()
    node.loader = undefined
    node.data = data
    node.size = data.length
    if (node.quota) this.quota.charge(data.length, 0)
  }

  private touch(node: Node): void {
    const time = this.factory.now()
    node.mtimeMs = time
    node.ctimeMs = time
  }

  /** Refuse a new entry at `lookup` that would break a path or count limit. */
  private checkNewEntry(lookup: Lookup, operation: string, path: string, newNodes: number): void {
    this.quota.checkEntry(operation, path, lookup.parentNames.length + 1, lookupPath(lookup).length, newNodes)
  }

  private attach(parent: DirNode, name: string, node: Node): void {
    childrenOf(parent).set(name, node)
    if (node.quota) this.quota.charge(node.kind === "symlink" ? node.target.length : 0, 1)
    this.touch(parent)
  }

  /**
   * Drop one name of `node` (each name is an entry of the count); free its bytes (and a
   * directory's subtree) when no name is left.
   */
  private release(node: Node): void {
    node.nlink--
    // The layout's own names are free; names added to its files by `ln` were counted.
    if (node.quota || node.nlink > 0) this.quota.charge(0, -1)
    if (node.nlink > 0 && node.kind !== "directory") return
    if (node.quota) {
      const bytes = node.kind === "file" && node.loader === undefined ? node.size : node.kind === "symlink" ? node.target.length : 0
      this.quota.charge(-bytes, 0)
    }
    if (node.kind === "directory") for (const child of childrenOf(node).values()) this.release(child)
  }

  private replaceBytes(node: FileNode, data: Uint8Array, operation: string, path: string): void {
    const oldSize = node.loader === undefined ? node.size : 0
    if (node.quota) this.quota.checkResize(operation, path, data.length, oldSize)
    else this.quota.checkFileSize(operation, path, data.length)
    if (node.quota) this.quota.charge(data.length - oldSize, 0)
    node.loader = undefined
    node.data = data.slice()
    node.size = data.length
    this.touch(node)
  }

  // ---------------------------------------------------------------- reads

  stat(path: string, follow: boolean): FileStat {
    const found = this.lookup(path, follow, follow ? "stat" : "lstat")
    const node = found.node
    if (node === undefined) throw vfsError("NotFound", follow ? "stat" : "lstat", path)
    if (node.kind === "file") this.content(node, path)
    return statOf(node)
  }

  readFile(path: string): Uint8Array {
    const node = this.lookup(path, true, "readFile").node
    if (node === undefined) throw vfsError("NotFound", "readFile", path)
    switch (node.kind) {
      case "file":
        return this.content(node, path).slice()
      case "directory":
        throw vfsError("IsADirectory", "readFile", path)
      case "chardev":
        return readDevice(node.device, "readFile", path)
      case "symlink":
        throw vfsError("TooManyLinks", "readFile", path)
    }
  }

  readdir(path: string): ReadonlyArray<DirEntry> {
    const node = this.lookup(path, true, "readdir").node
    if (node === undefined) throw vfsError("NotFound", "readdir", path)
    if (node.kind !== "directory") throw vfsError("NotADirectory", "readdir", path)
    const children = childrenOf(node)
    const names = Array.from(children.keys()).sort()
    return names.map((name) => ({ name, type: typeOf(children.get(name)!) }))
  }

  readlink(path: string): string {
    const node = this.lookup(path, false, "readlink").node
    if (node === undefined) throw vfsError("NotFound", "readlink", path)
    if (node.kind !== "symlink") throw vfsError("InvalidPath", "readlink", path, "not a symbolic link")
    return node.target
  }

  realpath(path: string): string {
    const found = this.lookup(path, true, "realpath")
    if (found.node === undefined) throw vfsError("NotFound", "realpath", path)
    return lookupPath(found)
  }

  // ---------------------------------------------------------------- writes

  writeFile(path: string, data: Uint8Array, mode: number | undefined): void {
    const found = this.lookup(path, true, "writeFile")
    const node = found.node
    if (node === undefined) {
      this.checkNewEntry(found, "writeFile", path, 1)
      this.quota.checkResize("writeFile", path, data.length, 0)
      this.quota.charge(data.length, 0)
      this.attach(found.parent, found.name, newFile(this.factory, data.slice(), mode ?? 0o644))
      return
    }
    if (node.kind === "directory") throw vfsError("IsADirectory", "writeFile", path)
    if (node.kind === "file") this.replaceBytes(node, data, "writeFile", path)
  }

  appendFile(path: string, data: Uint8Array): void {
    const found = this.lookup(path, true, "appendFile")
    const node = found.node
    if (node === undefined) return this.writeFile(path, data, undefined)
    if (node.kind === "directory") throw vfsError("IsADirectory", "appendFile", path)
    if (node.kind !== "file") return
    this.content(node, path)
    const size = node.size + data.length
    if (node.quota) {
      this.quota.checkResize("appendFile", path, size, node.size)
      this.quota.charge(data.length, 0)
    }
    if (size > node.data.length) {
      const grown = new Uint8Array(Math.max(size, node.data.length * 2, 64))
      grown.set(node.data.subarray(0, node.size))
      node.data = grown
    }
    node.data.set(data, node.size)
    node.size = size
    this.touch(node)
  }

  truncate(path: string, length: number): void {
    const node = this.lookup(path, true, "truncate").node
    if (node === undefined) throw vfsError("NotFound", "truncate", path)
    if (node.kind === "directory") throw vfsError("IsADirectory", "truncate", path)
    if (node.kind !== "file") return
    if (!Number.isInteger(length) || length < 0) throw vfsError("InvalidPath", "truncate", path, "invalid length")
    const current = this.content(node, path)
    const next = new Uint8Array(length)
    next.set(length >= node.size ? current : current.subarray(0, length))
    this.replaceBytes(node, next, "truncate", path)
  }

  mkdir(path: string, recursive: boolean, mode: number | undefined): void {
    if (!recursive) {
      const found = this.lookup(path, false, "mkdir")
      if (found.node !== undefined) throw vfsError("AlreadyExists", "mkdir", path)
      this.checkNewEntry(found, "mkdir", path, 1)
      this.attach(found.parent, found.name, newDir(this.factory, mode ?? 0o755))
      return
    }
    // GNU `mkdir -p`: a link to a directory is fine, a dangling link is "File exists".
    const parts = path.split("/").filter((part) => part !== "")
    let prefix = ""
    for (let i = 0; i < parts.length; i++) {
      prefix += `/${parts[i]}`
      let found = this.lookup(prefix, false, "mkdir")
      if (found.node === undefined) {
        this.checkNewEntry(found, "mkdir", path, 1)
        this.attach(found.parent, found.name, newDir(this.factory, mode ?? 0o755))
        continue
      }
      if (found.node.kind === "symlink") {
        found = this.followForMkdir(prefix, path)
        if (found.node === undefined) throw vfsError("AlreadyExists", "mkdir", path)
      }
      if (found.node!.kind !== "directory") throw vfsError(i === parts.length - 1 ? "AlreadyExists" : "NotADirectory", "mkdir", path)
    }
  }

  /** Where a link met by `mkdir -p` leads; dangling anywhere along the way is "File exists". */
  private followForMkdir(prefix: string, path: string): Lookup {
    try {
      return this.lookup(prefix, true, "mkdir")
    } catch (error) {
      if (error instanceof VfsError && error.reason === "NotFound") throw vfsError("AlreadyExists", "mkdir", path)
      throw error
    }
  }

  remove(path: string, recursive: boolean, force: boolean): void {
    const found = this.lookup(path, false, "remove")
    const node = found.node
    if (node === undefined) {
      if (force) return
      throw vfsError("NotFound", "remove", path)
    }
    if (found.name === "") throw vfsError("PermissionDenied", "remove", path, "cannot remove the root")
    if (node.kind === "directory" && !recursive && childrenOf(node).size > 0) throw vfsError("NotEmpty", "remove", path)
    childrenOf(found.parent).delete(found.name)
    this.touch(found.parent)
    this.release(node)
  }

  rename(from: string, to: string): void {
    // Both parents are looked up before the source itself is required, as rename(2) does.
    const source = this.lookup(from, false, "rename")
    const target = this.lookup(to, false, "rename")
    const node = source.node
    if (node === undefined) throw vfsError("NotFound", "rename", from)
    if (source.name === "") throw vfsError("InvalidPath", "rename", from, "cannot move the root")
    if (target.name === "") throw vfsError("InvalidPath", "rename", to, "cannot replace the root")
    const existing = target.node
    if (existing === node) return
    if (node.kind === "directory") {
      if (target.ancestors.includes(node)) throw vfsError("InvalidPath", "rename", to, "cannot move a directory into itself")
      if (existing !== undefined) {
        if (existing.kind !== "directory") throw vfsError("NotADirectory", "rename", to)
        if (childrenOf(existing).size > 0) throw vfsError("NotEmpty", "rename", to)
      }
    } else if (existing?.kind === "directory") throw vfsError("IsADirectory", "rename", to)
    this.checkNewEntry(target, "rename", to, 0)
    childrenOf(source.parent).delete(source.name)
    this.touch(source.parent)
    if (existing !== undefined) this.release(existing)
    childrenOf(target.parent).set(target.name, node)
    this.touch(target.parent)
    node.ctimeMs = this.factory.now()
  }

  symlink(target: string, path: string): void {
    const found = this.lookup(path, false, "symlink")
    if (target === "" || hasNul(target)) throw vfsError("NotFound", "symlink", path, "empty or invalid target")
    if (found.node !== undefined) throw vfsError("AlreadyExists", "symlink", path)
    this.checkNewEntry(found, "symlink", path, 1)
    this.quota.checkLinkTarget("symlink", path, target)
    this.quota.checkTotal("symlink", path, target.length)
    this.attach(found.parent, found.name, newSymlink(this.factory, target))
  }

  link(existingPath: string, path: string): void {
    const node = this.lookup(existingPath, false, "link").node
    if (node === undefined) throw vfsError("NotFound", "link", existingPath)
    const found = this.lookup(path, false, "link")
    if (found.node !== undefined) throw vfsError("AlreadyExists", "link", path)
    if (node.kind === "directory") throw vfsError("PermissionDenied", "link", existingPath, "hard link not allowed for directory")
    // A hard link is one more entry (names are what a script can multiply), not more bytes.
    this.checkNewEntry(found, "link", path, 1)
    childrenOf(found.parent).set(found.name, node)
    this.touch(found.parent)
    this.quota.charge(0, 1)
    node.nlink++
    node.ctimeMs = this.factory.now()
  }

  chmod(path: string, mode: number): void {
    const node = this.existing(path, "chmod")
    node.mode = mode & 0o7777
    node.ctimeMs = this.factory.now()
  }

  chown(path: string, uid: number, gid: number): void {
    const node = this.existing(path, "chown")
    node.uid = uid
    node.gid = gid
    node.ctimeMs = this.factory.now()
  }

  utimes(path: string, atimeMs: number, mtimeMs: number): void {
    const node = this.existing(path, "utimes")
    node.atimeMs = atimeMs
    node.mtimeMs = mtimeMs
    node.ctimeMs = this.factory.now()
  }

  private existing(path: string, operation: string): Node {
    const node = this.lookup(path, true, operation).node
    if (node === undefined) throw vfsError("NotFound", operation, path)
    return node
  }

  // ---------------------------------------------------------------- copy

  copy(from: string, to: string, recursive: boolean, preserve: boolean): void {
    const source = this.lookup(from, !recursive, "copy")
    const node = source.node
    if (node === undefined) throw vfsError("NotFound", "copy", from)
    if (node.kind === "directory" && !recursive) throw vfsError("IsADirectory", "copy", from)
    const target = this.lookup(to, true, "copy")
    const existing = target.node
    if (existing === node) throw vfsError("InvalidPath", "copy", to, "source and destination are the same file")
    if (node.kind === "directory") {
      if (target.ancestors.includes(node)) throw vfsError("InvalidPath", "copy", to, "cannot copy a directory into itself")
      if (existing !== undefined && existing.kind !== "directory") throw vfsError("NotADirectory", "copy", to)
    } else if (existing?.kind === "directory") throw vfsError("IsADirectory", "copy", to)
    // Measure first (loading lazy files), so a copy over a limit changes nothing.
    const need = { nodes: 0, bytes: 0 }
    this.measure(node, from, need, recursive)
    const replaced = existing?.kind === "file" && existing.loader === undefined ? existing.size : 0
    this.checkNewEntry(target, "copy", to, existing === undefined ? need.nodes : Math.max(0, need.nodes - 1))
    this.quota.checkTotal("copy", to, need.bytes - replaced)
    this.copyNode(node, target.parent, target.name, preserve, recursive, to)
  }

  private measure(node: Node, path: string, need: { nodes: number; bytes: number }, recursive: boolean): void {
    need.nodes++
    if (node.kind === "file") {
      const size = this.content(node, path).length
      this.quota.checkFileSize("copy", path, size)
      need.bytes += size
    } else if (node.kind === "symlink") need.bytes += node.target.length
    else if (node.kind === "chardev" && !recursive) need.bytes += readDevice(node.device, "copy", path).length
    else if (node.kind === "directory")
      for (const [name, child] of childrenOf(node)) this.measure(child, `${path}/${name}`, need, recursive)
  }

  private copyNode(node: Node, parent: DirNode, name: string, preserve: boolean, recursive: boolean, path: string): void {
    const children = childrenOf(parent)
    let existing = children.get(name)
    if (existing !== undefined && (node.kind === "directory") !== (existing.kind === "directory")) existing = undefined
    if (existing !== undefined && existing.kind !== "directory" && existing.kind !== "file") {
      children.delete(name)
      this.release(existing)
      existing = undefined
    }
    let made: Node
    if (node.kind === "directory") {
      const dir = existing?.kind === "directory" ? existing : newDir(this.factory, node.mode)
      if (existing === undefined) this.attach(parent, name, dir)
      for (const [childName, child] of Array.from(childrenOf(node))) {
        this.copyNode(child, dir, childName, preserve, recursive, `${path}/${childName}`)
      }
      made = dir
    } else if (node.kind === "symlink") {
      made = newSymlink(this.factory, node.target)
      this.attach(parent, name, made)
    } else if (node.kind === "chardev" && recursive) {
      made = newDevice(this.factory, node.device, node.mode)
      this.attach(parent, name, made)
    } else {
      const data = node.kind === "file" ? node.data.subarray(0, node.size) : readDevice(node.device, "copy", path)
      if (existing?.kind === "file") {
        this.replaceBytes(existing, data, "copy", path)
        made = existing
      } else {
        made = newFile(this.factory, data.slice(), node.mode)
        this.quota.charge(data.length, 0)
        this.attach(parent, name, made)
      }
    }
    if (preserve) {
      made.mode = node.mode
      made.mtimeMs = node.mtimeMs
      made.atimeMs = node.atimeMs
      made.uid = node.uid
      made.gid = node.gid
    }
  }
}
