/** awk's EREs on top of the shared POSIX regex layer, compiled once and cached by source. */
import { compilePosixRegex, execLongest, type CompiledRegex, type MatchExtent } from "../regex/posix.js"

/** A runtime error that ends the awk program (`awk: ... fatal: message`, status 2). */
export class AwkFatal {
  constructor(readonly message: string) {}
}

export interface AwkRegex {
  readonly compiled: CompiledRegex
  /** Non-global, stateless: safe for `test`. */
  readonly regex: RegExp
}

const cache = new Map<string, AwkRegex>()
const cacheIgnoreCase = new Map<string, AwkRegex>()

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

export const compileAwkRegex = (source: string, ignoreCase = false): AwkRegex => {
  const table = ignoreCase ? cacheIgnoreCase : cache
  const cached = table.get(source)
  if (cached !== undefined) return cached
  const result = compilePosixRegex(translateAwkEscapes(source), { flavor: "extended", ignoreCase })
  if (result._tag === "Error") throw new AwkFatal(`${result.message}: /${source}/`)
  if (table.size > 1000) table.clear()
  const compiled: AwkRegex = { compiled: result, regex: result.regex }
  table.set(source, compiled)
  return compiled
}

/** The leftmost-longest match at or after `from`. */
export const regexExec = (re: AwkRegex, input: string, from: number): MatchExtent | undefined =>
  execLongest(re.compiled, input, from)
