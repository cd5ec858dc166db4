import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { loadScriptTables } from "../../support/scriptTables.js"

/** Shell-language scripts, one area per `.sh` file. */
export const tables = loadScriptTables(dirname(fileURLToPath(import.meta.url)))
