import { SafeRegExp } from "../../text/regex/SafeRegExp.js"
import type { TarEntry } from "./tarFormat.js"

/** A shell glob (`*`, `?`, `[...]`) as an anchored regular expression, for `--exclude`. */
export const globToRegExp = (glob: string): RegExp => {
  let source = ""
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === "*") source += ".*"
    else if (c === "?") source += "."
    else if (c === "[") {
      const end = glob.indexOf("]", i + 2)
      if (end === -1) source += "\\["
      else {
        const body = glob.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\")
        source += `[${body}]`
        i = end
      }
    } else source += c.replace(/[.+^${}()|\\\]]/g, "\\$&")
  }
  // Linear-time matching: `*a*a*a*b` must not backtrack.
  return new SafeRegExp(`^${source}$`)
}

const permissions = (mode: number): string => {
  const bits = "rwxrwxrwx"
  let out = ""
  for (let i = 0; i < 9; i++) out += mode & (1 << (8 - i)) ? bits[i] : "-"
  return out
}

const pad = (n: number): string => String(n).padStart(2, "0")

/** `tar -tv` line: `-rw-r--r-- user/group 6 2024-01-01 12:00 name`. */
export const formatLongListing = (entry: TarEntry): string => {
  const kind = entry.type === "directory" ? "d" : entry.type === "symlink" ? "l" : entry.type === "hardlink" ? "h" : "-"
  const date = new Date(entry.mtime * 1000)
  const when = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
  const owner = `${entry.uname || entry.uid}/${entry.gname || entry.gid}`
  const link = entry.type === "symlink" ? ` -> ${entry.linkname}` : entry.type === "hardlink" ? ` link to ${entry.linkname}` : ""
  return `${kind}${permissions(entry.mode)} ${owner} ${String(entry.size).padStart(Math.max(1, 19 - owner.length))} ${when} ${entry.name}${link}`
}
