import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { vfsErrorText } from "../../src/vfs/VfsError.js"
import { reason } from "./contract.js"

const names = (entries: ReadonlyArray<{ readonly name: string }>) => entries.map((entry) => entry.name)

describe("InMemoryFs default layout", () => {
  it.effect("has home, tmp, dev and etc", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs()
      expect(names(yield* fs.readdir("/"))).toEqual(["bin", "dev", "etc", "home", "root", "tmp", "usr", "var"])
      const home = yield* fs.stat("/home/user")
      expect([home.type, home.uid, home.mode]).toEqual(["directory", 1000, 0o755])
      expect((yield* fs.stat("/tmp")).mode).toBe(0o1777)
      expect(names(yield* fs.readdir("/dev"))).toEqual(["fd", "null", "random", "stderr", "stdin", "stdout", "urandom", "zero"])
      expect((yield* fs.stat("/dev/null")).type).toBe("chardev")
      expect((yield* fs.stat("/dev/fd/1")).type).toBe("chardev")
      expect(yield* fs.readText("/etc/passwd")).toContain("user:x:1000:1000")
    }))

  it.effect("lists the commands in /bin and /usr/bin as executables, lazily", () =>
    Effect.gen(function* () {
      let asked = 0
      const fs = makeInMemoryFs(undefined, {
        commandNames: () => {
          asked++
          return ["ls", "cat", "bad/name"]
        }
      })
      yield* fs.stat("/tmp")
      expect(asked).toBe(0)
      expect(names(yield* fs.readdir("/usr/bin"))).toEqual(["cat", "ls"])
      const ls = yield* fs.stat("/bin/ls")
      expect([ls.type, ls.mode]).toEqual(["file", 0o755])
      expect(asked).toBe(2)
    }))

  it.effect("devices: null swallows and reads empty; zero and urandom are endless, so reading one whole is refused", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs()
      yield* fs.writeText("/dev/null", "gone")
      yield* fs.appendFile("/dev/null", new Uint8Array([1]))
      expect((yield* fs.readFile("/dev/null")).length).toBe(0)
      const zero = yield* Effect.flip(fs.readFile("/dev/zero"))
      expect([zero.reason, vfsErrorText(zero.reason)]).toEqual(["FileTooLarge", "File too large"])
      expect((yield* Effect.flip(fs.readFile("/dev/urandom"))).reason).toBe("FileTooLarge")
      expect((yield* Effect.flip(fs.copy("/dev/zero", "/tmp/zeros"))).reason).toBe("FileTooLarge")
      expect(yield* fs.exists("/tmp/zeros")).toBe(false)
      yield* fs.copy("/dev/null", "/tmp/empty")
      expect((yield* fs.stat("/tmp/empty")).type).toBe("file")
    }))
})

describe("InMemoryFs initial files", () => {
  it.effect("creates parents; takes text, bytes, modes, and lazy loaders run once on first read", () =>
    Effect.gen(function* () {
      let loads = 0
      const fs = makeInMemoryFs({
        "/a/b/c.txt": "text",
        "/bytes": new Uint8Array([0, 255]),
        "/script.sh": { content: "#!/bin/bash\n", mode: 0o755 },
        "/lazy-sync": () => {
          loads++
          return "sync"
        },
        "/lazy-async": () => Promise.resolve(new Uint8Array([7, 8, 9]))
      })
      expect(yield* fs.readText("/a/b/c.txt")).toBe("text")
      expect(yield* fs.readFile("/bytes")).toEqual(new Uint8Array([0, 255]))
      expect((yield* fs.stat("/script.sh")).mode).toBe(0o755)
      expect(loads).toBe(0)
      expect(yield* fs.readText("/lazy-sync")).toBe("sync")
      expect(yield* fs.readText("/lazy-sync")).toBe("sync")
      expect(loads).toBe(1)
      expect((yield* fs.stat("/lazy-async")).size).toBe(3)
      yield* fs.appendFile("/lazy-async", new Uint8Array([10]))
      expect(yield* fs.readFile("/lazy-async")).toEqual(new Uint8Array([7, 8, 9, 10]))
    }))

  it.effect("a failing loader is a NotFound error, not a crash", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs({
        "/throws": () => {
          throw new Error("boom")
        },
        "/rejects": () => Promise.reject(new Error("boom"))
      })
      expect(yield* reason(fs.readFile("/throws"))).toBe("NotFound")
      expect(yield* reason(fs.readFile("/rejects"))).toBe("NotFound")
    }))
})

describe("InMemoryFs metadata", () => {
  it.effect("inode numbers are unique, times come from the clock, directories count subdirectories", () =>
    Effect.gen(function* () {
      let clock = 1_000
      const fs = makeInMemoryFs(undefined, { now: () => clock })
      yield* fs.writeText("/tmp/a", "a")
      clock = 2_000
      yield* fs.writeText("/tmp/b", "b")
      const a = yield* fs.stat("/tmp/a")
      const b = yield* fs.stat("/tmp/b")
      expect(a.ino).not.toBe(b.ino)
      expect([a.mtimeMs, b.mtimeMs]).toEqual([1_000, 2_000])
      expect((yield* fs.stat("/tmp")).mtimeMs).toBe(2_000)
      clock = 3_000
      yield* fs.appendFile("/tmp/a", new Uint8Array([1]))
      expect((yield* fs.stat("/tmp/a")).mtimeMs).toBe(3_000)
      yield* fs.mkdir("/tmp/d1")
      yield* fs.mkdir("/tmp/d2")
      expect((yield* fs.stat("/tmp")).nlink).toBe(4)
      yield* fs.chown("/tmp/a", 0, 0)
      expect((yield* fs.stat("/tmp/a")).uid).toBe(0)
    }))

  it.effect("copy with preserve keeps times; without, takes new ones", () =>
    Effect.gen(function* () {
      let clock = 1_000
      const fs = makeInMemoryFs(undefined, { now: () => clock })
      yield* fs.writeText("/tmp/a", "a")
      clock = 5_000
      yield* fs.copy("/tmp/a", "/tmp/p", { preserve: true })
      yield* fs.copy("/tmp/a", "/tmp/n")
      expect((yield* fs.stat("/tmp/p")).mtimeMs).toBe(1_000)
      expect((yield* fs.stat("/tmp/n")).mtimeMs).toBe(5_000)
    }))

  it.effect("rejects NUL bytes in paths and symlink targets", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs()
      expect(yield* reason(fs.writeText("/tmp/a\0b", "x"))).toBe("InvalidPath")
      expect(yield* reason(fs.symlink("a\0b", "/tmp/l"))).toBe("NotFound")
      expect(yield* reason(fs.remove("/"))).toBe("PermissionDenied")
    }))
})

describe("InMemoryFs symlink resolution", () => {
  it.effect("follows a chain of 40 links and refuses the 41st hop with TooManyLinks", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs({ "/tmp/target": "end" })
      yield* fs.symlink("target", "/tmp/l0")
      for (let i = 1; i <= 40; i++) yield* fs.symlink(`l${i - 1}`, `/tmp/l${i}`)
      expect(yield* fs.readText("/tmp/l39")).toBe("end")
      expect(yield* reason(fs.readText("/tmp/l40"))).toBe("TooManyLinks")
    }))

  it.effect("an async lazy file read by two fibers at once is loaded once", () =>
    Effect.gen(function* () {
      let loads = 0
      const fs = makeInMemoryFs({
        "/tmp/lazy": () => {
          loads++
          return new Promise<string>((resolve) => setTimeout(() => resolve("late"), 5))
        }
      })
      const both = yield* Effect.all([fs.readText("/tmp/lazy"), fs.readText("/tmp/lazy")], { concurrency: 2 })
      expect(both).toEqual(["late", "late"])
      expect(loads).toBe(1)
    }))
})
