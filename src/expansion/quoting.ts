import { Attr, type Variable } from "../interpreter/variables.js"

/** Whether a string needs `$'...'` quoting (it holds control characters). */
const hasControl = (s: string): boolean => /[\x00-\x1f\x7f]/.test(s)

/**
 * Backslash escapes: each character of `named` by its escape, any other control character as
 * `\ooo`, the rest as it is. The escape tables differ between bash's `$'...'` and GNU ls.
 */
export const escapeControls = (s: string, named: Readonly<Record<string, string>>): string => {
  let out = ""
  for (const ch of s) {
    const escape = named[ch]
    if (escape !== undefined) {
      out += escape
      continue
    }
    const code = ch.codePointAt(0)!
    out += code < 0x20 || code === 0x7f ? `\\${code.toString(8).padStart(3, "0")}` : ch
  }
  return out
}

const ANSI_C_ESCAPES: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\t": "\\t",
  "\r": "\\r",
  "\x1b": "\\E",
  "\x07": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\v": "\\v",
  "'": "\\'",
  "\\": "\\\\"
}

/** Encode a string with `$'...'` escapes, as bash prints values holding control characters. */
export const ansiCQuote = (s: string): string => `$'${escapeControls(s, ANSI_C_ESCAPES)}'`

/** `${x@Q}`: single-quoted so the shell reads it back as the same string. */
export const quoteForReuse = (s: string): string => {
  if (hasControl(s)) return ansiCQuote(s)
  return `'${s.replace(/'/g, "'\\''")}'`
}

/** The double-quoted form `declare -p` prints. */
export const quoteForDeclare = (s: string): string => {
  if (hasControl(s)) return ansiCQuote(s)
  return `"${s.replace(/[\\"$`]/g, "\\$&")}"`
}

/** Attribute letters in bash's order, as `${x@a}` and `declare -p` show them. */
export const transformAttributes = (attrs: number): string => {
  let out = ""
  if ((attrs & Attr.indexed) !== 0) out += "a"
  if ((attrs & Attr.assoc) !== 0) out += "A"
  if ((attrs & Attr.integer) !== 0) out += "i"
  if ((attrs & Attr.nameref) !== 0) out += "n"
  if ((attrs & Attr.readonly) !== 0) out += "r"
  if ((attrs & Attr.trace) !== 0) out += "t"
  if ((attrs & Attr.export) !== 0) out += "x"
  if ((attrs & Attr.upper) !== 0) out += "u"
  if ((attrs & Attr.lower) !== 0) out += "l"
  if ((attrs & Attr.capitalize) !== 0) out += "c"
  return out
}

/** Quote a word for `printf %q` / `set` listings: backslashes before specials, `''` when empty. */
export const shellEscape = (s: string): string => {
  if (s === "") return "''"
  if (hasControl(s)) return ansiCQuote(s)
  // bash's sh_backslash_quote: metacharacters, quotes, glob and brace characters; `~` where a
  // tilde expansion could start; `#` only at the start of the word.
  return s.replace(/[ \t\n'"\\|&;()<>!{}*[?\]^$`,]|^[~#]|(?<=[=:])~/g, "\\$&")
}

/** `declare -p` text for one variable. */
export const describeVariable = (name: string, v: Variable): string => {
  let flags = transformAttributes(v.attrs)
  const value = v.value
  if (value === undefined) return `declare -${flags === "" ? "-" : flags} ${name}`
  if (typeof value === "string") return `declare -${flags === "" ? "-" : flags} ${name}=${quoteForDeclare(value)}`
  if (value._tag === "IndexedArray") {
    if (!flags.includes("a")) flags = "a" + flags
    const items = value.keys().map((k) => `[${k}]=${quoteForDeclare(value.get(k)!)}`)
    return `declare -${flags} ${name}=(${items.join(" ")})`
  }
  if (!flags.includes("A")) flags = "A" + flags
  const items = value.keys().map((k) => [k, value.items.get(k)!] as const).map(([k, val]) => `[${/^[A-Za-z0-9_]+$/.test(k) ? k : quoteForDeclare(k)}]=${quoteForDeclare(val)}`)
  return `declare -${flags} ${name}=(${items.map((i) => `${i} `).join("")})`
}
