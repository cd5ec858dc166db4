/** Pure path helpers on POSIX-style absolute paths (no symlink resolution here). */

/** Normalise an absolute path: collapse repeated slashes, resolve `.` and `..` lexically. */
export const normalizePath = (path: string): string => {
  const out: Array<string> = []
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue
    if (segment === "..") out.pop()
    else out.push(segment)
  }
  return "/" + out.join("/")
}

/** Resolve `path` against the absolute directory `cwd`, then normalise. */
export const resolvePath = (cwd: string, path: string): string =>
  normalizePath(path.startsWith("/") ? path : `${cwd}/${path}`)

/** `dirname` of a normalised absolute path. */
export const parentOf = (path: string): string => {
  const index = path.lastIndexOf("/")
  return index <= 0 ? "/" : path.slice(0, index)
}

/** Last segment of a normalised absolute path (`""` for the root). */
export const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1)

/** Join a directory and a name. */
export const joinPath = (dir: string, name: string): string => (dir === "/" ? `/${name}` : `${dir}/${name}`)
