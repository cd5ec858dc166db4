import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { searchCommands } from "../../../src/commands/text/search/index.js"
import { runCommand } from "../../support/commandHarness.js"

/** Differential suite against the host's GNU sed: stdout, stderr and exit status must agree. */
const hostSed = spawnSync("sed", ["--version"]).status === 0
const sed = searchCommands.find((c) => c.name === "sed")!

const INPUT = "hello world\nfoo bar\naaa\nabcabc\n\nLine Six\nx1y2z3\nend\n"
const SCRIPTS: ReadonlyArray<ReadonlyArray<string>> = [
  ["s/o/0/"], ["s/o/0/g"], ["s/o/0/2"], ["s/o/0/2g"], ["s/\\(l\\+\\)/[\\1]/g"], ["-E", "s/(a|ab)(c|bca)?/<\\1,\\2>/g"],
  ["s/x*/-/g"], ["s/a*/X/g"], ["s/\\w\\+/\\u&/g"], ["s/.*/\\U&/"], ["s/\\(.\\)\\(.*\\)/\\2\\L\\1/"], ["-E", "s/([a-z]+) ([a-z]+)/\\2 \\1/"],
  ["s/hello/HI/I"], ["-n", "/foo/p"], ["/^$/d"], ["2,4d"], ["$d"], ["-n", "$p"], ["1~3d"], ["0~2s/^/> /"], ["2,+2s/^/#/"],
  ["3,~4s/^/#/"], ["0,/a/s/a/A/"], ["1,/a/s/a/A/"], ["/foo/,/abc/d"], ["-n", "/foo/,/abc/{=;p}"], ["/aaa/!d"],
  ["-n", "l"], ["-n", "2{N;N;l}"], ["N;P;D"], ["$!N;s/\\n/ /"], ["1h;1!H;$!d;x;s/\\n/,/g"], ["G"], ["-n", "h;n;G;p"],
  ["x;$!d"], ["y/abc/xyz/"], ["/foo/a\\\nappended"], ["/foo/i inserted"], ["/foo/c changed"], ["2,3c\\\nrange"],
  ["3q"], ["3Q"], ["5q7"], [":a;s/a//;ta"], ["s/a/A/;T;s/$/!/"], ["=", "-n"], ["-s", "-n", "$p"], ["-z", "s/\\n/|/g"],
  ["s/[[:upper:]]/_/g"], ["s/[^[:alnum:] ]/?/g"], ["s|/|_|g"], ["s,o,\\,,g"], ["-E", "s/(o)\\1/<&>/"], ["s/o\\{2\\}/00/"],
  ["-E", "s/a{2,}/X/"], ["s/\\bfoo\\b/F/"], ["s/\\<./#/g"], ["s/$/\\t|/"], ["s/ /\\n/"], ["/hello/{s/h/H/;s/w/W/}"],
  ["-n", "/foo/{p;p}"], ["s/a/b/w /dev/stdout"], ["-n", "s/a/A/gp"], ["s/o/0/3"], ["s/e/E/2;s/l/L/g"],
  // errors
  ["s/a/b"], ["k"], ["/x"], ["s/a/b/q"], ["b foo"], ["}"], ["y/ab/c/"], ["p;p x"], [":"], ["3,p"], ["s/\\(/x/"],
  ["s/x/\\1/"], ["0p"], ["dp"]
]

describe.skipIf(!hostSed)("sed agrees with GNU sed", () => {
  it.each(SCRIPTS.map((argv) => [argv.join(" "), argv] as const))("sed %s", async (_, argv) => {
    const host = spawnSync("sed", argv, { input: INPUT, env: { LC_ALL: "C.UTF-8" } })
    const ours = await runCommand(sed, [...argv], { stdin: INPUT })
    expect({ stdout: ours.stdout, stderr: ours.stderr, status: ours.exitCode }).toEqual({
      stdout: host.stdout.toString(),
      stderr: host.stderr.toString(),
      status: host.status
    })
  })
})
