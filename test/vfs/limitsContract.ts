import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import type { FsLimits } from "../../src/vfs/InMemoryFs.js"
import { Vfs, type VfsService } from "../../src/vfs/Vfs.js"
import { reason } from "./contract.js"

/**
 * The filesystem limits as every backend must apply them (directly or through the limiting
 * wrapper the shell puts over it). `makeLayer(limits)` builds a fresh filesystem, bounded by
 * `limits`, on which `/tmp` exists and nothing else counts; tests work under /tmp.
 */
const bytes = (length: number, fill = 97) => new Uint8Array(length).fill(fill)

export const limitsContract = (name: string, makeLayer: (limits: Partial<FsLimits>) => Layer.Layer<Vfs, unknown>): void => {
  const test = (title: string, limits: Partial<FsLimits>, body: (fs: VfsService) => Effect.Effect<void, unknown>) =>
    it.effect(title, () => Effect.flatMap(Vfs, body).pipe(Effect.provide(makeLayer(limits))))

  describe(`${name}: filesystem limits`, () => {
    test("file size: a write, append or truncate past it fails with NoSpace and leaves the file as it was", { maxFileBytes: 10 }, (fs) =>
      Effect.gen(function* () {
        expect(yield* reason(fs.writeFile("/tmp/big", bytes(11)))).toBe("NoSpace")
        expect(yield* fs.exists("/tmp/big")).toBe(false)
        yield* fs.writeFile("/tmp/f", bytes(8))
        expect(yield* reason(fs.appendFile("/tmp/f", bytes(3)))).toBe("NoSpace")
        expect(yield* reason(fs.writeFile("/tmp/f", bytes(11, 98)))).toBe("NoSpace")
        expect(yield* reason(fs.truncate("/tmp/f", 11))).toBe("NoSpace")
        expect(yield* fs.readFile("/tmp/f")).toEqual(bytes(8))
        yield* fs.appendFile("/tmp/f", bytes(2))
        expect((yield* fs.stat("/tmp/f")).size).toBe(10)
        expect(yield* reason(fs.appendFile("/tmp/new", bytes(11)))).toBe("NoSpace")
        expect(yield* fs.exists("/tmp/new")).toBe(false)
      }))

    test("the error names the limit, as the in-memory store words it", { maxFileBytes: 10, maxTotalBytes: 15 }, (fs) =>
      Effect.gen(function* () {
        const tooBig = yield* Effect.flip(fs.writeFile("/tmp/big", bytes(11)))
        expect(tooBig.detail).toBe("file larger than 10 bytes")
        expect(tooBig.message).toBe("writeFile /tmp/big: No space left on device")
        yield* fs.writeFile("/tmp/a", bytes(10))
        const full = yield* Effect.flip(fs.writeFile("/tmp/b", bytes(6)))
        expect(full.detail).toBe("filesystem over 15 bytes")
      }))

    test("total bytes: counted across files, freed by removal and by shrinking; hard links share bytes", { maxTotalBytes: 25 }, (fs) =>
      Effect.gen(function* () {
        yield* fs.writeFile("/tmp/a", bytes(10))
        yield* fs.writeFile("/tmp/b", bytes(10))
        expect(yield* reason(fs.writeFile("/tmp/c", bytes(10)))).toBe("NoSpace")
        expect(yield* reason(fs.copy("/tmp/a", "/tmp/c"))).toBe("NoSpace")
        expect(yield* fs.exists("/tmp/c")).toBe(false)
        yield* fs.writeFile("/tmp/a", bytes(2))
        yield* fs.writeFile("/tmp/c", bytes(10))
        yield* fs.remove("/tmp/b")
        yield* fs.writeFile("/tmp/d", bytes(13))
        expect(yield* reason(fs.appendFile("/tmp/d", bytes(1)))).toBe("NoSpace")
        yield* fs.link("/tmp/d", "/tmp/d-again")
        yield* fs.remove("/tmp/d")
        expect(yield* reason(fs.writeFile("/tmp/e", bytes(1)))).toBe("NoSpace")
        yield* fs.remove("/tmp/d-again")
        yield* fs.writeFile("/tmp/e", bytes(13))
        yield* fs.truncate("/tmp/e", 3)
        yield* fs.writeFile("/tmp/f", bytes(10))
      }))

    test("total bytes: a recursive removal frees its whole subtree", { maxTotalBytes: 30 }, (fs) =>
      Effect.gen(function* () {
        yield* fs.mkdir("/tmp/d/e", { recursive: true })
        yield* fs.writeFile("/tmp/d/x", bytes(10))
        yield* fs.writeFile("/tmp/d/e/y", bytes(10))
        expect(yield* reason(fs.writeFile("/tmp/z", bytes(11)))).toBe("NoSpace")
        yield* fs.remove("/tmp/d", { recursive: true })
        yield* fs.writeFile("/tmp/z", bytes(30))
      }))

    test("node count: files, directories, symlinks and hard links count; the starting layout does not", { maxFileCount: 3 }, (fs) =>
      Effect.gen(function* () {
        yield* fs.writeText("/tmp/a", "")
        yield* fs.mkdir("/tmp/d")
        yield* fs.symlink("a", "/tmp/l")
        expect(yield* reason(fs.writeText("/tmp/b", ""))).toBe("NoSpace")
        expect(yield* reason(fs.mkdir("/tmp/e"))).toBe("NoSpace")
        expect(yield* reason(fs.symlink("a", "/tmp/l2"))).toBe("NoSpace")
        // An existing entry is reported as existing, not as a full filesystem.
        expect(yield* reason(fs.mkdir("/tmp/d"))).toBe("AlreadyExists")
        expect(yield* reason(fs.link("/tmp/a", "/tmp/hard"))).toBe("NoSpace")
        yield* fs.remove("/tmp/d")
        yield* fs.link("/tmp/a", "/tmp/hard")
        expect(yield* reason(fs.writeText("/tmp/b", ""))).toBe("NoSpace")
        yield* fs.remove("/tmp/hard")
        yield* fs.writeText("/tmp/b", "")
        expect(yield* reason(fs.copy("/tmp/a", "/tmp/c"))).toBe("NoSpace")
        // A rename over an entry frees it.
        yield* fs.rename("/tmp/b", "/tmp/l")
        yield* fs.mkdir("/tmp/d")
      }))

    test("mkdir -p: the directories it would create count, and a refused one creates nothing past the limit", { maxFileCount: 3 }, (fs) =>
      Effect.gen(function* () {
        yield* fs.mkdir("/tmp/a/b", { recursive: true })
        expect(yield* reason(fs.mkdir("/tmp/a/b/c/d", { recursive: true }))).toBe("NoSpace")
        expect(yield* fs.exists("/tmp/a/b/c/d")).toBe(false)
        yield* fs.mkdir("/tmp/a/b", { recursive: true })
        yield* fs.remove("/tmp/a", { recursive: true })
        yield* fs.mkdir("/tmp/x/y/z", { recursive: true })
      }))

    test("a recursive copy past a limit creates nothing", { maxFileCount: 6 }, (fs) =>
      Effect.gen(function* () {
        yield* fs.mkdir("/tmp/src/sub", { recursive: true })
        yield* fs.writeText("/tmp/src/sub/x", "x")
        yield* fs.writeText("/tmp/src/y", "y")
        expect(yield* reason(fs.copy("/tmp/src", "/tmp/dst", { recursive: true }))).toBe("NoSpace")
        expect(yield* fs.exists("/tmp/dst")).toBe(false)
        yield* fs.remove("/tmp/src/y")
        yield* fs.copy("/tmp/src", "/tmp/dst", { recursive: true })
        expect(yield* fs.readText("/tmp/dst/sub/x")).toBe("x")
        expect(yield* reason(fs.writeText("/tmp/one-more", ""))).toBe("NoSpace")
      }))

    test("path depth and length, as given and once symlinks are resolved", { maxPathDepth: 4, maxPathLength: 24 }, (fs) =>
      Effect.gen(function* () {
        yield* fs.mkdir("/tmp/a/b/c", { recursive: true })
        expect(yield* reason(fs.mkdir("/tmp/a/b/c/d", { recursive: true }))).toBe("NoSpace")
        expect(yield* reason(fs.mkdir("/tmp/a/b/c/d"))).toBe("NoSpace")
        expect(yield* reason(fs.writeText("/tmp/a/b/c/file", ""))).toBe("NoSpace")
        expect(yield* reason(fs.writeText(`/tmp/${"n".repeat(20)}`, ""))).toBe("NoSpace")
        yield* fs.writeText(`/tmp/${"n".repeat(19)}`, "")
        expect(yield* reason(fs.symlink("x", "/tmp/a/b/c/l"))).toBe("NoSpace")
        yield* fs.symlink("/tmp/a/b/c", "/tmp/l")
        expect(yield* reason(fs.writeText("/tmp/l/f", ""))).toBe("NoSpace")
        expect(yield* reason(fs.mkdir("/tmp/l/d", { recursive: true }))).toBe("NoSpace")
        expect(yield* fs.exists("/tmp/a/b/c/f")).toBe(false)
      }))

    test("a symlink target is no longer than a path, and counts as a small entry", { maxPathLength: 64, maxTotalBytes: 40 }, (fs) =>
      Effect.gen(function* () {
        expect(yield* reason(fs.symlink("t".repeat(65), "/tmp/long"))).toBe("NoSpace")
        expect(yield* fs.exists("/tmp/long")).toBe(false)
        yield* fs.symlink("t".repeat(30), "/tmp/l1")
        expect(yield* reason(fs.symlink("t".repeat(30), "/tmp/l2"))).toBe("NoSpace")
        expect(yield* reason(fs.writeFile("/tmp/f", bytes(11)))).toBe("NoSpace")
        yield* fs.remove("/tmp/l1")
        yield* fs.writeFile("/tmp/f", bytes(40))
      }))
  })
}
