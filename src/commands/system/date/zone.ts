/**
 * Time zones for `date`: UTC, POSIX fixed offsets (`UTC0`, `EST+5`, `XYZ-5:30`) and IANA names
 * resolved through `Intl`. An unset or empty `TZ` is UTC (the sandbox has no local zone).
 */

import { clampDateMs, daysFromCivil, wallClock } from "../../support/calendar.js"

export interface Zone {
  /** Seconds east of UTC at the given instant. */
  readonly offsetAt: (epochMs: number) => number
  /** The abbreviation `%Z` prints at the given instant. */
  readonly nameAt: (epochMs: number) => string
}

const fixedZone = (offsetSeconds: number, name: string): Zone => ({ offsetAt: () => offsetSeconds, nameAt: () => name })

/**
 * `Date.UTC` by arithmetic: no mapping of years 0-99 to 1900-1999 and no ±8.64e15 ms bound (the
 * caller checks the range it needs); months and days may overflow, as mktime allows.
 */
export const utcMs = (year: number, month0: number, day: number, hour = 0, minute = 0, second = 0): number => {
  const y = year + Math.floor(month0 / 12)
  const m = ((month0 % 12) + 12) % 12
  return ((daysFromCivil(y, m + 1, 1) + day - 1) * 86400 + hour * 3600 + minute * 60 + second) * 1000
}

export const utcZone: Zone = fixedZone(0, "UTC")

const ianaZone = (name: string): Zone | undefined => {
  let parts: Intl.DateTimeFormat
  let short: Intl.DateTimeFormat
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone: name, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric"
    })
    short = new Intl.DateTimeFormat("en-US", { timeZone: name, timeZoneName: "short" })
  } catch {
    return undefined
  }
  const offsetAt = (epochMs: number): number => {
    const whole = Math.floor(epochMs / 1000) * 1000
    const fields: Record<string, number> = {}
    for (const part of parts.formatToParts(new Date(whole))) fields[part.type] = Number(part.value)
    const asUtc = utcMs(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!)
    return Math.round((asUtc - whole) / 1000)
  }
  const nameAt = (epochMs: number): string => {
    const label = short.formatToParts(new Date(epochMs)).find((p) => p.type === "timeZoneName")?.value ?? "UTC"
    if (/^[A-Z]{2,5}$/.test(label)) return label
    // Intl spells zones without a common abbreviation as "GMT+1"; glibc prints the numeric form.
    const offset = offsetAt(epochMs)
    const sign = offset < 0 ? "-" : "+"
    const abs = Math.abs(offset)
    const hours = String(Math.floor(abs / 3600)).padStart(2, "0")
    const minutes = Math.floor((abs % 3600) / 60)
    return minutes === 0 ? `${sign}${hours}` : `${sign}${hours}${String(minutes).padStart(2, "0")}`
  }
  return { offsetAt, nameAt }
}

/** The zone a `TZ` value names. */
export const zoneFromTz = (tz: string | undefined): Zone => {
  if (tz === undefined) return utcZone
  const value = tz.startsWith(":") ? tz.slice(1) : tz
  if (value === "" || value === "UTC" || value === "UTC0" || value === "GMT" || value === "GMT0" || value === "Z") {
    return fixedZone(0, value.startsWith("GMT") ? "GMT" : "UTC")
  }
  const posix = /^([A-Za-z]{3,}|<[^>]+>)([+-]?)(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?$/.exec(value)
  if (posix !== null) {
    const [, rawName = "", sign, hours = "0", minutes = "0", seconds = "0"] = posix
    // POSIX offsets count hours west of Greenwich: `EST5` is UTC-5.
    const west = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)
    return fixedZone(sign === "-" ? west : -west, rawName.replace(/^<|>$/g, ""))
  }
  if (value.includes("/") || /^[A-Za-z]+$/.test(value)) {
    const zone = ianaZone(value)
    if (zone !== undefined) return zone
  }
  // glibc falls back to UTC under the zone's own name for a value it cannot load.
  return fixedZone(0, /^[A-Za-z]+$/.test(value) ? value : "UTC")
}

/** Calendar fields of an instant in a zone. */
export interface BrokenDown {
  readonly year: number
  /** 1-12 */
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
  /** Nanoseconds within the second. */
  readonly nanos: number
  /** 0 = Sunday */
  readonly weekday: number
  /** 0-based day of the year. */
  readonly yearDay: number
  readonly offset: number
  readonly zoneName: string
  /** Seconds since the epoch (floor). */
  readonly epochSeconds: number
}

/** An instant: whole seconds since the epoch and nanoseconds within that second. */
export interface Instant {
  readonly seconds: number
  readonly nanos: number
}

/**
 * Calendar fields of an instant in a zone, over glibc's whole range (JS `Date` stops at year
 * 275,760). `exact` carries the seconds when they are a bigint beyond 2^53 (printf %T, date @N).
 */
export const breakDown = (instant: Instant, zone: Zone, exact?: bigint): BrokenDown => {
  const ms = clampDateMs(instant.seconds * 1000)
  const offset = zone.offsetAt(ms)
  const local = wallClock(exact !== undefined ? exact + BigInt(offset) : instant.seconds + offset)
  return {
    year: local.year,
    month: local.month,
    day: local.day,
    hour: local.hour,
    minute: local.minute,
    second: local.second,
    nanos: instant.nanos,
    weekday: local.weekday,
    yearDay: local.yearDay,
    offset,
    zoneName: zone.nameAt(ms),
    epochSeconds: instant.seconds
  }
}

/** Seconds since the epoch of local calendar fields in a zone (fields may overflow, as mktime allows). */
export const localToEpoch = (
  fields: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  zone: Zone,
  fixedOffset?: number
): number => {
  const asUtc = utcMs(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second) / 1000
  if (fixedOffset !== undefined) return asUtc - fixedOffset
  let guess = asUtc - zone.offsetAt(asUtc * 1000)
  guess = asUtc - zone.offsetAt(guess * 1000)
  return guess
}
