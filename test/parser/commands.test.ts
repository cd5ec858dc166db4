import { describe, expect, it } from "vitest"
import { firstCommand, parseOk, plainWord } from "./helpers.js"

const w = (text: string) => ({ raw: text })
const stmt = (command: object) => ({ _tag: "Statement", body: { first: { commands: [command] } } })

/** `source` → the first command matches `expected` (toMatchObject). */
const cases: ReadonlyArray<{ readonly source: string; readonly expected: object }> = [
  { source: "echo a b", expected: { _tag: "SimpleCommand", words: [w("echo"), w("a"), w("b")], assignments: [], redirects: [] } },
  { source: "a=1 b=2 cmd", expected: { _tag: "SimpleCommand", assignments: [{ name: "a", value: plainWord("1") }, { name: "b", raw: "b=2" }], words: [w("cmd")] } },
  { source: "x=", expected: { assignments: [{ name: "x", value: { parts: [], raw: "" } }], words: [] } },
  { source: "x+=y", expected: { assignments: [{ name: "x", append: true, value: plainWord("y") }] } },
  { source: "a[i+1]=v", expected: { assignments: [{ name: "a", index: plainWord("i+1"), value: plainWord("v") }] } },
  { source: "a=(x 'y z' [3]=w)", expected: { assignments: [{ name: "a", value: { _tag: "ArrayLiteral", elements: [{ key: undefined, value: w("x") }, { value: w("'y z'") }, { key: plainWord("3"), value: w("w") }] } }] } },
  { source: "a+=(z)", expected: { assignments: [{ name: "a", append: true, value: { _tag: "ArrayLiteral", elements: [{ value: w("z") }] } }] } },
  { source: "a=(\n  1 # one\n  2\n)", expected: { assignments: [{ value: { elements: [{ value: w("1") }, { value: w("2") }] } }] } },
  { source: "p=~/x:~/y", expected: { assignments: [{ value: { parts: [{ _tag: "TildePrefix", user: "" }, { _tag: "Literal", value: "/x:" }, { _tag: "TildePrefix", user: "" }, { _tag: "Literal", value: "/y" }] } }] } },
  { source: "v={a,b}", expected: { assignments: [{ value: { parts: [{ _tag: "Literal", value: "{a,b}" }] } }] } },
  { source: "declare -A m=([k]=v ['a b']=2)", expected: { words: [w("declare"), w("-A"), { raw: "m=([k]=v ['a b']=2)", assignment: { name: "m", value: { elements: [{ key: plainWord("k"), value: w("v") }, { key: { parts: [{ _tag: "SingleQuoted", value: "a b" }] }, value: w("2") }] } } }] } },
  { source: "local x=~/a", expected: { words: [w("local"), { raw: "x=~/a", assignment: { name: "x" }, parts: [{ _tag: "Literal", value: "x=" }, { _tag: "TildePrefix" }, { _tag: "Literal", value: "/a" }] }] } },
  { source: "cat <in >out 2>>err", expected: { redirects: [{ operator: "<", fd: undefined, target: w("in") }, { operator: ">", target: w("out") }, { operator: ">>", fd: 2, target: w("err") }] } },
  { source: "cmd 2>&1 >&- 3<&0 <>f >|g &>h &>>i", expected: { redirects: [{ operator: ">&", fd: 2, target: w("1") }, { operator: ">&", target: w("-") }, { operator: "<&", fd: 3 }, { operator: "<>" }, { operator: ">|" }, { operator: "&>" }, { operator: "&>>" }] } },
  { source: "exec {fd}>file", expected: { redirects: [{ operator: ">", fdVariable: "fd", target: w("file") }] } },
  { source: "cat <<<'here'", expected: { redirects: [{ operator: "<<<", target: w("'here'") }] } },
  { source: ">out", expected: { words: [], redirects: [{ operator: ">" }] } },
  { source: "cat <<EOF\nhi $x\nEOF\n", expected: { redirects: [{ operator: "<<", heredoc: { quoted: false, delimiter: "EOF", body: { raw: "hi $x\n", parts: [{ _tag: "Literal", value: "hi " }, { _tag: "ParamExpansion", name: "x" }, { _tag: "Literal", value: "\n" }] } } }] } },
  { source: "cat <<'E F'\n$x \\$\nE F\n", expected: { redirects: [{ heredoc: { quoted: true, delimiter: "E F", body: { parts: [{ _tag: "Literal", value: "$x \\$\n" }] } } }] } },
  { source: "cat <<-EOF\n\t\tindented\n\tEOF\n", expected: { redirects: [{ operator: "<<-", heredoc: { stripTabs: true, body: { raw: "indented\n" } } }] } },
  { source: "cat <<A <<B\na\nA\nb\nB\n", expected: { redirects: [{ heredoc: { body: { raw: "a\n" } } }, { heredoc: { body: { raw: "b\n" } } }] } },
  { source: "cat <<EOF\n\"q\" 'x' \\n \\` $(echo x)\nEOF", expected: { redirects: [{ heredoc: { body: { parts: [{ _tag: "Literal", value: "\"q\" 'x' \\n " }, { _tag: "Escaped", value: "`" }, { _tag: "Literal", value: " " }, { _tag: "CommandSubstitution" }, { _tag: "Literal", value: "\n" }] } } }] } },
  { source: "cat <<EOF\nnever ends", expected: { redirects: [{ heredoc: { body: { raw: "never ends\n" } } }] } },
  { source: "( a; b )", expected: { _tag: "Subshell", body: [stmt({ words: [w("a")] }), stmt({ words: [w("b")] })] } },
  { source: "{ a; } >f", expected: { _tag: "Group", body: [stmt({ words: [w("a")] })], redirects: [{ operator: ">" }] } },
  { source: "if a; then b; elif c; then d; else e; fi", expected: { _tag: "If", clauses: [{ condition: [stmt({ words: [w("a")] })], body: [stmt({ words: [w("b")] })] }, { condition: [stmt({ words: [w("c")] })] }], elseBody: [stmt({ words: [w("e")] })] } },
  { source: "while a; do b; done <in", expected: { _tag: "While", until: false, condition: [stmt({})], body: [stmt({})], redirects: [{ operator: "<" }] } },
  { source: "until a\ndo\n  b\ndone", expected: { _tag: "While", until: true } },
  { source: "for i in a 'b c'; do echo $i; done", expected: { _tag: "For", variable: "i", words: [w("a"), w("'b c'")] } },
  { source: "for i; do :; done", expected: { _tag: "For", variable: "i", words: undefined } },
  { source: "for i\ndo :; done", expected: { _tag: "For", words: undefined } },
  { source: "for i in; do :; done", expected: { _tag: "For", words: [] } },
  { source: "for i in a b; { echo $i; }", expected: { _tag: "For", body: [stmt({ words: [w("echo"), w("$i")] })] } },
  { source: "for ((i=0; i<3; i++)); do :; done", expected: { _tag: "ArithFor", init: plainWord("i=0"), condition: plainWord(" i<3"), step: plainWord(" i++") } },
  { source: "for ((;;)); do break; done", expected: { _tag: "ArithFor", init: undefined, condition: undefined, step: undefined } },
  { source: "select x in a b; do break; done", expected: { _tag: "Select", variable: "x", words: [w("a"), w("b")] } },
  { source: "case $x in a|b) echo;; (c) ;& *) z;;& esac", expected: { _tag: "Case", subject: w("$x"), items: [{ patterns: [w("a"), w("b")], terminator: ";;" }, { patterns: [w("c")], body: [], terminator: ";&" }, { patterns: [w("*")], terminator: ";;&" }] } },
  { source: "case x in\n  a) echo\n esac", expected: { _tag: "Case", items: [{ patterns: [w("a")], terminator: ";;" }] } },
  { source: "case x in esac", expected: { _tag: "Case", items: [] } },
  { source: "f() { echo; }", expected: { _tag: "FunctionDef", name: "f", body: { _tag: "Group" }, raw: "f() { echo; }" } },
  { source: "function f { echo; }", expected: { _tag: "FunctionDef", name: "f" } },
  { source: "function f() ( echo )", expected: { _tag: "FunctionDef", name: "f", body: { _tag: "Subshell" } } },
  { source: "f()\n{\n  :\n} >log", expected: { _tag: "FunctionDef", body: { _tag: "Group", redirects: [{ operator: ">" }] } } },
  { source: "my-fn.x () if true; then :; fi", expected: { _tag: "FunctionDef", name: "my-fn.x", body: { _tag: "If" } } },
  { source: "((x = 1 + 2))", expected: { _tag: "ArithCommand", expression: plainWord("x = 1 + 2") } },
  { source: "((a) )", expected: { _tag: "Subshell", body: [stmt({ _tag: "Subshell" })] } },
  { source: "[[ -f x ]]", expected: { _tag: "CondCommand", expression: { _tag: "CondUnary", operator: "-f", operand: w("x") } } },
  { source: "[[ $a == b* ]]", expected: { expression: { _tag: "CondBinary", operator: "==", left: w("$a"), right: w("b*") } } },
  { source: "[[ a < b ]]", expected: { expression: { _tag: "CondBinary", operator: "<" } } },
  { source: "[[ x =~ ^(a|b)[0-9]+$ ]]", expected: { expression: { _tag: "CondBinary", operator: "=~", right: w("^(a|b)[0-9]+$") } } },
  { source: "[[ ! a && ( b || c ) ]]", expected: { expression: { _tag: "CondAnd", left: { _tag: "CondNot", expr: { _tag: "CondWord" } }, right: { _tag: "CondGroup", expr: { _tag: "CondOr" } } } } },
  { source: "[[ a -eq 1 &&\n  b ]]", expected: { expression: { _tag: "CondAnd", left: { operator: "-eq" } } } },
  { source: "[[ -n -n ]]", expected: { expression: { _tag: "CondUnary", operator: "-n", operand: w("-n") } } },
  { source: "coproc cat", expected: { _tag: "Coproc", name: "COPROC", body: { _tag: "SimpleCommand" } } },
  { source: "coproc NAME { cat; }", expected: { _tag: "Coproc", name: "NAME", body: { _tag: "Group" } } },
  { source: "echo if then fi", expected: { _tag: "SimpleCommand", words: [w("echo"), w("if"), w("then"), w("fi")] } },
  { source: "echo a#b # comment", expected: { words: [w("echo"), w("a#b")] } },
  { source: "echo {a,b} }", expected: { words: [w("echo"), w("{a,b}"), w("}")] } }
]

describe("commands", () => {
  for (const { source, expected } of cases) {
    it(JSON.stringify(source), () => {
      expect(firstCommand(source)).toMatchObject(expected)
    })
  }
})

describe("lists and pipelines", () => {
  it("reads and-or lists, pipelines, negation and time", () => {
    const [s] = parseOk("! time -p a | b |& c && d || e &").statements
    expect(s).toMatchObject({
      background: true,
      body: {
        first: { negated: true, timed: "posix", commands: [w("a"), {}, {}].map(() => ({ _tag: "SimpleCommand" })), stderrPiped: [false, true] },
        rest: [{ operator: "&&" }, { operator: "||" }]
      }
    })
  })

  it("allows newlines after | && ||", () => {
    const [s] = parseOk("a |\n\n b &&\n c ||\n # c\n d").statements
    expect(s?.body.rest.length).toBe(2)
    expect(s?.body.first.commands.length).toBe(2)
  })

  it("records 1-based lines, offset by startLine", () => {
    const script = parseOk("a\n\nb; c\nif x\nthen y\nfi", { startLine: 10 })
    expect(script.statements.map((s) => s.line)).toEqual([10, 12, 12, 13])
  })

  it("separates statements by ; & and newlines", () => {
    const script = parseOk("a; b & c\nd")
    expect(script.statements.map((s) => s.background)).toEqual([false, true, false, false])
  })

  it("accepts `time` alone and `!` alone", () => {
    expect(firstCommand("time")).toMatchObject({ _tag: "SimpleCommand", words: [] })
    expect(parseOk("time").statements[0]?.body.first.timed).toBe("default")
  })

  it("handles here-docs inside command substitutions and loops", () => {
    const script = parseOk("x=$(cat <<EOF\nin sub\nEOF\n)\nwhile read l; do echo $l; done <<X\n1\n2\nX\necho after")
    expect(script.statements.length).toBe(3)
    expect(script.statements[1]?.body.first.commands[0]).toMatchObject({ _tag: "While", redirects: [{ heredoc: { body: { raw: "1\n2\n" } } }] })
  })
})
