import { describe, expect, it } from "vitest"
import type { WordPart } from "../../src/parser/Ast.js"
import { firstCommand, lit, param, plainWord, wordParts } from "./helpers.js"

/** `echo <word>`: the parts of the word. */
const cases: ReadonlyArray<{ readonly source: string; readonly expected: ReadonlyArray<WordPart> }> = [
  { source: "hello", expected: [lit("hello")] },
  { source: "a*b?[c]", expected: [lit("a*b?[c]")] },
  { source: "@(a|b)*.txt", expected: [lit("@(a|b)*.txt")] },
  { source: "!(x)", expected: [lit("!(x)")] },
  { source: "a\\ b", expected: [lit("a"), { _tag: "Escaped", value: " " }, lit("b")] },
  { source: "a\\\nb", expected: [lit("ab")] },
  { source: "'it''s'", expected: [{ _tag: "SingleQuoted", value: "it" }, { _tag: "SingleQuoted", value: "s" }] },
  { source: `"a $b \\$ \\x"`, expected: [{ _tag: "DoubleQuoted", parts: [lit("a "), param("b"), lit(" "), { _tag: "Escaped", value: "$" }, lit(" \\x")] }] },
  { source: "$'a\\tb\\x41\\u263a\\101\\cA\\''", expected: [{ _tag: "AnsiCQuoted", value: "a\tbA\u263aA\x01'" }] },
  { source: "$'a\\0b'", expected: [{ _tag: "AnsiCQuoted", value: "a" }] },
  { source: "$'x\\u0000y'", expected: [{ _tag: "AnsiCQuoted", value: "x" }] },
  { source: '$"hi $x"', expected: [{ _tag: "LocaleQuoted", parts: [lit("hi "), param("x")] }] },
  { source: "$1$@$#$?$$$!$-$*$0", expected: ["1", "@", "#", "?", "$", "!", "-", "*", "0"].map((n) => param(n)) },
  { source: "$", expected: [lit("$")] },
  { source: "a$", expected: [lit("a$")] },
  { source: "${x}", expected: [param("x", { braced: true })] },
  { source: "${10}", expected: [param("10", { braced: true })] },
  { source: "${#x}", expected: [param("x", { braced: true, length: true })] },
  { source: "${#}", expected: [param("#", { braced: true })] },
  { source: "${#a[@]}", expected: [param("a", { braced: true, length: true, index: "@" })] },
  { source: "${!x}", expected: [param("x", { braced: true, indirect: true })] },
  { source: "${!pre*}", expected: [param("pre", { braced: true, indirect: true, op: { _tag: "PrefixNamesOp", star: true } })] },
  { source: "${!pre@}", expected: [param("pre", { braced: true, indirect: true, op: { _tag: "PrefixNamesOp", star: false } })] },
  { source: "${!a[@]}", expected: [param("a", { braced: true, indirect: true, op: { _tag: "ArrayKeysOp", star: false } })] },
  { source: "${a[*]}", expected: [param("a", { braced: true, index: "*" })] },
  { source: "${a[i+1]}", expected: [param("a", { braced: true, index: plainWord("i+1") })] },
  { source: "${x:-a b}", expected: [param("x", { braced: true, op: { _tag: "DefaultOp", kind: "-", colon: true, word: plainWord("a b") } })] },
  { source: "${x-d}", expected: [param("x", { braced: true, op: { _tag: "DefaultOp", kind: "-", colon: false, word: plainWord("d") } })] },
  { source: "${x:=d}", expected: [param("x", { braced: true, op: { _tag: "DefaultOp", kind: "=", colon: true, word: plainWord("d") } })] },
  { source: "${x?msg}", expected: [param("x", { braced: true, op: { _tag: "DefaultOp", kind: "?", colon: false, word: plainWord("msg") } })] },
  { source: "${x:+alt}", expected: [param("x", { braced: true, op: { _tag: "DefaultOp", kind: "+", colon: true, word: plainWord("alt") } })] },
  { source: "${x##*/}", expected: [param("x", { braced: true, op: { _tag: "RemovePatternOp", side: "prefix", longest: true, pattern: plainWord("*/") } })] },
  { source: "${x%.*}", expected: [param("x", { braced: true, op: { _tag: "RemovePatternOp", side: "suffix", longest: false, pattern: plainWord(".*") } })] },
  { source: "${x/a/b}", expected: [param("x", { braced: true, op: { _tag: "ReplaceOp", mode: "first", pattern: plainWord("a"), replacement: plainWord("b") } })] },
  { source: "${x//a}", expected: [param("x", { braced: true, op: { _tag: "ReplaceOp", mode: "all", pattern: plainWord("a"), replacement: undefined } })] },
  { source: "${x/#a/b}", expected: [param("x", { braced: true, op: { _tag: "ReplaceOp", mode: "prefix", pattern: plainWord("a"), replacement: plainWord("b") } })] },
  { source: "${x/%a/}", expected: [param("x", { braced: true, op: { _tag: "ReplaceOp", mode: "suffix", pattern: plainWord("a"), replacement: { _tag: "Word", parts: [], raw: "" } } })] },
  { source: "${x^^}", expected: [param("x", { braced: true, op: { _tag: "CaseModifyOp", direction: "upper", all: true, pattern: undefined } })] },
  { source: "${x,[ab]}", expected: [param("x", { braced: true, op: { _tag: "CaseModifyOp", direction: "lower", all: false, pattern: plainWord("[ab]") } })] },
  { source: "${x:1:2}", expected: [param("x", { braced: true, op: { _tag: "SubstringOp", offset: plainWord("1"), length: plainWord("2") } })] },
  { source: "${x: -1}", expected: [param("x", { braced: true, op: { _tag: "SubstringOp", offset: plainWord(" -1"), length: undefined } })] },
  { source: "${x@Q}", expected: [param("x", { braced: true, op: { _tag: "TransformOp", operator: "Q" } })] },
  { source: "${x:-{a\\}}", expected: [param("x", { braced: true, op: { _tag: "DefaultOp", kind: "-", colon: true, word: { _tag: "Word", parts: [lit("{a"), { _tag: "Escaped", value: "}" }], raw: "{a\\}" } } })] },
  { source: "${x:-a}b}", expected: [param("x", { braced: true, op: { _tag: "DefaultOp", kind: "-", colon: true, word: plainWord("a") } }), lit("b}")] },
  { source: "${x!}", expected: [param("${x!}", { braced: true })] },
  { source: "${(M)${(k)p[@]}:#x*}", expected: [param("${(M)${(k)p[@]}:#x*}", { braced: true })] },
  { source: "$((1 + $x))", expected: [{ _tag: "ArithmeticExpansion", expression: { _tag: "Word", parts: [lit("1 + "), param("x")], raw: "1 + $x" } }] },
  { source: '$(( "2" * 3 ))', expected: [{ _tag: "ArithmeticExpansion", expression: { _tag: "Word", parts: [lit(" 2 * 3 ")], raw: ' "2" * 3 ' } }] },
  { source: "$[1+2]", expected: [{ _tag: "ArithmeticExpansion", expression: plainWord("1+2") }] },
  { source: "~", expected: [{ _tag: "TildePrefix", user: "" }] },
  { source: "~bob/x", expected: [{ _tag: "TildePrefix", user: "bob" }, lit("/x")] },
  { source: "~+", expected: [{ _tag: "TildePrefix", user: "+" }] },
  { source: "a~", expected: [lit("a~")] },
  { source: "a=~/x:~b", expected: [lit("a="), { _tag: "TildePrefix", user: "" }, lit("/x:"), { _tag: "TildePrefix", user: "b" }] },
  { source: "--opt=~/z", expected: [lit("--opt=~/z")] },
  { source: "x:~", expected: [lit("x:~")] },
  { source: "'~'", expected: [{ _tag: "SingleQuoted", value: "~" }] },
  { source: "{a,b}", expected: [{ _tag: "BraceList", alternatives: [[lit("a")], [lit("b")]] }] },
  { source: "x{a,{b,c}}y", expected: [lit("x"), { _tag: "BraceList", alternatives: [[lit("a")], [{ _tag: "BraceList", alternatives: [[lit("b")], [lit("c")]] }]] }, lit("y")] },
  { source: "{1..10..2}", expected: [{ _tag: "BraceSequence", start: "1", end: "10", step: "2" }] },
  { source: "{a..z}", expected: [{ _tag: "BraceSequence", start: "a", end: "z", step: undefined }] },
  { source: "{-05..5}", expected: [{ _tag: "BraceSequence", start: "-05", end: "5", step: undefined }] },
  { source: "{a}", expected: [lit("{a}")] },
  { source: "{}", expected: [lit("{}")] },
  { source: "{a..1}", expected: [lit("{a..1}")] },
  { source: "{a,b", expected: [lit("{a,b")] },
  { source: '{"a b",$x}', expected: [{ _tag: "BraceList", alternatives: [[{ _tag: "DoubleQuoted", parts: [lit("a b")] }], [param("x")]] }] },
  { source: "\\{a,b}", expected: [{ _tag: "Escaped", value: "{" }, lit("a,b}")] },
  { source: "'{a,b}'", expected: [{ _tag: "SingleQuoted", value: "{a,b}" }] }
]

describe("words", () => {
  for (const { source, expected } of cases) {
    it(source, () => {
      expect(wordParts(`echo ${source}`)).toEqual(expected)
    })
  }

  it("keeps the exact source text in raw", () => {
    for (const { source } of cases) {
      const command = firstCommand(`echo ${source} end`)
      expect(command._tag === "SimpleCommand" && command.words.map((w) => w.raw)).toEqual(["echo", source, "end"])
    }
  })

  it("parses command substitutions into scripts", () => {
    const [part] = wordParts("echo $(echo a; echo b)")
    expect(part).toMatchObject({ _tag: "CommandSubstitution", backquoted: false, raw: "echo a; echo b" })
    expect(part?._tag === "CommandSubstitution" && part.body.statements.length).toBe(2)
  })

  it("undoes backquote escapes before parsing the inner script", () => {
    const [part] = wordParts("echo `echo \\`echo hi\\``")
    expect(part).toMatchObject({ _tag: "CommandSubstitution", backquoted: true, raw: "echo \\`echo hi\\`" })
    const inner = part?._tag === "CommandSubstitution" ? part.body.statements[0]?.body.first.commands[0] : undefined
    expect(inner).toMatchObject({ _tag: "SimpleCommand", words: [{ raw: "echo" }, { parts: [{ _tag: "CommandSubstitution", backquoted: true, raw: "echo hi" }] }] })
  })

  it("defers a syntax error inside backquotes to run time, as bash does (eval of the text)", () => {
    const [part] = wordParts("echo `echo )`")
    expect(part).toMatchObject({
      _tag: "CommandSubstitution",
      backquoted: true,
      raw: "echo )",
      body: { statements: [{ body: { first: { commands: [{ words: [{ raw: "eval" }, { parts: [{ _tag: "SingleQuoted", value: "echo )" }] }] }] } } }] }
    })
  })

  it("reads $(( as arithmetic only when it closes with ))", () => {
    expect(wordParts("echo $((a) )")[0]).toMatchObject({ _tag: "CommandSubstitution" })
    expect(wordParts("echo $((a))")[0]).toMatchObject({ _tag: "ArithmeticExpansion" })
  })

  it("reads a case statement inside $(...)", () => {
    expect(wordParts("echo $(case x in a) echo A;; esac)")[0]).toMatchObject({
      _tag: "CommandSubstitution",
      body: { statements: [{ body: { first: { commands: [{ _tag: "Case" }] } } }] }
    })
  })

  it("reads process substitutions", () => {
    expect(wordParts("cat <(ls) >(wc)", 1)[0]).toMatchObject({ _tag: "ProcessSubstitution", direction: "<", raw: "ls" })
    expect(wordParts("cat <(ls) >(wc)", 2)[0]).toMatchObject({ _tag: "ProcessSubstitution", direction: ">", raw: "wc" })
  })

  it("treats single quotes inside a double-quoted ${x:-...} as literal", () => {
    const [dq] = wordParts(`echo "\${x:-'a'}"`)
    expect(dq).toMatchObject({ _tag: "DoubleQuoted", parts: [{ _tag: "ParamExpansion", op: { word: { parts: [lit("'a'")] } } }] })
  })
})
