import { describe, expect, it } from "vitest"
import { runOurShell, runRealBash } from "../interpreter/runRow.js"
import { toolScripts } from "./scripts/index.js"

/**
 * Differential test of the commands as scripts use them: each script runs through /bin/bash
 * with the host's GNU tools and through our shell, over files the script itself creates;
 * stdout and the exit status must be identical. Scripts print nothing that depends on the
 * host (absolute paths, owners, times, directory order).
 */
for (const [area, scripts] of Object.entries(toolScripts)) {
  describe(area, () => {
    for (const script of scripts) {
      it(script.replace(/\s+/g, " ").slice(0, 110), async () => {
        const ours = await runOurShell(script)
        expect(ours).toEqual(runRealBash(script))
      })
    }
  })
}
