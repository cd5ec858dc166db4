import type { BrokenDown } from "./zone.js"

/**
 * GNU `date +FORMAT` rendering in the C locale: every conversion of strftime plus GNU's
 * extensions (`%N`, `%:z` family, `%q`, `%P`, `%s`), the `- _ 0 ^ #` flags, field widths and
 * the ignored `E`/`O` modifiers. An unknown conversion prints literally, as GNU does.
 */

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

/** Days in the ISO week-year that `yearDay`/`weekday` fall into, and its week number. */
const isoWeek = (t: BrokenDown): { year: number; week: number } => {
  const isoWeekday = (t.weekday + 6) % 7 // Monday = 0
  const thursdayYearDay = t.yearDay - isoWeekday + 3
  const daysInYear = (y: number): number => ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365)
  if (thursdayYearDay < 0) {
    const previous = t.year - 1
    const dayInPrevious = thursdayYearDay + daysInYear(previous)
    return { year: previous, week: Math.floor(dayInPrevious / 7) + 1 }
  }
  if (thursdayYearDay >= daysInYear(t.year)) return { year: t.year + 1, week: 1 }
  return { year: t.year, week: Math.floor(thursdayYearDay / 7) + 1 }
}

const offsetText = (offset: number, colons: number): string => {
  const sign = offset < 0 ? "-" : "+"
  const abs = Math.abs(offset)
  const hh = String(Math.floor(abs / 3600)).padStart(2, "0")
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, "0")
  const ss = String(abs % 60).padStart(2, "0")
  switch (colons) {
    case 0:
      return `${sign}${hh}${mm}`
    case 1:
      return `${sign}${hh}:${mm}`
    case 2:
      return `${sign}${hh}:${mm}:${ss}`
    default:
      return abs % 3600 === 0 ? `${sign}${hh}` : abs % 60 === 0 ? `${sign}${hh}:${mm}` : `${sign}${hh}:${mm}:${ss}`
  }
}

type Rendered =
  /** A number with its default width and pad character. */
  | { readonly kind: "number"; readonly value: number; readonly width: number; readonly pad: "0" | " " }
  | { readonly kind: "text"; readonly value: string; readonly swapCaseTo?: "upper" | "lower" }

const num = (value: number, width = 2, pad: "0" | " " = "0"): Rendered => ({ kind: "number", value, width, pad })
const text = (value: string, swapCaseTo: "upper" | "lower" = "upper"): Rendered => ({ kind: "text", value, swapCaseTo })

/**
 * Years as glibc's strftime prints them (bash's printf %T: plain digits) or as gnulib's, which
 * GNU date uses (at least four digits with the sign, and `%F` marks years past 9999 with '+').
 */
export type YearStyle = "libc" | "gnulib"

const convert = (letter: string, t: BrokenDown, colons: number, width: number | undefined, style: YearStyle): Rendered | undefined => {
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12
  switch (letter) {
    case "a":
      return text(DAYS[t.weekday]!.slice(0, 3))
    case "A":
      return text(DAYS[t.weekday]!)
    case "b":
    case "h":
      return text(MONTHS[t.month - 1]!.slice(0, 3))
    case "B":
      return text(MONTHS[t.month - 1]!)
    case "c":
      return text(strftime("%a %b %e %H:%M:%S %Y", t, style))
    case "C":
      return num(Math.floor(t.year / 100))
    case "d":
      return num(t.day)
    case "D":
      return text(strftime("%m/%d/%y", t))
    case "e":
      return num(t.day, 2, " ")
    case "F":
      return text(style === "gnulib" ? `${t.year > 9999 ? "+" : ""}${strftime("%Y-%m-%d", t, style)}` : strftime("%Y-%m-%d", t, style))
    case "g":
      return num(((isoWeek(t).year % 100) + 100) % 100)
    case "G":
      return num(isoWeek(t).year, 1)
    case "H":
      return num(t.hour)
    case "I":
      return num(hour12)
    case "j":
      return num(t.yearDay + 1, 3)
    case "k":
      return num(t.hour, 2, " ")
    case "l":
      return num(hour12, 2, " ")
    case "m":
      return num(t.month)
    case "M":
      return num(t.minute)
    case "n":
      return text("\n")
    case "N": {
      const digits = String(t.nanos).padStart(9, "0")
      return text(width === undefined || width === 0 ? digits : width <= 9 ? digits.slice(0, width) : digits.padEnd(width, "0"))
    }
    case "p":
      return text(t.hour < 12 ? "AM" : "PM", "lower")
    case "P":
      return text(t.hour < 12 ? "am" : "pm")
    case "q":
      return num(Math.floor((t.month - 1) / 3) + 1, 1)
    case "r":
      return text(strftime("%I:%M:%S %p", t))
    case "R":
      return text(strftime("%H:%M", t))
    case "s":
      return num(t.epochSeconds, 1)
    case "S":
      return num(t.second)
    case "t":
      return text("\t")
    case "T":
      return text(strftime("%H:%M:%S", t))
    case "u":
      return num(t.weekday === 0 ? 7 : t.weekday, 1)
    case "U":
      return num(Math.floor((t.yearDay + 7 - t.weekday) / 7))
    case "V":
      return num(isoWeek(t).week)
    case "w":
      return num(t.weekday, 1)
    case "W":
      return num(Math.floor((t.yearDay + 7 - ((t.weekday + 6) % 7)) / 7))
    case "x":
      return text(strftime("%m/%d/%y", t))
    case "X":
      return text(strftime("%H:%M:%S", t))
    case "y":
      return num(((t.year % 100) + 100) % 100)
    case "Y":
      return num(t.year, style === "gnulib" ? 4 : 1)
    case "z":
      return text(offsetText(t.offset, colons))
    case "Z":
      return text(t.zoneName, "lower")
    case "%":
      return text("%")
    default:
      return undefined
  }
}

const padTo = (value: string, width: number, pad: string): string => {
  if (value.length >= width) return value
  if (pad === "0" && (value.startsWith("-") || value.startsWith("+"))) return value[0]! + value.slice(1).padStart(width - 1, "0")
  return value.padStart(width, pad)
}

export const strftime = (format: string, t: BrokenDown, style: YearStyle = "libc"): string => {
  let out = ""
  let i = 0
  while (i < format.length) {
    const pct = format.indexOf("%", i)
    if (pct === -1) {
      out += format.slice(i)
      break
    }
    out += format.slice(i, pct)
    let j = pct + 1
    let padFlag: string | undefined
    let upper = false
    let swap = false
    for (;;) {
      const c = format[j]
      if (c === "-" || c === "_" || c === "0" || c === "+") padFlag = c
      else if (c === "^") upper = true
      else if (c === "#") swap = true
      else break
      j++
    }
    let widthText = ""
    while (j < format.length && format[j]! >= "0" && format[j]! <= "9") widthText += format[j++]
    const width = widthText === "" ? undefined : Number(widthText)
    let colons = 0
    while (format[j] === ":") {
      colons++
      j++
    }
    while (format[j] === "E" || format[j] === "O") j++
    const letter = format[j]
    const rendered = letter === undefined || (colons > 0 && letter !== "z") ? undefined : convert(letter, t, colons, width, style)
    if (rendered === undefined) {
      const end = letter === undefined ? format.length : j + 1
      out += format.slice(pct, end)
      i = end
      continue
    }
    i = j + 1
    let piece: string
    if (rendered.kind === "number") {
      const digits = String(Math.abs(rendered.value))
      const sign = rendered.value < 0 ? "-" : ""
      if (padFlag === "-") piece = sign + digits
      else {
        const pad = padFlag === "_" ? " " : padFlag === "0" || padFlag === "+" ? "0" : rendered.pad
        const fieldWidth = width ?? rendered.width
        piece = pad === " " ? (sign + digits).padStart(fieldWidth, " ") : padTo(sign + digits, fieldWidth, "0")
      }
    } else {
      piece = rendered.value
      if (letter !== "N" && width !== undefined && padFlag !== "-") piece = padTo(piece, width, padFlag === "0" ? "0" : " ")
    }
    if (upper) piece = piece.toUpperCase()
    else if (swap && rendered.kind === "text") piece = rendered.swapCaseTo === "lower" ? piece.toLowerCase() : piece.toUpperCase()
    out += piece
  }
  return out
}
