import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { RegexMeter } from "../../src/commands/text/regex/meter.js"
import { SafeRegExp } from "../../src/commands/text/regex/SafeRegExp.js"

/**
 * Properties of the engines on random patterns: (1) on short texts they agree with V8 on whether
 * and where a match starts (the extent can differ where JavaScript rejects an empty iteration of
 * a quantified group and RE2 takes it: `(b?|a)?` on "a"); (2) on long adversarial texts they finish within a step bound (work
 * units counted by the meter, never time), or, with back-references, end with the limit error.
 */

const LIMIT_MESSAGE = "regex backtracking limit exceeded"

const meterWith = (maxBacktrackSteps: number) => {
  const meter = {
    units: 0,
    work: { step: (units: number) => void (meter.units += units) },
    maxBacktrackSteps,
    backtrackLimit: () => new Error(LIMIT_MESSAGE) as never
  }
  return meter satisfies RegexMeter
}

/** Random patterns over {a, b}: nested groups, alternation, quantifiers, optionally \1 and lookaround. */
const pattern = (withBackrefs: boolean): fc.Arbitrary<string> => {
  const { tree } = fc.letrec<{ tree: string; atom: string; quantified: string; seq: string }>((tie) => ({
    atom: fc.oneof(
      { maxDepth: 3, withCrossShrink: true },
      fc.constantFrom("a", "b", ".", "[ab]", "[^b]"),
      tie("tree").map((t) => `(${t})`),
      tie("tree").map((t) => `(?:${t})`),
      ...(withBackrefs ? [fc.constant("\\1"), tie("tree").map((t) => `(?=${t})`), tie("tree").map((t) => `(?!${t})`)] : [])
    ),
    quantified: fc.tuple(tie("atom"), fc.constantFrom("", "", "*", "+", "?", "{1,3}", "*?")).map(([a, q]) => a + q),
    seq: fc.array(tie("quantified"), { minLength: 1, maxLength: 3 }).map((items) => items.join("")),
    tree: fc.array(tie("seq"), { minLength: 1, maxLength: 2 }).map((branches) => branches.join("|"))
  }))
  // `\1` needs a group before it to mean a back-reference in both engines.
  return tree.filter((p) => {
    const valid = (() => {
      try {
        new RegExp(p)
        return true
      } catch {
        return false
      }
    })()
    return valid && p.length <= 48 && (!p.includes("\\1") || /^[^\\]*\((?!\?)/.test(p))
  })
}

const shortText = fc.stringMatching(/^[abc]{0,8}$/)

describe("random patterns agree with V8 on short texts", () => {
  it("without back-references (re2js)", () => {
    fc.assert(
      fc.property(pattern(false), shortText, (source, text) => {
        const expected = new RegExp(source).exec(text)
        const actual = new SafeRegExp(source).exec(text)
        expect(actual?.index).toBe(expected?.index)
      }),
      { numRuns: 500 }
    )
  })

  it("with back-references and lookaround (the backtracker)", () => {
    fc.assert(
      fc.property(pattern(true), shortText, (source, text) => {
        const expected = new RegExp(source).exec(text)
        const actual = new SafeRegExp(source, "", { meter: meterWith(1_000_000) }).exec(text)
        expect(actual?.index).toBe(expected?.index)
      }),
      { numRuns: 500 }
    )
  })
})

const ADVERSARIAL = ["a".repeat(3000), "a".repeat(3000) + "c", "ab".repeat(1500) + "c", "b" + "a".repeat(2999)]

describe("random patterns on adversarial texts stay within a step bound", () => {
  it("without back-references: linear work (at most a few units per character and instruction)", () => {
    fc.assert(
      fc.property(pattern(false), fc.constantFrom(...ADVERSARIAL), fc.boolean(), (source, text, longest) => {
        const meter = meterWith(Number.MAX_SAFE_INTEGER)
        const regex = new SafeRegExp(`(?:${source})c`, "g", { meter, longest })
        while (regex.exec(text) !== null) if (regex.lastIndex === 0) break
        expect(meter.units).toBeLessThan(200 * (source.length + 2) * (text.length + 1))
      }),
      { numRuns: 150 }
    )
  })

  it("with back-references or lookaround: a result or the limit error, never more steps than the limit allows", () => {
    fc.assert(
      fc.property(pattern(true), fc.constantFrom(...ADVERSARIAL), (source, text) => {
        const meter = meterWith(200_000)
        try {
          new SafeRegExp(`(?:${source})c`, "", { meter, longest: true }).exec(text)
        } catch (error) {
          expect((error as Error).message).toBe(LIMIT_MESSAGE)
        }
        // The limit is checked every 1024 steps; lookaround sub-searches add at most one batch each.
        expect(meter.units).toBeLessThan(200_000 + 100_000)
      }),
      { numRuns: 150 }
    )
  })
})
