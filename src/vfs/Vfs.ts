import { Context, type Effect } from "effect"
import type { VfsError } from "./VfsError.js"

export type FileType = "file" | "directory" | "symlink" | "fifo" | "chardev"

export interface FileStat {
  readonly type: FileType
  readonly size: number
  /** Permission bits only (e.g. 0o644); the type is in `type`. */
  readonly mode: number
  /** Milliseconds since the epoch. */
  readonly mtimeMs: number
  readonly atimeMs: number
  readonly ctimeMs: number
  readonly nlink: number
  readonly ino: number
  readonly uid: number
  readonly gid: number
}

export interface DirEntry {
  readonly name: string
  readonly type: FileType
}

/**
 * The primitives a filesystem backend implements. Paths are absolute and normalised by the
 * caller (see `paths.ts`); a backend still rejects NUL bytes and over-long paths.
 */
export interface VfsPrimitives {
  readonly stat: (path: string) => Effect.Effect<FileStat, VfsError>
  readonly lstat: (path: string) => Effect.Effect<FileStat, VfsError>
  readonly readFile: (path: string) => Effect.Effect<Uint8Array, VfsError>
  readonly writeFile: (path: string, data: Uint8Array, options?: { readonly mode?: number }) => Effect.Effect<void, VfsError>
  readonly appendFile: (path: string, data: Uint8Array) => Effect.Effect<void, VfsError>
  /** Entries sorted by name (byte order). */
  readonly readdir: (path: string) => Effect.Effect<ReadonlyArray<DirEntry>, VfsError>
  readonly mkdir: (path: string, options?: { readonly recursive?: boolean; readonly mode?: number }) => Effect.Effect<void, VfsError>
  readonly remove: (path: string, options?: { readonly recursive?: boolean; readonly force?: boolean }) => Effect.Effect<void, VfsError>
  readonly rename: (from: string, to: string) => Effect.Effect<void, VfsError>
  readonly copy: (from: string, to: string, options?: { readonly recursive?: boolean; readonly preserve?: boolean }) => Effect.Effect<void, VfsError>
  readonly symlink: (target: string, path: string) => Effect.Effect<void, VfsError>
  readonly readlink: (path: string) => Effect.Effect<string, VfsError>
  readonly realpath: (path: string) => Effect.Effect<string, VfsError>
  readonly link: (existing: string, path: string) => Effect.Effect<void, VfsError>
  readonly chmod: (path: string, mode: number) => Effect.Effect<void, VfsError>
  readonly chown: (path: string, uid: number, gid: number) => Effect.Effect<void, VfsError>
  readonly utimes: (path: string, atimeMs: number, mtimeMs: number) => Effect.Effect<void, VfsError>
  readonly truncate: (path: string, length: number) => Effect.Effect<void, VfsError>
}

/** The full service: the primitives plus the convenience surface `make` derives from them. */
export interface VfsService extends VfsPrimitives {
  readonly exists: (path: string) => Effect.Effect<boolean>
  readonly readText: (path: string) => Effect.Effect<string, VfsError>
  readonly writeText: (path: string, text: string) => Effect.Effect<void, VfsError>
  /** Every path under `root` (depth first, sorted), not following symlinked directories. */
  readonly walk: (root: string) => Effect.Effect<ReadonlyArray<string>, VfsError>
}

/** The filesystem a shell runs on. Provide any implementation with `Layer.succeed(Vfs, impl)`. */
export class Vfs extends Context.Tag("bashkit-effect/Vfs")<Vfs, VfsService>() {}
