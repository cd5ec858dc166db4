import { Cause, Exit, Effect } from "effect"
import { describe, expect, it } from "vitest"
import { expandBraceSequence } from "../../src/expansion/Brace.js"
import { LimitExceeded } from "../../src/limits/ExecutionLimits.js"
import { runBash } from "./support/bashOracle.js"

/** [start, end, step?] triples replayed against bash's `{start..end..step}`. */
const sequences: ReadonlyArray<readonly [string, string, string?]> = [
  ["1", "5"], ["5", "1"], ["01", "10"], ["1", "010"], ["-3", "3"], ["-03", "3"], ["3", "-03"], ["+1", "3"],
  ["1", "10", "3"], ["10", "1", "3"], ["1", "10", "-3"], ["10", "1", "-3"], ["1", "10", "0"], ["a", "e"], ["e", "a"],
  ["a", "z", "5"], ["a", "Z", "-7"], ["A", "z", "10"], ["a", "1"], ["1", "a"], ["aa", "b"], ["1", "3", "a"], ["a", "c", "+1"],
  ["1", "5", "+2"], ["1", "5", "02"], ["-1", "-5"], ["0", "-10", "5"], ["00", "0"], ["-0", "2"], ["1", "3", "1a"],
  ["9223372036854775806", "9223372036854775807"], ["1", "99999999999999999999"], ["-9223372036854775808", "-9223372036854775807"],
  ["1", "3", "9223372036854775807"], ["1", "3", "99999999999999999999"], ["a", "c", "0"], ["!", "#"], ["a", "a"], ["5", "5", "-1"],
  ["0001", "3"], ["1", "-1"], ["-1", "1", "2"], ["1", "2", "-0"], ["--1", "2"], ["+01", "3"], ["1", "+03"], ["[", "a"],
  ["-1", "3", "-05"], ["-05", "-1", "2"], ["08", "11"], ["0x1", "3"], ["-", "3"], ["z", "a", "3"]
]

const text = ([start, end, step]: readonly [string, string, string?]): string =>
  `{${start}..${end}${step === undefined ? "" : `..${step}`}}`

describe("brace sequences match bash", () => {
  const outputs = runBash(sequences.map((s) => `printf '%s\\n' ${text(s)}; echo @@@`).join("\n")).stdout.split("@@@\n")
  sequences.forEach((sequence, index) => {
    it(text(sequence), () => {
      const words = expandBraceSequence(sequence[0], sequence[1], sequence[2]) ?? [text(sequence)]
      expect(words.join("\n")).toBe((outputs[index] ?? "").replace(/\n$/, ""))
    })
  })
})

describe("brace sequence limits", () => {
  it("throws LimitExceeded past maxWords, before generating anything", () => {
    const exit = Effect.runSyncExit(Effect.try({ try: () => expandBraceSequence("1", "1000000000000", undefined, 1000), catch: (e) => e }))
    expect(Exit.isFailure(exit) && Cause.failureOption(exit.cause).pipe((o) => o._tag === "Some" && o.value instanceof LimitExceeded)).toBe(true)
  })
  it("allows exactly maxWords", () => {
    expect(expandBraceSequence("1", "10", undefined, 10)).toHaveLength(10)
    expect(() => expandBraceSequence("a", "z", undefined, 25)).toThrow(LimitExceeded)
  })
  it("produces punctuation between letters as raw characters", () => {
    expect(expandBraceSequence("Z", "a", undefined)).toEqual(["Z", "[", "\\", "]", "^", "_", "`", "a"])
  })
})

describe("brace products past the word limit", () => {
  it("are refused before they are built, with the limit's status", async () => {
    const { Bash } = await import("../../src/index.js")
    const result = await new Bash({ limits: { maxExpansionWords: 1000 } }).exec(`echo ${"{a,b}".repeat(30)}; echo after`)
    expect(result.exitCode).toBe(126)
    expect(result.stderr).toContain("brace expansion: too many words (1024 > 1000)")
    expect(result.stdout).toBe("")
  })
})
