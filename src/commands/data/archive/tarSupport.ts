import type { TarEntry } from "./tarFormat.js"

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
