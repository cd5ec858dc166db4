import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option } from "effect"
import { Budget } from "../../src/limits/Budget.js"
import { defaultLimits, LimitExceeded } from "../../src/limits/ExecutionLimits.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { fsLimitsOf, limitFs } from "../../src/vfs/LimitedFs.js"
import { meterFs } from "../../src/vfs/MeteredFs.js"
import { makeReadOnly } from "../../src/vfs/ReadOnlyFs.js"
import type { VfsService } from "../../src/vfs/Vfs.js"
import { reason } from "./contract.js"

const limits = (overrides: Partial<typeof defaultLimits>) => ({ ...fsLimitsOf(defaultLimits), ...overrides })
const bytes = (length: number) => new Uint8Array(length).fill(97)

describe("LimitedFs", () => {
  it("adds nothing over a backend that enforces limits as strict: the same object comes back", () => {
    const strict = makeInMemoryFs(undefined, { limits: { maxTotalBytes: 10 } })
    expect(limitFs(strict, limits({ maxTotalBytes: 20 }))).toBe(strict)
    expect(limitFs(strict, limits({ maxTotalBytes: 5 }))).not.toBe(strict)
    const readOnly = makeReadOnly(makeInMemoryFs())
    expect(limitFs(readOnly, limits({ maxFileCount: 1 }))).toBe(readOnly)
    const limited = limitFs(makeInMemoryFs(), limits({ maxFileCount: 10 }))
    expect(limitFs(limited, limits({ maxFileCount: 20 }))).toBe(limited)
  })

  it.effect("two wrappers of one backend share its account (two shells over one host object)", () =>
    Effect.gen(function* () {
      const own: VfsService = { ...makeInMemoryFs() }
      const first = limitFs(own, limits({ maxTotalBytes: 10 }))
      const second = limitFs(own, limits({ maxTotalBytes: 10 }))
      yield* first.writeFile("/tmp/a", bytes(6))
      expect(yield* reason(second.writeFile("/tmp/b", bytes(6)))).toBe("NoSpace")
      yield* second.remove("/tmp/a")
      yield* second.writeFile("/tmp/b", bytes(10))
    }))

  it.effect("a tracked backend starts from nothing: what it held is not counted, and freeing it makes room", () =>
    Effect.gen(function* () {
      const own: VfsService = { ...makeInMemoryFs({ "/data/old": bytes(50) }) }
      const fs = limitFs(own, limits({ maxTotalBytes: 20 }))
      yield* fs.writeFile("/tmp/a", bytes(20))
      expect(yield* reason(fs.writeFile("/tmp/b", bytes(1)))).toBe("NoSpace")
      yield* fs.remove("/data/old")
      yield* fs.writeFile("/tmp/b", bytes(50))
    }))

  it.effect("a live backend is read as it is, also after changes made beside the wrapper", () =>
    Effect.gen(function* () {
      const memory = makeInMemoryFs()
      const fs = limitFs(memory, limits({ maxTotalBytes: 20 }))
      yield* memory.writeFile("/tmp/direct", bytes(15))
      expect(yield* reason(fs.writeFile("/tmp/a", bytes(6)))).toBe("NoSpace")
      yield* memory.remove("/tmp/direct")
      yield* fs.writeFile("/tmp/a", bytes(20))
    }))

  it.effect("a lookup past the path limits finds nothing; writes to devices are not file contents", () =>
    Effect.gen(function* () {
      const fs = limitFs({ ...makeInMemoryFs() }, limits({ maxPathDepth: 3, maxFileBytes: 4 }))
      yield* fs.mkdir("/tmp/a/b", { recursive: true })
      expect(yield* reason(fs.stat("/tmp/a/b/c/d"))).toBe("NotFound")
      expect(yield* reason(fs.readFile(`/tmp/${"x".repeat(5000)}`))).toBe("NotFound")
      yield* fs.writeFile("/dev/null", bytes(100))
    }))

  it.live("a change stopped halfway by the exec's end is counted as done (an over-count is safe)", () =>
    Effect.gen(function* () {
      const memory = makeInMemoryFs()
      const slow: VfsService = { ...memory, writeFile: (path, data) => Effect.zipRight(Effect.sleep(1000), memory.writeFile(path, data)) }
      const fs = limitFs(slow, limits({ maxTotalBytes: 10 }))
      yield* Effect.timeout(fs.writeFile("/tmp/a", bytes(8)), 20).pipe(Effect.ignore)
      expect(yield* memory.exists("/tmp/a")).toBe(false)
      expect(yield* reason(fs.writeFile("/tmp/b", bytes(3)))).toBe("NoSpace")
    }))

  it.effect("changes run one at a time: concurrent writers cannot each pass a check the sum fails", () =>
    Effect.gen(function* () {
      const fs = limitFs({ ...makeInMemoryFs() }, limits({ maxTotalBytes: 100 }))
      const outcomes = yield* Effect.forEach(
        Array.from({ length: 10 }, (_, i) => i),
        (i) => reason(fs.writeFile(`/tmp/f${i}`, bytes(30))),
        { concurrency: "unbounded" }
      )
      expect(outcomes.filter((outcome) => outcome === "succeeded")).toHaveLength(3)
    }))
})

describe("MeteredFs", () => {
  const stopOf = <A, E>(exit: Exit.Exit<A, E>): LimitExceeded | undefined => {
    if (Exit.isSuccess(exit)) return undefined
    const defect = Cause.dieOption(exit.cause)
    return Option.isSome(defect) && defect.value instanceof LimitExceeded ? defect.value : undefined
  }

  it.live("every operation passes the exec's budget: past the deadline it stops with the budget's stop", () =>
    Effect.gen(function* () {
      const budget = new Budget({ ...defaultLimits, timeoutMs: 0 })
      const fs = meterFs(makeInMemoryFs(), budget)
      yield* Effect.sleep(5)
      const exit = yield* Effect.exit(fs.stat("/tmp"))
      expect(stopOf(exit)?.limit).toBe("timeout")
      // Derived operations (walk, exists) go through the metered primitives too.
      expect(stopOf(yield* Effect.exit(fs.walk("/")))?.limit).toBe("timeout")
    }))

  it.effect("an operation of a backend that never answers ends when the exec is aborted", () =>
    Effect.gen(function* () {
      const controller = new AbortController()
      const budget = new Budget({ ...defaultLimits, timeoutMs: undefined }, { signal: controller.signal })
      const memory = makeInMemoryFs()
      const stalled: VfsService = { ...memory, readFile: () => Effect.never }
      const fs = meterFs(stalled, budget)
      setTimeout(() => controller.abort(), 20)
      const exit = yield* Effect.exit(fs.readFile("/etc/passwd"))
      expect(stopOf(exit)?.limit).toBe("abort")
    }))

  it.effect("within the budget, operations answer as the backend does", () =>
    Effect.gen(function* () {
      const fs = meterFs(makeInMemoryFs({ "/x": "hi" }), new Budget(defaultLimits))
      expect(yield* fs.readText("/x")).toBe("hi")
      expect(yield* reason(fs.readFile("/nope"))).toBe("NotFound")
    }))
})
