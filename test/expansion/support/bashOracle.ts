/** Runs scripts through the real /bin/bash, the behavioural oracle of the differential tests. */
import { spawnSync } from "node:child_process"

export interface BashRun {
  readonly stdout: string
  readonly stderr: string
  readonly status: number
}

export const runBash = (script: string, options: { readonly cwd?: string } = {}): BashRun => {
  // The script goes through stdin: argv is limited to 128 KiB per argument.
  const result = spawnSync("/bin/bash", ["-s"], {
    input: script,
    encoding: "utf8",
    cwd: options.cwd,
    env: { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" },
    maxBuffer: 64 * 1024 * 1024
  })
  return { stdout: result.stdout, stderr: result.stderr, status: result.status ?? -1 }
}

/** Single-quote `text` for a bash script. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`

/** Drop bash's `bash: line N: ` (or `<script>: line N: `) prefix from an error line. */
export const stripLinePrefix = (line: string): string => line.replace(/^[^:]*: line \d+: /, "")
