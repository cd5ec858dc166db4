/**
 * Differential tests of the linear-time glob matcher against /bin/bash: nested extglob groups,
 * negation inside sequences, nocasematch, multi-byte text, and the parameter operations on
 * longer texts where a wrong "leftmost-longest" or "shortest suffix" shows.
 */
import { describe, expect, it } from "vitest"
import { matchPattern, removePattern, replacePattern } from "../../src/expansion/Pattern.js"
import { runBash, shellQuote } from "./support/bashOracle.js"

const matchTexts = ["", "a", "ab", "aab", "abab", "abcabc", "aaaa", "foo.tar.gz", "x.c", "Ab", "ÀéB", "a/b", "--", "a(b)|c"]

const matchPatterns = [
  "@(a|ab)*(b)", "+(ab)", "*(a)b", "*(a|ab|b)", "?(a)?(b)", "!(a)b", "a!(b)", "!(a|ab)", "*!(b)", "!(*b)*",
  "@(!(a)|b)", "!(@(a|b)*)", "+(!(a))", "*(!(b))", "!(!(*a*))", "@(+(a)|+(b))c", "*(@(a|b)|c)", "+([ab])",
  "!([a])*", "*.!(gz|c)", "!(*.*)", "@(x|foo).*", "*(?)b", "?(*)", "@()", "!()", "*()", "+()a", "a*(|b)",
  "[[:upper:]]*", "[[:lower:]]?", "[!a]*", "[à-ÿ]*", "?é*", "*[/]*", "\\(*", "*\\|*", "a\\(b\\)\\|c",
  "@(a\\|b|x)", "*([[:alpha:]])", "!([[:alpha:]])*", "@(a|[ab)])*"
]

interface MatchRow {
  readonly pattern: string
  readonly text: string
  readonly nocase: boolean
}

const matchRows: ReadonlyArray<MatchRow> = [false, true].flatMap((nocase) =>
  matchPatterns.flatMap((pattern) => matchTexts.map((text) => ({ pattern, text, nocase })))
)

describe("[[ == ]] with extglob matches bash", () => {
  const lines = matchRows.map(
    ({ pattern, text, nocase }) =>
      `${nocase ? "shopt -s nocasematch" : "shopt -u nocasematch"}; p=${shellQuote(pattern)}; t=${shellQuote(text)}; [[ $t == $p ]] && echo 1 || echo 0`
  )
  const expected = runBash(`shopt -s extglob\n${lines.join("\n")}`).stdout.split("\n")
  matchRows.forEach((row, index) => {
    it(`${JSON.stringify(row.pattern)} on ${JSON.stringify(row.text)}${row.nocase ? " (nocasematch)" : ""}`, () => {
      expect(matchPattern(row.pattern, row.text, { extglob: true, nocase: row.nocase }) ? "1" : "0").toBe(expected[index])
    })
  })
})

const opTexts = ["aaaaabaaaa", "abcabcabc", "/usr/local/lib/libfoo.so.1.2", "xx-yy-zz--", "éaéaé", "a.b.c.d"]

const opPatterns = [
  "a*", "*a", "a*a", "+(a)", "*(a)b", "@(a|aa|aaa)", "+(a|ab)", "?(a)b", "*/", "/*", "*.*", ".*", "*.+([0-9])",
  "[a-c]", "[!a]", "+([!-])", "-*", "*-", "é?", "@(é|a)", "b*(c|a)", "*(ab|c)", "lib*.so*"
]

interface OpRow {
  readonly pattern: string
  readonly text: string
}

const opRows: ReadonlyArray<OpRow> = opPatterns.flatMap((pattern) => opTexts.map((text) => ({ pattern, text })))

describe("pattern operations on longer texts match bash", () => {
  const lines = opRows.map(
    ({ pattern, text }) =>
      `p=${shellQuote(pattern)}; t=${shellQuote(text)}; printf '%s\\n' "\${t#$p}|\${t##$p}|\${t%$p}|\${t%%$p}|\${t/$p/<R>}|\${t//$p/<R>}|\${t/#$p/<R>}|\${t/%$p/<R>}"`
  )
  const expected = runBash(`shopt -s extglob\n${lines.join("\n")}`).stdout.split("\n")
  opRows.forEach((row, index) => {
    it(`${JSON.stringify(row.pattern)} on ${JSON.stringify(row.text)}`, () => {
      const o = { extglob: true }
      const { pattern, text } = row
      const ours = [
        removePattern(text, pattern, "prefix", false, o),
        removePattern(text, pattern, "prefix", true, o),
        removePattern(text, pattern, "suffix", false, o),
        removePattern(text, pattern, "suffix", true, o),
        replacePattern(text, pattern, "<R>", "first", o),
        replacePattern(text, pattern, "<R>", "all", o),
        replacePattern(text, pattern, "<R>", "prefix", o),
        replacePattern(text, pattern, "<R>", "suffix", o)
      ].join("|")
      expect(ours).toBe(expected[index])
    })
  })
})

const classChars = ["a", "A", "é", "É", "٣", "ß", "€", "\t", " ", "_", "~", "1", "\u00a0"]
const classNames = ["alpha", "upper", "lower", "digit", "xdigit", "alnum", "word", "space", "blank", "punct", "cntrl", "print", "graph", "ascii"]

describe("character classes match bash's (glibc, UTF-8), with and without nocasematch", () => {
  const rows = [false, true].flatMap((nocase) => classNames.flatMap((name) => classChars.map((char) => ({ pattern: `[[:${name}:]]`, text: char, nocase }))))
  const lines = rows.map(
    ({ pattern, text, nocase }) =>
      `${nocase ? "shopt -s nocasematch" : "shopt -u nocasematch"}; t=${shellQuote(text)}; [[ $t == ${pattern} ]] && echo 1 || echo 0`
  )
  const expected = runBash(lines.join("\n")).stdout.split("\n")
  rows.forEach((row, index) => {
    it(`${row.pattern} on ${JSON.stringify(row.text)}${row.nocase ? " (nocasematch)" : ""}`, () => {
      expect(matchPattern(row.pattern, row.text, { nocase: row.nocase }) ? "1" : "0").toBe(expected[index])
    })
  })
})
