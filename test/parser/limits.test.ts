import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { parseScript, type ParserOptions } from "../../src/parser/Parser.js"

const fails = (source: string, options?: ParserOptions): string => {
  const result = parseScript(source, options)
  if (Either.isRight(result)) throw new Error("expected a ParseError")
  expect(result.left._tag).toBe("ParseError")
  return result.left.message
}

describe("hostile input ends in a ParseError", () => {
  it("100,000 nested ( ", () => {
    fails("(".repeat(100_000))
    expect(fails("( ".repeat(100_000) + "x" + " )".repeat(100_000))).toBe("maximum nesting depth exceeded")
  })

  it("10 MB of $(((", () => {
    fails("$(((".repeat(2_500_000))
  })

  it("deeply nested command substitutions, parameter words, [[ groups, ifs and braces", () => {
    expect(fails("echo " + "$(".repeat(100_000))).toBe("maximum nesting depth exceeded")
    expect(fails("echo " + "${x:-".repeat(100_000))).toBe("maximum nesting depth exceeded")
    expect(fails("[[ " + "( ".repeat(100_000))).toBe("maximum nesting depth exceeded")
    expect(fails("if true; then ".repeat(100_000))).toBe("maximum nesting depth exceeded")
    expect(fails("echo " + "{a,".repeat(30_000) + "}".repeat(30_000))).toBe("maximum nesting depth exceeded")
    expect(fails("echo " + "`".repeat(100_001))).toContain("unexpected EOF")
  })

  it("a here-document that never ends takes the rest of the input", () => {
    const result = parseScript("cat <<EOF\n" + "line\n".repeat(200_000))
    expect(Either.isRight(result)).toBe(true)
  })

  it("a word of a million quotes parses or fails, never throws", () => {
    const result = parseScript("echo " + "''".repeat(500_000))
    expect(Either.isRight(result) || result.left._tag === "ParseError").toBe(true)
    fails("echo " + "''".repeat(500_000), { maxFuel: 10_000 })
  })

  it("repeated failed look-aheads on one long line", () => {
    const result = parseScript("a[ ; ".repeat(200_000))
    expect(Either.isLeft(result) || result.right._tag === "Script").toBe(true)
    const aliased = parseScript("x;".repeat(200_000), { aliases: (name) => (name === "x" ? "echo x" : undefined) })
    expect(Either.isLeft(aliased) || aliased.right._tag === "Script").toBe(true)
  })

  it("honours maxInputBytes, maxDepth and maxFuel", () => {
    expect(fails("echo hi", { maxInputBytes: 3 })).toContain("too large")
    expect(fails("( ( ( a ) ) )", { maxDepth: 2 })).toBe("maximum nesting depth exceeded")
    expect(fails("a; b; c; d; e; f", { maxFuel: 5 })).toContain("work limit")
  })
})

describe("bench hook", () => {
  it("builds a realistic script of the requested size that parses", async () => {
    const { measureParse, realisticScript } = await import("../../src/parser/bench.js")
    const source = realisticScript(50_000)
    expect(source.length).toBeGreaterThanOrEqual(50_000)
    expect(Either.isRight(parseScript(source))).toBe(true)
    expect(measureParse(source, 1).statements).toBeGreaterThan(100)
  })
})
