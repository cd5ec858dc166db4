import { describe, expect, it } from "vitest"
import { Bash } from "../../../src/index.js"
import { runBashInScratchDir } from "../../support/bashOracle.js"

/**
 * Differential cases: each script runs in our shell and in /bin/bash (in a scratch directory,
 * stdin from /dev/null, a fixed environment), and stdout and exit status must agree. With
 * `stderr: true` the error text must agree too, once bash's `line N:` location is removed.
 */
export interface Case {
  readonly script: string
  readonly stderr?: boolean
  /** Only the first N lines of stdout are compared (e.g. bash's long `--help` texts). */
  readonly lines?: number
}

export type CaseTable = ReadonlyArray<string | Case>

const normalizeErrors = (text: string): string => text.replace(/^(\S+): line \d+: /gm, "$1: ").replace(/^\/bin\/bash: /gm, "bash: ")

const runBash = (script: string) => runBashInScratchDir(script, "builtins-diff-")

const firstLines = (text: string, n: number | undefined) => (n === undefined ? text : text.split("\n").slice(0, n).join("\n"))

/** Register one vitest case per script of the table. */
export const differential = (title: string, table: CaseTable): void => {
  describe(title, () => {
    for (const entry of table) {
      const c: Case = typeof entry === "string" ? { script: entry } : entry
      it(c.script.replace(/\s+/g, " ").slice(0, 100), async () => {
        const ours = await new Bash({ cwd: "/tmp" }).exec(c.script)
        const real = runBash(c.script)
        expect({ stdout: firstLines(ours.stdout, c.lines), exitCode: ours.exitCode }).toEqual({ stdout: firstLines(real.stdout, c.lines), exitCode: real.exitCode })
        if (c.stderr === true) expect(normalizeErrors(ours.stderr)).toBe(normalizeErrors(real.stderr))
      })
    }
  })
}
