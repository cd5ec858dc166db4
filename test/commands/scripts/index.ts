import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { loadScriptTables } from "../../support/scriptTables.js"

/** Scripts that use the GNU tools the way agents and CI scripts do, one tool family per `.sh` file. */
export const toolScripts = loadScriptTables(dirname(fileURLToPath(import.meta.url)))
