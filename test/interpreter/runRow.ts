import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Bash } from "../../src/index.js"

/** What a script produced: only stdout and the exit status are compared (stderr wording is tested elsewhere). */
export interface Outcome {
  readonly stdout: string
  readonly exitCode: number
}

/** GNU bash in a scratch directory that is also $HOME, with a minimal environment and no stdin. */
export const runRealBash = (script: string): Outcome => {
  const dir = mkdtempSync(join(tmpdir(), "interp-diff-"))
  try {
    const result = spawnSync("/bin/bash", ["-c", script], {
      argv0: "bash",
      cwd: dir,
      env: { PATH: "/usr/bin:/bin", HOME: dir, LANG: "C.UTF-8" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      timeout: 10_000
    })
    return { stdout: result.stdout, exitCode: result.status ?? -1 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Our shell, fresh per script, in its default virtual home directory. */
export const runOurShell = async (script: string): Promise<Outcome> => {
  const result = await new Bash().exec(script)
  return { stdout: result.stdout, exitCode: result.exitCode }
}
