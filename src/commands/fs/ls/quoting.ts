import { escapeControls } from "../../../expansion/quoting.js"

/**
 * GNU ls's quoting styles for names written to a pipe or file (not a terminal): `literal` (the
 * default there), `shell` (quote only names that need it), `shell-always`, the `shell-escape`
 * pair (control characters as `$'\t'`), `c` (`-Q`: double quotes and C escapes), `c-maybe`,
 * `escape` (`-b`: C escapes, no quotes) and `locale`/`clocale` (as in the C locale).
 */
export const quotingStyles = ["literal", "shell", "shell-always", "shell-escape", "shell-escape-always", "c", "c-maybe", "escape", "locale", "clocale"] as const
export type QuotingStyle = (typeof quotingStyles)[number]

const C_ESCAPES: Readonly<Record<string, string>> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", "\\": "\\\\" }

/** The escape tables of the styles: C escapes, plus `\"` inside double quotes, `\ ` unquoted, `\'` in locale's quotes. */
const IN_DOUBLE_QUOTES = { ...C_ESCAPES, '"': '\\"' }
const UNQUOTED = { ...C_ESCAPES, " ": "\\ " }
const IN_SINGLE_QUOTES = { ...C_ESCAPES, "'": "\\'" }

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
    .map((part) => (CONTROL.test(part) ? `$'${escapeControls(part, C_ESCAPES)}'` : `'${part.replace(/'/g, "'\\''")}'`))
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
      return `"${escapeControls(name, IN_DOUBLE_QUOTES)}"`
    case "c-maybe": {
      const escaped = escapeControls(name, IN_DOUBLE_QUOTES)
      return escaped === name ? name : `"${escaped}"`
    }
    case "escape":
      return escapeControls(name, UNQUOTED)
    // The sandbox's messages follow the C locale's quoting, and so do these.
    case "locale":
      return `'${escapeControls(name, IN_SINGLE_QUOTES)}'`
    case "clocale":
      return quoteName(name, "c")
  }
}
