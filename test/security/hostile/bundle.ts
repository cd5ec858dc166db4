/**
 * The isolated child and the attack executor bundled into plain ESM files (with the sources they
 * import, shared in one chunk), so a child starts in a fraction of a second instead of compiling
 * hundreds of TypeScript files through tsx (3-5 s, 20 s on a busy machine). That matters because
 * every hang costs a fresh child. The files live in the repository (`.hostile-cache/`, ignored by
 * git) so their package imports resolve to the repository's node_modules.
 */
import { mkdirSync, rmSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const repoRoot = resolve(here, "../../..")

export interface ExecutorBundle {
  /** The child's entry for `runIsolatedPool` (`childEntry`), or undefined to run it through tsx. */
  readonly childEntry: string | undefined
  /** The executor module for the jobs (`module`). */
  readonly executor: string
  /** The peers' executor (`runPeerAttack`), for the bench. */
  readonly peers: string
  readonly dispose: () => void
}

/** Bundle both; falls back to the TypeScript sources (through tsx) when esbuild is missing. */
export const bundleExecutor = async (): Promise<ExecutorBundle> => {
  const source = join(here, "execute.ts")
  let esbuild: typeof import("esbuild")
  try {
    esbuild = await import("esbuild")
  } catch {
    return { childEntry: undefined, executor: source, peers: join(here, "peers.ts"), dispose: () => {} }
  }
  const outdir = join(repoRoot, ".hostile-cache", `run-${process.pid}-${Date.now()}`)
  mkdirSync(outdir, { recursive: true })
  await esbuild.build({
    entryPoints: { child: join(repoRoot, "test/support/isolatedChild.ts"), execute: source, peers: join(here, "peers.ts") },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outdir,
    outExtension: { ".js": ".mjs" },
    logLevel: "error"
  })
  return { childEntry: join(outdir, "child.mjs"), executor: join(outdir, "execute.mjs"), peers: join(outdir, "peers.mjs"), dispose: () => rmSync(outdir, { recursive: true, force: true }) }
}
