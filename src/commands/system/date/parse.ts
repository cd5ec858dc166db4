import { breakDown, type Instant, localToEpoch, utcMs, type Zone } from "./zone.js"

/**
 * The GNU `date -d` strings an agent script writes: `@EPOCH`, `now`, `today`, `yesterday`,
 * `tomorrow`, ISO dates and date-times (`2024-01-15`, `2024-01-15T12:00:00Z`, `... +02:00`),
 * `MM/DD/YYYY`, month names (`Jan 15 2024`, `15 January 2024`, RFC 2822 `Mon, 06 Apr 2026 12:00:00
 * +0000`), times of day (`12:30`, `3pm`, `noon`, `midnight`), weekday names, and relative items
 * (`3 days ago`, `+2 weeks`, `- 30 days`, `next month`, `last friday`), in any combination.
 * Relative items also apply after `@EPOCH` (a bashkit extension GNU lacks).
 */

const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?"
const WEEKDAY = "(sun|mon|tue|wed|thu|fri|sat)(?:day|s|nesday|rs|rsday|urday|sday)?\\.?(?![a-z])"
const UNIT_SECONDS: Record<string, number> = { sec: 1, second: 1, min: 60, minute: 60, hour: 3600 }

interface Parsed {
  epoch?: Instant
  date?: { year: number | undefined; month: number; day: number }
  time?: { hour: number; minute: number; second: number; nanos: number }
  offset?: number
  weekday?: { day: number; ordinal: number }
  years: number
  months: number
  days: number
  seconds: number
}

const nanosOf = (fraction: string | undefined): number => (fraction === undefined ? 0 : Number(fraction.slice(0, 9).padEnd(9, "0")))

/**
 * A zone offset as GNU reads it: `+H`/`+HH` are hours, `+HMM`/`+HHMM` hours and minutes,
 * `+H:MM` too; more than 24 hours is an error.
 */
const zoneOffset = (text: string): number | undefined => {
  if (text === "z" || text === "utc" || text === "gmt" || text === "ut") return 0
  const numeric = /^([+-])(\d+)(?::(\d{2}))?$/.exec(text)
  if (numeric === null) return undefined
  const digits = numeric[2]!
  const value = Number(digits)
  const minutes =
    numeric[3] !== undefined ? value * 60 + Number(numeric[3]) : digits.length <= 2 ? value * 60 : Math.floor(value / 100) * 60 + (value % 100)
  if (minutes > 24 * 60) return undefined
  return (numeric[1] === "-" ? -minutes : minutes) * 60
}

/** Apply one relative item; `unit` is singular and lower case. */
const addRelative = (state: Parsed, amount: number, unit: string): boolean => {
  if (unit === "year") state.years += amount
  else if (unit === "month") state.months += amount
  else if (unit === "fortnight") state.days += 14 * amount
  else if (unit === "week") state.days += 7 * amount
  else if (unit === "day") state.days += amount
  else if (UNIT_SECONDS[unit] !== undefined) state.seconds += amount * UNIT_SECONDS[unit]!
  else return false
  return true
}

const normaliseUnit = (word: string): string => {
  const singular = word.endsWith("s") && word !== "s" ? word.slice(0, -1) : word
  if (singular === "min" || singular === "minute") return "minute"
  if (singular === "sec" || singular === "second") return "second"
  return singular
}

const fixYear = (year: string): number => {
  const value = Number(year)
  if (year.length > 2) return value
  return value < 69 ? 2000 + value : 1900 + value
}

type Rule = readonly [RegExp, (match: RegExpExecArray, state: Parsed) => boolean]

const RULES: ReadonlyArray<Rule> = [
  [/@(-?\d+)(?:[.,](\d+))?/y, (m, s) => {
    s.epoch = { seconds: Number(m[1]), nanos: nanosOf(m[2]) }
    return true
  }],
  [/(\d{4,})-(\d{1,2})-(\d{1,2})(?=t|\b|$)t?/y, (m, s) => {
    s.date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
    return true
  }],
  [/(\d{4})(\d{2})(\d{2})(?!\d)/y, (m, s) => {
    s.date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
    return true
  }],
  [/(\d{1,2})\/(\d{1,2})(?:\/(\d+))?/y, (m, s) => {
    s.date = { year: m[3] === undefined ? undefined : fixYear(m[3]), month: Number(m[1]), day: Number(m[2]) }
    return true
  }],
  // A signed number right after a time of day is its zone (`10:00 +1 hour` is 10:00 at +01:00,
  // then one hour later), as in GNU's grammar.
  [/(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:\s*([ap])\.?m\.?\b)?(?:\s*(z\b|utc\b|gmt\b|[+-]\d+(?::\d{2})?))?/y, (m, s) => {
    let hour = Number(m[1])
    if (m[5] !== undefined) {
      if (hour < 1 || hour > 12) return false
      hour = (hour % 12) + (m[5] === "p" ? 12 : 0)
    }
    s.time = { hour, minute: Number(m[2]), second: Number(m[3] ?? "0"), nanos: nanosOf(m[4]) }
    if (m[6] !== undefined) {
      s.offset = zoneOffset(m[6])
      if (s.offset === undefined) return false
    }
    return true
  }],
  [/(\d{1,2})\s*([ap])\.?m\.?\b/y, (m, s) => {
    const hour = Number(m[1])
    if (hour < 1 || hour > 12) return false
    s.time = { hour: (hour % 12) + (m[2] === "p" ? 12 : 0), minute: 0, second: 0, nanos: 0 }
    return true
  }],
  [new RegExp(`${MONTH}\\s*(\\d{1,2})(?:st|nd|rd|th)?\\b(?:\\s*,?\\s*(\\d{4})\\b)?`, "y"), (m, s) => {
    s.date = { year: m[3] === undefined ? undefined : Number(m[3]), month: MONTH_NAMES.indexOf(m[1]!) + 1, day: Number(m[2]) }
    return true
  }],
  [new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?[\\s-]*${MONTH}(?:[\\s,-]*(\\d{4})\\b)?`, "y"), (m, s) => {
    s.date = { year: m[3] === undefined ? undefined : Number(m[3]), month: MONTH_NAMES.indexOf(m[2]!) + 1, day: Number(m[1]) }
    return true
  }],
  [/(z|utc|gmt|ut)\b/y, (m, s) => {
    s.offset = zoneOffset(m[1]!)
    return true
  }],
  [/([+-]\d{2}:?\d{2})\b/y, (m, s) => {
    if (s.time === undefined) return false
    s.offset = zoneOffset(m[1]!)
    return true
  }],
  [/(now|today)\b/y, () => true],
  [/yesterday\b/y, (_m, s) => {
    s.days -= 1
    return true
  }],
  [/tomorrow\b/y, (_m, s) => {
    s.days += 1
    return true
  }],
  [/noon\b/y, (_m, s) => {
    s.time = { hour: 12, minute: 0, second: 0, nanos: 0 }
    return true
  }],
  [/midnight\b/y, (_m, s) => {
    s.time = { hour: 0, minute: 0, second: 0, nanos: 0 }
    return true
  }],
  [/(last|next|this)\s+([a-z]+)\b/y, (m, s) => {
    const ordinal = m[1] === "last" ? -1 : m[1] === "next" ? 1 : 0
    const weekday = new RegExp(`^${WEEKDAY}$`).exec(m[2]!)
    if (weekday !== null) {
      s.weekday = { day: DAY_NAMES.indexOf(weekday[1]!), ordinal }
      return true
    }
    return addRelative(s, ordinal, normaliseUnit(m[2]!))
  }],
  [new RegExp(`${WEEKDAY},?`, "y"), (m, s) => {
    s.weekday = { day: DAY_NAMES.indexOf(m[1]!), ordinal: 0 }
    return true
  }],
  [/([+-]?)\s*(\d+)?\s*(years?|months?|fortnights?|weeks?|days?|hours?|minutes?|mins?|seconds?|secs?)\b(\s+ago\b)?/y, (m, s) => {
    const amount = (m[1] === "-" ? -1 : 1) * Number(m[2] ?? "1") * (m[4] === undefined ? 1 : -1)
    return addRelative(s, amount, normaliseUnit(m[3]!))
  }]
]

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(2001, month, 0)).getUTCDate() + (month === 2 && ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0) ? 1 : 0)

/** Parse a `date -d` string relative to `now` in `zone`; `undefined` when it is not a date. */
const INT_MAX = 2147483647

export const parseDateString = (input: string, now: Instant, zone: Zone): Instant | undefined => {
  const text = input.toLowerCase().trim()
  const state: Parsed = { years: 0, months: 0, days: 0, seconds: 0 }
  let pos = 0
  while (pos < text.length) {
    const skip = /[\s,]+/y
    skip.lastIndex = pos
    if (skip.exec(text) !== null) {
      pos = skip.lastIndex
      if (pos >= text.length) break
    }
    let matched = false
    for (const [pattern, apply] of RULES) {
      pattern.lastIndex = pos
      const match = pattern.exec(text)
      if (match === null || match[0] === "") continue
      if (!apply(match, state)) return undefined
      pos = pattern.lastIndex
      matched = true
      break
    }
    if (!matched) return undefined
  }

  // GNU adds relative years, months and days to `struct tm` fields (ints): beyond that, invalid.
  if (![state.years, state.months, state.days].every((n) => Math.abs(n) <= INT_MAX - 10_000)) return undefined
  if (state.epoch !== undefined) {
    if (state.date !== undefined || state.time !== undefined) return undefined
    if (state.years === 0 && state.months === 0 && state.days === 0) return { seconds: state.epoch.seconds + state.seconds, nanos: state.epoch.nanos }
    const shifted = breakDown(state.epoch, zone)
    const seconds = localToEpoch(
      { year: shifted.year + state.years, month: shifted.month + state.months, day: shifted.day + state.days, hour: shifted.hour, minute: shifted.minute, second: shifted.second },
      zone
    )
    return { seconds: seconds + state.seconds, nanos: state.epoch.nanos }
  }

  const today = breakDown(now, zone)
  let year = today.year
  let month = today.month
  let day = today.day
  if (state.date !== undefined) {
    year = state.date.year ?? today.year
    month = state.date.month
    day = state.date.day
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  }
  let hour = today.hour
  let minute = today.minute
  let second = today.second
  let nanos = now.nanos
  if (state.time !== undefined) {
    ;({ hour, minute, second, nanos } = state.time)
    if (hour > 23 || minute > 59 || second > 60) return undefined
  } else if (state.date !== undefined || state.weekday !== undefined) {
    hour = minute = second = nanos = 0
  }
  if (state.weekday !== undefined && state.date === undefined) {
    const current = new Date(utcMs(year, month - 1, day)).getUTCDay()
    let delta = (state.weekday.day - current + 7) % 7
    if (state.weekday.ordinal > 0 && delta === 0) delta = 7
    if (state.weekday.ordinal > 1) delta += 7 * (state.weekday.ordinal - 1)
    if (state.weekday.ordinal < 0) delta = delta === 0 ? -7 : delta - 7
    day += delta
  }
  const seconds = localToEpoch(
    { year: year + state.years, month: month + state.months, day: day + state.days, hour, minute, second },
    zone,
    state.offset
  )
  return { seconds: seconds + state.seconds, nanos }
}
