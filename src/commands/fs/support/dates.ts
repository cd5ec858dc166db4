import { zonedTime } from "./time.js"

/** Local calendar fields in `tz` to epoch milliseconds (two passes settle DST offsets). */
export const fromLocal = (
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  tz: string | undefined
): number => {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second, ms)
  let guess = asUtc - zonedTime(asUtc, tz).offsetMinutes * 60_000
  guess = asUtc - zonedTime(guess, tz).offsetMinutes * 60_000
  return guess
}

const validDate = (y: number, mo: number, d: number, h: number, mi: number, s: number): boolean =>
  mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate() && h <= 23 && mi <= 59 && s <= 60

/** `touch -t [[CC]YY]MMDDhhmm[.ss]`; `undefined` when malformed. */
export const parseTouchStamp = (text: string, nowMs: number, tz: string | undefined): number | undefined => {
  const match = /^(\d{8}|\d{10}|\d{12})(?:\.(\d{2}))?$/.exec(text)
  if (match === null) return undefined
  const digits = match[1]!
  const second = match[2] === undefined ? 0 : Number(match[2])
  let year: number
  let rest: string
  if (digits.length === 12) {
    year = Number(digits.slice(0, 4))
    rest = digits.slice(4)
  } else if (digits.length === 10) {
    const yy = Number(digits.slice(0, 2))
    year = yy < 69 ? 2000 + yy : 1900 + yy
    rest = digits.slice(2)
  } else {
    year = zonedTime(nowMs, tz).year
    rest = digits
  }
  const month = Number(rest.slice(0, 2))
  const day = Number(rest.slice(2, 4))
  const hour = Number(rest.slice(4, 6))
  const minute = Number(rest.slice(6, 8))
  if (!validDate(year, month, day, hour, minute, second)) return undefined
  return fromLocal(year, month, day, hour, minute, second, 0, tz)
}

const UNIT_MS: Record<string, number> = {
  sec: 1000,
  second: 1000,
  min: 60_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  fortnight: 14 * 86_400_000
}

/**
 * A subset of GNU date strings, enough for `touch -d` and `find -newermt`: `@EPOCH`, `now`,
 * `today`, `yesterday`, `tomorrow`, ISO dates and times (`2024-01-02`, `2024-01-02 03:04[:05[.f]]`,
 * `T` separator, `Z`/`±hh:mm` zones), and relative offsets (`2 days ago`, `+1 hour`).
 */
export const parseDateString = (input: string, nowMs: number, tz: string | undefined): number | undefined => {
  const text = input.trim().toLowerCase()
  if (text === "" || text === "now" || text === "today") return nowMs
  const epoch = /^@(-?\d+(?:\.\d+)?)$/.exec(text)
  if (epoch !== null) return Math.round(Number(epoch[1]) * 1000)
  if (text === "yesterday") return nowMs - 86_400_000
  if (text === "tomorrow") return nowMs + 86_400_000
  const relative = /^([+-]?\d+)?\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?(\s+ago)?$/.exec(text)
  if (relative !== null) {
    const amount = (relative[1] === undefined ? 1 : Number(relative[1])) * (relative[3] === undefined ? 1 : -1)
    const unit = relative[2]!
    if (unit === "month" || unit === "year") {
      const t = zonedTime(nowMs, tz)
      const months = unit === "month" ? amount : amount * 12
      return fromLocal(t.year, t.month + months, t.day, t.hour, t.minute, t.second, nowMs % 1000, tz)
    }
    return nowMs + amount * UNIT_MS[unit]!
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[t ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(z|utc|[+-]\d{2}:?\d{2})?$/.exec(text)
  if (iso === null) return undefined
  const [y, mo, d, h, mi, s] = [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]].map((v) => (v === undefined ? 0 : Number(v))) as [
    number,
    number,
    number,
    number,
    number,
    number
  ]
  if (!validDate(y, mo, d, h, mi, s)) return undefined
  const ms = iso[7] === undefined ? 0 : Math.floor(Number(`0.${iso[7]}`) * 1000)
  const zone = iso[8]
  if (zone === undefined) return fromLocal(y, mo, d, h, mi, s, ms, tz)
  const base = Date.UTC(y, mo - 1, d, h, mi, s, ms)
  if (zone === "z" || zone === "utc") return base
  const sign = zone[0] === "-" ? -1 : 1
  const digits = zone.slice(1).replace(":", "")
  return base - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000
}
