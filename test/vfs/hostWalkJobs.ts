/**
 * Module jobs for the isolated runner (they could hang if the filesystem were not metered):
 * scripts run by a shell over a host directory or a host's own backend, with a short timeout.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { defaultLimits, ExecutionLimits } from "../../src/limits/ExecutionLimits.js"
import { Shell } from "../../src/Shell.js"
import { HostDirectoryFs } from "../../src/vfs/HostDirectoryFs.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { Vfs, type VfsService } from "../../src/vfs/Vfs.js"

interface ScriptArg {
  readonly script: string
  readonly timeoutMs: number
  /** Build a tree of `dirs` directories of `files` files each before the script runs. */
  readonly tree?: { readonly dirs: number; readonly files: number }
  /** Abort the exec through its signal after this long (instead of the timeout ending it). */
  readonly abortAfterMs?: number
}

const runOn = (vfs: Layer.Layer<Vfs, unknown>, arg: ScriptArg) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const shell = yield* Shell
      const controller = new AbortController()
      if (arg.abortAfterMs !== undefined) setTimeout(() => controller.abort(), arg.abortAfterMs)
      const started = performance.now()
      const result = yield* shell.exec(arg.script, arg.abortAfterMs !== undefined ? { signal: controller.signal } : {})
      return { ...result, ranMs: performance.now() - started }
    }).pipe(
      Effect.provide(
        Shell.layer({ cwd: "/" }).pipe(
          Layer.provide(vfs),
          Layer.provide(Layer.succeed(ExecutionLimits, { ...defaultLimits, timeoutMs: arg.abortAfterMs !== undefined ? 60_000 : arg.timeoutMs }))
        )
      ),
      Effect.scoped
    )
  )

/** A script on a fresh temporary host directory (removed afterwards). */
export const onHostDirectory = async (arg: ScriptArg) => {
  const dir = mkdtempSync(join(tmpdir(), "bashkit-walk-"))
  try {
    for (let d = 0; d < (arg.tree?.dirs ?? 0); d++) {
      mkdirSync(join(dir, `d${d}`, "sub"), { recursive: true })
      for (let f = 0; f < arg.tree!.files; f++) writeFileSync(join(dir, `d${d}`, "sub", `f${f}`), "x\n")
    }
    return await runOn(HostDirectoryFs.layer(dir), arg)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A script on a host's own backend that never answers. */
export const onStalledBackend = (arg: ScriptArg) => {
  const never = () => Effect.never
  const memory = makeInMemoryFs()
  const stalled = Object.fromEntries(Object.keys(memory).map((name) => [name, never])) as unknown as VfsService
  return runOn(Layer.succeed(Vfs, stalled), arg)
}
