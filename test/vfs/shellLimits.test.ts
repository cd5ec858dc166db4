import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { FileSystem } from "@effect/platform"
import { NodeFileSystem } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { afterAll } from "vitest"
import { defaultLimits, ExecutionLimits, type ExecutionLimitsShape } from "../../src/limits/ExecutionLimits.js"
import { Shell } from "../../src/Shell.js"
import { HostDirectoryFs } from "../../src/vfs/HostDirectoryFs.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { OverlayFs } from "../../src/vfs/OverlayFs.js"
import { Vfs, type VfsService } from "../../src/vfs/Vfs.js"
import { BashTool } from "../../src/tool/index.js"
import { runResult } from "../tool/support.js"
import { runIsolated, wasKilled } from "../support/isolated.js"

/** The shell puts the exec's filesystem limits over whatever `Vfs` it is given. */
const dirs: Array<string> = []
const freshDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "bashkit-fslimits-"))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** Bytes of regular files under a host directory, and its deepest level. */
const onDisk = (dir: string): { bytes: number; depth: number } => {
  let bytes = 0
  let depth = 0
  const visit = (path: string, level: number) => {
    depth = Math.max(depth, level)
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name)
      if (entry.isDirectory()) visit(child, level + 1)
      else if (entry.isFile()) bytes += statSync(child).size
    }
  }
  visit(dir, 0)
  return { bytes, depth }
}

const exec = (vfs: Layer.Layer<Vfs, unknown>, limits: Partial<ExecutionLimitsShape>, script: string) =>
  Effect.flatMap(Shell, (shell) => shell.exec(script)).pipe(
    Effect.provide(
      Shell.layer({ cwd: "/" }).pipe(Layer.provide(vfs), Layer.provide(Layer.succeed(ExecutionLimits, { ...defaultLimits, timeoutMs: 60_000, ...limits })))
    )
  )

const MB = 1_000_000

describe("filesystem limits through the shell, on every backend", () => {
  it.effect("a host directory with maxTotalBytes 5 MB: writing 20 MB ends the script, and the directory holds no more than 5 MB", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      const result = yield* exec(HostDirectoryFs.layer(dir), { maxTotalBytes: 5 * MB, maxFileBytes: 10 * MB }, "yes | head -c 20000000 > big; echo not reached")
      expect(result.exitCode).toBe(126)
      expect(result.stderr).toContain("big: No space left on device")
      expect(result.stdout).toBe("")
      expect(onDisk(dir).bytes).toBeLessThanOrEqual(5 * MB)
      expect(onDisk(dir).bytes).toBeGreaterThan(4 * MB)
    }))

  it.effect("a host directory: many files count together, and reopening the directory (as the tool does per call) keeps the account", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      const limits = { maxTotalBytes: 5 * MB }
      const first = yield* exec(HostDirectoryFs.layer(dir), limits, "for i in 1 2 3; do yes | head -c 1500000 > f$i; done; echo ok")
      expect(first.stdout).toBe("ok\n")
      const second = yield* exec(HostDirectoryFs.layer(dir), limits, "yes | head -c 1500000 > f4; echo not reached")
      expect(second.exitCode).toBe(126)
      expect(onDisk(dir).bytes).toBeLessThanOrEqual(5 * MB)
      // Removing files makes room again.
      const third = yield* exec(HostDirectoryFs.layer(dir), limits, "rm f1 f4; yes | head -c 1500000 > f5; echo ok")
      expect(third.stdout).toBe("ok\n")
    }))

  it.effect("a host directory: maxFileBytes, maxFileCount and path depth hold, with the in-memory messages", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      writeFileSync(join(dir, "seed"), "x")
      const result = yield* exec(
        HostDirectoryFs.layer(dir),
        { maxFileBytes: 1000, maxFileCount: 5, maxPathDepth: 4 },
        [
          "mkdir -p a/b/c/d/e 2>&1; echo mkdir=$?",
          "mkdir -p a/b/c/d; echo depth4=$?",
          "touch f1 2>&1; touch f2 2>&1; echo count=$?"
        ].join("\n")
      )
      expect(result.stdout).toContain("mkdir: cannot create directory 'a/b/c/d/e': No space left on device\nmkdir=1\n")
      expect(result.stdout).toContain("depth4=0\n")
      expect(result.stdout).toContain("touch: cannot touch 'f2': No space left on device\ncount=1\n")
      expect(result.exitCode).toBe(0)
      expect(onDisk(dir).depth).toBe(4)
      const wide = yield* exec(HostDirectoryFs.layer(dir), { maxFileBytes: 1000 }, "printf '%2000s' x > wide; echo not reached")
      expect(wide.exitCode).toBe(126)
      expect(wide.stderr).toContain("wide: No space left on device")
      expect(statSync(join(dir, "wide")).size).toBeLessThanOrEqual(1000)
    }))

  it.effect("an overlay over a host directory: the writes are bounded, and the host directory is untouched", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      writeFileSync(join(dir, "notes.txt"), "alpha\n")
      const result = yield* exec(
        OverlayFs.layer(HostDirectoryFs.layer(dir)),
        { maxTotalBytes: 100_000 },
        "yes | head -c 60000 > a; cat a a > b; echo not reached"
      )
      expect(result.exitCode).toBe(126)
      expect(result.stderr).toContain("b: No space left on device")
      expect(readdirSync(dir)).toEqual(["notes.txt"])
    }))

  it.effect("BashTool over a host directory: the limits hold across calls, though each call opens the directory anew", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      const tool = BashTool.builder()
        .vfs(Layer.orDie(HostDirectoryFs.layer(dir)))
        .cwd("/work")
        .limits({ maxTotalBytes: 3 * MB })
        .build()
      const first = yield* runResult(tool, { commands: "yes | head -c 2000000 > a; echo ok" })
      expect(first.stdout).toBe("ok\n")
      const second = yield* runResult(tool, { commands: "yes | head -c 2000000 > b; echo not reached" })
      expect(second.error).toBe("resource_limit")
      expect(second.stderr).toContain("filesystem limit reached writing b")
      expect(onDisk(dir).bytes).toBeLessThanOrEqual(3 * MB)
    }))

  it.effect("a host's own Vfs gets the exec's limits", () =>
    Effect.gen(function* () {
      const own: VfsService = { ...makeInMemoryFs({ "/seed": "from the host's backend\n" }) }
      const result = yield* exec(Layer.succeed(Vfs, own), { maxFileCount: 3 }, "cat /seed; cd /tmp; touch a b c; touch d; echo status=$?")
      expect(result.stdout).toBe("from the host's backend\nstatus=1\n")
      expect(result.stderr).toBe("touch: cannot touch 'd': No space left on device\n")
    }))
})

/** Node's filesystem, counting the calls the sandbox makes on it. */
const countingHost = (counter: { calls: number }) =>
  Layer.effect(
    FileSystem.FileSystem,
    Effect.map(FileSystem.FileSystem, (fs) =>
      new Proxy(fs, {
        get: (target, key) => {
          const value: unknown = Reflect.get(target, key)
          if (typeof value !== "function") return value
          return (...args: Array<unknown>) => {
            counter.calls++
            return Reflect.apply(value, target, args)
          }
        }
      })
    )
  ).pipe(Layer.provide(NodeFileSystem.layer))

describe("deep paths on a host directory", () => {
  it.effect("mkdir -p 120 levels deep costs host calls in proportion to the depth, not its square", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      const counter = { calls: 0 }
      const deep = Array.from({ length: 120 }, () => "d").join("/")
      const vfs = HostDirectoryFs.layerWithFileSystem(dir).pipe(Layer.provide(countingHost(counter)))
      const result = yield* exec(vfs, {}, `mkdir -p ${deep} && echo made`)
      expect(result.stdout).toBe("made\n")
      expect(onDisk(dir).depth).toBe(120)
      // Resolving every prefix from the root again would take about 120 * 120 calls.
      expect(counter.calls).toBeLessThan(20 * 120)
    }))
})

describe("host filesystem walks stop at the deadline (isolated: a regression would hang)", () => {
  const jobs = new URL("./hostWalkJobs.ts", import.meta.url).pathname
  it("deep mkdir -p, find, du, ls -R, grep -r, cp -r, chmod -R, rm -r and tree on a host directory end with 124; a backend that never answers too; an abort with 130", async () => {
    const deep = Array.from({ length: 250 }, () => "d").join("/")
    const tree = { dirs: 20, files: 40 }
    const scripts = [
      { script: `mkdir -p ${deep}; echo done` },
      { script: "while :; do find / -type f > /dev/null; done", tree },
      { script: "while :; do du -s / > /dev/null; done", tree },
      { script: "while :; do ls -R / > /dev/null; done", tree },
      { script: "while :; do grep -r x / > /dev/null; done", tree },
      { script: "while :; do cp -r /d0 /copy; rm -r /copy; done", tree },
      { script: "while :; do chmod -R 700 /; done", tree },
      { script: "while :; do tree / > /dev/null; done", tree }
    ]
    const results = await runIsolated(
      [
        ...scripts.map((s, i) => ({ id: `walk${i}`, module: jobs, export: "onHostDirectory", arg: { ...s, timeoutMs: 400 } })),
        { id: "stalled", module: jobs, export: "onStalledBackend", arg: { script: "cat /etc/passwd; echo after", timeoutMs: 400 } },
        { id: "abort", module: jobs, export: "onHostDirectory", arg: { script: `mkdir -p ${deep}; echo done`, timeoutMs: 400, abortAfterMs: 300 } }
      ],
      { killAfterMs: 30_000 }
    )
    for (const result of results) {
      if (wasKilled(result)) throw new Error(`${result.id} was killed: ${result.detail}`)
      const expected = result.id === "abort" ? 130 : 124
      expect({ id: result.id, exitCode: result.exitCode, error: result.error }).toEqual({ id: result.id, exitCode: expected, error: undefined })
      expect(result.stderr).toContain(expected === 124 ? "execution timed out" : "execution aborted")
      expect(result.stdout).not.toContain("done")
      expect(result.stdout).not.toContain("after")
    }
  }, 180_000)
})
