/**
 * patch against GNU patch: diffs made by the host's diff, applied (with the usual options) to
 * the original file, the already-patched file, or an edited copy, so that offsets, fuzz,
 * reversed patches, rejects and backups all occur. Messages, status and files must agree.
 */
import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { runOurShell, runRealBash } from "../interpreter/runRow.js"

const hostPatch = spawnSync("patch", ["--version"]).status === 0

/** Deterministic pseudo-random generator (mulberry32). */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const random = rng(3)

const WORDS = ["a", "b", "c", "d", "e", "{", "}", "", "x = 1", "return", "foo()", "bar"]
const generate = (n: number, k: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * k)]!)
const edit = (lines: ReadonlyArray<string>, times: number, k: number): Array<string> => {
  const out = [...lines]
  for (let t = 0; t < times; t++) {
    const at = Math.floor(random() * (out.length + 1))
    const op = random()
    if (op < 0.33) out.splice(at, 1)
    else if (op < 0.66) out.splice(at, 0, WORDS[Math.floor(random() * k)]! + "!")
    else if (at < out.length) out[at] = out[at] + "?"
  }
  return out
}

/** A shell word for printf '%s\n' ... that writes these lines. */
const writeLines = (file: string, lines: ReadonlyArray<string>) =>
  lines.length === 0 ? `: > ${file}` : `printf '%s\\n' ${lines.map((l) => `'${l}'`).join(" ")} > ${file}`

const OPTIONS = ["", "-N", "-t", "-f", "-R", "-F 0", "-F 3", "--dry-run", "-s", "-b", "--no-backup-if-mismatch"]
const cases: Array<string> = []
for (let n = 0; n < 60; n++) {
  const k = 3 + Math.floor(random() * 9)
  const original = generate(5 + Math.floor(random() * 25), k)
  const changed = edit(original, 1 + Math.floor(random() * 4), k)
  const r = random()
  const target = r < 0.15 ? changed : r < 0.3 ? original : edit(original, 1 + Math.floor(random() * 3), k)
  const context = ["-U3", "-U1", "-U2"][n % 3]
  cases.push(
    [
      writeLines("f", original),
      writeLines("g", changed),
      `diff ${context} f g | sed -e '1,2s/\\t.*//' -e '2s/ g$/ f/' > p`,
      writeLines("f", target),
      `patch ${OPTIONS[n % OPTIONS.length]} f < p; echo "st=$?"; cat f`,
      `for x in f.rej f.orig; do [ -e $x ] && { echo "== $x"; cat $x; }; done; true`
    ].join("\n")
  )
}

describe.skipIf(!hostPatch)("patch applies diffs as GNU patch does", () => {
  it.each(cases.map((script, i) => [i, script] as const))("case %i", async (_, script) => {
    expect(await runOurShell(script)).toEqual(runRealBash(script))
  })
})
