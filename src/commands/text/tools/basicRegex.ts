import type { RegexMeter } from "../regex/meter.js"
import { SafeRegExp } from "../regex/SafeRegExp.js"
/**
 * A small POSIX BRE to JavaScript RegExp translation for the tools that take a regex (nl -bp,
 * tac -r, expr `:`) when the shared engine (text/regex/posix.ts) is not in use. Works on binary
 * strings; supports anchors, `.`, `*`, bracket expressions with classes, `\( \)`, `\{m,n\}`,
 * `\+ \?` and `\|` (GNU), back-references.
 */

const CLASS_TO_JS: Record<string, string> = {
  alnum: "0-9A-Za-z", alpha: "A-Za-z", blank: " \\t", cntrl: "\\x00-\\x1f\\x7f", digit: "0-9",
  graph: "!-~", lower: "a-z", print: " -~", punct: "!-\\/:-@\\[-`{-~", space: " \\t\\n\\r\\f\\v",
  upper: "A-Z", xdigit: "0-9A-Fa-f"
}

/** Translate, returning the JS source and the number of groups; undefined on a malformed pattern. */
export const translateBasic = (pattern: string, extended = false): { source: string; groups: number } | undefined => {
  let out = ""
  let groups = 0
  let i = 0
  const atStart = () => out === "" || out.endsWith("(") || out.endsWith("|") || out.endsWith("^")
  while (i < pattern.length) {
    const c = pattern[i]!
    if (c === "\\") {
      const n = pattern[i + 1]
      if (n === undefined) return undefined
      i += 2
      if (!extended && n === "(") { out += "("; groups++ }
      else if (!extended && n === ")") out += ")"
      else if (!extended && n === "{") {
        const end = pattern.indexOf("\\}", i)
        if (end === -1) return undefined
        out += `{${pattern.slice(i, end)}}`
        i = end + 2
      } else if (!extended && (n === "+" || n === "?" || n === "|")) out += n
      else if (n >= "1" && n <= "9") out += `\\${n}`
      else if (n === "w" || n === "W" || n === "s" || n === "S") out += `\\${n}`
      else if (n === "<" || n === ">" || n === "b") out += "\\b"
      else if (n === "n") out += "\\n"
      else if (n === "t") out += "\\t"
      else out += n.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
      continue
    }
    if (c === "[") {
      let j = i + 1
      let body = ""
      if (pattern[j] === "^") { body += "^"; j++ }
      if (pattern[j] === "]") { body += "\\]"; j++ }
      while (j < pattern.length && pattern[j] !== "]") {
        if (pattern[j] === "[" && pattern[j + 1] === ":") {
          const end = pattern.indexOf(":]", j + 2)
          if (end === -1) return undefined
          const cls = CLASS_TO_JS[pattern.slice(j + 2, end)]
          if (cls === undefined) return undefined
          body += cls
          j = end + 2
          continue
        }
        const ch = pattern[j]!
        body += ch === "\\" || ch === "[" ? `\\${ch}` : ch
        j++
      }
      if (j >= pattern.length) return undefined
      out += `[${body}]`
      i = j + 1
      continue
    }
    if (c === "*" && atStart()) { out += "\\*"; i++; continue }
    if (c === "^" && !extended && !atStart()) { out += "\\^"; i++; continue }
    if (c === "$" && !extended && i !== pattern.length - 1 && pattern.slice(i + 1, i + 3) !== "\\)" && pattern.slice(i + 1, i + 3) !== "\\|") { out += "\\$"; i++; continue }
    if (extended) {
      if (c === "(") groups++
      out += c
    } else out += "+?(){}|".includes(c) ? `\\${c}` : c
    i++
  }
  return { source: out, groups }
}

/** A BRE as a SafeRegExp (linear or step-limited, POSIX leftmost-longest), metered by `meter`. */
export const basicRegexToJs = (pattern: string, flags = "", meter?: RegexMeter): SafeRegExp | undefined => {
  const translated = translateBasic(pattern)
  if (translated === undefined) return undefined
  try {
    return new SafeRegExp(translated.source, flags, { longest: true, meter })
  } catch {
    return undefined
  }
}
