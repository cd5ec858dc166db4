import { describe, expect, it } from "vitest"
import { compilePosixRegex, execLongest } from "../../../src/commands/text/regex/posix.js"

const compile = (source: string, flavor: "basic" | "extended" | "perl", ignoreCase = false) => {
  const result = compilePosixRegex(source, { flavor, ignoreCase })
  if (result._tag === "Error") throw new Error(result.message)
  return result
}

describe("compilePosixRegex", () => {
  it.each([
    ["basic", "feat(", "feat(auth)", true],
    ["basic", "a\\{2\\}", "xaay", true],
    ["basic", "*a", "*a", true],
    ["basic", "*a", "a", false],
    ["basic", "\\(ab\\)\\1", "abab", true],
    ["basic", "a\\|b", "b", true],
    ["basic", "a|b", "a|b", true],
    ["basic", "x$y", "x$y", true],
    ["basic", "[]a]", "]", true],
    ["basic", "[^]a]", "]", false],
    ["basic", "[[:digit:]]\\+", "ab12", true],
    ["basic", "\\<foo\\>", "a foo b", true],
    ["basic", "\\<foo\\>", "afoo", false],
    ["extended", "a{,2}b", "b", true],
    ["extended", "a{", "a{", true],
    ["extended", "a)", "a)", true],
    ["extended", "colou?r", "color", true],
    ["extended", "(ab)+$", "xabab", true],
    ["extended", "[[:upper:]]", "abc", false],
    ["perl", "foo\\d+", "foo12", true],
    ["perl", "(?i)HELLO", "hello", true]
  ] as const)("%s %s on %s", (flavor, source, input, expected) => {
    expect(compile(source, flavor).regex.test(input)).toBe(expected)
  })

  it("folds case without the i flag", () => {
    const compiled = compile("[a-c]x", "basic", true)
    expect(compiled.regex.test("BX")).toBe(true)
    expect(compiled.regex.flags).not.toContain("i")
  })

  it.each([
    ["basic", "[a", "Unmatched [, [^, [:, [., or [="],
    ["basic", "\\(a", "Unmatched ( or \\("],
    ["basic", "a\\)", "Unmatched ) or \\)"],
    ["extended", "(a", "Unmatched ( or \\("],
    ["basic", "a\\{1", "Unmatched \\{"],
    ["extended", "a{2,1}", "Invalid content of \\{\\}"],
    ["basic", "[[:foo:]]", "Invalid character class name"],
    ["basic", "[z-a]", "Invalid range end"],
    ["basic", "\\(a\\)\\2", "Invalid back reference"],
    ["basic", "[:space:]", "character class syntax is [[:space:]], not [:space:]"],
    ["basic", "a\\", "Trailing backslash"],
    ["extended", "a{99999}", "Regular expression too big"]
  ] as const)("%s %s fails with GNU's message", (flavor, source, message) => {
    const result = compilePosixRegex(source, { flavor })
    expect(result._tag).toBe("Error")
    if (result._tag === "Error") expect(result.message).toBe(message)
  })
})

describe("leftmost-longest", () => {
  it("prefers the longest literal alternative", () => {
    expect(compile("a|ab|abc", "extended").regex.exec("abcd")?.[0]).toBe("abc")
  })
  it("extends a general alternation to the longest match", () => {
    const compiled = compile("(a|ab)(c|bcd)", "extended")
    compiled.regex.lastIndex = 0
    const plain = compile("(a*|b)(b|c)+", "extended")
    expect(execLongest(plain, "xabcbc", 0)).toMatchObject({ index: 1, end: 6 })
    expect(execLongest(compiled, "abcd", 0)).toMatchObject({ index: 0, end: 4 })
  })
})

describe("catastrophic backtracking", () => {
  it("(a*)*b ends on 30 a's and on a 1 MB line", () => {
    const compiled = compile("(a*)*b", "extended")
    expect(compiled.regex.test("a".repeat(30))).toBe(false)
    expect(compiled.regex.test("a".repeat(1_000_000))).toBe(false)
  })
  it("(a+)+b under case folding still uses the linear fallback", () => {
    expect(compile("(a+)+b", "extended", true).regex.test("a".repeat(40))).toBe(false)
  })
  it("back-references with nested quantifiers end (memoised backtracking)", () => {
    expect(compile("\\(a*\\)*\\1b", "basic").regex.test("a".repeat(200))).toBe(false)
    expect(compile("(a|a)*\\1b", "extended").regex.test("a".repeat(200))).toBe(false)
  })
})
