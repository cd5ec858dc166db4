/**
 * Host-backed filesystems for the filesystem attacks (child side): a fresh temp directory with
 * the sandbox's root and, beside it, an `outside` directory holding a canary the script must
 * never read or change. After the run, what the script left on the host is measured.
 */
import { Layer } from "effect"
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { HostDirectoryFs, InMemoryFs, MountableFs, OverlayFs, type Vfs } from "../../../src/index.js"
import type { HostFs } from "./types.js"

/** Text of the canary beside the root: it must never appear in a script's output. */
export const HOST_CANARY = "HOST-CANARY-SECRET"

export interface HostDirectory {
  readonly dir: string
  readonly root: string
  readonly layer: Layer.Layer<Vfs, unknown>
}

export const makeHostDirectory = (kind: HostFs, seed?: { readonly dir: string; readonly count: number }): HostDirectory => {
  const dir = mkdtempSync(join(tmpdir(), "bashkit-hostile-"))
  const root = join(dir, "root")
  mkdirSync(root)
  mkdirSync(join(dir, "outside"))
  writeFileSync(join(dir, "outside", "canary"), HOST_CANARY)
  if (seed !== undefined) {
    mkdirSync(join(root, seed.dir))
    for (let i = 0; i < seed.count; i++) writeFileSync(join(root, seed.dir, `f${i}`), "")
  }
  const host = HostDirectoryFs.layer(root)
  const layer: Layer.Layer<Vfs, unknown> =
    kind === "hostDir" ? host : kind === "overlayHost" ? OverlayFs.layer(host) : MountableFs.layer<unknown, never>({ "/": InMemoryFs.layer(), "/mnt": host })
  return { dir, root, layer }
}

/** Bytes (apparent sizes), entries and depth under the root, and whether anything beside it changed. */
export const inspectHostDirectory = (host: HostDirectory): { bytes: number; files: number; depth: number; outsideTouched: boolean } => {
  let bytes = 0
  let files = 0
  let depth = 0
  const walk = (path: string, level: number) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name)
      const stat = lstatSync(full)
      files++
      depth = Math.max(depth, level)
      if (stat.isDirectory()) walk(full, level + 1)
      else bytes += stat.size
    }
  }
  walk(host.root, 1)
  const beside = readdirSync(host.dir).sort().join(",")
  const outside = readdirSync(join(host.dir, "outside")).join(",")
  const canary = readFileSync(join(host.dir, "outside", "canary"), "utf8")
  return { bytes, files, depth, outsideTouched: beside !== "outside,root" || outside !== "canary" || canary !== HOST_CANARY }
}

export const removeHostDirectory = (host: HostDirectory): void => rmSync(host.dir, { recursive: true, force: true })
