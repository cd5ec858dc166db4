import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Effect, Layer } from "effect"
import { HostDirectoryFs, type HostDirectoryFsOptions } from "../../src/vfs/HostDirectoryFs.js"
import type { Vfs } from "../../src/vfs/Vfs.js"
import type { Fixture } from "./contract.js"

/** A temporary host directory holding `fixture`, removed when the scope closes. */
export const tempDirectory = (fixture: Fixture) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const dir = await mkdtemp(join(tmpdir(), "bashkit-vfs-"))
      for (const [path, content] of Object.entries(fixture)) {
        await mkdir(dirname(join(dir, path)), { recursive: true })
        await writeFile(join(dir, path), content)
      }
      return dir
    }),
    (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
  )

/** `HostDirectoryFs` over a fresh temporary directory holding `fixture`. */
export const hostLayer = (fixture: Fixture, options?: HostDirectoryFsOptions): Layer.Layer<Vfs, unknown> =>
  Layer.unwrapScoped(Effect.map(tempDirectory(fixture), (dir) => HostDirectoryFs.layer(dir, options)))

/** Split a fixture in two: entries under `point` (re-rooted) and the rest. */
export const splitFixture = (fixture: Fixture, point: string): readonly [Fixture, Fixture] => {
  const inside: Record<string, string | Uint8Array> = {}
  const outside: Record<string, string | Uint8Array> = {}
  for (const [path, content] of Object.entries(fixture)) {
    if (path.startsWith(`${point}/`)) inside[path.slice(point.length)] = content
    else outside[path] = content
  }
  return [inside, outside]
}
