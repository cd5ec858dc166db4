import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

/**
 * Differential scripts live in plain `.sh` files (no escaping to get wrong), one area per file;
 * rows are separated by a line `#--`, and each row is a complete script run on its own.
 */
const splitRows = (text: string): Array<string> =>
  text
    .split(/^#--[^\n]*\n/m)
    .map((row) => row.replace(/^\s*\n/, "").trimEnd())
    .filter((row) => row.length > 0)

/** The rows of every `.sh` file in `dir`, by file name without `.sh`, in name order. */
export const loadScriptTables = (dir: string): Record<string, ReadonlyArray<string>> =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith(".sh"))
      .sort()
      .map((name) => [name.replace(/\.sh$/, ""), splitRows(readFileSync(join(dir, name), "utf8"))])
  )
