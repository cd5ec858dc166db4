import { clampDateMs, fitsLocaltime, splitMs, wallClock } from "../../support/calendar.js"

/** Calendar fields of an instant in the sandbox's time zone (`TZ`, default UTC). */
export interface ZonedTime {
  readonly year: number
  readonly month: number // 1-12
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
  readonly weekday: number // 0 = Sunday
  /** Offset from UTC in minutes (east positive). */
  readonly offsetMinutes: number
}

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const
export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const

const formatters = new Map<string, Intl.DateTimeFormat | null>()

const formatterFor = (tz: string): Intl.DateTimeFormat | null => {
  let formatter = formatters.get(tz)
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric"
      })
    } catch {
      formatter = null
    }
    formatters.set(tz, formatter)
  }
  return formatter
}

/** Fields by calendar arithmetic, so times beyond JS `Date`'s range (±275,760 years) still print. */
const utcFields = (ms: number, offsetMinutes: number): ZonedTime => {
  const t = wallClock(splitMs(ms).seconds + offsetMinutes * 60)
  return { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second, weekday: t.weekday, offsetMinutes }
}

/** Split an instant into calendar fields for `tz` (an IANA name); unknown zones fall back to UTC. */
export const zonedTime = (ms: number, tz: string | undefined): ZonedTime => {
  const seconds = splitMs(ms).seconds * 1000
  if (tz === undefined || tz === "" || tz === "UTC" || tz === "UTC0" || tz === "GMT") return utcFields(seconds, 0)
  const formatter = formatterFor(tz)
  if (formatter === null) return utcFields(seconds, 0)
  const parts: Record<string, number> = {}
  // Zones are looked up at the nearest instant `Date` can hold.
  const probe = clampDateMs(seconds)
  for (const part of formatter.formatToParts(new Date(probe))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value)
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return utcFields(seconds, Math.round((asUtc - probe) / 60_000))
}

/** Whole seconds of a time in milliseconds, as digits (no exponent, however large). */
export const epochSecondsText = (ms: number): string => (Number.isFinite(ms) ? BigInt(splitMs(ms).seconds).toString() : "0")

const pad = (n: number, width = 2, fill = "0"): string => String(n).padStart(width, fill)

/** `+0000` style offset. */
export const offsetText = (minutes: number): string => {
  const sign = minutes < 0 ? "-" : "+"
  const abs = Math.abs(minutes)
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
}

/** `2024-01-31 12:34:56.789000000 +0000`, as `stat` prints times. */
export const statTime = (ms: number, tz: string | undefined): string => {
  const t = zonedTime(ms, tz)
  const nanos = pad(Math.round(splitMs(ms).fractionMs * 1_000_000), 9)
  // Past what localtime can represent, GNU prints the seconds since the epoch.
  if (!fitsLocaltime(t.year)) return `${epochSecondsText(ms)}.${nanos}`
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}.${nanos} ${offsetText(t.offsetMinutes)}`
}

const SIX_MONTHS_MS = (365.2425 / 2) * 24 * 3600 * 1000

/** `ls -l`'s date column: `Jan 31 12:34` when recent, `Jan 31  2023` otherwise. */
export const lsTime = (ms: number, nowMs: number, tz: string | undefined): string => {
  const t = zonedTime(ms, tz)
  if (!fitsLocaltime(t.year)) return epochSecondsText(ms)
  const head = `${MONTHS[t.month - 1]} ${pad(t.day, 2, " ")}`
  const recent = ms > nowMs - SIX_MONTHS_MS && ms <= nowMs + 1000
  return recent ? `${head} ${pad(t.hour)}:${pad(t.minute)}` : `${head}  ${t.year}`
}

/** `find -printf %t` / `-ls` style: `Wed Jan 31 12:34:56.0000000000 2024`. */
export const ctimeText = (ms: number, tz: string | undefined, fraction: boolean): string => {
  const t = zonedTime(ms, tz)
  const frac = fraction ? `.${pad(Math.round(splitMs(ms).fractionMs * 10_000_000), 10)}` : ""
  if (!fitsLocaltime(t.year)) return epochSecondsText(ms) + frac
  return `${WEEKDAYS[t.weekday]} ${MONTHS[t.month - 1]} ${pad(t.day, 2, " ")} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}${frac} ${t.year}`
}
