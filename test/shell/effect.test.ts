import { it } from "@effect/vitest"
import { Effect, Layer, Stream, Chunk } from "effect"
import { expect } from "vitest"
import { InMemoryFs, Shell, Vfs, makeInMemoryFs } from "../../src/index.js"

it.effect("Shell uses the Vfs layer the host provides", () => {
  const fs = makeInMemoryFs({ "/provided/hello.txt": "from the host's layer\n" })
  return Effect.gen(function* () {
    const shell = yield* Shell
    const result = yield* shell.exec("cat /provided/hello.txt; echo written > /provided/out.txt")
    expect(result.stdout).toBe("from the host's layer\n")
    expect(yield* fs.readText("/provided/out.txt")).toBe("written\n")
  }).pipe(Effect.provide(Shell.layer().pipe(Layer.provide(Layer.succeed(Vfs, fs)))))
})

it.effect("a custom Vfs layer sees the shell's writes", () => {
  const fs = makeInMemoryFs()
  return Effect.gen(function* () {
    const shell = yield* Shell
    yield* shell.exec("echo hi > /tmp/x")
    expect(yield* fs.readText("/tmp/x")).toBe("hi\n")
  }).pipe(Effect.provide(Shell.layer().pipe(Layer.provide(Layer.succeed(Vfs, fs)))))
})

it.effect("execStream emits output chunks as the script runs", () =>
  Effect.gen(function* () {
    const shell = yield* Shell
    const chunks = Chunk.toReadonlyArray(yield* Stream.runCollect(shell.execStream("echo one; echo two >&2; echo three")))
    const text = (kind: string) => chunks.filter((c) => c.kind === kind).map((c) => new TextDecoder().decode(c.data)).join("")
    expect(text("stdout")).toBe("one\nthree\n")
    expect(text("stderr")).toBe("two\n")
  }).pipe(Effect.provide(Shell.layer().pipe(Layer.provide(InMemoryFs.layer()))))
)

it.effect("Shell.layer falls back to the in-memory filesystem", () =>
  Effect.gen(function* () {
    const shell = yield* Shell
    const result = yield* shell.exec("echo ok > f; cat f; pwd")
    expect(result).toMatchObject({ stdout: "ok\n/home/user\n", exitCode: 0 })
  }).pipe(Effect.provide(Shell.layer()))
)
