import type { Identity } from "../../Command.js"
import type { FileStat } from "../../../vfs/Vfs.js"
import { blocksOf } from "../support/common.js"
import { modeString } from "../support/mode.js"
import { humanSize } from "../support/sizes.js"
import { lsTime, statTime } from "../support/time.js"
import { groupName, userName } from "../support/users.js"
import { quoteName, type QuotingStyle } from "./quoting.js"
import { maxOf } from "../../support/maxOf.js"

/** One thing ls shows: a name, its (l)stat, and for symlinks the target. */
export interface Entry {
  readonly name: string
  readonly path: string
  readonly stat: FileStat
  readonly linkTarget?: string
  /** The stat of the link's target (undefined when dangling or not a link). */
  readonly targetStat?: FileStat
}

export interface LongOptions {
  readonly human: boolean
  readonly si: boolean
  readonly numeric: boolean
  readonly showOwner: boolean
  readonly showGroup: boolean
  readonly inode: boolean
  readonly blocks: boolean
  readonly fullTime: boolean
  readonly timeStyle: string | undefined
  readonly time: "mtime" | "atime" | "ctime"
  readonly classify: "none" | "all" | "slash"
  /** How names are written (`--quoting-style`, `-Q`, `-b`). */
  readonly quoting: QuotingStyle
  readonly nowMs: number
  readonly tz: string | undefined
  readonly identity: Identity
}

/** The indicator -F (`all`) or -p (`slash`) appends. */
export const indicator = (stat: FileStat | undefined, classify: LongOptions["classify"]): string => {
  if (stat === undefined || classify === "none") return ""
  if (stat.type === "directory") return "/"
  if (classify === "slash") return ""
  if (stat.type === "symlink") return "@"
  if (stat.type === "fifo") return "|"
  if (stat.type === "file" && (stat.mode & 0o111) !== 0) return "*"
  return ""
}

/** Size in 1 KiB blocks (or human) as `-s` and `total` print it. */
export const blockText = (stat: FileStat, human: boolean, si: boolean): string =>
  human ? humanSize(blocksOf(stat) * 512, si) : String(Math.ceil(blocksOf(stat) / 2))

const timeOf = (stat: FileStat, which: LongOptions["time"]): number =>
  which === "atime" ? stat.atimeMs : which === "ctime" ? stat.ctimeMs : stat.mtimeMs

const timeText = (ms: number, o: LongOptions): string => {
  const full = statTime(ms, o.tz)
  if (o.fullTime || o.timeStyle === "full-iso") return full
  if (o.timeStyle === "long-iso") return full.slice(0, 16)
  if (o.timeStyle === "iso") return ms > o.nowMs - 182.62 * 86_400_000 && ms <= o.nowMs ? full.slice(5, 16) : `${full.slice(0, 10)} `
  return lsTime(ms, o.nowMs, o.tz)
}

/** The `-l` lines for a group of entries, columns aligned across the group. */
export const longLines = (entries: ReadonlyArray<Entry>, o: LongOptions): Array<string> => {
  // When a style that quotes only some names quotes one, the others get a space so the names
  // line up, as GNU ls does in long listings.
  const align = o.quoting !== "literal" && entries.some((e) => quoteName(e.name, o.quoting) !== e.name) ? " " : ""
  const rows = entries.map((entry) => {
    const s = entry.stat
    const size = s.type === "chardev" ? "1, 3" : o.human ? humanSize(s.size, o.si) : String(s.size)
    const owner = o.numeric ? String(s.uid) : userName(o.identity, s.uid)
    const group = o.numeric ? String(s.gid) : groupName(o.identity, s.gid)
    const quoted = quoteName(entry.name, o.quoting)
    let name = quoted === entry.name ? align + quoted : quoted
    if (entry.linkTarget !== undefined) name += ` -> ${quoteName(entry.linkTarget, o.quoting)}${o.classify === "all" ? indicator(entry.targetStat, o.classify).replace("@", "") : ""}`
    else name += indicator(s, o.classify)
    return {
      inode: String(s.ino),
      blocks: blockText(s, o.human, o.si),
      mode: modeString(s.type, s.mode),
      nlink: String(s.nlink),
      owner,
      group,
      size,
      time: timeText(timeOf(s, o.time), o),
      name
    }
  })
  const width = (key: keyof (typeof rows)[number]) => maxOf(rows.map((r) => r[key].length), 0)
  const w = {
    inode: width("inode"),
    blocks: width("blocks"),
    nlink: width("nlink"),
    owner: width("owner"),
    group: width("group"),
    size: width("size")
  }
  return rows.map((r) => {
    const parts: Array<string> = []
    if (o.inode) parts.push(r.inode.padStart(w.inode))
    if (o.blocks) parts.push(r.blocks.padStart(w.blocks))
    parts.push(r.mode, r.nlink.padStart(w.nlink))
    if (o.showOwner) parts.push(r.owner.padEnd(w.owner))
    if (o.showGroup) parts.push(r.group.padEnd(w.group))
    parts.push(r.size.padStart(w.size), r.time, r.name)
    return parts.join(" ")
  })
}
