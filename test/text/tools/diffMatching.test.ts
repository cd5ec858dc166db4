/**
 * diff's choice among equally short edit scripts: generated pairs of files full of repeated
 * lines (where many minimal scripts exist) must give GNU diff's exact output in every format.
 */
import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { runHost, runSandbox } from "./hostOracle.js"

const hostDiff = spawnSync("diff", ["--version"]).status === 0

/** Deterministic pseudo-random generator (mulberry32). */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const WORDS = ["a", "b", "c", "A", " a", "a  b", "a b", "", "}", "{", "\tx", "x\ty", "a long line that is wider than a narrow column", "é"]
const FLAGS: ReadonlyArray<ReadonlyArray<string>> = [
  [], ["-u"], ["-U1"], ["-U0"], ["-c"], ["-C1"], ["-y", "-W", "40"], ["-y", "--suppress-common-lines", "-W", "60"],
  ["-y", "--left-column", "-W", "30"], ["-y", "-t", "-W", "50"], ["-i", "-u"], ["-b"], ["-w", "-u"], ["-B", "-u"], ["-B"], ["-d", "-u"]
]

const random = rng(7)
const cases: Array<{ flags: ReadonlyArray<string>; a: string; b: string }> = []
for (let n = 0; n < 160; n++) {
  const vocabulary = 2 + Math.floor(random() * (WORDS.length - 1))
  const word = () => WORDS[Math.floor(random() * vocabulary)]!
  const lines = Array.from({ length: Math.floor(random() * 30) }, word)
  const other = [...lines]
  if (random() < 0.5) {
    for (let k = 0; k < 1 + Math.floor(random() * 5); k++) {
      const at = Math.floor(random() * (other.length + 1))
      const op = random()
      if (op < 0.33) other.splice(at, 1)
      else if (op < 0.66) other.splice(at, 0, word())
      else other[at] = word()
    }
  } else other.splice(0, other.length, ...Array.from({ length: Math.floor(random() * 30) }, word))
  const text = (ls: ReadonlyArray<string>) => ls.join("\n") + (ls.length > 0 && random() < 0.85 ? "\n" : "")
  cases.push({ flags: FLAGS[n % FLAGS.length]!, a: text(lines), b: text(other) })
}

/** The header lines carry modification times, which differ between the two runs. */
const withoutTimes = (text: string) => text.replace(/^(---|\+\+\+|\*\*\*) (\S+)\t.*$/gm, "$1 $2")

describe.skipIf(!hostDiff)("diff picks GNU diff's edit script", () => {
  it.each(cases.map((c, i) => [i, c.flags.join(" "), c] as const))("case %i: diff %s", async (_, __, c) => {
    const oracleCase = { args: [...c.flags, "fa", "fb"], files: { fa: c.a, fb: c.b }, locale: "C.UTF-8" }
    const expected = runHost("diff", oracleCase)
    const actual = await runSandbox("diff", oracleCase)
    expect({ stdout: withoutTimes(actual.stdout), exitCode: actual.exitCode }).toEqual({
      stdout: withoutTimes(expected.stdout),
      exitCode: expected.exitCode
    })
  })
})
