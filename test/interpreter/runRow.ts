import { Bash } from "../../src/index.js"
import { runBashInScratchDir } from "../support/bashOracle.js"

/** What a script produced: only stdout and the exit status are compared (stderr wording is tested elsewhere). */
export interface Outcome {
  readonly stdout: string
  readonly exitCode: number
}

/** GNU bash in a scratch directory that is also $HOME, with a minimal environment and no stdin. */
export const runRealBash = (script: string): Outcome => {
  const { stdout, exitCode } = runBashInScratchDir(script, "interp-diff-")
  return { stdout, exitCode }
}

/** Our shell, fresh per script, in its default virtual home directory. */
export const runOurShell = async (script: string): Promise<Outcome> => {
  const result = await new Bash().exec(script)
  return { stdout: result.stdout, exitCode: result.exitCode }
}
