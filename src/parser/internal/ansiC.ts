/** Decoding of `$'...'` (ANSI-C quoting) escapes, as bash does. */

const hexValue = (c: number): number => {
  if (c >= 48 && c <= 57) return c - 48
  if (c >= 97 && c <= 102) return c - 87
  if (c >= 65 && c <= 70) return c - 55
  return -1
}

const simpleEscapes: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?"
}

/**
 * Decode the text between `$'` and `'`. `\xHH` and octal escapes produce raw bytes in bash; here
 * a byte >= 0x80 becomes the code point of the same value (Latin-1), the closest string form.
 */
export const decodeAnsiC = (text: string): string => {
  const decoded = decodeEscapes(text)
  // bash's strings are C strings: a NUL produced by an escape ends the value.
  const nul = decoded.indexOf("\0")
  return nul === -1 ? decoded : decoded.slice(0, nul)
}

const decodeEscapes = (text: string): string => {
  let out = ""
  let i = 0
  const n = text.length
  while (i < n) {
    const bs = text.indexOf("\\", i)
    if (bs === -1) {
      out += text.slice(i)
      break
    }
    out += text.slice(i, bs)
    i = bs + 1
    if (i >= n) {
      out += "\\"
      break
    }
    const ch = text[i]!
    const simple = simpleEscapes[ch]
    if (simple !== undefined) {
      out += simple
      i++
      continue
    }
    if (ch >= "0" && ch <= "7") {
      let value = 0
      let k = 0
      while (k < 3 && i < n && text[i]! >= "0" && text[i]! <= "7") {
        value = value * 8 + (text.charCodeAt(i) - 48)
        i++
        k++
      }
      out += String.fromCharCode(value & 0xff)
      continue
    }
    if (ch === "x" || ch === "u" || ch === "U") {
      const max = ch === "x" ? 2 : ch === "u" ? 4 : 8
      let value = 0
      let k = 0
      let j = i + 1
      while (k < max && j < n && hexValue(text.charCodeAt(j)) >= 0) {
        value = value * 16 + hexValue(text.charCodeAt(j))
        j++
        k++
      }
      if (k === 0) {
        out += "\\" + ch
        i++
        continue
      }
      i = j
      out += ch === "x" ? String.fromCharCode(value) : value <= 0x10ffff ? String.fromCodePoint(value) : ""
      continue
    }
    if (ch === "c") {
      if (i + 1 < n) {
        const target = text[i + 1]!
        if (target === "\\" && text[i + 2] === "\\") i++
        out += target === "?" ? "\x7f" : String.fromCharCode(target.toUpperCase().charCodeAt(0) & 0x1f)
        i += 2
      } else {
        out += "\\c"
        i++
      }
      continue
    }
    out += "\\" + ch
    i++
  }
  return out
}
