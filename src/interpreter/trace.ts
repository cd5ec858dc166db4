/**
 * `set -x` output: words quoted the way bash shows them. A word with shell metacharacters is
 * single-quoted (control characters included, as they are); otherwise a word with characters
 * that do not print is ANSI-C quoted; anything else is shown as it is.
 */

/** bash's sh_contains_shell_metas: blanks, quotes, operators, glob and expansion characters. */
const SHELL_METAS = /[ \t\n'"\\|&;()<>!{}*[?\]^$`]|^[~#]|[=:]~/

/** A control character, DEL, or a raw byte that is no UTF-8 (marked U+DC80-U+DCFF). */
const NON_PRINTING = /[\x00-\x1f\x7f\udc80-\udcff]/

const ansiCEscapes: Readonly<Record<string, string>> = {
  "\x07": "\\a",
  "\b": "\\b",
  "\x1b": "\\E",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
  "\\": "\\\\",
  "'": "\\'"
}

const ansiCQuote = (word: string): string => {
  let out = "$'"
  for (const ch of word) {
    const code = ch.charCodeAt(0)
    const escape = ansiCEscapes[ch]
    if (escape !== undefined) out += escape
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, "0")}`
    else if (code >= 0xdc80 && code <= 0xdcff) out += `\\${(code - 0xdc00).toString(8).padStart(3, "0")}`
    else out += ch
  }
  return `${out}'`
}

export const traceWord = (word: string): string => {
  if (word === "") return "''"
  if (SHELL_METAS.test(word)) return `'${word.replace(/'/g, "'\\''")}'`
  if (NON_PRINTING.test(word)) return ansiCQuote(word)
  return word
}

export const formatTrace = (words: ReadonlyArray<string>): string => words.map(traceWord).join(" ")
