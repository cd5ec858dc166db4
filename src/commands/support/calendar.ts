/**
 * Proleptic Gregorian calendar arithmetic over any range of seconds, for the commands that print
 * times (date, printf %T, ls -l, stat, find). JS `Date` stops at ±8.64e15 ms (year ±275,760) and
 * yields NaN beyond; glibc's `localtime` goes on until the year no longer fits `tm_year` (an
 * int), and the tools print something else past that (a raw number, an error, the epoch).
 */

/** First and last years glibc's `localtime` can represent (`tm_year` is an int counted from 1900). */
export const MIN_LOCAL_YEAR = -2147481748
export const MAX_LOCAL_YEAR = 2147485547

/** The range `new Date(ms)` accepts: `Intl` zone lookups beyond it use the nearest end. */
export const MAX_DATE_MS = 8.64e15
export const clampDateMs = (ms: number): number => Math.max(-MAX_DATE_MS, Math.min(MAX_DATE_MS, ms))

export interface CivilDate {
  readonly year: number
  /** 1-12 */
  readonly month: number
  readonly day: number
}

/** Days since 1970-01-01 of a calendar date (month may be 1-12 only). */
export const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const mp = (month + 9) % 12
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

/** The calendar date of a day number (days since 1970-01-01). */
export const civilFromDays = (days: number): CivilDate => {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day: doy - Math.floor((153 * mp + 2) / 5) + 1 }
}

export interface WallClock extends CivilDate {
  readonly hour: number
  readonly minute: number
  readonly second: number
  /** 0 = Sunday */
  readonly weekday: number
  /** 0-based day of the year. */
  readonly yearDay: number
}

/** Whole days and the second within the day; exact for bigints and for numbers below 2^53. */
const splitDays = (seconds: number | bigint): readonly [number, number] => {
  if (typeof seconds === "bigint") {
    const day = 86400n
    const days = seconds >= 0n ? seconds / day : -((-seconds + day - 1n) / day)
    return [Number(days), Number(seconds - days * day)]
  }
  const whole = Math.floor(seconds)
  const days = Math.floor(whole / 86400)
  return [days, whole - days * 86400]
}

/** Calendar and clock fields of whole seconds since the epoch, read as UTC. */
export const wallClock = (seconds: number | bigint): WallClock => {
  const [days, inDay] = splitDays(seconds)
  const date = civilFromDays(days)
  return {
    ...date,
    hour: Math.floor(inDay / 3600),
    minute: Math.floor((inDay % 3600) / 60),
    second: inDay % 60,
    weekday: (((days + 4) % 7) + 7) % 7,
    yearDay: days - daysFromCivil(date.year, 1, 1)
  }
}

/** True when glibc's `localtime` can represent a time whose local year is `year`. */
export const fitsLocaltime = (year: number): boolean => Number.isFinite(year) && year >= MIN_LOCAL_YEAR && year <= MAX_LOCAL_YEAR

/**
 * Whole seconds and the fraction (ms) of a time in milliseconds. Past 2^53 ms a double cannot
 * hold the milliseconds (a time set as whole seconds reads back a few ms off), so those are
 * taken as whole seconds.
 */
export const splitMs = (ms: number): { readonly seconds: number; readonly fractionMs: number } => {
  if (Math.abs(ms) >= 2 ** 53) return { seconds: Math.round(ms / 1000), fractionMs: 0 }
  const seconds = Math.floor(ms / 1000)
  return { seconds, fractionMs: ms - seconds * 1000 }
}
