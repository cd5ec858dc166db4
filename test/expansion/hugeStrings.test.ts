import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { convertAll, convertFirst } from "../../src/expansion/caseMap.js"
import { characterCount, characterSlice } from "../../src/expansion/codePoints.js"
import { splitFields } from "../../src/expansion/fields.js"
import { unmetered, type WorkMeter } from "../../src/limits/Budget.js"
import { LimitExceeded } from "../../src/limits/ExecutionLimits.js"

const counting = (): WorkMeter & { units: number } => {
  const meter = { units: 0, step: (units: number) => void (meter.units += units) }
  return meter
}

/** Text mixing ASCII, accented letters, ß, İ and astral characters (surrogate pairs). */
const mixed = fc.array(fc.constantFrom("a", "B", "z", " ", "é", "Ö", "ß", "İ", "😀", "𝐀", "ǅ", "1", "\n"), { maxLength: 60 }).map((a) => a.join(""))

describe("case conversion of long strings", () => {
  it("matches a character-by-character conversion, whatever the chunk boundaries", () => {
    // The reference: one character at a time, as bash's towupper/towlower loop.
    const reference = (s: string, convert: (c: string) => string) => Array.from(s, convert).join("")
    const upper = (c: string) => convertFirst(c, "upper")
    fc.assert(
      fc.property(mixed, fc.nat({ max: 70_000 }), (text, pad) => {
        // Padding moves the text across the 64 Ki chunk boundary.
        const s = "a".repeat(pad) + text
        return convertAll(s, "upper") === reference(s, upper)
      }),
      { numRuns: 60 }
    )
  })

  it("converts only the selected characters, asking about each distinct character once", () => {
    const asked: Array<string> = []
    const select = (c: string) => (asked.push(c), c === "a" || c === "é")
    expect(convertAll("abcabcé😀é", "upper", unmetered, select)).toBe("AbcAbcÉ😀É")
    expect(asked.sort()).toEqual(["a", "b", "c", "é", "😀"].sort())
    expect(convertAll("Hello World", "toggle")).toBe("hELLO wORLD")
    expect(convertFirst("éa", "upper")).toBe("Éa")
    expect(convertFirst("😀a", "upper")).toBe("😀a")
    expect(convertFirst("ab", "upper", (c) => c === "b")).toBe("ab")
  })

  it("charges the meter for every character of a 4 MiB string", () => {
    const meter = counting()
    const s = "ab".repeat(2 * 1024 * 1024)
    expect(convertAll(s, "toggle", meter).slice(0, 4)).toBe("ABAB")
    expect(meter.units).toBe(s.length)
  })
})

describe("characters of long strings", () => {
  it("count and slice by code point, as a spread of the string would", () => {
    fc.assert(
      fc.property(mixed, fc.nat({ max: 300_000 }), fc.nat({ max: 70 }), fc.nat({ max: 70 }), (text, pad, a, b) => {
        const s = "x".repeat(pad) + text
        const chars = [...s]
        const start = Math.min(pad + a, chars.length)
        const end = Math.max(start, Math.min(pad + a + b, chars.length + 5))
        return characterCount(s, unmetered) === chars.length && characterSlice(s, start, end, unmetered) === chars.slice(start, end).join("")
      }),
      { numRuns: 60 }
    )
  })
})

describe("word splitting", () => {
  it("charges the scan and refuses more words than the limit before making them all", () => {
    const meter = counting()
    const text = "w ".repeat(100_000)
    expect(splitFields([{ text, quoted: false, splittable: true }], undefined, meter)).toHaveLength(100_000)
    expect(meter.units).toBeGreaterThan(200_000)
    expect(() => splitFields([{ text, quoted: false, splittable: true }], undefined, unmetered, 10_000)).toThrow(LimitExceeded)
    expect(() => splitFields([{ text: "a b", quoted: false, splittable: true }], undefined, unmetered, 10, 9)).toThrow("word expansion: too many words (limit 10)")
  })

  it("builds a field's glob pattern from the quoted and unquoted text before its first glob character", () => {
    const fields = splitFields(
      [
        { text: "a*", quoted: true, splittable: false },
        { text: "b", quoted: false, splittable: true },
        { text: "[c]", quoted: true, splittable: false },
        { text: "*", quoted: false, splittable: true },
        { text: "?", quoted: true, splittable: false }
      ],
      undefined
    )
    expect(fields).toHaveLength(1)
    expect(fields[0]!.text).toBe("a*b[c]*?")
    expect(fields[0]!.globActive).toBe(true)
    expect(fields[0]!.pattern).toBe("a\\*b\\[c\\]*\\?")
  })
})
