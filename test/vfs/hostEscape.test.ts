import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { FileSystem } from "@effect/platform"
import { NodeFileSystem } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HostDirectoryFs } from "../../src/vfs/HostDirectoryFs.js"
import { Vfs, type VfsService } from "../../src/vfs/Vfs.js"
import { reason } from "./contract.js"

/**
 * Nothing outside the root of a HostDirectoryFs is ever read or written: not through `..`,
 * absolute or relative symlinks placed by the host, links made by the sandbox, nor a
 * directory swapped for a symlink between the check and the use.
 */

const SECRET = "SECRET-OUTSIDE"

interface Sandbox {
  readonly outer: string
  readonly root: string
}

const sandbox = Effect.acquireRelease(
  Effect.promise(async (): Promise<Sandbox> => {
    const outer = await mkdtemp(join(tmpdir(), "bashkit-escape-"))
    const root = join(outer, "root")
    await mkdir(join(root, "sub", "deep"), { recursive: true })
    await writeFile(join(outer, "secret.txt"), SECRET)
    await mkdir(join(outer, "secretdir"))
    await writeFile(join(outer, "secretdir", "file"), SECRET)
    await writeFile(join(root, "inside.txt"), "inside")
    // Links the host left in the directory: absolute, relative, to the parent, chained.
    await symlink(join(outer, "secret.txt"), join(root, "abs"))
    await symlink(join(outer, "secretdir"), join(root, "absdir"))
    await symlink("../secret.txt", join(root, "rel"))
    await symlink("..", join(root, "up"))
    await symlink("../../..", join(root, "sub", "deep", "up3"))
    await symlink("sub/deep/up3/secret.txt", join(root, "chain"))
    return { outer, root }
  }),
  ({ outer }) => Effect.promise(() => rm(outer, { recursive: true, force: true }))
)

const outsideUnchanged = (outer: string) =>
  Effect.promise(async () => {
    expect((await readdir(outer)).sort()).toEqual(["root", "secret.txt", "secretdir"])
    expect(await readFile(join(outer, "secret.txt"), "utf8")).toBe(SECRET)
    expect(await readdir(join(outer, "secretdir"))).toEqual(["file"])
  })

const withHost = <A>(body: (fs: VfsService, box: Sandbox) => Effect.Effect<A, unknown, Vfs>) =>
  Effect.scoped(
    Effect.flatMap(sandbox, (box) =>
      Effect.flatMap(Vfs, (fs) => body(fs, box)).pipe(Effect.provide(HostDirectoryFs.layer(box.root)))
    )
  )

const neverSecret = (fs: VfsService, path: string) =>
  Effect.map(Effect.either(fs.readText(path)), (result) => {
    if (result._tag === "Right") expect(result.right).not.toContain(SECRET)
    return result._tag === "Right" ? result.right : result.left.reason
  })

describe("HostDirectoryFs confinement", () => {
  it.effect("`..` chains stop at the root", () =>
    withHost((fs, box) =>
      Effect.gen(function* () {
        expect(yield* neverSecret(fs, "/../secret.txt")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/../../../../secret.txt")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/sub/../../secret.txt")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/../root/inside.txt")).toBe("NotFound")
        expect(yield* fs.readText("/sub/../inside.txt")).toBe("inside")
        expect((yield* fs.readdir("/..")).map((entry) => entry.name)).toContain("inside.txt")
        yield* outsideUnchanged(box.outer)
      })
    ))

  it.effect("host symlinks are resolved inside the root: absolute, relative, parent, chains", () =>
    withHost((fs, box) =>
      Effect.gen(function* () {
        expect(yield* neverSecret(fs, "/abs")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/absdir/file")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/rel")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/up/secret.txt")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/sub/deep/up3/secret.txt")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/chain")).toBe("NotFound")
        expect(yield* fs.readText("/up/inside.txt")).toBe("inside")
        expect(yield* fs.realpath("/sub/deep/up3")).toBe("/")
        expect(yield* fs.readlink("/abs")).toBe(join(box.outer, "secret.txt"))
        expect(yield* reason(fs.stat("/absdir"))).toBe("NotFound")
        yield* outsideUnchanged(box.outer)
      })
    ))

  it.effect("writes through escaping links land inside the root or fail", () =>
    withHost((fs, box) =>
      Effect.gen(function* () {
        expect(yield* reason(fs.writeText("/abs", "pwned"))).toBe("NotFound")
        expect(yield* reason(fs.writeText("/absdir/file", "pwned"))).toBe("NotFound")
        expect(yield* reason(fs.appendFile("/up/../secret.txt", new Uint8Array([1])))).toBe("succeeded")
        yield* fs.writeText("/rel", "created inside")
        expect(yield* fs.readText("/secret.txt")).toBe("created inside")
        expect(yield* reason(fs.mkdir("/absdir/new"))).toBe("NotFound")
        expect(yield* reason(fs.mkdir("/up/../escape"))).toBe("succeeded")
        expect(yield* reason(fs.remove("/absdir/file"))).toBe("NotFound")
        expect(yield* reason(fs.rename("/inside.txt", "/sub/deep/up3/../moved"))).toBe("succeeded")
        expect(yield* reason(fs.symlink("x", "/absdir/link"))).toBe("NotFound")
        expect(yield* reason(fs.truncate("/abs", 0))).toBe("NotFound")
        expect(yield* reason(fs.chmod("/absdir", 0o777))).toBe("NotFound")
        expect(yield* reason(fs.copy("/up", "/copied", { recursive: true }))).toBe("succeeded")
        expect(yield* fs.readlink("/copied")).toBe("..")
        yield* fs.remove("/up")
        yield* fs.remove("/sub", { recursive: true })
        yield* outsideUnchanged(box.outer)
      })
    ))

  it.effect("links the sandbox makes cannot reach outside either", () =>
    withHost((fs, box) =>
      Effect.gen(function* () {
        yield* fs.symlink(join(box.outer, "secretdir"), "/mine-abs")
        yield* fs.symlink("../../../../secretdir", "/mine-rel")
        yield* fs.mkdir("/a/b/c", { recursive: true })
        yield* fs.symlink("../../..", "/a/b/c/p")
        yield* fs.symlink("p/..", "/a/b/c/q")
        expect(yield* neverSecret(fs, "/mine-abs/file")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/mine-rel/file")).toBe("NotFound")
        expect(yield* neverSecret(fs, "/a/b/c/q/secret.txt")).toBe("NotFound")
        expect(yield* fs.realpath("/a/b/c/q")).toBe("/")
        expect(yield* reason(fs.writeText("/mine-rel/file", "pwned"))).toBe("NotFound")
        yield* fs.remove("/a", { recursive: true })
        yield* outsideUnchanged(box.outer)
      })
    ))

  it.effect("a directory the sandbox swaps for a link while another fiber reads never leaks", () =>
    withHost((fs, box) =>
      Effect.gen(function* () {
        yield* fs.mkdir("/swap")
        yield* fs.writeText("/swap/file", "inside")
        const reader = Effect.forEach(Array.from({ length: 150 }), () => neverSecret(fs, "/swap/file"))
        const swapper = Effect.forEach(
          Array.from({ length: 50 }),
          (_, round) =>
            Effect.gen(function* () {
              yield* fs.rename("/swap", "/swap.real")
              yield* fs.symlink(round % 2 === 0 ? join(box.outer, "secretdir") : "../secretdir", "/swap")
              yield* Effect.yieldNow()
              yield* fs.remove("/swap")
              yield* fs.rename("/swap.real", "/swap")
            }),
          { discard: true }
        )
        const [seen] = yield* Effect.all([reader, swapper], { concurrency: "unbounded" })
        expect(seen.every((value) => value === "inside" || value === "NotFound")).toBe(true)
        yield* outsideUnchanged(box.outer)
      })
    ))
})

/** A host FileSystem that swaps `root/swap` for a link to the outside at a chosen call. */
const swappingFileSystem = (box: Sandbox, swapAt: { method: "realPath" | "readFile"; call: number }) =>
  Layer.effect(
    FileSystem.FileSystem,
    Effect.map(FileSystem.FileSystem, (host) => {
      let calls = 0
      const swap = Effect.promise(async () => {
        await rename(join(box.root, "swap"), join(box.root, "swap.real"))
        await symlink(join(box.outer, "secretdir"), join(box.root, "swap"))
      })
      const counted = <A, E>(method: "realPath" | "readFile", effect: Effect.Effect<A, E>) =>
        swapAt.method === method && ++calls === swapAt.call ? Effect.zipRight(swap, effect) : effect
      return {
        ...host,
        realPath: (path: string) => counted("realPath", host.realPath(path)),
        readFile: (path: string) => counted("readFile", host.readFile(path))
      }
    })
  ).pipe(Layer.provide(NodeFileSystem.layer))

describe("HostDirectoryFs against a host process swapping a directory", () => {
  const attempt = (swapAt: { method: "realPath" | "readFile"; call: number }) =>
    Effect.scoped(
      Effect.gen(function* () {
        const box = yield* sandbox
        yield* Effect.promise(async () => {
          await mkdir(join(box.root, "swap"))
          await writeFile(join(box.root, "swap", "file"), "inside")
        })
        const fs = yield* Effect.provide(
          HostDirectoryFs.make(box.root),
          swappingFileSystem(box, swapAt)
        )
        const result = yield* neverSecret(fs, "/swap/file")
        yield* outsideUnchanged(box.outer)
        return result
      })
    )

  it.effect("a swap after resolution is caught before the read", () =>
    Effect.map(attempt({ method: "realPath", call: 2 }), (result) => expect(result).toBe("PermissionDenied")))

  it.effect("a swap between the check and the read is caught after it, and the data dropped", () =>
    Effect.map(attempt({ method: "readFile", call: 1 }), (result) => expect(result).toBe("PermissionDenied")))
})
