/**
 * Differential test: the same tree on the host (for /bin/bash) and in the in-memory VFS (for
 * expandPathname), globbed with the same patterns and options.
 */
import { Effect } from "effect"
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { expandPathname, type GlobOptions } from "../../src/expansion/Pathname.js"
import { hasGlobMeta } from "../../src/expansion/Pattern.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { runBash, shellQuote } from "./support/bashOracle.js"

const FILES = [
  "d/a.txt", "d/.dot", "d/sub/b.txt", "d/sub/deep/c.txt", "d/.hid/x/h.txt", "e/f", "A", "ab", "abc", ".z", "B.TXT",
  "x[1].txt", "star*name", "q?", "sp ace", "d/sub/b.md", "e/g.txt", "émoji", "Zeta", "_under", "10", "9"
]
const EMPTY_DIRS = ["empty", "d/sub/emptier"]
const SYMLINKS: ReadonlyArray<readonly [string, string]> = [["linkd", "d"], ["dangling", "nowhere"]]

const root = mkdtempSync(join(tmpdir(), "bk-glob-"))
for (const file of FILES) {
  mkdirSync(dirname(join(root, file)), { recursive: true })
  writeFileSync(join(root, file), file)
}
for (const dir of EMPTY_DIRS) mkdirSync(join(root, dir), { recursive: true })
for (const [link, target] of SYMLINKS) symlinkSync(target, join(root, link))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const vfs = makeInMemoryFs(Object.fromEntries(FILES.map((f) => [`${root}/${f}`, f])), { layout: false })
Effect.runSync(
  Effect.gen(function* () {
    for (const dir of EMPTY_DIRS) yield* vfs.mkdir(`${root}/${dir}`, { recursive: true })
    for (const [link, target] of SYMLINKS) yield* vfs.symlink(target, `${root}/${link}`)
  })
)

interface Case {
  readonly pattern: string
  readonly options?: Partial<GlobOptions>
}

const PATTERNS = [
  "*", "*/", "d/*", "d/*/", "*/*", "*/*/*", "?", "??", "[a-c]*", "[!a]*", "[[:upper:]]*", "*.txt", "*/*.txt", "d/.*", ".*",
  "d/.!(dot)", "x\\[1].txt", "x[[]1].txt", "star\\**", "q\\?", "q?", "sp*", "é*", "*[0-9]", "nope/*", "d/nope*", "*/sub",
  "d//*", "./d/*", "d/./*", "d/sub/../*", "[d]/a.txt", "d/[a].txt", "d/[.]dot", "d/?dot", "link*/*", "dang*", "e/f*/",
  `${root}/d/*`, `${root}/*/b*`, "*(a)", "@(.z|A)", "!(a*)", "+([a-c])", "**", "**/", "**/*.txt", "d/**", "d/**/", "d/**/*.txt",
  "**/c.txt", "d/**/deep", "**/emptier", "[", "d/[", "a[bc"
]

const CASES: ReadonlyArray<Case> = [
  ...PATTERNS.map((pattern) => ({ pattern })),
  ...PATTERNS.map((pattern) => ({ pattern, options: { extglob: true, globstar: true } })),
  ...["*", "d/*", "**/*.txt", "d/**", ".*", "*/"].map((pattern) => ({ pattern, options: { dotglob: true, globstar: true } })),
  ...["[a]*", "*.TXT", "A*", "z*", "D/*"].map((pattern) => ({ pattern, options: { nocaseglob: true } })),
  ...["*.txt", "d*", "*", "d/a*", "*/a.txt", "?/a.txt", ":", "d/.*", "*[t]"].map((globIgnore) => ({
    pattern: "d/*",
    options: { globIgnore }
  })),
  { pattern: "*", options: { globIgnore: "a*:B*" } },
  { pattern: "d/*/*", options: { globIgnore: "d/*" } }
]

const fullOptions = (c: Case): GlobOptions => ({
  dotglob: false,
  nocaseglob: false,
  globstar: false,
  extglob: false,
  maxWords: 1_000_000,
  ...c.options
})

/** Our pattern convention: the test patterns already backslash-escape literal metacharacters. */
const bashLine = (c: Case): string => {
  const o = fullOptions(c)
  const shopts = (["dotglob", "nocaseglob", "globstar", "extglob"] as const).map((k) => `shopt -${o[k] ? "s" : "u"} ${k}`).join("; ")
  const ignore = o.globIgnore === undefined ? "unset GLOBIGNORE" : `GLOBIGNORE=${shellQuote(o.globIgnore)}`
  // The pattern is expanded through eval so that it is parsed exactly like unquoted shell text.
  // Assigning GLOBIGNORE turns dotglob on and unsetting it turns it off, so it comes first
  // when unset and last when set (expandPathname applies the implicit dotglob itself).
  const setup = o.globIgnore === undefined ? `${ignore}; ${shopts}` : `${shopts}; ${ignore}`
  return `( ${setup}; shopt -s nullglob; eval "r=(${c.pattern.replace(/ /g, "\\\\ ")})"; printf '%s\\n' "\${r[@]}" ); echo @@@`
}

describe("pathname expansion matches bash", () => {
  const outputs = runBash(`cd ${shellQuote(root)}\nshopt -s extglob\n${CASES.map(bashLine).join("\n")}`).stdout.split("@@@\n")
  CASES.forEach((c, index) => {
    // Words without glob operators never reach expandPathname.
    if (!hasGlobMeta(c.pattern, { extglob: c.options?.extglob === true })) return
    it(`${c.pattern} ${JSON.stringify(c.options ?? {})}`, () => {
      const result = Effect.runSync(expandPathname(c.pattern, root, vfs, fullOptions(c)))
      const expected = (outputs[index] ?? "").split("\n").filter((line) => line !== "")
      expect(result ?? []).toEqual(expected)
    })
  })
})
