import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { searchCommands } from "../../../src/commands/text/search/index.js"
import { runCommand } from "../../support/commandHarness.js"

/**
 * Differential suite: generated (flags, pattern, input) cases run through the host's GNU grep
 * and through ours; stdout and exit status must agree. Skipped when grep is not installed.
 */
const hostGrep = spawnSync("grep", ["--version"]).status === 0
const grep = searchCommands.find((c) => c.name === "grep")!

const INPUT = "foo\nfoobar\nbar foo baz\nFOO\nabcabc\na.b\na*b\n(x)\nab\naab\n\nx_y z\n123 456\nend\n"
const PATTERNS: ReadonlyArray<readonly [string, string]> = [
  ["-G", "foo"], ["-G", "^foo"], ["-G", "bar$"], ["-G", "a*b"], ["-G", "a\\+b"], ["-G", "\\(ab\\)\\1"],
  ["-G", "a\\{2\\}"], ["-G", "[[:digit:]]\\{3\\}"], ["-G", "a.b"], ["-G", "\\<foo\\>"], ["-G", "(x)"],
  ["-G", "foo\\|bar"], ["-G", "*b"], ["-G", "[]a]"], ["-G", "^$"], ["-G", "\\bba"], ["-G", "x\\w"],
  ["-E", "foo|bar"], ["-E", "(ab)+"], ["-E", "a{1,2}b"], ["-E", "^(foo|bar)"], ["-E", "[0-9]+ [0-9]+"],
  ["-E", "b|ab|aab"], ["-E", "(a|ab)(c|bcd)"], ["-E", "o+"], ["-E", "\\s"], ["-E", "[^a-z]"],
  ["-F", "a.b"], ["-F", "a*b"], ["-F", "foo"], ["-E", "x|"], ["-E", "(a|aa)*b"]
]
const FLAGS: ReadonlyArray<ReadonlyArray<string>> = [
  [], ["-i"], ["-v"], ["-w"], ["-x"], ["-c"], ["-n"], ["-o"], ["-on"], ["-ob"], ["-m1"], ["-A1"], ["-B1", "-n"], ["-C1"], ["-vc"], ["-io"], ["-wo"]
]

const cases = PATTERNS.flatMap(([mode, pattern]) => FLAGS.map((flags) => [mode, ...flags, "-e", pattern]))

describe.skipIf(!hostGrep)("grep agrees with GNU grep", () => {
  it.each(cases.map((argv) => [argv.join(" "), argv] as const))("grep %s", async (_, argv) => {
    const host = spawnSync("grep", argv, { input: INPUT, env: { LC_ALL: "C.UTF-8" } })
    const ours = await runCommand(grep, argv, { stdin: INPUT })
    expect({ stdout: ours.stdout, status: ours.exitCode }).toEqual({ stdout: host.stdout.toString(), status: host.status })
  })

  it.each([
    [["-c", "foo", "/a", "/b"]], [["-l", "foo", "/a", "/b", "/c"]], [["-L", "foo", "/a", "/b"]], [["-h", "o", "/a", "/b"]],
    [["-r", "foo", "/d"]], [["-r", "--include=*.txt", "foo", "/d"]], [["-r", "--exclude-dir=sub", "foo", "/d"]],
    [["foo", "/missing"]], [["-s", "foo", "/missing", "/a"]], [["-q", "foo", "/missing", "/a"]], [["foo", "/d"]]
  ] as const)("files: grep %j", async (argv) => {
    const files = { "/a": "foo\nbar\n", "/b": "bar\n", "/c": "foo\n", "/d/x.txt": "foo\n", "/d/sub/y.txt": "foo 2\n", "/d/z.log": "foo\n" }
    const ours = await runCommand(grep, [...argv], { files })
    // The same tree on the host, under a temp dir whose prefix we strip.
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs")
    const { tmpdir } = await import("node:os")
    const root = mkdtempSync(`${tmpdir()}/grepdiff-`)
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(root + path.slice(0, path.lastIndexOf("/")), { recursive: true })
      writeFileSync(root + path, text)
    }
    const hostArgv = argv.map((a) => (a.startsWith("/") ? root + a : a))
    const host = spawnSync("grep", hostArgv, { env: { LC_ALL: "C.UTF-8" } })
    const sortLines = (s: string) => s.split("\n").sort().join("\n")
    expect({ stdout: sortLines(ours.stdout), stderr: ours.stderr, status: ours.exitCode }).toEqual({
      stdout: sortLines(host.stdout.toString().replaceAll(root, "")),
      stderr: host.stderr.toString().replaceAll(root, ""),
      status: host.status
    })
  })
})
