/**
 * Time zones for `date`: UTC, POSIX fixed offsets (`UTC0`, `EST+5`, `XYZ-5:30`) and IANA names
 * resolved through `Intl`. An unset or empty `TZ` is UTC (the sandbox has no local zone).
 */

export interface Zone {
  /** Seconds east of UTC at the given instant. */
  readonly offsetAt: (epochMs: number) => number
  /** The abbreviation `%Z` prints at the given instant. */
  readonly nameAt: (epochMs: number) => string
}

const fixedZone = (offsetSeconds: number, name: string): Zone => ({ offsetAt: () => offsetSeconds, nameAt: () => name })

/** `Date.UTC` without its mapping of years 0-99 to 1900-1999. */
export const utcMs = (year: number, month0: number, day: number, hour = 0, minute = 0, second = 0): number => {
  if (year < 0 || year > 99) return Date.UTC(year, month0, day, hour, minute, second)
  // Shift by 400 years (a whole Gregorian cycle, so calendars line up) to dodge the mapping.
  return Date.UTC(year + 400, month0, day, hour, minute, second) - 12622780800000
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

export const breakDown = (instant: Instant, zone: Zone): BrokenDown => {
  const ms = instant.seconds * 1000
  const offset = zone.offsetAt(ms)
  const local = new Date(ms + offset * 1000)
  const year = local.getUTCFullYear()
  const startOfYear = utcMs(year, 0, 1)
  const dayStart = utcMs(year, local.getUTCMonth(), local.getUTCDate())
  return {
    year,
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    nanos: instant.nanos,
    weekday: local.getUTCDay(),
    yearDay: Math.round((dayStart - startOfYear) / 86400000),
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
