/**
 * GNU ls's quoting styles for names written to a pipe or file (not a terminal): `literal` (the
 * default there), `shell` (quote only names that need it), `shell-always`, the `shell-escape`
 * pair (control characters as `$'\t'`), `c` (`-Q`: double quotes and C escapes), `c-maybe`,
 * `escape` (`-b`: C escapes, no quotes) and `locale`/`clocale` (as in the C locale).
 */
export const quotingStyles = ["literal", "shell", "shell-always", "shell-escape", "shell-escape-always", "c", "c-maybe", "escape", "locale", "clocale"] as const
export type QuotingStyle = (typeof quotingStyles)[number]

const C_ESCAPES: Record<string, string> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", "\\": "\\\\" }

/** C-style escapes for backslash and control characters (`\t`, else `\ooo`). */
const cEscape = (name: string, extra: Record<string, string>): string => {
  let out = ""
  for (const ch of name) {
    const code = ch.codePointAt(0)!
    const named = extra[ch] ?? C_ESCAPES[ch]
    if (named !== undefined) out += named
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, "0")}`
    else out += ch
  }
  return out
}

/** Characters that make a name need quotes in the shell styles. */
const SHELL_SPECIAL = /[\s!"#$&'()*;<=>?[\\\]^`{|}]|^~/

const shellQuote = (name: string): string => {
  // A name with a single quote but nothing a double-quoted string would expand goes in "...".
  if (name.includes("'") && !/["$`\\!]/.test(name)) return `"${name}"`
  return `'${name.replace(/'/g, "'\\''")}'`
}

const CONTROL = /[\x00-\x1f\x7f]+/

/** `shell-escape`: single-quoted runs, with control characters as `$'...'` between them. */
const shellEscapeQuote = (name: string): string =>
  name
    .split(/([\x00-\x1f\x7f]+)/)
    .filter((part) => part !== "")
    .map((part) => (CONTROL.test(part) ? `$'${cEscape(part, {})}'` : `'${part.replace(/'/g, "'\\''")}'`))
    .join("")

export const quoteName = (name: string, style: QuotingStyle): string => {
  switch (style) {
    case "literal":
      return name
    case "shell":
      return SHELL_SPECIAL.test(name) ? shellQuote(name) : name
    case "shell-always":
      return shellQuote(name)
    case "shell-escape":
      return CONTROL.test(name) ? shellEscapeQuote(name) : quoteName(name, "shell")
    case "shell-escape-always":
      return CONTROL.test(name) ? shellEscapeQuote(name) : shellQuote(name)
    case "c":
      return `"${cEscape(name, { '"': '\\"' })}"`
    case "c-maybe": {
      const escaped = cEscape(name, { '"': '\\"' })
      return escaped === name ? name : `"${escaped}"`
    }
    case "escape":
      return cEscape(name, { " ": "\\ " })
    // The sandbox's messages follow the C locale's quoting, and so do these.
    case "locale":
      return `'${cEscape(name, { "'": "\\'" })}'`
    case "clocale":
      return quoteName(name, "c")
  }
}
