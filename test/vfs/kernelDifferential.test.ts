import * as nodeFs from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { NodeFileSystem } from "@effect/platform-node"
import { HostDirectoryFs } from "../../src/vfs/HostDirectoryFs.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { makeOverlay } from "../../src/vfs/OverlayFs.js"
import type { VfsService } from "../../src/vfs/Vfs.js"

// Host files get the modes the in-memory backend uses (0644, 0755) whatever the caller's umask.
process.umask(0o022)

/**
 * The Linux kernel as the oracle: random operation sequences, symlinks and hard links
 * included, run on a backend and with node:fs on a temporary directory; every result (value
 * or error reason) and the final tree must agree. Symlink targets stay relative and shallow,
 * so the kernel never leaves the temporary directory.
 */

type Op =
  | { readonly op: "write" | "append"; readonly path: string; readonly content: string }
  | { readonly op: "read" | "readdir" | "stat" | "lstat" | "readlink" | "realpath" | "mkdir" | "mkdirp"; readonly path: string }
  | { readonly op: "remove"; readonly path: string; readonly recursive: boolean }
  | { readonly op: "rename" | "link"; readonly from: string; readonly to: string }
  | { readonly op: "symlink"; readonly target: string; readonly path: string }
  | { readonly op: "chmod"; readonly path: string; readonly mode: number }
  | { readonly op: "truncate"; readonly path: string; readonly length: number }

const BASE = "/w"
const segment = fc.constantFrom("a", "b", "l")
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `${BASE}/${parts.join("/")}`)
const target = fc.constantFrom("a", "b", "l", "a/b", "../a", "../l", ".", "..", "missing", "a/../b")
const content = fc.constantFrom("", "x", "yz")

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constantFrom("write" as const, "append" as const), path, content }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom("mkdir" as const, "mkdirp" as const), path }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("symlink" as const), target, path }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constantFrom("read" as const, "readdir" as const, "stat" as const, "lstat" as const, "readlink" as const, "realpath" as const),
      path
    })
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("remove" as const), path, recursive: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom("rename" as const, "link" as const), from: path, to: path }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("chmod" as const), path, mode: fc.constantFrom(0o600, 0o755, 0o1777) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("truncate" as const), path, length: fc.constantFrom(0, 1, 3) }) }
)

type Outcome = { readonly ok: unknown } | { readonly error: string }

const ERRNO: Readonly<Record<string, string>> = {
  ENOENT: "NotFound",
  EEXIST: "AlreadyExists",
  ENOTDIR: "NotADirectory",
  EISDIR: "IsADirectory",
  ENOTEMPTY: "NotEmpty",
  ELOOP: "TooManyLinks",
  EINVAL: "InvalidPath",
  EPERM: "PermissionDenied"
}

const typeOf = (stat: nodeFs.Stats): string =>
  `${stat.isDirectory() ? "directory" : stat.isSymbolicLink() ? "symlink" : "file"} ${(stat.mode & 0o7777).toString(8)}`

/** `mkdir -p` as GNU mkdir does it (node's recursive mkdir reports a dangling link as ENOENT). */
const gnuMkdirParents = (root: string, path: string): void => {
  const parts = path.split("/").filter(Boolean)
  let prefix = ""
  parts.forEach((part, index) => {
    prefix += `/${part}`
    try {
      nodeFs.mkdirSync(join(root, prefix))
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") throw error
      let stat: nodeFs.Stats | undefined
      try {
        stat = nodeFs.statSync(join(root, prefix))
      } catch (statError) {
        if ((statError as { code?: string }).code !== "ENOENT") throw statError
        throw Object.assign(new Error("dangling"), { code: "EEXIST" })
      }
      if (!stat.isDirectory()) throw Object.assign(new Error("not a dir"), { code: index === parts.length - 1 ? "EEXIST" : "ENOTDIR" })
    }
  })
}

/** One operation with node:fs under `root` (the kernel resolves every path). */
const runKernel = (root: string, op: Op): Outcome => {
  const host = (p: string) => join(root, p)
  try {
    switch (op.op) {
      case "write":
        nodeFs.writeFileSync(host(op.path), op.content)
        return { ok: undefined }
      case "append":
        nodeFs.appendFileSync(host(op.path), op.content)
        return { ok: undefined }
      case "read":
        return { ok: nodeFs.readFileSync(host(op.path), "utf8") }
      case "readdir":
        return { ok: nodeFs.readdirSync(host(op.path)).sort() }
      case "stat":
        return { ok: typeOf(nodeFs.statSync(host(op.path))) }
      case "lstat":
        return { ok: typeOf(nodeFs.lstatSync(host(op.path))) }
      case "readlink":
        return { ok: nodeFs.readlinkSync(host(op.path)) }
      case "realpath": {
        const real = nodeFs.realpathSync(host(op.path))
        return { ok: real.slice(nodeFs.realpathSync(root).length) || "/" }
      }
      case "mkdir":
        nodeFs.mkdirSync(host(op.path))
        return { ok: undefined }
      case "mkdirp":
        gnuMkdirParents(root, op.path)
        return { ok: undefined }
      case "remove": {
        const stat = nodeFs.lstatSync(host(op.path))
        if (!stat.isDirectory()) nodeFs.unlinkSync(host(op.path))
        else if (op.recursive) nodeFs.rmSync(host(op.path), { recursive: true })
        else nodeFs.rmdirSync(host(op.path))
        return { ok: undefined }
      }
      case "rename":
        nodeFs.renameSync(host(op.from), host(op.to))
        return { ok: undefined }
      case "link":
        nodeFs.linkSync(host(op.from), host(op.to))
        return { ok: undefined }
      case "symlink":
        nodeFs.symlinkSync(op.target, host(op.path))
        return { ok: undefined }
      case "chmod":
        nodeFs.chmodSync(host(op.path), op.mode)
        return { ok: undefined }
      case "truncate":
        nodeFs.truncateSync(host(op.path), op.length)
        return { ok: undefined }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? "?"
    return { error: ERRNO[code] ?? code }
  }
}

const runVfs = (fs: VfsService, op: Op): Effect.Effect<unknown, unknown> => {
  switch (op.op) {
    case "write":
      return fs.writeText(op.path, op.content)
    case "append":
      return fs.appendFile(op.path, new TextEncoder().encode(op.content))
    case "read":
      return fs.readText(op.path)
    case "readdir":
      return Effect.map(fs.readdir(op.path), (entries) => entries.map((entry) => entry.name))
    case "stat":
      return Effect.map(fs.stat(op.path), (stat) => `${stat.type} ${stat.mode.toString(8)}`)
    case "lstat":
      return Effect.map(fs.lstat(op.path), (stat) => `${stat.type} ${stat.mode.toString(8)}`)
    case "readlink":
      return fs.readlink(op.path)
    case "realpath":
      return fs.realpath(op.path)
    case "mkdir":
      return fs.mkdir(op.path)
    case "mkdirp":
      return fs.mkdir(op.path, { recursive: true })
    case "remove":
      return fs.remove(op.path, { recursive: op.recursive })
    case "rename":
      return fs.rename(op.from, op.to)
    case "link":
      return fs.link(op.from, op.to)
    case "symlink":
      return fs.symlink(op.target, op.path)
    case "chmod":
      return fs.chmod(op.path, op.mode)
    case "truncate":
      return fs.truncate(op.path, op.length)
  }
}

const outcome = (effect: Effect.Effect<unknown, unknown>): Promise<Outcome> =>
  Effect.runPromise(
    effect.pipe(
      Effect.map((ok): Outcome => ({ ok })),
      Effect.catchAll((error) => Effect.succeed<Outcome>({ error: (error as { reason: string }).reason }))
    )
  )

/** The tree under BASE as (path, kind, content-or-target, nlink) rows. */
const kernelTree = (root: string): Array<string> => {
  const rows: Array<string> = []
  const visit = (dir: string) => {
    for (const name of nodeFs.readdirSync(join(root, dir)).sort()) {
      const child = `${dir}/${name}`
      const stat = nodeFs.lstatSync(join(root, child))
      if (stat.isSymbolicLink()) rows.push(`${child} -> ${nodeFs.readlinkSync(join(root, child))}`)
      else if (stat.isDirectory()) {
        rows.push(`${child}/`)
        visit(child)
      } else rows.push(`${child} = ${nodeFs.readFileSync(join(root, child), "utf8")} (${stat.nlink})`)
    }
  }
  visit(BASE)
  return rows
}

const vfsTree = async (fs: VfsService): Promise<Array<string>> => {
  const rows: Array<string> = []
  for (const child of await Effect.runPromise(fs.walk(BASE))) {
    const stat = await Effect.runPromise(fs.lstat(child))
    if (stat.type === "symlink") rows.push(`${child} -> ${await Effect.runPromise(fs.readlink(child))}`)
    else if (stat.type === "directory") rows.push(`${child}/`)
    else rows.push(`${child} = ${await Effect.runPromise(fs.readText(child))} (${stat.nlink})`)
  }
  return rows
}

const property = (makeFs: () => VfsService | Promise<VfsService>) =>
  fc.asyncProperty(fc.array(opArbitrary, { maxLength: 30 }), async (ops) => {
    const root = nodeFs.mkdtempSync(join(tmpdir(), "bashkit-kernel-"))
    nodeFs.chmodSync(root, 0o755) // as the VFS root (mkdtemp makes it 0700)
    try {
      nodeFs.mkdirSync(join(root, BASE))
      const fs = await makeFs()
      await Effect.runPromise(fs.mkdir(BASE, { recursive: true }))
      for (const op of ops) {
        const expected = runKernel(root, op)
        const actual = await outcome(runVfs(fs, op))
        expect({ op, result: actual }).toEqual({ op, result: expected })
      }
      expect(await vfsTree(fs)).toEqual(kernelTree(root))
    } finally {
      nodeFs.rmSync(root, { recursive: true, force: true })
    }
  })

describe("kernel-differential: random operations agree with Linux", () => {
  it("InMemoryFs", async () => {
    await fc.assert(property(() => makeInMemoryFs(undefined, { layout: false })), { numRuns: 300 })
  })

  it("OverlayFs over InMemoryFs", async () => {
    await fc.assert(property(() => makeOverlay(makeInMemoryFs(undefined, { layout: false }))), { numRuns: 100 })
  })

  it("HostDirectoryFs", async () => {
    const roots: Array<string> = []
    const makeHost = () => {
      const root = nodeFs.mkdtempSync(join(tmpdir(), "bashkit-kernel-host-"))
      nodeFs.chmodSync(root, 0o755)
      roots.push(root)
      return Effect.runPromise(HostDirectoryFs.make(root).pipe(Effect.provide(NodeFileSystem.layer)))
    }
    try {
      await fc.assert(property(makeHost), { numRuns: 60 })
    } finally {
      for (const root of roots) nodeFs.rmSync(root, { recursive: true, force: true })
    }
  })
})
