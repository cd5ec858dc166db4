import { describe, expect, it } from "vitest"
import { Backtracker, compileBacktrack } from "../../src/commands/text/regex/backtrack.js"
import type { RegexMeter } from "../../src/commands/text/regex/meter.js"
import { SafeRegExp } from "../../src/commands/text/regex/SafeRegExp.js"
import { parseJsRegex, simplify, treeFacts } from "../../src/commands/text/regex/syntax.js"

/** A meter that counts work and has a given step limit. */
export const countingMeter = (maxBacktrackSteps = 10_000_000) => {
  const meter = {
    units: 0,
    work: { step: (units: number) => void (meter.units += units) },
    maxBacktrackSteps,
    backtrackLimit: () => new Error("regex backtracking limit exceeded") as never
  }
  return meter satisfies RegexMeter
}

/** The backtracker alone on a JavaScript-syntax pattern (leftmost-first), as an exec array. */
const backtrackExec = (source: string, flags: string, input: string): Array<string | undefined> | null => {
  const parsed = parseJsRegex(source, flags)
  const root = simplify(parsed.root)
  const program = compileBacktrack(root, parsed.groupCount, parsed.flags, false, treeFacts(root).referenced)
  const caps = new Backtracker(program, countingMeter()).exec(input, 0, false)
  if (caps === null) return null
  const out: Array<string | undefined> = []
  for (let g = 0; g <= parsed.groupCount; g++) out.push(caps[2 * g]! >= 0 ? input.slice(caps[2 * g], caps[2 * g + 1]) : undefined)
  return out
}

// Patterns V8 runs quickly on these inputs: V8 is the oracle for JavaScript semantics.
const TABLE: ReadonlyArray<readonly [string, string, string]> = [
  ["a(b)c", "", "xxabcx"],
  ["(a|ab)(c|bcd)", "", "abcd"],
  ["(?<y>\\d{4})-(?<m>\\d\\d)", "", "on 2024-05-01"],
  ["(a)\\1", "", "xaab"],
  ["(a+)b\\1", "", "aaabaa"],
  ["foo(?=bar)", "", "foobaz foobar"],
  ["foo(?!bar)\\w+", "", "foobar foobaz"],
  ["(?<=\\$)\\d+", "", "cost $42"],
  ["(?<!\\$)\\b\\d+", "", "$42 17"],
  ["\\bfoo\\b", "i", "a FOO b"],
  ["^b", "m", "a\nb"],
  ["b$", "m", "ab\nc"],
  ["x*", "", "axxb"],
  ["[^\\s\\S]", "", "abc"],
  ["(?!a)\\w", "", "aab"],
  ["a.c", "", "a\nc abc"],
  ["a.c", "s", "a\nc"],
  ["[a-c]+", "i", "xABCy"],
  ["\\u00e9+", "", "caf\u00e9\u00e9"],
  ["[\\u00e0-\\u00ff]+", "", "na\u00efve"],
  ["a{2,3}", "", "aaaa"],
  ["a{2,3}?", "", "aaaa"],
  ["a+?b", "", "aaab"],
  ["(a|b)*?c", "", "ababc"],
  ["\\d+(?=px)", "", "10em 20px"],
  ["(\\w)(\\w)?\\2", "", "abb"],
  ["(?:x|(y))+", "", "xy"],
  ["\\k<n>(?<n>a)", "", "aa"],
  ["(?<n>a)\\k<n>", "", "baa"],
  ["[\\d-z]+", "", "1-z"],
  ["a{,2}", "", "a{,2}"],
  ["\\x41\\101\\cJ", "", "AA\n"],
  ["(?:)", "", "abc"],
  ["^$", "", ""],
  ["\\B\\w+", "", "hello"],
  ["[\\b]", "", "a\bb"]
]

describe("SafeRegExp agrees with V8 on JavaScript semantics", () => {
  it.each(TABLE)("/%s/%s on %j", (source, flags, input) => {
    const expected = new RegExp(source, flags).exec(input)
    const actual = new SafeRegExp(source, flags).exec(input)
    expect(actual === null ? null : [...actual]).toEqual(expected === null ? null : [...expected])
    expect(actual?.index).toBe(expected?.index)
    expect(actual?.groups).toEqual(expected?.groups)
  })

  it.each(TABLE.filter(([source]) => !/\(\?:x\|\(y\)\)/.test(source)))("the backtracker alone: /%s/%s on %j", (source, flags, input) => {
    const expected = new RegExp(source, flags).exec(input)
    expect(backtrackExec(source, flags, input)).toEqual(expected === null ? null : [...expected])
  })

  it("works through replace, split, match, matchAll and test", () => {
    expect("aXbXc".replace(new SafeRegExp("x", "gi"), "[$&]")).toBe("a[X]b[X]c")
    expect("john smith".replace(new SafeRegExp("(\\w+)\\s(\\w+)"), "$2 $1")).toBe("smith john")
    expect("a1b22".replace(new SafeRegExp("\\d", "g"), (d) => String(Number(d) + 1))).toBe("a2b33")
    expect("abc".replace(new SafeRegExp("", "g"), "-")).toBe("-a-b-c-")
    expect("a😀b".replace(new SafeRegExp("", "gu"), "-")).toBe("-a-😀-b-")
    expect("a1b22c".split(new SafeRegExp("\\d+"))).toEqual(["a", "b", "c"])
    expect("a1b22c".split(new SafeRegExp("(\\d)+"))).toEqual(["a", "1", "b", "2", "c"])
    expect("a,b,,c".split(new SafeRegExp(","), 2)).toEqual(["a", "b"])
    expect("a1b2".match(new SafeRegExp("\\d", "g"))).toEqual(["1", "2"])
    expect([..."a1b2c3".matchAll(new SafeRegExp("[a-z](\\d)", "g"))].map((m) => `${m[1]}@${m.index}`)).toEqual(["1@0", "2@2", "3@4"])
    expect(new SafeRegExp("b").test("abc")).toBe(true)
    const sticky = new SafeRegExp("b", "y")
    sticky.lastIndex = 1
    expect(sticky.test("abc")).toBe(true)
    expect(sticky.lastIndex).toBe(2)
    expect(sticky.test("abc")).toBe(false)
    expect(sticky.lastIndex).toBe(0)
  })

  it("split stays linear on a long text with sparse separators (sticky probes reuse the last search)", () => {
    const meter = countingMeter()
    const text = "x".repeat(100_000) + "," + "y".repeat(100_000)
    expect(text.split(new SafeRegExp("[,;]", "", { meter }))).toHaveLength(2)
    expect(meter.units).toBeLessThan(2_000_000)
  })
})

describe("POSIX leftmost-longest", () => {
  it.each([
    ["a|ab|abc", "xabcd", "abc"],
    ["(a|ab)(c|bcd)", "abcd", "abcd"],
    ["(a*|b)(b|c)+", "xabcbc", "abcbc"],
    ["x*", "axxb", ""],
    ["(a|ab)\\1", "abab", "abab"],
    ["(a|ab)(?=c)", "abc", "ab"]
  ])("/%s/ on %j is %j", (source, input, expected) => {
    expect(new SafeRegExp(source, "", { longest: true }).exec(input)?.[0]).toBe(expected)
  })
})

describe("bounded backtracking", () => {
  it("memoises: (a|a)*\\1b and (a*)*\\1b on thousands of a's end without the limit", () => {
    const meter = countingMeter()
    expect(new SafeRegExp("(a|a)*\\1b", "", { meter }).exec("a".repeat(3000))).toBeNull()
    expect(new SafeRegExp("(a*)*\\1b", "", { meter, longest: true }).exec("a".repeat(500))).toBeNull()
  })

  it("lookahead without back-references is linear in the text", () => {
    const meter = countingMeter()
    expect(new SafeRegExp("(a|aa)+(?!a)b", "", { meter }).exec("a".repeat(20_000))).toBeNull()
    expect(meter.units).toBeLessThan(2_000_000)
  })

  it("throws the meter's limit past maxBacktrackSteps", () => {
    const meter = countingMeter(100_000)
    expect(() => new SafeRegExp("^(a+)+\\1$(?<=b)", "", { meter }).exec("a".repeat(2000))).toThrow("regex backtracking limit exceeded")
  })

  it("charges the exec's work meter as it goes", () => {
    const meter = countingMeter()
    new SafeRegExp("(a)\\1(?=x)").exec("a".repeat(5000))
    new SafeRegExp("(a)\\1(?=x)", "", { meter }).exec("a".repeat(5000))
    expect(meter.units).toBeGreaterThan(5000)
  })
})
