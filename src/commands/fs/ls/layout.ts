/** Multi-column layout of `ls -C` / `-x`, after GNU's calculate_columns and tab-aware indent. */
import { maxOf } from "../../support/maxOf.js"

/** Pad from column `from` to `to` with tabs (stops every `tabSize`) and spaces, as GNU ls does. */
const indent = (from: number, to: number, tabSize: number): string => {
  let out = ""
  while (from < to) {
    if (tabSize > 0 && Math.floor(to / tabSize) > Math.floor((from + 1) / tabSize)) {
      out += "\t"
      from += tabSize - (from % tabSize)
    } else {
      out += " "
      from++
    }
  }
  return out
}

/** Display width of a name (code points; wide characters are not distinguished). */
export const displayWidth = (text: string): number => {
  let width = 0
  for (const _ of text) width++
  return width
}

/**
 * Lay out `cells` in as many columns as fit in `lineWidth`; `across` fills rows first (-x).
 * Returns the text, one line per row, each ending in a newline.
 */
export const columns = (cells: ReadonlyArray<string>, lineWidth: number, across: boolean, tabSize = 8): string => {
  const n = cells.length
  if (n === 0) return ""
  const widths = cells.map(displayWidth)
  const maxCols = Math.max(1, Math.min(n, Math.floor(lineWidth / 3)))
  let chosen = 1
  let chosenWidths: Array<number> = [maxOf(widths)]
  for (let cols = 1; cols <= maxCols; cols++) {
    const rows = Math.ceil(n / cols)
    const colWidths = new Array<number>(cols).fill(0)
    for (let i = 0; i < n; i++) {
      const col = across ? i % cols : Math.floor(i / rows)
      const width = widths[i]! + (col === cols - 1 ? 0 : 2)
      if (width > colWidths[col]!) colWidths[col] = width
    }
    // Skip layouts whose last column is empty (vertical fill can leave one).
    if (!across && Math.ceil(n / rows) < cols) continue
    const total = colWidths.reduce((a, b) => a + b, 0)
    if (total < lineWidth) {
      chosen = cols
      chosenWidths = colWidths
    }
  }
  const cols = chosen
  const rows = Math.ceil(n / cols)
  let out = ""
  for (let row = 0; row < rows; row++) {
    let pos = 0
    let line = ""
    for (let col = 0; col < cols; col++) {
      const index = across ? row * cols + col : col * rows + row
      if (index >= n) break
      const nextIndex = across ? index + 1 : index + rows
      line += cells[index]!
      const end = pos + widths[index]!
      const isLast = across ? col === cols - 1 || nextIndex >= n : nextIndex >= n
      if (isLast) break
      const target = pos + chosenWidths[col]!
      line += indent(end, target, tabSize)
      pos = target
    }
    out += line + "\n"
  }
  return out
}

/** `ls -m`: names separated by `, `, wrapped before `lineWidth`. */
export const commaSeparated = (cells: ReadonlyArray<string>, lineWidth: number): string => {
  let out = ""
  let pos = 0
  cells.forEach((cell, i) => {
    const isLast = i === cells.length - 1
    const width = displayWidth(cell) + (isLast ? 0 : 1)
    if (pos > 0 && pos + 1 + width > lineWidth) {
      out += "\n"
      pos = 0
    } else if (pos > 0) {
      out += " "
      pos++
    }
    out += cell + (isLast ? "" : ",")
    pos += width
  })
  return out === "" ? "" : out + "\n"
}
