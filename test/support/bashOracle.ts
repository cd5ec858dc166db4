import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface BashOutcome {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
}

/**
 * GNU bash, the oracle of the differential tests: `bash -c script` in a fresh scratch directory
 * that is also $HOME, with a minimal environment and no stdin.
 */
export const runBashInScratchDir = (script: string, prefix = "bash-oracle-"): BashOutcome => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  try {
    const result = spawnSync("/bin/bash", ["-c", script], {
      argv0: "bash",
      cwd: dir,
      env: { PATH: "/usr/bin:/bin", HOME: dir, LANG: "C.UTF-8" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      timeout: 10_000
    })
    return { stdout: result.stdout, stderr: result.stderr, exitCode: result.status ?? -1 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
