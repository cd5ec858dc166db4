import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { searchCommands } from "../../src/commands/text/search/index.js"
import { runCommand } from "../support/commandHarness.js"

/**
 * The regex engines against GNU grep -o and GNU sed s///g on this machine: match extents
 * (leftmost-longest), empty matches, word edges, case folding, non-ASCII brackets, classes,
 * intervals, back-references. Skipped when the host tools are missing.
 */
const hostGrep = spawnSync("grep", ["--version"]).status === 0
const hostSed = spawnSync("sed", ["--version"]).status === 0
const grep = searchCommands.find((c) => c.name === "grep")!
const sed = searchCommands.find((c) => c.name === "sed")!

const INPUT = [
  "foo foobar barfoo foo_bar foo-bar",
  "aaa ab abab abcabc aab",
  "café naïve ÉCOLE über straße",
  "x1y22z333 12-34 0x1F",
  "*star ^caret $dollar a*b a+b",
  "the the cat cat sat",
  "",
  "MiXeD CaSe mixed case",
  "tab\there  two  spaces"
].join("\n") + "\n"

const GREP: ReadonlyArray<readonly [string, string]> = [
  ["-G", "a*"], ["-G", "\\(ab\\)*"], ["-G", "^*"], ["-G", "*star"], ["-G", "a\\{2\\}"], ["-G", "a\\{1,2\\}b"],
  ["-G", "\\<foo"], ["-G", "foo\\>"], ["-G", "\\<foo\\>"], ["-G", "\\bfoo\\b"], ["-G", "\\Bo"], ["-G", "\\w\\+"],
  ["-G", "\\(the\\) \\1"], ["-G", "\\([a-z]*\\) \\1"], ["-G", "[[:alpha:]]\\+"], ["-G", "[[:upper:]][[:lower:]]*"],
  ["-G", "[[:digit:]]\\+"], ["-G", "[[:space:]]\\+"], ["-G", "[[:punct:]]"], ["-G", "[éè]"], ["-G", "[[:alpha:]é]\\+"],
  ["-G", "\\.\\|\\$[a-z]*"], ["-G", "a\\?b"], ["-G", "x*"],
  ["-E", "a|ab|abc"], ["-E", "(a|ab)(c|bcd)?"], ["-E", "(ab|a)(bab)?"], ["-E", "[0-9]+|[0-9]+-[0-9]+"],
  ["-E", "(a|aa)*b"], ["-E", "o{2}"], ["-E", "(foo|foobar)(bar)?"], ["-E", "([a-z])\\1"], ["-E", "(.)\\1"],
  ["-E", "\\<[a-z]{3}\\>"], ["-E", "(\\w+) \\1"], ["-E", "c.t|s.t"], ["-E", "[^ ]+"], ["-E", "\\s+"], ["-E", "ß|ü"],
  ["-P", "foo(?=bar)"], ["-P", "(?<=foo)bar"], ["-P", "\\bfoo\\b"], ["-P", "\\d+"], ["-P", "(\\w)\\1"], ["-P", "a+?"],
  ["-F", "foo"], ["-F", "a*b"]
]
const GREP_FLAGS: ReadonlyArray<ReadonlyArray<string>> = [["-o"], ["-io"], ["-wo"], ["-c"], ["-xc"]]

// Empty matches next to a non-ASCII character: GNU sed steps one byte there (splitting the
// character), so these run on ASCII lines only.
const ASCII_INPUT = INPUT.split("\n").filter((line) => !/[^\x00-\x7f]/.test(line)).join("\n")
const SED_EMPTY: ReadonlyArray<ReadonlyArray<string>> = [
  ["s/x*/-/g"], ["s/a*/<&>/g"], ["s/\\(ab\\)*/<&>/g"], ["-E", "s/(a|aa)*/<&>/g"], ["-E", "s/ */_/g"]
]

// Submatch extents follow RE2 where glibc departs from POSIX (`(foo|foobar)(bar)?`), so the
// table compares whole-match extents and unambiguous groups.
const SED: ReadonlyArray<ReadonlyArray<string>> = [
  ["s/\\<./[&]/g"], ["s/.\\>/[&]/g"], ["s/\\b/|/g"], ["s/\\B/./g"],
  ["s/[[:alpha:]]*/<&>/g"], ["s/[éü]/E/g"], ["s/\\([a-z]*\\) \\1/<\\1>/g"], ["s/o\\{1,2\\}/0/g"], ["s/^*/!/"],
  ["-E", "s/(a|ab)(c|bcd)?/<\\1,\\2>/g"], ["-E", "s/[0-9]+|[0-9]+-[0-9]+/N/g"],
  ["-E", "s/(the|cat) \\1/D/g"], ["-E", "s/\\w+/W/2"], ["-E", "s/(.)(.)?/\\2\\1/g"], ["s/case/X/Ig"], ["-E", "s/$|^/|/g"],
  ["-E", "s/(foo|foobar)(bar)?/<&>/g"], ["-E", "s/\\b/|/g"], ["s/\\w\\b/&|/g"]
]

describe.skipIf(!hostGrep)("the engines agree with GNU grep", () => {
  const cases = GREP.flatMap(([mode, pattern]) => GREP_FLAGS.map((flags) => [mode, ...flags, "-e", pattern]))
  it.each(cases.map((argv) => [argv.join(" "), argv] as const))("grep %s", async (_, argv) => {
    const host = spawnSync("grep", argv, { input: INPUT, env: { LC_ALL: "C.UTF-8" } })
    const ours = await runCommand(grep, argv, { stdin: INPUT })
    expect({ stdout: ours.stdout, status: ours.exitCode }).toEqual({ stdout: host.stdout.toString(), status: host.status })
  })
})

describe.skipIf(!hostSed)("the engines agree with GNU sed", () => {
  const cases = [...SED.map((argv) => [argv, INPUT] as const), ...SED_EMPTY.map((argv) => [argv, ASCII_INPUT] as const)]
  it.each(cases.map(([argv, input]) => [argv.join(" "), argv, input] as const))("sed %s", async (_, argv, input) => {
    const host = spawnSync("sed", argv, { input, env: { LC_ALL: "C.UTF-8" } })
    const ours = await runCommand(sed, [...argv], { stdin: input })
    expect({ stdout: ours.stdout, status: ours.exitCode }).toEqual({ stdout: host.stdout.toString(), status: host.status })
  })
})
