import { describe, expect, it } from "vitest"
import { runIsolated, wasKilled, type IsolatedJob } from "../support/isolated.js"

/**
 * Exponential-matching attacks from issue 17, each in a child process with an outer kill: every
 * one must end by itself (a match, no match, or the limit's 126) well within its 2 s timeout.
 */

const A30 = "a".repeat(30)
const A3000 = "a".repeat(3000)

const ATTACKS: ReadonlyArray<readonly [string, string]> = [
  ["grep -E back-reference", `echo ${A30} | grep -E '(a|a)*\\1b'`],
  ["grep BRE back-reference", `echo ${A30} | grep '\\(a*\\)*\\1b'`],
  ["grep -E nested", `echo ${A3000} | grep -E '(a*)*b'`],
  ["sed -E", `echo ${A30} | sed -E 's/(a|a)*\\1b/X/'`],
  ["sed BRE", `echo ${A3000} | sed 's/\\(a*\\)*b/X/'`],
  ["expr", `expr ${A30} : '\\(a*\\)*\\1b'`],
  ["grep -P lookahead", `echo ${A3000} | grep -P '(a|aa)+(?!x)b'`],
  ["grep -P lookbehind", `echo ${A3000} | grep -P '(?<=(a|aa)*)b'`],
  ["grep -P back-reference", `echo ${A30} | grep -P '((a|a)*)\\1b'`],
  ["grep -w", `echo ${A3000} | grep -w '\\(a*\\)*b'`],
  ["word edges", `echo ${A3000} | grep '\\<\\(a*\\)*b\\>'`],
  ["non-ASCII bracket", `echo ${A3000}é | grep -E '([aé]*)*[é]b'`],
  ["find -regex", `mkdir -p d; touch d/${A30}; find d -regex '.*\\(a*\\)*b'`],
  ["rg", `mkdir -p d; echo ${A3000} > d/f; rg '(a|aa)*c' d`],
  ["[[ =~ ]] on 10k a's", `s=${"a".repeat(10_000)}; [[ $s =~ (a|aa)*c ]]`],
  ["[[ =~ ]] back-reference", `s=${A3000}; [[ $s =~ (a|a)*\\1b ]]`],
  ["awk", `echo ${A3000} | awk '/(a|aa)*c/ { print "match" }'`],
  ["tac -r", `echo ${A3000} | tac -r -s '\\(a*\\)*b'`],
  ["nl -b p", `echo ${A3000} | nl -b p'\\(a*\\)*b'`]
]

describe("hostile regexes end by themselves", () => {
  it("every attack ends within its timeout with a match, no match or the limit", async () => {
    const jobs: Array<IsolatedJob> = ATTACKS.map(([id, script]) => ({ id, script, options: { limits: { timeoutMs: 2000 } } }))
    const results = await runIsolated(jobs, { killAfterMs: 15_000 })
    const summary = results.map((result) =>
      wasKilled(result) ? { id: result.id, killed: result.killed } : { id: result.id, status: result.exitCode, timedOut: /timed out/.test(result.stderr) }
    )
    for (const entry of summary) expect(entry, JSON.stringify(entry)).not.toHaveProperty("killed")
    // None needed the deadline: the engines are linear or memoised, not merely interrupted.
    for (const entry of summary) expect(entry, JSON.stringify(entry)).toMatchObject({ timedOut: false })
  }, 180_000)

  it("a match past maxBacktrackSteps ends the script with 126 and the command's message", async () => {
    const script = `echo ${A3000} | grep -P '^(a+)+\\1$(?<=b)'; echo "not reached"`
    const [result] = await runIsolated([{ script, options: { limits: { timeoutMs: 10_000, maxBacktrackSteps: 200_000 } } }], { killAfterMs: 30_000 })
    expect(result && !wasKilled(result)).toBe(true)
    if (result === undefined || wasKilled(result)) return
    expect(result.exitCode).toBe(126)
    expect(result.stderr).toBe("bash: grep: regex backtracking limit exceeded\n")
    expect(result.stdout).toBe("")
  }, 60_000)
})
