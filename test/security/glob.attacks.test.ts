import { describe, expect, it } from "vitest"
import { runIsolated, wasKilled, type IsolatedJob, type IsolatedResult } from "../support/isolated.js"

/**
 * Patterns that make a backtracking glob matcher exponential (or a high polynomial) end at once,
 * for every user of patterns; and a match too big for the deadline ends with the timeout
 * instead of freezing the host. Each runs in a child process with an outer kill.
 */

const A40 = "s=$(printf 'a%.0s' {1..40}); "
const A3000 = "s=$(printf 'a%.0s' {1..3000}); "
/** A file whose name is 60 a's, for pathname expansion, find and grep. */
const LONG_NAME = "mkdir d; n=$(printf 'a%.0s' {1..60}); echo x > d/$n; "

interface Attack {
  readonly name: string
  readonly script: string
  readonly stdout: string
}

const attacks: ReadonlyArray<Attack> = [
  { name: "[[ == ]] with many stars", script: `${A40}[[ $s == *a*a*a*a*a*a*a*a*a*b ]]; echo $?`, stdout: "1\n" },
  { name: "[[ != ]] with many stars", script: `${A3000}[[ $s != *a*a*a*a*a*a*a*a*a*a*a*a*b ]]; echo $?`, stdout: "0\n" },
  { name: "extglob *(a|aa)b", script: `shopt -s extglob; ${A3000}[[ $s == *(a|aa)b ]]; echo $?`, stdout: "1\n" },
  { name: "nocasematch extglob", script: `shopt -s extglob nocasematch; ${A3000}[[ $s == +(A|AA|AAA)B ]]; echo $?`, stdout: "1\n" },
  { name: "case with alternation groups", script: `${A3000}case $s in *(a|aa|aaa)b) echo m;; +(a|aa)) echo all;; esac`, stdout: "all\n" },
  { name: "${s//+(a|aa)/}", script: `shopt -s extglob; ${A3000}t=\${s//+(a|aa)/}; echo "[$t]"`, stdout: "[]\n" },
  { name: "${s//@(a|aa)/x} (every start)", script: `shopt -s extglob; ${A3000}t=\${s//@(a|aa)/x}; echo \${#t}`, stdout: "1500\n" },
  { name: "${s##...} and ${s%%...}", script: `shopt -s extglob; ${A3000}a=\${s##*(a|aa)b}; b=\${s%%*(a|aa)b}; c=\${s%*(a)}; d=\${s%%*(a)}; echo \${#a} \${#b} \${#c} \${#d}`, stdout: "3000 3000 3000 0\n" },
  { name: "${s/#...} and ${s/%...}", script: `shopt -s extglob; ${A3000}a=\${s/#+(a|aa)b/x}; b=\${s/%*(a|aa)/x}; echo \${#a} $b`, stdout: "3000 x\n" },
  { name: "${s^^pattern}", script: `shopt -s extglob; ${A3000}t=\${s^^@(a|aa)}; echo \${t:0:3}`, stdout: "AAA\n" },
  { name: "negation spans", script: `shopt -s extglob; ${A3000}[[ $s == *!(a)b ]]; echo $?; [[ $s == !(!(a)*a)* ]]; echo $?`, stdout: "1\n0\n" },
  { name: "pathname expansion", script: `shopt -s extglob; ${LONG_NAME}echo d/*(a|aa)*(a|aa)b; echo d/+(a|aa)`, stdout: `d/*(a|aa)*(a|aa)b\nd/${"a".repeat(60)}\n` },
  { name: "GLOBIGNORE", script: `${LONG_NAME}GLOBIGNORE='*a*a*a*a*a*a*a*a*a*a*a*b'; echo d/* | wc -c`, stdout: "63\n" },
  { name: "find -name / -path", script: `${LONG_NAME}find . -name '*a*a*a*a*a*a*a*a*a*a*a*b'; find . -path '*a*a*a*a*a*a*a*a*a*a*a*b'; echo done`, stdout: "done\n" },
  { name: "grep --include", script: `${LONG_NAME}grep -r --include='*a*a*a*a*a*a*a*a*a*a*a*b' x d; echo $?`, stdout: "1\n" },
  { name: "unterminated brackets", script: "p=$(printf '[%.0s' {1..20000}); [[ x == $p ]]; echo $?", stdout: "1\n" },
  { name: "unterminated brackets with escaped ]", script: "p=$(printf '[\\\\]%.0s' {1..20000}); echo ${#p}; [[ x == $p ]]; echo $?", stdout: "60000\n1\n" }
]

const job = (attack: Attack): IsolatedJob => ({ id: attack.name, script: attack.script, options: { limits: { timeoutMs: 10_000 } } })

const outcome = (result: IsolatedResult | undefined) => {
  if (result === undefined || wasKilled(result)) throw new Error(`killed: ${JSON.stringify(result)}`)
  return result
}

describe("glob attacks end quickly", () => {
  it("every user of patterns matches in linear time", async () => {
    const results = await runIsolated(attacks.map(job), { killAfterMs: 20_000 })
    attacks.forEach((attack, index) => {
      const result = outcome(results[index])
      expect({ name: attack.name, stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
        name: attack.name,
        stdout: attack.stdout,
        stderr: "",
        exitCode: 0
      })
    })
  }, 300_000)

  it("a match too big for the deadline ends with the timeout, and deep nesting with a limit", async () => {
    const [big, deep] = await runIsolated(
      [
        {
          id: "big",
          // A million characters against 40 groups and a negation (no DFA shortcut): linear, but
          // far more than 300 ms of work.
          script: "shopt -s extglob; s=a; for i in {1..20}; do s=$s$s; done; p=$(printf '*(a|aa)%.0s' {1..40})!(b)b; [[ $s == $p ]]; echo after",
          options: { limits: { timeoutMs: 300 } }
        },
        {
          id: "deep",
          script: "shopt -s extglob; p=$(printf '@(%.0s' {1..5000})a$(printf ')%.0s' {1..5000}); [[ a == $p ]]; echo after",
          options: { limits: { timeoutMs: 10_000 } }
        }
      ],
      { killAfterMs: 20_000 }
    )
    const stopped = outcome(big)
    expect(stopped.exitCode).toBe(124)
    expect(stopped.stderr).toContain("timed out")
    expect(stopped.stdout).not.toContain("after")
    const nested = outcome(deep)
    expect(nested.exitCode).toBe(126)
    expect(nested.stderr).toContain("extglob groups nested too deeply")
  }, 120_000)
})
