import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * Scripts that use the GNU tools the way agents and CI scripts do, one tool family per `.sh`
 * file; rows are separated by a line `#--` and each row is a complete script run on its own.
 */
const here = dirname(fileURLToPath(import.meta.url))

const splitRows = (text: string): Array<string> =>
  text
    .split(/^#--[^\n]*\n/m)
    .map((row) => row.replace(/^\s*\n/, "").trimEnd())
    .filter((row) => row.length > 0)

export const toolScripts: Record<string, ReadonlyArray<string>> = Object.fromEntries(
  readdirSync(here)
    .filter((name) => name.endsWith(".sh"))
    .sort()
    .map((name) => [name.replace(/\.sh$/, ""), splitRows(readFileSync(join(here, name), "utf8"))])
)
