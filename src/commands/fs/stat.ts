import { Effect } from "effect"
import type { Command, CommandContext } from "../Command.js"
import { usageError } from "../support/io.js"
import type { FileStat } from "../../vfs/Vfs.js"
import { attempt, blocksOf, errorText, flag, OutputBuffer, quote, warn, withArgs } from "./support/common.js"
import { TYPE_BITS, typeName } from "./support/fileTypes.js"
import { modeString } from "./support/mode.js"
import { epochSecondsText, statTime } from "./support/time.js"
import { groupName, userName } from "./support/users.js"

/** The sandbox's single virtual device number (major 0, minor 1). */
const DEVICE = 1

const DEFAULT_FORMAT =
  "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\nDevice: %Hd,%Ld\tInode: %-11i Links: %h\nAccess: (%04a/%A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n"
const TERSE_FORMAT = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n"

interface Subject {
  readonly name: string
  readonly stat: FileStat
  readonly linkTarget: string | undefined
}

/** Expand backslash escapes of `--printf`. */
const unescape = (text: string): string =>
  text.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, seq: string) => {
    if (seq[0] === "x") return String.fromCharCode(Number.parseInt(seq.slice(1), 16))
    if (/^[0-7]/.test(seq)) return String.fromCharCode(Number.parseInt(seq, 8))
    const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v", "\\": "\\", '"': '"' }
    return simple[seq] ?? `\\${seq}`
  })

const pad = (text: string, flags: string, width: string): string => {
  if (width === "") return text
  const n = Number(width)
  if (flags.includes("-")) return text.padEnd(n)
  if (flags.includes("0") && /^-?\d+$/.test(text)) {
    const negative = text.startsWith("-")
    const digits = negative ? text.slice(1) : text
    return (negative ? "-" : "") + digits.padStart(n - (negative ? 1 : 0), "0")
  }
  return text.padStart(n)
}

const seconds = (ms: number): string => epochSecondsText(ms)

const directive = (ctx: CommandContext, subject: Subject, letter: string, flags: string, literal: boolean): string | undefined => {
  const q = literal ? (text: string) => text : quote
  const { stat, name } = subject
  const tz = ctx.env.TZ
  switch (letter) {
    case "n":
      return name
    case "N":
      return subject.linkTarget === undefined ? q(name) : `${q(name)} -> ${q(subject.linkTarget)}`
    case "s":
      return String(stat.size)
    case "a":
      return (stat.mode & 0o7777).toString(8) !== "" && flags.includes("#") ? "0" + (stat.mode & 0o7777).toString(8) : (stat.mode & 0o7777).toString(8)
    case "A":
      return modeString(stat.type, stat.mode)
    case "f":
      return (TYPE_BITS[stat.type] | (stat.mode & 0o7777)).toString(16)
    case "F":
      return typeName(stat)
    case "u":
      return String(stat.uid)
    case "U":
      return userName(ctx.identity, stat.uid)
    case "g":
      return String(stat.gid)
    case "G":
      return groupName(ctx.identity, stat.gid)
    case "i":
      return String(stat.ino)
    case "h":
      return String(stat.nlink)
    case "b":
      return String(blocksOf(stat))
    case "B":
      return "512"
    case "o":
      return "4096"
    case "d":
      return String(DEVICE)
    case "D":
      return DEVICE.toString(16)
    case "t":
    case "T":
      return "0"
    case "x":
      return statTime(stat.atimeMs, tz)
    case "X":
      return seconds(stat.atimeMs)
    case "y":
      return statTime(stat.mtimeMs, tz)
    case "Y":
      return seconds(stat.mtimeMs)
    case "z":
      return statTime(stat.ctimeMs, tz)
    case "Z":
      return seconds(stat.ctimeMs)
    case "w":
      return "-"
    case "W":
      return "0"
    case "m":
      return "/"
    case "%":
      return "%"
    default:
      return undefined
  }
}

/** Expand a stat format for one file. */
const render = (ctx: CommandContext, subject: Subject, format: string, literal: boolean): string => {
  let out = ""
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!
    if (ch !== "%") {
      out += ch
      continue
    }
    const match = /^([-#0 +']*)(\d*)(?:\.(\d+))?([HL]?)(.?)/.exec(format.slice(i + 1))!
    const [whole, flags = "", width = "", precision, size = "", letter = ""] = match
    i += whole.length
    if (letter === "") {
      out += "%"
      continue
    }
    if (letter === "%") {
      out += "%"
      continue
    }
    let value: string | undefined
    if (size !== "" && (letter === "d" || letter === "r")) value = size === "H" ? "0" : String(DEVICE)
    else value = directive(ctx, subject, letter, flags, literal)
    if (value === undefined) {
      out += `?`
      continue
    }
    if (precision !== undefined && /^[xyz]$/.test(letter)) {
      // %.3y: trim the nanoseconds to the given precision
      value = value.replace(/\.(\d{9})/, (_, ns: string) => (Number(precision) === 0 ? "" : "." + ns.slice(0, Number(precision))))
    }
    out += pad(value, flags, width)
  }
  return out
}

export const stat: Command = {
  name: "stat",
  run: (ctx) =>
    withArgs(
      ctx,
      {
        options: [
          { short: "L", long: "dereference", key: "L" },
          { short: "c", long: "format", key: "c", value: true },
          { long: "printf", key: "printf", value: true },
          { short: "t", long: "terse", key: "t" },
          { short: "f", long: "file-system", key: "f" },
          { long: "cached", key: "cached", value: true }
        ],
        usage: "Usage: stat [OPTION]... FILE...\nDisplay file or file system status."
      },
      (args) =>
        Effect.gen(function* () {
          if (flag(args, "f")) {
            yield* warn(ctx, "--file-system is not supported on the virtual filesystem")
            return 1
          }
          if (args.operands.length === 0) return yield* usageError(ctx, "missing operand", 1)
          const printf = args.values.get("printf")
          const format =
            printf !== undefined ? unescape(printf) : args.values.has("c") ? `${args.values.get("c")!}\n` : flag(args, "t") ? TERSE_FORMAT : DEFAULT_FORMAT
          const out = new OutputBuffer(ctx)
          let status = 0
          for (const operand of args.operands) {
            const path = ctx.resolvePath(operand)
            const result = yield* attempt(flag(args, "L") ? ctx.fs.stat(path) : ctx.fs.lstat(path))
            if (result._tag === "Left") {
              yield* out.flush()
              yield* warn(ctx, `cannot statx ${quote(operand)}: ${errorText(result.left)}`)
              status = 1
              continue
            }
            let linkTarget: string | undefined
            if (result.right.type === "symlink") {
              const target = yield* attempt(ctx.fs.readlink(path))
              if (target._tag === "Right") linkTarget = target.right
            }
            yield* out.add(render(ctx, { name: operand, stat: result.right, linkTarget }, format, format === DEFAULT_FORMAT))
          }
          yield* out.flush()
          return status
        })
    )
}
