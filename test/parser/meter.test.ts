import { Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { defaultLimits, LimitExceeded } from "../../src/limits/ExecutionLimits.js"
import { parseScript, type ParseMeter } from "../../src/parser/Parser.js"

/** A meter that counts what the parser charges, and stops it past `stopAfter` units. */
const countingMeter = (stopAfter = Infinity): ParseMeter & { units: number } => {
  const meter = {
    units: 0,
    charge: (units: number) => {
      meter.units += units
      if (meter.units > stopAfter) throw new LimitExceeded({ limit: "timeout", value: 0, message: "execution timed out after 0ms" })
    }
  }
  return meter
}

describe("the parser's meter", () => {
  it("is charged in proportion to the script: ten times the commands, about ten times the units", () => {
    const small = countingMeter()
    const large = countingMeter()
    expect(Either.isRight(parseScript("echo a b; x=1 | cat\n".repeat(1_000), { meter: small }))).toBe(true)
    expect(Either.isRight(parseScript("echo a b; x=1 | cat\n".repeat(10_000), { meter: large }))).toBe(true)
    expect(small.units).toBeGreaterThan(1_000)
    expect(large.units / small.units).toBeGreaterThan(9)
    expect(large.units / small.units).toBeLessThan(11)
  })

  it("charges the patterns of one huge case statement as it reads them", () => {
    const meter = countingMeter()
    parseScript(`case x in ${"a|".repeat(20_000)}b) echo y;; esac`, { meter })
    expect(meter.units).toBeGreaterThan(20_000)
  })

  it("a stop it throws ends the parse as that stop, not as a syntax error", () => {
    const meter = countingMeter(5_000)
    expect(() => parseScript("true;".repeat(100_000), { meter })).toThrow(LimitExceeded)
    // It stopped soon after the limit: the rest of the script was not read.
    expect(meter.units).toBeLessThan(5_100)
  })
})

/** A script of randomly nested constructs, `depth` levels deep around `echo x`. */
const openers = [
  ["( ", " )"],
  ["{ ", "; }"],
  ["if true; then ", "; fi"],
  ["while false; do ", "; done"],
  ["for i in 1; do ", "; done"],
  ["case x in x) ", ";; esac"],
  ["f() { ", "; }"],
  ["echo $(", ")"],
  ['echo "$(', ')"'],
  ["! ", ""],
  ["[[ -n x ]] && { ", "; }"]
] as const

const nested = fc.array(fc.nat({ max: openers.length - 1 }), { minLength: 1, maxLength: 1200 }).map((picks) => {
  let open = ""
  let close = ""
  for (const pick of picks) {
    const [o, c] = openers[pick]!
    open += o
    close = c + close
  }
  return open + "echo x" + close
})

const wordNesting = fc.tuple(fc.constantFrom("${x:-", "$((1+", "$(echo ", "[[ ( "), fc.nat({ max: 3000 })).map(([open, depth]) => {
  const close = open === "${x:-" ? "}" : open === "$((1+" ? "))" : open === "[[ ( " ? " )" : ")"
  const tail = open === "[[ ( " ? " ]]" : ""
  const head = open === "[[ ( " ? "[[ " + "( ".repeat(depth) + "a" + " )".repeat(depth) + tail : "echo " + open.repeat(depth) + "1" + close.repeat(depth)
  return head
})

/** The parser's answer is a Script or a ParseError (a syntax error or one of its limits): never a JS error. */
const parsesOrFailsCleanly = (source: string, maxDepth: number): boolean => {
  const result = parseScript(source, { maxDepth, meter: countingMeter() })
  if (Either.isRight(result)) return result.right._tag === "Script"
  return result.left._tag === "ParseError" && !result.left.message.startsWith("internal parser error")
}

describe("random nesting never throws a JS error", () => {
  it("compound commands nested up to the default depth limit and past it", () => {
    fc.assert(fc.property(nested, (source) => parsesOrFailsCleanly(source, defaultLimits.maxParserDepth)), { numRuns: 300 })
  })

  it("the same with a host's much higher depth limit (the JS stack runs out first: still a ParseError)", () => {
    fc.assert(fc.property(nested, (source) => parsesOrFailsCleanly(source, 1_000_000)), { numRuns: 100 })
  })

  it("words nested inside words: parameter defaults, arithmetic, substitutions, [[ groups", () => {
    fc.assert(fc.property(wordNesting, (source) => parsesOrFailsCleanly(source, defaultLimits.maxParserDepth)), { numRuns: 60 })
    fc.assert(fc.property(wordNesting, (source) => parsesOrFailsCleanly(source, 1_000_000)), { numRuns: 30 })
  })
})
