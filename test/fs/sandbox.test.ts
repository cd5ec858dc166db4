import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { sandbox, vfsWith } from "./harness.js"

const read = (fs: Awaited<ReturnType<typeof vfsWith>>, path: string) => Effect.runPromise(fs.readText(path))
const exists = (fs: Awaited<ReturnType<typeof vfsWith>>, path: string) => Effect.runPromise(fs.exists(path))

describe("file commands in the sandbox (behaviour without a host oracle)", () => {
  it("tree draws the hierarchy and the summary line", async () => {
    const fs = await vfsWith({ "a/f.txt": "", "a/b/g": "", "z": "", ".hidden": "" })
    const full = await sandbox(["tree", "/w"], { fs })
    expect(full.stdout).toBe("/w\n├── a\n│   ├── b\n│   │   └── g\n│   └── f.txt\n└── z\n\n2 directories, 3 files\n")
    const noreport = await sandbox(["tree", "--noreport", "-L", "1", "-d", "/w"], { fs })
    expect(noreport.stdout).toBe("/w\n└── a\n")
    const ignored = await sandbox(["tree", "-a", "-I", "a", "/w"], { fs })
    expect(ignored.stdout).toBe("/w\n├── .hidden\n└── z\n\n0 directories, 2 files\n")
  })

  it("ls -l prints a deterministic long listing with total", async () => {
    const fs = await vfsWith({ "f": "hello", "d": { dir: true }, "l": { symlink: "f" } })
    await Effect.runPromise(fs.utimes("/w/f", 0, Date.UTC(2020, 0, 2, 3, 4)))
    const result = await sandbox(["ls", "-l", "/w"], { fs })
    const lines = result.stdout.split("\n")
    expect(lines[0]).toBe("total 8")
    expect(lines[2]).toBe("-rw-r--r-- 1 user user    5 Jan  2  2020 f")
    expect(lines[3]).toMatch(/^lrwxrwxrwx 1 user user    1 \w{3} [ \d]\d \d\d:\d\d l -> f$/)
  })

  it("ls rejects the options it does not render, loudly", async () => {
    for (const flag of ["-Z", "--dired"]) {
      const result = await sandbox(["ls", flag, "/tmp"])
      expect(result.exitCode).toBe(2)
      expect(result.stderr).toMatch(/^ls: option\(s\) not yet implemented in bashkit: /)
    }
    expect((await sandbox(["ls", "-z"])).exitCode).toBe(2)
  })

  it("find -exec runs commands in the sandbox, -delete removes depth first", async () => {
    const fs = await vfsWith({ "d/x.txt": "", "d/y.txt": "", "d/keep.md": "" })
    const exec = await sandbox(["find", "/w/d", "-name", "*.txt", "-exec", "echo", "EXEC:{}", ";"], { fs })
    expect(exec.stdout).toBe("EXEC:/w/d/x.txt\nEXEC:/w/d/y.txt\n")
    const batch = await sandbox(["find", "/w/d", "-name", "*.txt", "-exec", "echo", "{}", "+"], { fs })
    expect(batch.stdout).toBe("/w/d/x.txt /w/d/y.txt\n")
    const execdir = await sandbox(["find", "/w/d", "-name", "x.txt", "-execdir", "pwd", ";"], { fs })
    expect(execdir.stdout).toBe("/w/d\n")
    const failing = await sandbox(["find", "/w/d", "-name", "x.txt", "-exec", "false", "{}", "+"], { fs })
    expect(failing.exitCode).toBe(1)
    const deleted = await sandbox(["find", "/w/d", "-name", "*.txt", "-delete"], { fs })
    expect(deleted.exitCode).toBe(0)
    expect(await exists(fs, "/w/d/x.txt")).toBe(false)
    expect(await exists(fs, "/w/d/keep.md")).toBe(true)
    const ok = await sandbox(["find", "/w/d", "-name", "keep.md", "-ok", "echo", "{}", ";"], { fs, stdin: "y\n" })
    expect(ok.stderr).toBe("< echo ... /w/d/keep.md > ? ")
    expect(ok.stdout).toBe("/w/d/keep.md\n")
  })

  it("find reports a missing start point with status 1 and keeps going", async () => {
    const fs = await vfsWith({ "a/f": "" })
    const result = await sandbox(["find", "/w/missing", "/w/a", "-type", "f"], { fs })
    expect(result.stderr).toBe("find: '/w/missing': No such file or directory\n")
    expect(result.stdout).toBe("/w/a/f\n")
    expect(result.exitCode).toBe(1)
  })

  it("touch -t and -d set times; -c does not create", async () => {
    const fs = await vfsWith({ "f": "x" })
    await sandbox(["touch", "-t", "202604061200.00", "/w/f"], { fs })
    expect((await sandbox(["stat", "-c", "%y", "/w/f"], { fs })).stdout).toBe("2026-04-06 12:00:00.000000000 +0000\n")
    await sandbox(["touch", "-d", "@1700000000", "/w/f"], { fs })
    expect((await sandbox(["stat", "-c", "%Y", "/w/f"], { fs })).stdout).toBe("1700000000\n")
    await sandbox(["touch", "-c", "/w/nope"], { fs })
    expect(await exists(fs, "/w/nope")).toBe(false)
    const bad = await sandbox(["touch", "-d", "not a date", "/w/f"], { fs })
    expect(bad.exitCode).toBe(1)
  })

  it("stat prints the default report and rejects -f", async () => {
    const fs = await vfsWith({ "f": "hello\n" })
    const result = await sandbox(["stat", "/w/f"], { fs })
    expect(result.stdout.split("\n")[0]).toBe("  File: /w/f")
    expect(result.stdout).toContain("Access: (0644/-rw-r--r--)  Uid: ( 1000/    user)   Gid: ( 1000/    user)")
    expect((await sandbox(["stat", "-f", "/w/f"], { fs })).exitCode).toBe(1)
    expect((await sandbox(["stat", "-c"], { fs })).exitCode).toBe(1) // GNU stat: usage errors exit 1
  })

  it("chown records owners from the virtual user table", async () => {
    const fs = await vfsWith({ "f": "" })
    expect((await sandbox(["chown", "root:root", "/w/f"], { fs })).exitCode).toBe(0)
    expect((await sandbox(["stat", "-c", "%U:%G %u", "/w/f"], { fs })).stdout).toBe("root:root 0\n")
    expect((await sandbox(["chown", "-R", "user:user", "/w"], { fs })).exitCode).toBe(0)
    expect((await sandbox(["chgrp", "-v", "root", "/w/f"], { fs })).stdout).toBe("changed group of '/w/f' from user to root\n")
    const bad = await sandbox(["chown", "bob", "/w/f"], { fs })
    expect([bad.exitCode, bad.stderr]).toEqual([1, "chown: invalid user: 'bob'\n"])
    expect((await sandbox(["chown", "root"], { fs })).exitCode).toBe(1)
  })

  it("df reports the virtual filesystem from the limits", async () => {
    const plain = await sandbox(["df"])
    expect(plain.stdout.split("\n")[0]).toMatch(/^Filesystem\s+1K-blocks\s+Used\s+Available\s+Use% Mounted on$/)
    expect(plain.stdout).toContain("bashkit-vfs")
    expect((await sandbox(["df", "-h"])).stdout.split("\n")[0]).toContain("Size")
  })

  it("mktemp creates unique files and directories from templates", async () => {
    const fs = await vfsWith({})
    const first = (await sandbox(["mktemp"], { fs })).stdout.trim()
    const second = (await sandbox(["mktemp"], { fs })).stdout.trim()
    expect(first).toMatch(/^\/tmp\/tmp\.[A-Za-z0-9]{10}$/)
    expect(first).not.toBe(second)
    const dir = (await sandbox(["mktemp", "-d", "-p", "/w", "run.XXXX"], { fs })).stdout.trim()
    expect(dir).toMatch(/^\/w\/run\.[A-Za-z0-9]{4}$/)
    expect((await Effect.runPromise(fs.stat(dir))).type).toBe("directory")
    const dry = (await sandbox(["mktemp", "-u"], { fs })).stdout.trim()
    expect(await exists(fs, dry)).toBe(false)
    const bad = await sandbox(["mktemp", "badXX"], { fs })
    expect([bad.exitCode, bad.stderr]).toEqual([1, "mktemp: too few X's in template 'badXX'\n"])
  })

  it("cp -p keeps mode and times; cp -i without a yes keeps the target; mv -n keeps it too", async () => {
    const fs = await vfsWith({ "src": { content: "new", mode: 0o750 }, "dst": "old" })
    await Effect.runPromise(fs.utimes("/w/src", 1000, 5_000_000))
    await sandbox(["cp", "-p", "/w/src", "/w/copy"], { fs })
    expect((await sandbox(["stat", "-c", "%a %Y", "/w/copy"], { fs })).stdout).toBe("750 5000\n")
    const asked = await sandbox(["cp", "-i", "/w/src", "/w/dst"], { fs, stdin: "" })
    expect(asked.stderr).toBe("cp: overwrite '/w/dst'? ")
    expect(await read(fs, "/w/dst")).toBe("old")
    await sandbox(["mv", "-n", "/w/src", "/w/dst"], { fs })
    expect(await read(fs, "/w/dst")).toBe("old")
    await sandbox(["cp", "-f", "/w/src", "/w/dst"], { fs })
    expect(await read(fs, "/w/dst")).toBe("new")
  })

  it("ln -r makes relative links; ln -sf replaces; ln without -f refuses", async () => {
    const fs = await vfsWith({ "a/target": "t", "b": { dir: true } })
    const rel = await sandbox(["ln", "-sr", "/w/a/target", "/w/b/link"], { fs })
    expect(rel.exitCode).toBe(0)
    expect(await Effect.runPromise(fs.readlink("/w/b/link"))).toBe("../a/target")
    const refused = await sandbox(["ln", "-s", "/w/a/target", "/w/b/link"], { fs })
    expect([refused.exitCode, refused.stderr]).toEqual([1, "ln: failed to create symbolic link '/w/b/link': File exists\n"])
    await sandbox(["ln", "-sfn", "/w/b", "/w/b/link"], { fs })
    expect(await Effect.runPromise(fs.readlink("/w/b/link"))).toBe("/w/b")
  })

  it("rm -i asks on stderr and reads the answer from stdin", async () => {
    const fs = await vfsWith({ "f": "x", "g": "" })
    const no = await sandbox(["rm", "-i", "/w/f"], { fs, stdin: "n\n" })
    expect(no.stderr).toBe("rm: remove regular file '/w/f'? ")
    expect(await exists(fs, "/w/f")).toBe(true)
    await sandbox(["rm", "-i", "/w/f"], { fs, stdin: "yes\n" })
    expect(await exists(fs, "/w/f")).toBe(false)
    const root = await sandbox(["rm", "-rf", "/"], { fs })
    expect(root.exitCode).toBe(1)
    expect(root.stderr).toContain("it is dangerous to operate recursively on '/'")
  })

  it("truncate handles relative sizes and units", async () => {
    const fs = await vfsWith({ "f": "abcdef" })
    const size = async () => (await sandbox(["stat", "-c", "%s", "/w/f"], { fs })).stdout.trim()
    const rows: ReadonlyArray<[string, string]> = [["+2", "8"], ["-3", "5"], ["<4", "4"], [">6", "6"], ["%4", "8"], ["/3", "6"], ["-100", "0"], ["1K", "1024"], ["1KB", "1000"]]
    for (const [spec, expected] of rows) {
      await sandbox(["truncate", "-s", spec, "/w/f"], { fs })
      expect(await size()).toBe(expected)
    }
    await sandbox(["truncate", "--no-create", "-s", "5", "/w/none"], { fs })
    expect(await exists(fs, "/w/none")).toBe(false)
    expect((await sandbox(["truncate", "--bogus", "/w/f"], { fs })).exitCode).toBe(1) // GNU truncate: usage errors exit 1
  })

  it("tee -a appends and less/more copy their input", async () => {
    const fs = await vfsWith({ "log": "first\n" })
    const teed = await sandbox(["tee", "-a", "/w/log"], { fs, stdin: "second\n" })
    expect(teed.stdout).toBe("second\n")
    expect(await read(fs, "/w/log")).toBe("first\nsecond\n")
    expect((await sandbox(["less", "/w/log"], { fs })).stdout).toBe("first\nsecond\n")
    expect((await sandbox(["more"], { fs, stdin: "from stdin\n" })).stdout).toBe("from stdin\n")
    expect((await sandbox(["less", "/w/nope"], { fs })).exitCode).toBe(1)
    expect((await sandbox(["tee", "-z"], { fs })).exitCode).toBe(1) // GNU tee: usage errors exit 1
  })

  it("file sniffs magic numbers", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0])
    const gz = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 3, 0, 0, 0])
    const fs = await vfsWith({})
    await Effect.runPromise(fs.writeFile("/w/i.png", png))
    await Effect.runPromise(fs.writeFile("/w/g.gz", gz))
    await Effect.runPromise(fs.writeText("/w/x.pdf", "%PDF-1.7\n"))
    await Effect.runPromise(fs.writeText("/w/p.py", "#!/usr/bin/env python3\nprint(1)\n"))
    const result = await sandbox(["file", "-N", "/w/i.png", "/w/g.gz", "/w/x.pdf", "/w/p.py"], { fs })
    expect(result.stdout).toBe(
      "/w/i.png: PNG image data, 2 x 3, 8-bit/color RGBA, non-interlaced\n/w/g.gz: gzip compressed data, from Unix, original size modulo 2^32 3\n/w/x.pdf: PDF document, version 1.7\n/w/p.py: Python script, ASCII text executable\n"
    )
  })
})
