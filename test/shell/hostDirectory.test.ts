import { it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, expect } from "vitest"
import { HostDirectoryFs, OverlayFs, Shell } from "../../src/index.js"

/** The README's host-directory recipes, end to end through the shell. */
const dir = mkdtempSync(join(tmpdir(), "bashkit-hostdir-"))
writeFileSync(join(dir, "notes.txt"), "alpha\nbeta\n")
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it.effect("a read-only host directory: reads work, writes fail with a shell message", () =>
  Effect.gen(function* () {
    const shell = yield* Shell
    const result = yield* shell.exec("cd / && grep -c a notes.txt; echo x > new.txt; echo status=$?")
    expect(result.stdout).toBe("2\nstatus=1\n")
    expect(result.stderr).toContain("Read-only file system")
    expect(existsSync(join(dir, "new.txt"))).toBe(false)
  }).pipe(Effect.provide(Shell.layer().pipe(Layer.provide(HostDirectoryFs.layer(dir, { readOnly: true })))))
)

it.effect("an overlay over a host directory: writes stay in the sandbox", () =>
  Effect.gen(function* () {
    const shell = yield* Shell
    const result = yield* shell.exec("cd / && echo gamma >> notes.txt && cat notes.txt && rm notes.txt && ls")
    expect(result.stdout).toBe("alpha\nbeta\ngamma\n")
    expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe("alpha\nbeta\n")
  }).pipe(Effect.provide(Shell.layer().pipe(Layer.provide(OverlayFs.layer(HostDirectoryFs.layer(dir))))))
)
