/**
 * GNU sed's character escapes, valid in regexes and replacements: `\n \t \r \f \v \a`,
 * `\dNNN` (decimal), `\oNNN` (octal), `\xHH` (hex), `\cX` (control).
 * Returns `undefined` when the backslash at `chars[at]` does not start one of them.
 */
export const sedEscapeAt = (
  chars: ReadonlyArray<string>,
  at: number
): { readonly char: string; readonly next: number } | undefined => {
  const letter = chars[at + 1]
  switch (letter) {
    case "n":
      return { char: "\n", next: at + 2 }
    case "t":
      return { char: "\t", next: at + 2 }
    case "r":
      return { char: "\r", next: at + 2 }
    case "f":
      return { char: "\f", next: at + 2 }
    case "v":
      return { char: "\v", next: at + 2 }
    case "a":
      return { char: "\x07", next: at + 2 }
    case "d":
      return numeric(chars, at + 2, /[0-9]/, 3, 10)
    case "o":
      return numeric(chars, at + 2, /[0-7]/, 3, 8)
    case "x":
      return numeric(chars, at + 2, /[0-9a-fA-F]/, 2, 16)
    case "c": {
      const target = chars[at + 2]
      if (target === undefined) return undefined
      return { char: String.fromCharCode(target.toUpperCase().charCodeAt(0) ^ 0x40), next: at + 3 }
    }
    default:
      return undefined
  }
}

const numeric = (
  chars: ReadonlyArray<string>,
  from: number,
  digit: RegExp,
  maxDigits: number,
  radix: number
): { readonly char: string; readonly next: number } | undefined => {
  let end = from
  while (end < chars.length && end - from < maxDigits && digit.test(chars[end]!)) end++
  if (end === from) return undefined
  const code = parseInt(chars.slice(from, end).join(""), radix)
  return { char: String.fromCharCode(code & 0xff), next: end }
}
