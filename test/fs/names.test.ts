import { describe, expect, it } from "vitest"
import { both, sandbox } from "./harness.js"

describe("basename / dirname (differential against GNU)", () => {
  const rows: ReadonlyArray<ReadonlyArray<string>> = [
    ["basename", "/usr/lib/file.txt"],
    ["basename", "/usr/lib/file.txt", ".txt"],
    ["basename", "file.txt", "file.txt"],
    ["basename", "a/b/"],
    ["basename", "/"],
    ["basename", "//"],
    ["basename", ""],
    ["basename", "-a", "a/x", "b/y"],
    ["basename", "-s", ".c", "a.c", "b.c", "d.h"],
    ["basename", "-z", "a/b"],
    ["basename"],
    ["basename", "a", "b", "c"],
    ["dirname", "/usr/lib/file.txt"],
    ["dirname", "file"],
    ["dirname", "a/b/", "c", "///", "/a", "a//b//"],
    ["dirname", "-z", "a/b"],
    ["dirname"]
  ]
  for (const argv of rows) {
    it(argv.join(" "), async () => {
      const { ours, theirs } = await both(argv, {})
      expect(ours.stdout).toBe(theirs.stdout)
      expect(ours.exitCode).toBe(theirs.exitCode)
      expect(ours.stderr).toBe(theirs.stderr.replace(/[‘’]/g, "'"))
    })
  }
  it("--help exits 0", async () => {
    const result = await sandbox(["basename", "--help"])
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain("Usage: basename")
  })
})
