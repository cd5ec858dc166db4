/** awk's EREs on top of the shared POSIX regex layer, compiled once and cached by source. */
import { defaultRegexMeter } from "../regex/meter.js"
import { compilePosixRegex, execLongest, type CompiledRegex, type MatchExtent, type RegexMeter } from "../regex/posix.js"

/** A runtime error that ends the awk program (`awk: ... fatal: message`, status 2). */
export class AwkFatal {
  constructor(readonly message: string) {}
}

export interface AwkRegex {
  readonly compiled: CompiledRegex
  /** Non-global, stateless: safe for `test`. */
  readonly regex: RegExp
}

/**
 * How a source is read as a regex: bit flags. IGNORE_CASE is gawk's IGNORECASE; LITERAL_BRACES
 * is mawk 1.3.4-20200120 (the reference host's awk), where `{` and `}` are plain characters.
 */
export type RegexMode = number
export const IGNORE_CASE = 1
export const LITERAL_BRACES = 2

/** Compiled regexes per meter (one per exec of awk) and mode, by source. */
const caches = new WeakMap<RegexMeter, Array<Map<string, AwkRegex>>>()

const REGEX_META = new Set([".", "[", "]", "(", ")", "*", "+", "?", "{", "}", "|", "^", "$", "\\", "/"])

const literal = (char: string): string => (REGEX_META.has(char) ? "\\" + char : char)

/**
 * awk's escapes inside a regex that denote single characters (`\t`, `\/`, `\052`, `\x41`) become
 * literals; gawk's `\y` is a word boundary. Everything else is left for the POSIX parser.
 */
const translateAwkEscapes = (source: string): string => {
  if (!source.includes("\\")) return source
  let out = ""
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c !== "\\" || i + 1 >= source.length) {
      out += c
      continue
    }
    const d = source[i + 1]!
    i++
    switch (d) {
      case "n":
        out += "\n"
        break
      case "t":
        out += "\t"
        break
      case "r":
        out += "\r"
        break
      case "f":
        out += "\f"
        break
      case "v":
        out += "\v"
        break
      case "a":
        out += "\x07"
        break
      case "b":
        out += "\b"
        break
      case "/":
        out += "/"
        break
      case '"':
        out += '"'
        break
      case "y":
        out += "\\b"
        break
      case "x": {
        let j = i + 1
        while (j < i + 3 && /[0-9a-fA-F]/.test(source[j] ?? "")) j++
        if (j === i + 1) out += "x"
        else {
          out += literal(String.fromCharCode(parseInt(source.slice(i + 1, j), 16)))
          i = j - 1
        }
        break
      }
      default:
        if (d >= "0" && d <= "7") {
          let j = i
          while (j < i + 3 && source[j]! >= "0" && source[j]! <= "7") j++
          out += literal(String.fromCharCode(parseInt(source.slice(i, j), 8)))
          i = j - 1
        } else out += "\\" + d
    }
  }
  return out
}

/** Braces outside bracket expressions escaped, so that they match themselves. */
const escapeBraces = (source: string): string => {
  if (!source.includes("{") && !source.includes("}")) return source
  let out = ""
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c === "\\" && i + 1 < source.length) {
      out += c + source[++i]
    } else if (c === "[") {
      // Copy the bracket expression as it is: `]` first (or after `^`) is a member.
      let j = i + 1
      if (source[j] === "^") j++
      if (source[j] === "]") j++
      while (j < source.length && source[j] !== "]") {
        // [:class:], [.coll.] and [=equiv=] end at their own `:]`, `.]`, `=]`.
        const kind = source[j] === "[" ? source[j + 1] : undefined
        if (kind === ":" || kind === "." || kind === "=") {
          const close = source.indexOf(kind + "]", j + 2)
          j = close === -1 ? j + 1 : close + 2
        } else j++
      }
      out += source.slice(i, j + 1)
      i = j
    } else out += c === "{" || c === "}" ? "\\" + c : c
  }
  return out
}

export const compileAwkRegex = (source: string, mode: RegexMode = 0, meter: RegexMeter = defaultRegexMeter): AwkRegex => {
  let tables = caches.get(meter)
  if (tables === undefined) {
    tables = [new Map(), new Map(), new Map(), new Map()]
    caches.set(meter, tables)
  }
  const table = tables[mode & 3]!
  const cached = table.get(source)
  if (cached !== undefined) return cached
  const translated = translateAwkEscapes((mode & LITERAL_BRACES) !== 0 ? escapeBraces(source) : source)
  const result = compilePosixRegex(translated, { flavor: "extended", ignoreCase: (mode & IGNORE_CASE) !== 0, meter })
  if (result._tag === "Error") throw new AwkFatal(`${result.message}: /${source}/`)
  if (table.size > 1000) table.clear()
  const compiled: AwkRegex = { compiled: result, regex: result.regex }
  table.set(source, compiled)
  return compiled
}

/** The leftmost-longest match at or after `from`. */
export const regexExec = (re: AwkRegex, input: string, from: number): MatchExtent | undefined =>
  execLongest(re.compiled, input, from)
