import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { Vfs, type VfsService } from "../../src/vfs/Vfs.js"
import type { VfsError, VfsErrorReason } from "../../src/vfs/VfsError.js"

/**
 * The behaviour every `Vfs` backend shares, as a function of a layer. `makeLayer(fixture)`
 * builds a fresh filesystem holding the fixture files (under /fixture); a writable backend
 * also gets the write half, which works under /t (created by each test).
 */
export type Fixture = Readonly<Record<string, string | Uint8Array>>

export const allBytes = Uint8Array.from({ length: 256 }, (_, index) => index)
/** Not valid UTF-8: a lone continuation byte, an overlong form, a truncated sequence. */
export const invalidUtf8 = Uint8Array.from([0x80, 0xc0, 0xaf, 0xe2, 0x82, 0x00, 0xff, 0xfe, 0x61])

export const fixture: Fixture = {
  "/fixture/a.txt": "alpha\n",
  "/fixture/sub/b.bin": allBytes,
  "/fixture/sub/c.txt": "gamma",
  "/fixture/bad.bin": invalidUtf8
}

const encoder = new TextEncoder()
const text = (value: string) => encoder.encode(value)

export const reason = <A>(effect: Effect.Effect<A, VfsError>): Effect.Effect<VfsErrorReason | "succeeded"> =>
  effect.pipe(
    Effect.map(() => "succeeded" as const),
    Effect.catchAll((error) => Effect.succeed(error.reason))
  )

export interface ContractOptions {
  /** Only the read half applies; writes must fail with `ReadOnly`. */
  readonly readOnly?: boolean
}

export const vfsContract = (
  name: string,
  makeLayer: (fixture: Fixture) => Layer.Layer<Vfs, unknown>,
  options: ContractOptions = {}
): void => {
  const test = (title: string, body: (fs: VfsService) => Effect.Effect<void, unknown>) =>
    it.effect(title, () => Effect.flatMap(Vfs, body).pipe(Effect.provide(makeLayer(fixture))))

  describe(`${name}: reads`, () => {
    test("reads fixture files byte for byte", (fs) =>
      Effect.gen(function* () {
        expect(yield* fs.readText("/fixture/a.txt")).toBe("alpha\n")
        expect(yield* fs.readFile("/fixture/sub/b.bin")).toEqual(allBytes)
        expect(yield* fs.readFile("/fixture/bad.bin")).toEqual(invalidUtf8)
      }))

    test("stats files and directories", (fs) =>
      Effect.gen(function* () {
        const file = yield* fs.stat("/fixture/a.txt")
        expect(file.type).toBe("file")
        expect(file.size).toBe(6)
        expect(file.nlink).toBe(1)
        const dir = yield* fs.stat("/fixture/sub")
        expect(dir.type).toBe("directory")
        expect(yield* fs.exists("/fixture/sub/c.txt")).toBe(true)
        expect(yield* fs.exists("/fixture/nope")).toBe(false)
      }))

    test("lists directories sorted, with types", (fs) =>
      Effect.gen(function* () {
        const entries = yield* fs.readdir("/fixture")
        expect(entries).toEqual([
          { name: "a.txt", type: "file" },
          { name: "bad.bin", type: "file" },
          { name: "sub", type: "directory" }
        ])
        expect(yield* fs.walk("/fixture")).toEqual([
          "/fixture/a.txt",
          "/fixture/bad.bin",
          "/fixture/sub",
          "/fixture/sub/b.bin",
          "/fixture/sub/c.txt"
        ])
      }))

    test("reports POSIX errors on reads", (fs) =>
      Effect.gen(function* () {
        expect(yield* reason(fs.readFile("/fixture/missing"))).toBe("NotFound")
        expect(yield* reason(fs.readFile("/fixture/sub"))).toBe("IsADirectory")
        expect(yield* reason(fs.readFile("/fixture/a.txt/x"))).toBe("NotADirectory")
        expect(yield* reason(fs.readdir("/fixture/a.txt"))).toBe("NotADirectory")
        expect(yield* reason(fs.readdir("/fixture/missing"))).toBe("NotFound")
        expect(yield* reason(fs.stat("/missing/deeper"))).toBe("NotFound")
        expect(yield* reason(fs.readlink("/fixture/a.txt"))).toBe("InvalidPath")
        expect(yield* reason(fs.readFile("/fixture/a\0b"))).toBe("InvalidPath")
      }))

    test("realpath of a plain path is itself", (fs) =>
      Effect.gen(function* () {
        expect(yield* fs.realpath("/fixture/sub/c.txt")).toBe("/fixture/sub/c.txt")
        expect(yield* fs.realpath("/")).toBe("/")
        expect(yield* reason(fs.realpath("/fixture/none"))).toBe("NotFound")
      }))
  })

  if (options.readOnly === true) {
    describe(`${name}: writes are refused`, () => {
      test("every mutation fails with ReadOnly and changes nothing", (fs) =>
        Effect.gen(function* () {
          expect(yield* reason(fs.writeFile("/fixture/a.txt", text("x")))).toBe("ReadOnly")
          expect(yield* reason(fs.appendFile("/fixture/new", text("x")))).toBe("ReadOnly")
          expect(yield* reason(fs.mkdir("/fixture/d"))).toBe("ReadOnly")
          expect(yield* reason(fs.remove("/fixture/a.txt"))).toBe("ReadOnly")
          expect(yield* reason(fs.rename("/fixture/a.txt", "/fixture/z"))).toBe("ReadOnly")
          expect(yield* reason(fs.copy("/fixture/a.txt", "/fixture/z"))).toBe("ReadOnly")
          expect(yield* reason(fs.symlink("a.txt", "/fixture/l"))).toBe("ReadOnly")
          expect(yield* reason(fs.link("/fixture/a.txt", "/fixture/h"))).toBe("ReadOnly")
          expect(yield* reason(fs.chmod("/fixture/a.txt", 0o600))).toBe("ReadOnly")
          expect(yield* reason(fs.utimes("/fixture/a.txt", 0, 0))).toBe("ReadOnly")
          expect(yield* reason(fs.truncate("/fixture/a.txt", 0))).toBe("ReadOnly")
          expect(yield* fs.readText("/fixture/a.txt")).toBe("alpha\n")
          expect((yield* fs.readdir("/fixture")).length).toBe(3)
        }))
    })
    return
  }

  const scratch = (body: (fs: VfsService) => Effect.Effect<void, unknown>) => (fs: VfsService) =>
    Effect.zipRight(fs.mkdir("/t", { recursive: true }), body(fs))

  describe(`${name}: files`, () => {
    test(
      "writes, overwrites, appends and truncates",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.writeText("/t/f", "one")
          expect(yield* fs.readText("/t/f")).toBe("one")
          yield* fs.writeText("/t/f", "two!")
          yield* fs.appendFile("/t/f", text("+3"))
          expect(yield* fs.readText("/t/f")).toBe("two!+3")
          yield* fs.appendFile("/t/new", text("made"))
          expect(yield* fs.readText("/t/new")).toBe("made")
          yield* fs.truncate("/t/f", 3)
          expect(yield* fs.readText("/t/f")).toBe("two")
          yield* fs.truncate("/t/f", 5)
          expect(yield* fs.readFile("/t/f")).toEqual(Uint8Array.from([116, 119, 111, 0, 0]))
          const stat = yield* fs.stat("/t/f")
          expect(stat.type).toBe("file")
          expect(stat.size).toBe(5)
          expect(stat.mode & 0o777).toBe(0o644)
        })
      )
    )

    test(
      "keeps every byte value and invalid UTF-8 through write, append and copy",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.writeFile("/t/bin", allBytes)
          expect(yield* fs.readFile("/t/bin")).toEqual(allBytes)
          yield* fs.appendFile("/t/bin", invalidUtf8)
          const both = new Uint8Array(256 + invalidUtf8.length)
          both.set(allBytes)
          both.set(invalidUtf8, 256)
          expect(yield* fs.readFile("/t/bin")).toEqual(both)
          yield* fs.copy("/t/bin", "/t/bin2")
          expect(yield* fs.readFile("/t/bin2")).toEqual(both)
        })
      )
    )

    test(
      "is not affected by later changes to the caller's buffers",
      scratch((fs) =>
        Effect.gen(function* () {
          const data = Uint8Array.from([1, 2, 3])
          yield* fs.writeFile("/t/f", data)
          data[0] = 9
          const read = yield* fs.readFile("/t/f")
          read[1] = 9
          expect(yield* fs.readFile("/t/f")).toEqual(Uint8Array.from([1, 2, 3]))
        })
      )
    )

    test(
      "reports POSIX errors on writes",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.writeText("/t/file", "x")
          expect(yield* reason(fs.writeText("/t/missing/f", "x"))).toBe("NotFound")
          expect(yield* reason(fs.writeText("/t", "x"))).toBe("IsADirectory")
          expect(yield* reason(fs.appendFile("/t", text("x")))).toBe("IsADirectory")
          expect(yield* reason(fs.writeText("/t/file/x", "x"))).toBe("NotADirectory")
          expect(yield* reason(fs.truncate("/t/none", 0))).toBe("NotFound")
          expect(yield* reason(fs.chmod("/t/none", 0o600))).toBe("NotFound")
        })
      )
    )

    test(
      "applies a mode on creation, chmod and utimes",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.writeFile("/t/x", text("#!"), { mode: 0o755 })
          expect((yield* fs.stat("/t/x")).mode & 0o777).toBe(0o755)
          yield* fs.writeText("/t/x", "again")
          expect((yield* fs.stat("/t/x")).mode & 0o777).toBe(0o755)
          yield* fs.chmod("/t/x", 0o600)
          expect((yield* fs.stat("/t/x")).mode & 0o777).toBe(0o600)
          yield* fs.utimes("/t/x", 1_000_000, 2_000_000)
          const stat = yield* fs.stat("/t/x")
          expect(stat.mtimeMs).toBe(2_000_000)
          expect(stat.atimeMs).toBe(1_000_000)
        })
      )
    )
  })

  describe(`${name}: directories`, () => {
    test(
      "mkdir follows POSIX rules, with and without recursive",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.mkdir("/t/d")
          expect(yield* reason(fs.mkdir("/t/d"))).toBe("AlreadyExists")
          expect(yield* reason(fs.mkdir("/t/x/y"))).toBe("NotFound")
          yield* fs.mkdir("/t/x/y/z", { recursive: true })
          yield* fs.mkdir("/t/x/y/z", { recursive: true })
          expect((yield* fs.stat("/t/x/y/z")).type).toBe("directory")
          yield* fs.writeText("/t/f", "")
          expect(yield* reason(fs.mkdir("/t/f"))).toBe("AlreadyExists")
          expect(yield* reason(fs.mkdir("/t/f", { recursive: true }))).toBe("AlreadyExists")
          expect(yield* reason(fs.mkdir("/t/f/g", { recursive: true }))).toBe("NotADirectory")
          expect((yield* fs.readdir("/t")).map((entry) => entry.name)).toEqual(["d", "f", "x"])
        })
      )
    )

    test(
      "remove: files, empty and non-empty directories, force",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.mkdir("/t/d/e", { recursive: true })
          yield* fs.writeText("/t/d/e/f", "x")
          yield* fs.mkdir("/t/empty")
          expect(yield* reason(fs.remove("/t/d"))).toBe("NotEmpty")
          yield* fs.remove("/t/empty")
          yield* fs.remove("/t/d/e/f")
          expect(yield* fs.exists("/t/d/e/f")).toBe(false)
          yield* fs.writeText("/t/d/e/g", "x")
          yield* fs.remove("/t/d", { recursive: true })
          expect(yield* fs.exists("/t/d")).toBe(false)
          expect(yield* reason(fs.remove("/t/d"))).toBe("NotFound")
          yield* fs.remove("/t/d", { force: true })
          expect(yield* fs.readdir("/t")).toEqual([])
        })
      )
    )

    test(
      "rename moves files and trees, with POSIX checks",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.writeText("/t/a", "A")
          yield* fs.writeText("/t/b", "B")
          yield* fs.rename("/t/a", "/t/c")
          expect(yield* fs.exists("/t/a")).toBe(false)
          yield* fs.rename("/t/c", "/t/b")
          expect(yield* fs.readText("/t/b")).toBe("A")
          yield* fs.mkdir("/t/d/sub", { recursive: true })
          yield* fs.writeText("/t/d/sub/f", "F")
          expect(yield* reason(fs.rename("/t/d", "/t/d/sub/inside"))).toBe("InvalidPath")
          expect(yield* reason(fs.rename("/t/b", "/t/d"))).toBe("IsADirectory")
          expect(yield* reason(fs.rename("/t/d", "/t/b"))).toBe("NotADirectory")
          yield* fs.mkdir("/t/full/x", { recursive: true })
          expect(yield* reason(fs.rename("/t/d", "/t/full"))).toBe("NotEmpty")
          yield* fs.mkdir("/t/emptydir")
          yield* fs.rename("/t/d", "/t/emptydir")
          expect(yield* fs.readText("/t/emptydir/sub/f")).toBe("F")
          expect(yield* fs.exists("/t/d")).toBe(false)
          expect(yield* reason(fs.rename("/t/none", "/t/x"))).toBe("NotFound")
          yield* fs.rename("/t/b", "/t/b")
          expect(yield* fs.readText("/t/b")).toBe("A")
        })
      )
    )

    test(
      "copy: files keep their mode, trees need recursive, links stay links",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.writeFile("/t/f", text("data"), { mode: 0o700 })
          yield* fs.copy("/t/f", "/t/g")
          expect(yield* fs.readText("/t/g")).toBe("data")
          expect((yield* fs.stat("/t/g")).mode & 0o777).toBe(0o700)
          yield* fs.writeText("/t/f", "changed")
          expect(yield* fs.readText("/t/g")).toBe("data")
          yield* fs.mkdir("/t/d/e", { recursive: true })
          yield* fs.writeText("/t/d/e/x", "X")
          yield* fs.symlink("e/x", "/t/d/link")
          expect(yield* reason(fs.copy("/t/d", "/t/d2"))).toBe("IsADirectory")
          yield* fs.copy("/t/d", "/t/d2", { recursive: true })
          expect(yield* fs.readText("/t/d2/e/x")).toBe("X")
          expect(yield* fs.readlink("/t/d2/link")).toBe("e/x")
          expect(yield* fs.readText("/t/d2/link")).toBe("X")
          expect(yield* reason(fs.copy("/t/d", "/t/d/e/inner", { recursive: true }))).toBe("InvalidPath")
          expect(yield* reason(fs.copy("/t/f", "/t/d"))).toBe("IsADirectory")
          expect(yield* reason(fs.copy("/t/none", "/t/z"))).toBe("NotFound")
        })
      )
    )
  })

  describe(`${name}: links`, () => {
    test(
      "symlinks: relative and absolute, followed by stat and reads, not by lstat",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.mkdir("/t/dir")
          yield* fs.writeText("/t/dir/file", "content")
          yield* fs.symlink("dir/file", "/t/rel")
          yield* fs.symlink("/t/dir", "/t/abs")
          yield* fs.symlink("../t/dir/../dir/file", "/t/dotdot")
          expect(yield* fs.readText("/t/rel")).toBe("content")
          expect(yield* fs.readText("/t/abs/file")).toBe("content")
          expect(yield* fs.readText("/t/dotdot")).toBe("content")
          expect((yield* fs.lstat("/t/rel")).type).toBe("symlink")
          expect((yield* fs.lstat("/t/rel")).size).toBe(8)
          expect((yield* fs.stat("/t/rel")).type).toBe("file")
          expect((yield* fs.stat("/t/abs")).type).toBe("directory")
          expect(yield* fs.readlink("/t/abs")).toBe("/t/dir")
          expect(yield* fs.realpath("/t/abs/file")).toBe("/t/dir/file")
          expect(yield* fs.realpath("/t/rel")).toBe("/t/dir/file")
          expect((yield* fs.readdir("/t/abs")).map((entry) => entry.name)).toEqual(["file"])
          expect((yield* fs.readdir("/t")).find((entry) => entry.name === "rel")?.type).toBe("symlink")
          yield* fs.writeText("/t/rel", "through")
          expect(yield* fs.readText("/t/dir/file")).toBe("through")
          expect(yield* reason(fs.symlink("x", "/t/rel"))).toBe("AlreadyExists")
          yield* fs.remove("/t/abs")
          expect(yield* fs.readText("/t/dir/file")).toBe("through")
        })
      )
    )

    test(
      "dangling links and loops",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.symlink("nowhere", "/t/dangling")
          expect(yield* fs.exists("/t/dangling")).toBe(false)
          expect((yield* fs.lstat("/t/dangling")).type).toBe("symlink")
          expect(yield* reason(fs.stat("/t/dangling"))).toBe("NotFound")
          yield* fs.writeText("/t/dangling", "created")
          expect(yield* fs.readText("/t/nowhere")).toBe("created")
          yield* fs.symlink("loop2", "/t/loop1")
          yield* fs.symlink("loop1", "/t/loop2")
          expect(yield* reason(fs.readFile("/t/loop1"))).toBe("TooManyLinks")
          expect(yield* reason(fs.stat("/t/loop1/x"))).toBe("TooManyLinks")
          yield* fs.symlink(".", "/t/self")
          expect(yield* fs.realpath("/t/self/self/self")).toBe("/t")
        })
      )
    )

    test(
      "hard links share content and count names",
      scratch((fs) =>
        Effect.gen(function* () {
          yield* fs.writeText("/t/a", "one")
          yield* fs.link("/t/a", "/t/b")
          expect((yield* fs.stat("/t/a")).nlink).toBe(2)
          expect((yield* fs.stat("/t/a")).ino).toBe((yield* fs.stat("/t/b")).ino)
          yield* fs.appendFile("/t/b", text("+two"))
          expect(yield* fs.readText("/t/a")).toBe("one+two")
          yield* fs.remove("/t/a")
          expect(yield* fs.readText("/t/b")).toBe("one+two")
          expect((yield* fs.stat("/t/b")).nlink).toBe(1)
          yield* fs.mkdir("/t/d")
          expect(yield* reason(fs.link("/t/d", "/t/e"))).toBe("PermissionDenied")
          expect(yield* reason(fs.link("/t/b", "/t/d"))).toBe("AlreadyExists")
        })
      )
    )
  })
}
