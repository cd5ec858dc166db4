import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { makeOverlay } from "../../src/vfs/OverlayFs.js"
import { vfsErrorText } from "../../src/vfs/VfsError.js"
import { reason } from "./contract.js"

const bytes = (length: number, fill = 97) => new Uint8Array(length).fill(fill)

describe("filesystem limits: NoSpace, and nothing changes", () => {
  it.effect("file size: a write or append past it fails and leaves the file as it was", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs(undefined, { limits: { maxFileBytes: 10 } })
      expect(yield* reason(fs.writeFile("/tmp/big", bytes(11)))).toBe("NoSpace")
      expect(yield* fs.exists("/tmp/big")).toBe(false)
      yield* fs.writeFile("/tmp/f", bytes(8))
      expect(yield* reason(fs.appendFile("/tmp/f", bytes(3)))).toBe("NoSpace")
      expect(yield* reason(fs.writeFile("/tmp/f", bytes(11, 98)))).toBe("NoSpace")
      expect(yield* reason(fs.truncate("/tmp/f", 11))).toBe("NoSpace")
      expect(yield* fs.readFile("/tmp/f")).toEqual(bytes(8))
      yield* fs.appendFile("/tmp/f", bytes(2))
      expect((yield* fs.stat("/tmp/f")).size).toBe(10)
      expect(vfsErrorText("NoSpace")).toBe("No space left on device")
    }))

  it.effect("total bytes: counted across files, freed by removal and by shrinking", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs(undefined, { limits: { maxTotalBytes: 25 } })
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
    }))

  it.effect("node count: files, directories and links count; the default layout does not", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs(undefined, { limits: { maxFileCount: 3 } })
      yield* fs.writeText("/tmp/a", "")
      yield* fs.mkdir("/tmp/d")
      yield* fs.symlink("a", "/tmp/l")
      expect(yield* reason(fs.writeText("/tmp/b", ""))).toBe("NoSpace")
      expect(yield* reason(fs.mkdir("/tmp/e"))).toBe("NoSpace")
      // A hard link is one more name: a script could otherwise multiply names without bound.
      expect(yield* reason(fs.link("/tmp/a", "/tmp/hard"))).toBe("NoSpace")
      yield* fs.remove("/tmp/d")
      yield* fs.link("/tmp/a", "/tmp/hard")
      expect(yield* reason(fs.writeText("/tmp/b", ""))).toBe("NoSpace")
      yield* fs.remove("/tmp/hard")
      yield* fs.writeText("/tmp/b", "")
      expect(yield* reason(fs.copy("/tmp/a", "/tmp/c"))).toBe("NoSpace")
      // Names of the built-in layout's files are free, names added to them are not.
      yield* fs.remove("/tmp/b")
      yield* fs.link("/etc/passwd", "/tmp/pw")
      expect(yield* reason(fs.link("/etc/passwd", "/tmp/pw2"))).toBe("NoSpace")
      yield* fs.remove("/etc/passwd")
      yield* fs.writeText("/tmp/b", "")
    }))

  it.effect("a recursive copy past a limit creates nothing", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs(undefined, { limits: { maxFileCount: 6 } })
      yield* fs.mkdir("/tmp/src/sub", { recursive: true })
      yield* fs.writeText("/tmp/src/sub/x", "x")
      yield* fs.writeText("/tmp/src/y", "y")
      expect(yield* reason(fs.copy("/tmp/src", "/tmp/dst", { recursive: true }))).toBe("NoSpace")
      expect(yield* fs.exists("/tmp/dst")).toBe(false)
    }))

  it.effect("path depth and length", () =>
    Effect.gen(function* () {
      const fs = makeInMemoryFs(undefined, { limits: { maxPathDepth: 4, maxPathLength: 24 } })
      yield* fs.mkdir("/tmp/a/b/c", { recursive: true })
      expect(yield* reason(fs.mkdir("/tmp/a/b/c/d", { recursive: true }))).toBe("NoSpace")
      expect(yield* reason(fs.writeText("/tmp/a/b/c/file", ""))).toBe("NoSpace")
      expect(yield* reason(fs.writeText(`/tmp/${"n".repeat(20)}`, ""))).toBe("NoSpace")
      yield* fs.writeText(`/tmp/${"n".repeat(19)}`, "")
      expect(yield* reason(fs.symlink("x", "/tmp/a/b/c/l"))).toBe("NoSpace")
    }))

  it.effect("the overlay's upper layer is bounded too, and the lower stays intact", () =>
    Effect.gen(function* () {
      const lower = makeInMemoryFs({ "/data/f": "lower" })
      const fs = makeOverlay(lower, { limits: { maxTotalBytes: 8 } })
      expect(yield* reason(fs.writeFile("/data/f", bytes(9)))).toBe("NoSpace")
      expect(yield* fs.readText("/data/f")).toBe("lower")
      yield* fs.writeFile("/data/g", bytes(8))
      expect(yield* lower.exists("/data/g")).toBe(false)
    }))
})
