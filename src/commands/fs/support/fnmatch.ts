/** Shell-pattern matching as fnmatch(3) without FNM_PATHNAME/FNM_PERIOD (find -name, tree -I). */

const CLASSES: Record<string, string> = {
  alpha: "a-zA-Z",
  digit: "0-9",
  alnum: "a-zA-Z0-9",
  upper: "A-Z",
  lower: "a-z",
  space: " \\t\\n\\r\\f\\v",
  blank: " \\t",
  punct: "!-\\/:-@\\[-`{-~",
  xdigit: "0-9A-Fa-f",
  cntrl: "\\x00-\\x1f\\x7f",
  print: "\\x20-\\x7e",
  graph: "\\x21-\\x7e"
}

const escapeRegex = (ch: string): string => ch.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")
const escapeInClass = (ch: string): string => ch.replace(/[\\^\]\[-]/g, "\\$&")

/** Translate a bracket expression starting at `pattern[start] === "["`; `undefined` if unclosed. */
const bracket = (pattern: string, start: number): { source: string; end: number } | undefined => {
  let i = start + 1
  let negate = false
  if (pattern[i] === "!" || pattern[i] === "^") {
    negate = true
    i++
  }
  let body = ""
  let first = true
  while (i < pattern.length) {
    const ch = pattern[i]!
    if (ch === "]" && !first) return { source: `[${negate ? "^" : ""}${body}]`, end: i + 1 }
    first = false
    if (ch === "[" && pattern[i + 1] === ":") {
      const close = pattern.indexOf(":]", i + 2)
      if (close !== -1) {
        const cls = CLASSES[pattern.slice(i + 2, close)]
        if (cls !== undefined) {
          body += cls
          i = close + 2
          continue
        }
      }
    }
    if (ch === "\\" && i + 1 < pattern.length) {
      body += escapeInClass(pattern[i + 1]!)
      i += 2
      continue
    }
    if (ch === "-" && body !== "" && pattern[i + 1] !== "]" && i + 1 < pattern.length) {
      body += "-"
      i++
      continue
    }
    body += escapeInClass(ch)
    i++
  }
  return undefined
}

const cache = new Map<string, RegExp>()

/** Compile a glob pattern to an anchored RegExp (cached). */
export const globToRegExp = (pattern: string, caseInsensitive = false): RegExp => {
  const key = (caseInsensitive ? "i:" : "s:") + pattern
  const cached = cache.get(key)
  if (cached !== undefined) return cached
  let source = ""
  for (let i = 0; i < pattern.length; ) {
    const ch = pattern[i]!
    if (ch === "*") {
      source += "[\\s\\S]*"
      i++
    } else if (ch === "?") {
      source += "[\\s\\S]"
      i++
    } else if (ch === "[") {
      const result = bracket(pattern, i)
      if (result === undefined) {
        source += "\\["
        i++
      } else {
        source += result.source
        i = result.end
      }
    } else if (ch === "\\" && i + 1 < pattern.length) {
      source += escapeRegex(pattern[i + 1]!)
      i += 2
    } else {
      source += escapeRegex(ch)
      i++
    }
  }
  const regex = new RegExp(`^${source}$`, caseInsensitive ? "iu" : "u")
  if (cache.size > 1000) cache.clear()
  cache.set(key, regex)
  return regex
}

export const fnmatch = (pattern: string, text: string, caseInsensitive = false): boolean =>
  globToRegExp(pattern, caseInsensitive).test(text)
