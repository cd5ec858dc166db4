import { it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { expect } from "vitest"
import { expandPathname, type GlobOptions } from "../../src/expansion/Pathname.js"
import { defaultLimits } from "../../src/limits/ExecutionLimits.js"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"

const options: GlobOptions = { dotglob: false, nocaseglob: false, globstar: true, extglob: false, maxWords: defaultLimits.maxExpansionWords }
const fs = makeInMemoryFs({ "/w/a": "", "/w/b": "", "/w/c": "", "/w/d/e": "", "/w/d/f/g": "" }, { layout: false })

it.effect("returns undefined when nothing matches", () =>
  Effect.gen(function* () {
    expect(yield* expandPathname("*.none", "/w", fs, options)).toBeUndefined()
    expect(yield* expandPathname("/nowhere/*", "/w", fs, options)).toBeUndefined()
  })
)

it.effect("relative patterns give relative paths, absolute ones absolute paths", () =>
  Effect.gen(function* () {
    expect(yield* expandPathname("*", "/w", fs, options)).toEqual(["a", "b", "c", "d"])
    expect(yield* expandPathname("/w/d/*", "/", fs, options)).toEqual(["/w/d/e", "/w/d/f"])
    expect(yield* expandPathname("**", "/w/d", fs, options)).toEqual(["e", "f", "f/g"])
  })
)

it.effect("fails with LimitExceeded past maxExpansionWords", () =>
  Effect.gen(function* () {
    const result = yield* expandPathname("*", "/w", fs, { ...options, maxWords: 3 }).pipe(Effect.either)
    expect(Either.isLeft(result) && result.left._tag === "LimitExceeded" && result.left.limit === "maxExpansionWords").toBe(true)
    const within = yield* expandPathname("*", "/w", fs, { ...options, maxWords: 4 })
    expect(within).toHaveLength(4)
  })
)
