/** The virtual filesystem: the `Vfs` service, its errors, path helpers and every backend. */
export { type DirEntry, type FileStat, type FileType, Vfs, type VfsPrimitives, type VfsService } from "./Vfs.js"
export { VfsError, VfsErrorReason, vfsError, vfsErrorText } from "./VfsError.js"
export { baseName, joinPath, normalizePath, parentOf, resolvePath } from "./paths.js"
export { makeVfs } from "./make.js"
export {
  DEVICE_READ_BYTES,
  type FsLimits,
  InMemoryFs,
  type InMemoryFsOptions,
  type InitialFiles,
  makeInMemoryFs
} from "./InMemoryFs.js"
export { OverlayFs, type OverlayFsOptions } from "./OverlayFs.js"
export { MountableFs } from "./MountableFs.js"
export { ReadOnlyFs } from "./ReadOnlyFs.js"
export { HostDirectoryFs, type HostDirectoryFsOptions } from "./HostDirectoryFs.js"
export { fsLimitsOf, LimitedFs, limitFs } from "./LimitedFs.js"
export { meterFs } from "./MeteredFs.js"
