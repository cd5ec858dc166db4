import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { gunzipCommand, gzipCommand, zcatCommand } from "../../src/commands/data/archive/gzip.js"
import { tarCommand } from "../../src/commands/data/archive/tar.js"
import { writeTar } from "../../src/commands/data/archive/tarFormat.js"
import { unzipCommand } from "../../src/commands/data/archive/unzip.js"
import { zipCommand } from "../../src/commands/data/archive/zip.js"
import { defaultLimits } from "../../src/limits/ExecutionLimits.js"
import type { VfsService } from "../../src/vfs/Vfs.js"
import { runCommand } from "../support/commandHarness.js"

const hostHas = (tool: string): boolean => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0
const host = (cwd: string, command: string) => spawnSync("sh", ["-c", command], { cwd, env: { ...process.env, LC_ALL: "C" } })
const read = (fs: VfsService, path: string) => Effect.runPromise(fs.readFile(path))
const readText = (fs: VfsService, path: string) => Effect.runPromise(fs.readText(path))
const exists = (fs: VfsService, path: string) => Effect.runPromise(fs.exists(path))

const scratch = mkdtempSync(join(tmpdir(), "bashkit-data-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
let counter = 0
const hostDir = (): string => {
  const dir = join(scratch, String(counter++))
  mkdirSync(dir)
  return dir
}

const tree = { "/w/d/a.txt": "alpha\n", "/w/d/sub/b.txt": "beta\n", "/w/top.txt": "x".repeat(5000) }

describe("gzip", () => {
  it("compresses in place and restores with gunzip", async () => {
    const first = await runCommand(gzipCommand, ["f"], { files: { "/home/user/f": "hello\n" } })
    expect(first.exitCode).toBe(0)
    expect(await exists(first.fs, "/home/user/f")).toBe(false)
    const second = await runCommand(gunzipCommand, ["f.gz"], { fs: first.fs })
    expect(second.exitCode).toBe(0)
    expect(await readText(second.fs, "/home/user/f")).toBe("hello\n")
  })
  it("keeps with -k, refuses to overwrite, and names unknown suffixes", async () => {
    const r = await runCommand(gzipCommand, ["-k", "f"], { files: { "/home/user/f": "hi\n" } })
    expect(await exists(r.fs, "/home/user/f")).toBe(true)
    const again = await runCommand(gzipCommand, ["-k", "f"], { fs: r.fs })
    expect([again.stderr, again.exitCode]).toEqual(["gzip: f.gz already exists;\tnot overwritten\n", 2])
    const suffix = await runCommand(gzipCommand, ["f.gz"], { fs: r.fs })
    expect([suffix.stderr, suffix.exitCode]).toEqual(["gzip: f.gz already has .gz suffix -- unchanged\n", 2])
    const unknown = await runCommand(gunzipCommand, ["f"], { fs: r.fs })
    expect([unknown.stderr, unknown.exitCode]).toEqual(["gzip: f: unknown suffix -- ignored\n", 2])
    const missing = await runCommand(gunzipCommand, ["nope"], { fs: r.fs })
    expect([missing.stderr, missing.exitCode]).toEqual(["gzip: nope.gz: No such file or directory\n", 1])
  })
  it("pipes through stdin/stdout and rejects non-gzip data", async () => {
    const packed = await runCommand(gzipCommand, ["-c"], { stdin: "stream\n" })
    const unpacked = await runCommand(zcatCommand, [], { stdin: packed.stdoutBytes })
    expect(unpacked.stdout).toBe("stream\n")
    const bad = await runCommand(zcatCommand, [], { stdin: "plain" })
    expect([bad.stderr, bad.exitCode]).toEqual(["gzip: stdin: not in gzip format\n", 1])
  })
  it("stops a gzip bomb at the file size limit and writes nothing", async () => {
    const bomb = await runCommand(gzipCommand, ["-c"], { stdin: new Uint8Array(2_000_000) })
    const limits = { ...defaultLimits, maxFileBytes: 100_000 }
    const r = await runCommand(gunzipCommand, ["bomb.gz"], { files: { "/home/user/bomb.gz": bomb.stdoutBytes }, limits })
    expect(r.exitCode).toBe(1)
    expect(r.stderr).toContain("exceeds the file size limit")
    expect(await exists(r.fs, "/home/user/bomb")).toBe(false)
  })
  it.skipIf(!hostHas("gzip"))("round-trips with the host's gzip", async () => {
    const dir = hostDir()
    const ours = await runCommand(gzipCommand, ["-c", "f"], { files: { "/home/user/f": "ours\n" } })
    writeFileSync(join(dir, "ours.gz"), ours.stdoutBytes)
    expect(host(dir, "gzip -dc ours.gz").stdout.toString()).toBe("ours\n")
    expect(host(dir, "gzip -l ours.gz").stdout.toString()).toBe(
      (await runCommand(gzipCommand, ["-l", "ours.gz"], { files: { "/home/user/ours.gz": ours.stdoutBytes } })).stdout
    )
    host(dir, "printf 'theirs\\n' > t && gzip t")
    const theirs = await runCommand(gunzipCommand, ["-c", "t.gz"], { files: { "/home/user/t.gz": readFileSync(join(dir, "t.gz")) } })
    expect(theirs.stdout).toBe("theirs\n")
  })
})

describe("tar", () => {
  it("creates, lists and extracts with -C, -z and --strip-components", async () => {
    const created = await runCommand(tarCommand, ["-czf", "/out.tgz", "-C", "/w", "d", "top.txt"], { files: tree })
    expect([created.stderr, created.exitCode]).toEqual(["", 0])
    const listed = await runCommand(tarCommand, ["tzf", "/out.tgz"], { fs: created.fs })
    expect(listed.stdout).toBe("d/\nd/a.txt\nd/sub/\nd/sub/b.txt\ntop.txt\n")
    const extracted = await runCommand(tarCommand, ["-xzf", "/out.tgz", "-C", "/x", "--strip-components=1"], { fs: created.fs, files: { "/x/.keep": "" } })
    expect(extracted.exitCode).toBe(0)
    expect(await readText(extracted.fs, "/x/sub/b.txt")).toBe("beta\n")
    expect(await readText(extracted.fs, "/x/a.txt")).toBe("alpha\n")
  })
  it("-O writes members to stdout; --exclude skips", async () => {
    const created = await runCommand(tarCommand, ["cf", "/a.tar", "--exclude=*.txt", "/w"], { files: { ...tree, "/w/keep.md": "kept\n" } })
    expect(created.stderr).toBe("tar: Removing leading `/' from member names\n")
    const out = await runCommand(tarCommand, ["-xOf", "/a.tar"], { fs: created.fs })
    expect(out.stdout).toBe("kept\n")
  })
  it("reports usage errors as GNU tar does", async () => {
    expect((await runCommand(tarCommand, [])).exitCode).toBe(2)
    const empty = await runCommand(tarCommand, ["-cf", "/e.tar"])
    expect(empty.stderr).toBe("tar: Cowardly refusing to create an empty archive\nTry 'tar --help' or 'tar --usage' for more information.\n")
    const missing = await runCommand(tarCommand, ["-cf", "/m.tar", "/nope"])
    expect(missing.stderr).toBe("tar: /nope: Cannot stat: No such file or directory\ntar: Exiting with failure status due to previous errors\n")
    expect(missing.exitCode).toBe(2)
  })
  it("refuses an archive beyond the filesystem limits and extracts nothing", async () => {
    const created = await runCommand(tarCommand, ["-czf", "/big.tgz", "-C", "/", "big"], { files: { "/big/a": "a".repeat(50_000), "/big/b": "b".repeat(50_000) } })
    const limits = { ...defaultLimits, maxTotalBytes: 60_000 }
    const r = await runCommand(tarCommand, ["-xzf", "/big.tgz", "-C", "/dest"], { fs: created.fs, files: { "/dest/.k": "" }, limits })
    expect(r.exitCode).toBe(2)
    expect(await exists(r.fs, "/dest/big")).toBe(false)
  })
  it("skips members with '..' and strips a leading '/'", async () => {
    const entry = { type: "file" as const, mode: 0o644, uid: 0, gid: 0, uname: "", gname: "", mtime: 0, linkname: "" }
    const archive = writeTar([
      { ...entry, name: "../evil", size: 4, data: new TextEncoder().encode("bad\n") },
      { ...entry, name: "/abs/ok", size: 3, data: new TextEncoder().encode("ok\n") }
    ])
    const r = await runCommand(tarCommand, ["-xf", "/e.tar", "-C", "/dest"], { files: { "/e.tar": archive, "/dest/.k": "" } })
    expect(r.stderr).toBe("tar: ../evil: Member name contains '..'\ntar: Removing leading `/' from member names\ntar: Exiting with failure status due to previous errors\n")
    expect(r.exitCode).toBe(2)
    expect(await exists(r.fs, "/evil")).toBe(false)
    expect(await readText(r.fs, "/dest/abs/ok")).toBe("ok\n")
  })
  it.skipIf(!hostHas("tar"))("round-trips with the host's tar", async () => {
    const dir = hostDir()
    const ours = await runCommand(tarCommand, ["-czf", "/o.tgz", "-C", "/w", "d", "top.txt"], { files: { ...tree, [`/w/d/${"n".repeat(120)}`]: "long name\n" } })
    writeFileSync(join(dir, "o.tgz"), await read(ours.fs, "/o.tgz"))
    const listing = host(dir, "tar -tzf o.tgz")
    expect(listing.status).toBe(0)
    expect(listing.stdout.toString()).toBe(`d/\nd/a.txt\nd/${"n".repeat(120)}\nd/sub/\nd/sub/b.txt\ntop.txt\n`)
    expect(host(dir, "mkdir x && tar -xzf o.tgz -C x && cat x/d/sub/b.txt").stdout.toString()).toBe("beta\n")
    host(dir, `mkdir -p h/deep && printf 'one\\n' > h/one && printf 'two\\n' > h/deep/${"m".repeat(130)} && ln -s one h/link && tar -czf h.tgz h`)
    const theirs = await runCommand(tarCommand, ["-xzf", "h.tgz"], { files: { "/home/user/h.tgz": readFileSync(join(dir, "h.tgz")) } })
    expect(theirs.exitCode).toBe(0)
    expect(await readText(theirs.fs, `/home/user/h/deep/${"m".repeat(130)}`)).toBe("two\n")
    expect(await Effect.runPromise(theirs.fs.readlink("/home/user/h/link"))).toBe("one")
  })
})

describe("zip", () => {
  it("zips a tree and unzips it elsewhere", async () => {
    const zipped = await runCommand(zipCommand, ["-r", "/a.zip", "d", "top.txt"], { files: tree, cwd: "/w" })
    expect(zipped.stdout).toBe("  adding: d/ (stored 0%)\n  adding: d/a.txt (stored 0%)\n  adding: d/sub/ (stored 0%)\n  adding: d/sub/b.txt (stored 0%)\n  adding: top.txt (deflated 100%)\n")
    const listed = await runCommand(unzipCommand, ["-l", "/a.zip"], { fs: zipped.fs })
    expect(listed.stdout).toContain("     5011                     5 files\n")
    const out = await runCommand(unzipCommand, ["-q", "/a.zip", "-d", "/dest"], { fs: zipped.fs })
    expect(out.exitCode).toBe(0)
    expect(await readText(out.fs, "/dest/d/sub/b.txt")).toBe("beta\n")
    expect((await runCommand(unzipCommand, ["-p", "/a.zip", "d/a.txt"], { fs: zipped.fs })).stdout).toBe("alpha\n")
  })
  it("fails a zip bomb before writing anything", async () => {
    const zipped = await runCommand(zipCommand, ["-q", "/b.zip", "z1", "z2"], { files: { "/home/user/z1": new Uint8Array(80_000), "/home/user/z2": new Uint8Array(80_000) } })
    const limits = { ...defaultLimits, maxTotalBytes: 100_000 }
    const r = await runCommand(unzipCommand, ["/b.zip", "-d", "/dest"], { fs: zipped.fs, limits })
    expect(r.exitCode).not.toBe(0)
    expect(r.stderr).toContain("nothing extracted")
    expect(await exists(r.fs, "/dest/z1")).toBe(false)
  })
  it.skipIf(!hostHas("unzip") || !hostHas("zip"))("round-trips with the host's zip and unzip", async () => {
    const dir = hostDir()
    const ours = await runCommand(zipCommand, ["-qr", "/o.zip", "d", "top.txt"], { files: tree, cwd: "/w" })
    writeFileSync(join(dir, "o.zip"), await read(ours.fs, "/o.zip"))
    expect(host(dir, "unzip -tq o.zip").status).toBe(0)
    expect(host(dir, "unzip -p o.zip top.txt").stdout.toString()).toBe("x".repeat(5000))
    host(dir, "mkdir s && seq 1 500 > s/n && zip -qr h.zip s")
    const theirs = await runCommand(unzipCommand, ["-q", "h.zip"], { files: { "/home/user/h.zip": readFileSync(join(dir, "h.zip")) } })
    expect(theirs.exitCode).toBe(0)
    expect(await readText(theirs.fs, "/home/user/s/n")).toBe(host(dir, "seq 1 500").stdout.toString())
  })
})
