import { RegexSyntaxError } from "./ast.js"

/**
 * grep -P: Perl syntax is close to JavaScript's. Translate the differences agents use
 * (`(?i)` prefixes, `\Q..\E`, `(?P<n>..)`, `\A \z \Z \h \e \x{..}`, POSIX classes inside
 * brackets) and reject what JavaScript cannot do (atomic groups, possessive quantifiers).
 */
export const translatePerl = (
  pattern: string,
  options: { readonly ignoreCase: boolean; readonly multiline: boolean }
): { source: string; flags: string; groupCount: number; ambiguous: boolean } => {
  let ignoreCase = options.ignoreCase
  let dotAll = false
  let multiline = false
  let rest = pattern
  const leading = /^\(\?([imsx]+)\)/.exec(rest)
  if (leading !== null) {
    for (const flag of leading[1]!) {
      if (flag === "i") ignoreCase = true
      else if (flag === "s") dotAll = true
      else if (flag === "m") multiline = true
      else throw new RegexSyntaxError("InvalidPerl", "unsupported inline flag (?x)")
    }
    rest = rest.slice(leading[0].length)
  }
  rest = rewriteKeep(rest)
  let out = ""
  let unicode = false
  let groupCount = 0
  let inClass = false
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!
    if (c === "\\") {
      const next = rest[i + 1]
      if (next === undefined) throw new RegexSyntaxError("InvalidPerl", "\\ at end of pattern")
      if (next === "Q") {
        const end = rest.indexOf("\\E", i + 2)
        const quoted = rest.slice(i + 2, end === -1 ? rest.length : end)
        out += quoted.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")
        i = end === -1 ? rest.length : end + 1
        continue
      }
      i++
      switch (next) {
        case "A":
          out += "(?<![\\s\\S])"
          break
        case "z":
          out += "(?![\\s\\S])"
          break
        case "Z":
          out += "(?=\\n?(?![\\s\\S]))"
          break
        case "h":
          out += inClass ? " \\t" : "[ \\t]"
          break
        case "e":
          out += "\\x1b"
          break
        case "x":
          if (rest[i + 1] === "{") {
            const close = rest.indexOf("}", i)
            if (close === -1) throw new RegexSyntaxError("InvalidPerl", "missing } in \\x{}")
            out += `\\u{${rest.slice(i + 2, close)}}`
            unicode = true
            i = close
          } else out += "\\x"
          break
        case "p":
        case "P":
          unicode = true
          out += "\\" + next
          break
        default:
          out += "\\" + next
      }
      continue
    }
    if (inClass) {
      if (c === "[" && rest[i + 1] === ":") {
        const close = rest.indexOf(":]", i + 2)
        const name = close === -1 ? "" : rest.slice(i + 2, close)
        const body = PERL_POSIX_CLASSES[name]
        if (body !== undefined) {
          out += body
          i = close + 1
          continue
        }
      }
      if (c === "]") inClass = false
      out += c === "[" ? "\\[" : c
      continue
    }
    if (c === "[") {
      inClass = true
      out += c
      if (rest[i + 1] === "^") out += rest[++i]
      if (rest[i + 1] === "]") out += "\\" + rest[++i]
      continue
    }
    if (c === "(") {
      if (rest[i + 1] !== "?") groupCount++
      else if (rest.startsWith("(?P<", i)) {
        groupCount++
        out += "(?<"
        i += 3
        continue
      } else if (rest.startsWith("(?<", i) && rest[i + 3] !== "=" && rest[i + 3] !== "!") groupCount++
      else if (rest.startsWith("(?>", i)) throw new RegexSyntaxError("InvalidPerl", "atomic groups (?>...) are not supported")
    }
    if ((c === "+") && i > 0 && /[*+?}]/.test(rest[i - 1]!) && rest[i - 2] !== "\\") {
      throw new RegexSyntaxError("InvalidPerl", "possessive quantifiers are not supported")
    }
    if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdbff) unicode = true
    out += c
  }
  const flags = (ignoreCase ? "i" : "") + (dotAll ? "s" : "") + (unicode ? "u" : "") + (multiline && !options.multiline ? "m" : "")
  return { source: out, flags, groupCount, ambiguous: false }
}

/**
 * `\K` ("keep out what matched so far"), which JavaScript lacks: in each top-level
 * alternative, `X\KY` becomes `(?<=X)Y`, the same lines and the same -o pieces in practice.
 */
const rewriteKeep = (pattern: string): string => {
  if (!pattern.includes("\\K")) return pattern
  const alternatives: Array<string> = []
  const keeps: Array<number> = []
  let start = 0
  let keep = -1
  let depth = 0
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === "\\") {
      if (pattern[i + 1] === "Q") {
        const end = pattern.indexOf("\\E", i + 2)
        i = end === -1 ? pattern.length : end + 1
        continue
      }
      if (pattern[i + 1] === "K" && !inClass) {
        if (depth > 0) throw new RegexSyntaxError("InvalidPerl", "\\K inside a group is not supported")
        keep = i
      }
      i++
    } else if (inClass) {
      if (c === "]") inClass = false
    } else if (c === "[") {
      inClass = true
      if (pattern[i + 1] === "^") i++
      if (pattern[i + 1] === "]") i++
    } else if (c === "(") depth++
    else if (c === ")") depth--
    else if (c === "|" && depth === 0) {
      alternatives.push(pattern.slice(start, i))
      keeps.push(keep - start)
      start = i + 1
      keep = -1
    }
  }
  alternatives.push(pattern.slice(start))
  keeps.push(keep === -1 ? -1 : keep - start)
  const rewritten = alternatives.map((alt, k) => {
    const at = keeps[k]!
    return at < 0 ? alt : `(?<=${alt.slice(0, at).replaceAll("\\K", "")})${alt.slice(at + 2)}`
  })
  return rewritten.length === 1 ? rewritten[0]! : rewritten.map((alt) => `(?:${alt})`).join("|")
}

const PERL_POSIX_CLASSES: Record<string, string> = {
  alpha: "a-zA-Z",
  digit: "0-9",
  alnum: "0-9a-zA-Z",
  upper: "A-Z",
  lower: "a-z",
  space: " \\t\\n\\r\\f\\v",
  blank: " \\t",
  punct: "!-\\/:-@\\[-`{-~",
  print: " -~",
  graph: "!-~",
  cntrl: "\\x00-\\x1f\\x7f",
  xdigit: "0-9A-Fa-f",
  word: "\\w"
}
