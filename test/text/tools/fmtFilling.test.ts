/**
 * fmt's line breaking: generated paragraphs (indents, tabs, sentence ends, prefixes) and long
 * ones that overflow GNU's buffers must be filled exactly as the host's GNU fmt fills them.
 */
import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { runHost, runSandbox } from "./hostOracle.js"

const hostFmt = spawnSync("fmt", ["--version"]).status === 0

/** Deterministic pseudo-random generator (mulberry32). */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const random = rng(11)
const pick = <T>(xs: ReadonlyArray<T>): T => xs[Math.floor(random() * xs.length)]!

const WORDS = ["the", "a", "quick", "brown", "fox", "jumps", "over", "lazy", "dog.", "Hello,", "world!", "(paren", "end)", "e.g.", "Mr.", "x",
  "supercalifragilistic", "it's", "\"quoted\"", "done?", "é", "a-b", "1.5", "[ref]", "word;"]
const OPTIONS: ReadonlyArray<ReadonlyArray<string>> = [[], ["-w", "40"], ["-w", "20"], ["-u"], ["-s", "-w", "30"], ["-c", "-w", "35"],
  ["-t", "-w", "30"], ["-p", "# ", "-w", "30"], ["-g", "50"], ["-w", "60", "-g", "40"], ["-10"], ["-u", "-w", "25"]]

const paragraphs = (): string => {
  let text = ""
  const count = 1 + Math.floor(random() * 4)
  for (let p = 0; p < count; p++) {
    const indent = pick(["", "", "  ", "\t", "    "])
    const second = random() < 0.3 ? pick(["", "  ", "      "]) : indent
    const prefix = random() < 0.2 ? "# " : ""
    const lines = 1 + Math.floor(random() * 5)
    for (let l = 0; l < lines; l++) {
      const words = Array.from({ length: 1 + Math.floor(random() * 14) }, () => pick(WORDS))
      text += prefix + (l === 0 ? indent : second) + words.map((w, i) => w + (i < words.length - 1 ? pick([" ", " ", "  ", "\t"]) : "")).join("") + "\n"
    }
    if (p < count - 1) text += pick(["\n", "\n\n", "   \n"])
  }
  return random() < 0.1 ? text.slice(0, -1) : text
}
const longWords = (n: number) => Array.from({ length: n }, () => "abcdefghijkl".slice(0, 1 + Math.floor(random() * 12)) + (random() < 0.1 ? "." : "")).join(" ")

const cases: Array<{ args: ReadonlyArray<string>; stdin: string }> = []
for (let n = 0; n < 72; n++) cases.push({ args: OPTIONS[n % OPTIONS.length]!, stdin: paragraphs() })
cases.push(
  { args: [], stdin: "" }, { args: [], stdin: "abc\n   " }, { args: [], stdin: "a\r\nb\r\n" }, { args: [], stdin: "x".repeat(6000) + "\n" },
  { args: [], stdin: longWords(1500) + "\n" }, { args: ["-w", "30"], stdin: longWords(1200) + "\n" }, { args: ["-w", "2500"], stdin: longWords(2000) + "\n" },
  { args: ["-p", "  > "], stdin: "  > a b c d e f g h i j k l m n o p\n  >\n x\n" }, { args: ["-w", "x"], stdin: "a\n" }, { args: ["-w", "3000"], stdin: "a\n" }
)

describe.skipIf(!hostFmt)("fmt fills paragraphs as GNU fmt does", () => {
  it.each(cases.map((c, i) => [i, c.args.join(" "), c] as const))("case %i: fmt %s", async (_, __, c) => {
    expect(await runSandbox("fmt", c)).toEqual(runHost("fmt", c))
  })
})
