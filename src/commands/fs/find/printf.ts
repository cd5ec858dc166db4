import type { Identity } from "../../Command.js"
import { blocksOf } from "../support/common.js"
import { modeString } from "../support/mode.js"
import { ctimeText, MONTHS, offsetText, WEEKDAYS, zonedTime } from "../support/time.js"
import { groupName, userName } from "../support/users.js"
import type { Node } from "./ast.js"

const TYPE_CHAR: Record<string, string> = { file: "f", directory: "d", symlink: "l", fifo: "p", chardev: "c" }

const pad2 = (n: number): string => String(n).padStart(2, "0")

/** One `%Tk` / `%Ak` / `%Ck` time field. */
const timeField = (ms: number, k: string, tz: string | undefined): string => {
  const t = zonedTime(ms, tz)
  const frac = String(Math.round((((ms % 1000) + 1000) % 1000) * 10_000_000)).padStart(10, "0")
  switch (k) {
    case "@":
      return `${Math.floor(ms / 1000)}.${frac}`
    case "Y":
      return String(t.year)
    case "y":
      return pad2(t.year % 100)
    case "m":
      return pad2(t.month)
    case "d":
      return pad2(t.day)
    case "e":
      return String(t.day).padStart(2)
    case "H":
      return pad2(t.hour)
    case "I":
      return pad2(((t.hour + 11) % 12) + 1)
    case "M":
      return pad2(t.minute)
    case "S":
      return `${pad2(t.second)}.${frac}`
    case "p":
      return t.hour < 12 ? "AM" : "PM"
    case "j": {
      const start = Date.UTC(t.year, 0, 1)
      return String(Math.floor((Date.UTC(t.year, t.month - 1, t.day) - start) / 86_400_000) + 1).padStart(3, "0")
    }
    case "a":
      return WEEKDAYS[t.weekday]!
    case "A":
      return ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][t.weekday]!
    case "b":
    case "h":
      return MONTHS[t.month - 1]!
    case "B":
      return ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][t.month - 1]!
    case "w":
      return String(t.weekday)
    case "Z":
      return tz === undefined || tz === "" ? "UTC" : tz
    case "z":
      return offsetText(t.offsetMinutes)
    case "s":
      return String(Math.floor(ms / 1000))
    case "T":
    case "X":
      return `${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}.${frac}`
    case "r":
      return `${pad2(((t.hour + 11) % 12) + 1)}:${pad2(t.minute)}:${pad2(t.second)} ${t.hour < 12 ? "AM" : "PM"}`
    case "D":
    case "x":
      return `${pad2(t.month)}/${pad2(t.day)}/${pad2(t.year % 100)}`
    case "F":
      return `${t.year}-${pad2(t.month)}-${pad2(t.day)}`
    case "c":
      return `${WEEKDAYS[t.weekday]} ${MONTHS[t.month - 1]} ${String(t.day).padStart(2)} ${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)} ${t.year}`
    case "+":
      return `${t.year}-${pad2(t.month)}-${pad2(t.day)}+${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}.${frac}`
    default:
      return ""
  }
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v", "\\": "\\", "0": "\0" }

const dirnameOf = (shown: string): string => {
  const trimmed = shown.replace(/\/+$/, "")
  const slash = trimmed.lastIndexOf("/")
  if (slash === -1) return "."
  return slash === 0 ? "/" : trimmed.slice(0, slash)
}

export interface PrintfEnv {
  readonly identity: Identity
  readonly tz: string | undefined
}

/** Expand a `-printf` format for one node. `\c` stops output (returned as `stop`). */
export const findPrintf = (format: string, node: Node, env: PrintfEnv): { text: string; stop: boolean } => {
  let out = ""
  const s = node.stat
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!
    if (ch === "\\") {
      const next = format[i + 1]
      if (next === undefined) {
        out += "\\"
        continue
      }
      i++
      if (next === "c") return { text: out, stop: true }
      const octal = /^[0-7]{1,3}/.exec(format.slice(i))
      if (octal !== null && next !== "0") {
        out += String.fromCharCode(Number.parseInt(octal[0], 8))
        i += octal[0].length - 1
        continue
      }
      out += ESCAPES[next] ?? `\\${next}`
      continue
    }
    if (ch !== "%") {
      out += ch
      continue
    }
    const match = /^([-+ #0]*)(\d*)(?:\.(\d+))?/.exec(format.slice(i + 1))!
    i += match[0].length + 1
    const directive = format[i]
    if (directive === undefined) {
      out += "%"
      break
    }
    let value: string
    switch (directive) {
      case "%":
        value = "%"
        break
      case "p":
        value = node.shown
        break
      case "f":
        value = node.depth === 0 ? (node.shown.replace(/\/+$/, "").split("/").pop() || "/") : node.name
        break
      case "h":
        value = dirnameOf(node.shown)
        break
      case "P":
        value = node.depth === 0 ? "" : node.shown.slice(node.start.length).replace(/^\/+/, "")
        break
      case "H":
        value = node.start
        break
      case "d":
        value = String(node.depth)
        break
      case "s":
        value = String(s.size)
        break
      case "k":
        value = String(Math.ceil(blocksOf(s) / 2))
        break
      case "b":
        value = String(blocksOf(s))
        break
      case "m":
        value = (s.mode & 0o7777).toString(8)
        break
      case "M":
        value = modeString(s.type, s.mode)
        break
      case "y":
        value = TYPE_CHAR[s.type] ?? "U"
        break
      case "Y":
        value = s.type !== "symlink" ? (TYPE_CHAR[s.type] ?? "U") : node.targetType === undefined ? "N" : (TYPE_CHAR[node.targetType] ?? "U")
        break
      case "l":
        value = node.linkTarget ?? ""
        break
      case "u":
        value = userName(env.identity, s.uid)
        break
      case "g":
        value = groupName(env.identity, s.gid)
        break
      case "U":
        value = String(s.uid)
        break
      case "G":
        value = String(s.gid)
        break
      case "i":
        value = String(s.ino)
        break
      case "n":
        value = String(s.nlink)
        break
      case "D":
        value = "1"
        break
      case "F":
        value = "bashkit-vfs"
        break
      case "S":
        value = "1"
        break
      case "t":
        value = ctimeText(s.mtimeMs, env.tz, true)
        break
      case "a":
        value = ctimeText(s.atimeMs, env.tz, true)
        break
      case "c":
        value = ctimeText(s.ctimeMs, env.tz, true)
        break
      case "T":
      case "A":
      case "C": {
        const k = format[++i] ?? ""
        const ms = directive === "T" ? s.mtimeMs : directive === "A" ? s.atimeMs : s.ctimeMs
        value = timeField(ms, k, env.tz)
        break
      }
      default:
        value = `%${directive}`
    }
    const flags = match[1]!
    const width = match[2] === "" ? 0 : Number(match[2])
    if (match[3] !== undefined && /[pfhPHlugM]/.test(directive)) value = value.slice(0, Number(match[3]))
    out += flags.includes("-") ? value.padEnd(width) : value.padStart(width, flags.includes("0") && /^\d+$/.test(value) ? "0" : " ")
  }
  return { text: out, stop: false }
}
