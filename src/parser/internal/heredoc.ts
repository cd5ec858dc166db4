/** Here-document bodies, read line by line after the newline that ends their command line. */
import type { HereDoc, Word } from "../Ast.js"
import { Cursor } from "./Cursor.js"
import { scanHereDocBody } from "./words.js"

/** The delimiter after quote removal, and whether any part of it was quoted. */
export const hereDocDelimiter = (raw: string): { delimiter: string; quoted: boolean } => {
  let out = ""
  let quoted = false
  let i = 0
  while (i < raw.length) {
    const ch = raw[i]!
    if (ch === "\\" && i + 1 < raw.length) {
      quoted = true
      out += raw[i + 1]
      i += 2
    } else if (ch === "'" || ch === '"') {
      quoted = true
      const close = raw.indexOf(ch, i + 1)
      const end = close === -1 ? raw.length : close
      out += raw.slice(i + 1, end)
      i = end + 1
    } else if (ch === "$" && (raw[i + 1] === "'" || raw[i + 1] === '"')) {
      i++
    } else {
      out += ch
      i++
    }
  }
  return { delimiter: out, quoted }
}

const stripLeadingTabs = (line: string): string => {
  let i = 0
  while (i < line.length && line.charCodeAt(i) === 9) i++
  return i === 0 ? line : line.slice(i)
}

/** Read every queued body, in order, starting at the cursor (just after a newline). */
export const readPendingHereDocs = (c: Cursor): void => {
  const pending = c.pendingHereDocs
  c.pendingHereDocs = []
  for (const doc of pending) {
    const bodyLine = c.lineAt(c.pos)
    const lines: Array<string> = []
    const src = c.src
    let terminated = false
    while (c.pos < src.length) {
      const eol = src.indexOf("\n", c.pos)
      const lineEnd = eol === -1 ? src.length : eol
      let line = src.slice(c.pos, lineEnd)
      c.pos = eol === -1 ? src.length : eol + 1
      if (doc.stripTabs) line = stripLeadingTabs(line)
      if (line === doc.delimiter) {
        terminated = true
        break
      }
      lines.push(line)
      lines.push("\n")
    }
    if (!terminated) {
      c.warnings.push({
        line: Math.max(doc.line, bodyLine + lines.length / 2 - 1),
        message: `warning: here-document at line ${doc.line} delimited by end-of-file (wanted \`${doc.delimiter}')`
      })
    }
    c.spend(lines.length)
    const text = lines.join("")
    let body: Word
    if (doc.quoted || text.length === 0) {
      body = { _tag: "Word", parts: text.length === 0 ? [] : [{ _tag: "Literal", value: text }], raw: text }
    } else {
      const sub = new Cursor(text, { ...c.options, startLine: bodyLine }, c.budget)
      sub.aliases = c.aliases
      body = { _tag: "Word", parts: scanHereDocBody(sub), raw: text }
    }
    const heredoc: HereDoc = { _tag: "HereDoc", quoted: doc.quoted, stripTabs: doc.stripTabs, delimiter: doc.delimiter, body }
    doc.redirect.heredoc = heredoc
  }
}
