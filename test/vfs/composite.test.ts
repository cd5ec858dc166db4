import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { HostDirectoryFs } from "../../src/vfs/HostDirectoryFs.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { makeMountable } from "../../src/vfs/MountableFs.js"
import { makeOverlay } from "../../src/vfs/OverlayFs.js"
import { Vfs, type VfsService } from "../../src/vfs/Vfs.js"
import { reason } from "./contract.js"
import { tempDirectory } from "./layers.js"

const names = (entries: ReadonlyArray<{ readonly name: string }>) => entries.map((entry) => entry.name)

/** Every path of a filesystem under `root` with its content (or type). */
const snapshot = (fs: VfsService, root: string) =>
  Effect.flatMap(fs.walk(root), (paths) =>
    Effect.forEach(paths, (path) =>
      Effect.flatMap(fs.lstat(path), (stat) =>
        stat.type === "file"
          ? Effect.map(fs.readText(path), (text) => [path, text, stat.mode] as const)
          : stat.type === "symlink"
            ? Effect.map(fs.readlink(path), (target) => [path, `-> ${target}`, stat.mode] as const)
            : Effect.succeed([path, stat.type, stat.mode] as const)
      )
    )
  )

const lowerFiles = {
  "/data/keep.txt": "keep",
  "/data/gone.txt": "gone",
  "/data/dir/inner.txt": "inner",
  "/data/dir/deeper/x": "x"
}

describe("OverlayFs", () => {
  it.effect("never modifies the lower layer", () =>
    Effect.gen(function* () {
      const lower = makeInMemoryFs(lowerFiles)
      yield* lower.symlink("keep.txt", "/data/link")
      const before = yield* snapshot(lower, "/data")
      const fs = makeOverlay(lower)
      yield* fs.writeText("/data/keep.txt", "changed")
      yield* fs.appendFile("/data/dir/inner.txt", new TextEncoder().encode("+"))
      yield* fs.chmod("/data/gone.txt", 0o600)
      yield* fs.remove("/data/gone.txt")
      yield* fs.rename("/data/dir", "/data/moved")
      yield* fs.writeText("/data/link", "through link")
      yield* fs.truncate("/data/moved/deeper/x", 0)
      yield* fs.mkdir("/data/new/sub", { recursive: true })
      yield* fs.link("/data/moved/inner.txt", "/data/hard")
      expect(yield* snapshot(lower, "/data")).toEqual(before)
      expect(yield* fs.readText("/data/keep.txt")).toBe("through link")
      expect(yield* fs.readText("/data/moved/inner.txt")).toBe("inner+")
      expect(names(yield* fs.readdir("/data"))).toEqual(["hard", "keep.txt", "link", "moved", "new"])
    }))

  it.effect("whiteouts hide deleted lower entries; a re-created directory is opaque", () =>
    Effect.gen(function* () {
      const fs = makeOverlay(makeInMemoryFs(lowerFiles))
      yield* fs.remove("/data/gone.txt")
      expect(yield* fs.exists("/data/gone.txt")).toBe(false)
      expect(names(yield* fs.readdir("/data"))).toEqual(["dir", "keep.txt"])
      yield* fs.writeText("/data/gone.txt", "back")
      expect(yield* fs.readText("/data/gone.txt")).toBe("back")
      yield* fs.remove("/data/dir", { recursive: true })
      expect(yield* reason(fs.readText("/data/dir/inner.txt"))).toBe("NotFound")
      yield* fs.mkdir("/data/dir")
      expect(yield* fs.readdir("/data/dir")).toEqual([])
      expect(yield* reason(fs.stat("/data/dir/deeper"))).toBe("NotFound")
      yield* fs.remove("/data/gone.txt")
      expect(yield* fs.exists("/data/gone.txt")).toBe(false)
    }))

  it.effect("copies up keep the mode and content of the lower entry and its directories", () =>
    Effect.gen(function* () {
      const lower = makeInMemoryFs({ "/data/run.sh": { content: "#!", mode: 0o755 } })
      const fs = makeOverlay(lower)
      yield* fs.appendFile("/data/run.sh", new TextEncoder().encode("x"))
      expect((yield* fs.stat("/data/run.sh")).mode).toBe(0o755)
      expect(yield* fs.readText("/data/run.sh")).toBe("#!x")
      yield* fs.writeText("/tmp/new", "n")
      expect((yield* fs.stat("/tmp")).mode).toBe(0o1777)
    }))

  it.effect("symlinks resolve across layers", () =>
    Effect.gen(function* () {
      const lower = makeInMemoryFs(lowerFiles)
      yield* lower.symlink("/data/upper-only", "/data/to-upper")
      const fs = makeOverlay(lower)
      yield* fs.writeText("/data/upper-only", "made above")
      expect(yield* fs.readText("/data/to-upper")).toBe("made above")
      yield* fs.symlink("dir/inner.txt", "/data/to-lower")
      expect(yield* fs.readText("/data/to-lower")).toBe("inner")
    }))

  it.scoped("over a host directory, the host files stay untouched", () =>
    Effect.gen(function* () {
      const dir = yield* tempDirectory({ "/a.txt": "host", "/sub/b.txt": "b" })
      const lower = yield* Effect.provide(Vfs, HostDirectoryFs.layer(dir))
      const fs = makeOverlay(lower)
      yield* fs.writeText("/a.txt", "sandbox")
      yield* fs.remove("/sub", { recursive: true })
      yield* fs.writeText("/new.txt", "new")
      expect(yield* fs.readText("/a.txt")).toBe("sandbox")
      expect(names(yield* fs.readdir("/"))).toEqual(["a.txt", "new.txt"])
      yield* Effect.promise(async () => {
        expect((await readdir(dir)).sort()).toEqual(["a.txt", "sub"])
        expect(await readFile(join(dir, "a.txt"), "utf8")).toBe("host")
        expect(await readFile(join(dir, "sub", "b.txt"), "utf8")).toBe("b")
      })
    }))
})

describe("MountableFs", () => {
  const setup = () => {
    const root = makeInMemoryFs({ "/home/user/r.txt": "root" })
    const data = makeInMemoryFs({ "/file.txt": "data", "/dir/x": "x" }, { layout: false })
    const deep = makeInMemoryFs({ "/d.txt": "deep" }, { layout: false })
    return { root, data, deep, fs: makeMountable({ "/": root, "/data": data, "/mnt/a/b": deep }) }
  }

  it.effect("routes paths to the longest mount and lists mount points", () =>
    Effect.gen(function* () {
      const { data, deep, fs } = setup()
      expect(yield* fs.readText("/data/file.txt")).toBe("data")
      expect(yield* fs.readText("/mnt/a/b/d.txt")).toBe("deep")
      expect(names(yield* fs.readdir("/"))).toContain("data")
      expect(names(yield* fs.readdir("/mnt"))).toEqual(["a"])
      expect((yield* fs.stat("/mnt/a")).type).toBe("directory")
      yield* fs.writeText("/data/new", "n")
      expect(yield* data.readText("/new")).toBe("n")
      yield* fs.mkdir("/mnt/a/b/sub")
      expect((yield* deep.stat("/sub")).type).toBe("directory")
      expect(yield* fs.walk("/data")).toEqual(["/data/dir", "/data/dir/x", "/data/file.txt", "/data/new"])
    }))

  it.effect("moves and hard links across mounts fail with CrossDevice; copies work", () =>
    Effect.gen(function* () {
      const { fs, root } = setup()
      expect(yield* reason(fs.rename("/data/file.txt", "/tmp/file.txt"))).toBe("CrossDevice")
      expect(yield* reason(fs.link("/data/file.txt", "/tmp/hard"))).toBe("CrossDevice")
      yield* fs.symlink("x", "/data/dir/link")
      yield* fs.copy("/data/dir", "/tmp/dir", { recursive: true })
      expect(yield* root.readText("/tmp/dir/x")).toBe("x")
      expect(yield* root.readlink("/tmp/dir/link")).toBe("x")
      yield* fs.rename("/data/file.txt", "/data/renamed")
      expect(yield* fs.readText("/data/renamed")).toBe("data")
    }))

  it.effect("symlinks may point into another mount; absolute targets use the combined root", () =>
    Effect.gen(function* () {
      const { fs } = setup()
      yield* fs.symlink("/data/file.txt", "/home/user/to-data")
      yield* fs.symlink("../home/user/r.txt", "/data/to-root")
      expect(yield* fs.readText("/home/user/to-data")).toBe("data")
      expect(yield* fs.readText("/data/to-root")).toBe("root")
      expect(yield* fs.realpath("/data/to-root")).toBe("/home/user/r.txt")
    }))

  it.effect("mount points and their ancestors cannot be removed or renamed", () =>
    Effect.gen(function* () {
      const { fs } = setup()
      expect(yield* reason(fs.remove("/data", { recursive: true }))).toBe("PermissionDenied")
      expect(yield* reason(fs.remove("/mnt", { recursive: true }))).toBe("PermissionDenied")
      expect(yield* reason(fs.rename("/mnt", "/elsewhere"))).toBe("PermissionDenied")
      expect(yield* reason(fs.mkdir("/data"))).toBe("AlreadyExists")
      expect(yield* fs.readText("/data/file.txt")).toBe("data")
    }))
})
