import { describe, expect, it } from "vitest"
import { runOurShell, runRealBash } from "./runRow.js"
import { tables } from "./scripts/index.js"

/**
 * Differential test of the interpreter: every script runs through /bin/bash and through our
 * shell; stdout and the exit status must be identical. Scripts avoid anything that depends on
 * the host (absolute paths, $HOME, $PWD, PIDs, times) and only create relative files.
 */
for (const [area, scripts] of Object.entries(tables)) {
  describe(area, () => {
    for (const script of scripts) {
      it(script.replace(/\s+/g, " ").slice(0, 110), async () => {
        const ours = await runOurShell(script)
        expect(ours).toEqual(runRealBash(script))
      })
    }
  })
}
