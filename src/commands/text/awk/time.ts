/** gawk's strftime/mktime. The sandbox has no time zone database: times are UTC. */

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

const pad = (n: number, width: number, fill = "0"): string => String(n).padStart(width, fill)

const dayOfYear = (d: Date): number => Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400000) + 1

export const formatTime = (format: string, seconds: number, _utc: boolean): string => {
  const d = new Date(Math.trunc(seconds) * 1000)
  if (Number.isNaN(d.getTime())) return ""
  let out = ""
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!
    if (c !== "%" || i + 1 >= format.length) {
      out += c
      continue
    }
    const f = format[++i]!
    const hours = d.getUTCHours()
    switch (f) {
      case "a":
        out += DAYS[d.getUTCDay()]!.slice(0, 3)
        break
      case "A":
        out += DAYS[d.getUTCDay()]
        break
      case "b":
      case "h":
        out += MONTHS[d.getUTCMonth()]!.slice(0, 3)
        break
      case "B":
        out += MONTHS[d.getUTCMonth()]
        break
      case "c":
        out += formatTime("%a %b %e %H:%M:%S %Y", seconds, true)
        break
      case "C":
        out += pad(Math.floor(d.getUTCFullYear() / 100), 2)
        break
      case "d":
        out += pad(d.getUTCDate(), 2)
        break
      case "D":
        out += formatTime("%m/%d/%y", seconds, true)
        break
      case "e":
        out += pad(d.getUTCDate(), 2, " ")
        break
      case "F":
        out += formatTime("%Y-%m-%d", seconds, true)
        break
      case "H":
        out += pad(hours, 2)
        break
      case "I":
        out += pad(hours % 12 === 0 ? 12 : hours % 12, 2)
        break
      case "j":
        out += pad(dayOfYear(d), 3)
        break
      case "k":
        out += pad(hours, 2, " ")
        break
      case "l":
        out += pad(hours % 12 === 0 ? 12 : hours % 12, 2, " ")
        break
      case "m":
        out += pad(d.getUTCMonth() + 1, 2)
        break
      case "M":
        out += pad(d.getUTCMinutes(), 2)
        break
      case "n":
        out += "\n"
        break
      case "p":
        out += hours < 12 ? "AM" : "PM"
        break
      case "r":
        out += formatTime("%I:%M:%S %p", seconds, true)
        break
      case "R":
        out += formatTime("%H:%M", seconds, true)
        break
      case "s":
        out += String(Math.trunc(seconds))
        break
      case "S":
        out += pad(d.getUTCSeconds(), 2)
        break
      case "t":
        out += "\t"
        break
      case "T":
        out += formatTime("%H:%M:%S", seconds, true)
        break
      case "u":
        out += String(d.getUTCDay() === 0 ? 7 : d.getUTCDay())
        break
      case "w":
        out += String(d.getUTCDay())
        break
      case "x":
        out += formatTime("%m/%d/%y", seconds, true)
        break
      case "X":
        out += formatTime("%H:%M:%S", seconds, true)
        break
      case "y":
        out += pad(d.getUTCFullYear() % 100, 2)
        break
      case "Y":
        out += String(d.getUTCFullYear())
        break
      case "z":
        out += "+0000"
        break
      case "Z":
        out += "UTC"
        break
      case "%":
        out += "%"
        break
      default:
        out += "%" + f
    }
  }
  return out
}

/** mktime("YYYY MM DD HH MM SS [DST]"): seconds since the epoch, or -1. */
export const makeTime = (spec: string): number => {
  const parts = spec.trim().split(/\s+/).map(Number)
  if (parts.length < 6 || parts.slice(0, 6).some((n) => !Number.isFinite(n))) return -1
  const [y, mo, d, h, mi, s] = parts as [number, number, number, number, number, number]
  return Math.floor(Date.UTC(y, mo - 1, d, h, mi, s) / 1000)
}
