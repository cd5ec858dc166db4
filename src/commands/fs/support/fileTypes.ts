import type { FileStat, FileType } from "../../../vfs/Vfs.js"

/** The S_IFMT bits of each file type, for raw modes (`stat %f`, `find -printf %M`). */
export const TYPE_BITS: Record<FileType, number> = {
  file: 0o100000,
  directory: 0o040000,
  symlink: 0o120000,
  fifo: 0o010000,
  chardev: 0o020000
}

/** `regular file`, `regular empty file`, `directory`, ... as stat's %F names them. */
export const typeName = (stat: FileStat): string => {
  switch (stat.type) {
    case "file":
      return stat.size === 0 ? "regular empty file" : "regular file"
    case "directory":
      return "directory"
    case "symlink":
      return "symbolic link"
    case "fifo":
      return "fifo"
    case "chardev":
      return "character special file"
  }
}
