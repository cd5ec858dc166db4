import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { makeOverlay } from "../../src/vfs/OverlayFs.js"
import { isWithin } from "../../src/vfs/internal/resolveVia.js"
import { parentOf } from "../../src/vfs/paths.js"
import type { VfsService } from "../../src/vfs/Vfs.js"

/**
 * Random operation sequences run against a backend and against a tiny reference model (a map
 * from path to file content or directory), comparing every result and the final tree.
 */

type Entry = { readonly type: "file"; readonly content: string } | { readonly type: "directory" }
type Model = Map<string, Entry>
type Outcome = { readonly ok: unknown } | { readonly error: string }

type Op =
  | { readonly op: "write" | "append"; readonly path: string; readonly content: string }
  | { readonly op: "read" | "readdir" | "stat" | "mkdir" | "mkdirp"; readonly path: string }
  | { readonly op: "remove"; readonly path: string; readonly recursive: boolean }
  | { readonly op: "rename" | "copy"; readonly from: string; readonly to: string }

const BASE = "/w"
const path = fc
  .array(fc.constantFrom("a", "b"), { minLength: 1, maxLength: 3 })
  .map((parts) => `${BASE}/${parts.join("/")}`)
const content = fc.string({ maxLength: 4 })

// Weighted towards operations that build trees, so that later ones meet non-empty directories.
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constantFrom("write" as const, "append" as const), path, content }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("mkdirp" as const), path }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constantFrom("read" as const, "readdir" as const, "stat" as const, "mkdir" as const), path })
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("remove" as const), path, recursive: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom("rename" as const, "copy" as const), from: path, to: path }) }
)

// ------------------------------------------------------------------ the reference model

class Failure {
  constructor(readonly reason: string) {}
}
const fail = (reason: string): never => {
  throw new Failure(reason)
}

/** The first ancestor that is missing or not a directory decides the error. */
const checkParents = (model: Model, target: string): void => {
  const parts = target.split("/").filter(Boolean)
  let prefix = ""
  for (const part of parts.slice(0, -1)) {
    prefix += `/${part}`
    const entry = model.get(prefix)
    if (entry === undefined) fail("NotFound")
    if (entry!.type !== "directory") fail("NotADirectory")
  }
}

const under = (model: Model, root: string): Array<string> => [...model.keys()].filter((key) => isWithin(key, root))
const childrenOf = (model: Model, dir: string): Array<string> =>
  [...model.keys()].filter((key) => key !== dir && parentOf(key) === dir).map((key) => key.slice(dir.length + 1))

const applyModel = (model: Model, op: Op): unknown => {
  switch (op.op) {
    case "write":
    case "append": {
      checkParents(model, op.path)
      const entry = model.get(op.path)
      if (entry?.type === "directory") fail("IsADirectory")
      const before = op.op === "append" && entry?.type === "file" ? entry.content : ""
      model.set(op.path, { type: "file", content: before + op.content })
      return undefined
    }
    case "read": {
      checkParents(model, op.path)
      const entry = model.get(op.path) ?? fail("NotFound")
      return entry.type === "directory" ? fail("IsADirectory") : entry.content
    }
    case "stat": {
      checkParents(model, op.path)
      return (model.get(op.path) ?? fail("NotFound")).type
    }
    case "readdir": {
      checkParents(model, op.path)
      const entry = model.get(op.path) ?? fail("NotFound")
      if (entry.type !== "directory") fail("NotADirectory")
      return childrenOf(model, op.path).sort()
    }
    case "mkdir": {
      checkParents(model, op.path)
      if (model.has(op.path)) fail("AlreadyExists")
      model.set(op.path, { type: "directory" })
      return undefined
    }
    case "mkdirp": {
      const parts = op.path.split("/").filter(Boolean)
      let prefix = ""
      parts.forEach((part, index) => {
        prefix += `/${part}`
        const entry = model.get(prefix)
        if (entry === undefined) model.set(prefix, { type: "directory" })
        else if (entry.type !== "directory") fail(index === parts.length - 1 ? "AlreadyExists" : "NotADirectory")
      })
      return undefined
    }
    case "remove": {
      checkParents(model, op.path)
      const entry = model.get(op.path) ?? fail("NotFound")
      if (entry.type === "directory" && !op.recursive && childrenOf(model, op.path).length > 0) fail("NotEmpty")
      for (const key of under(model, op.path)) model.delete(key)
      return undefined
    }
    case "rename": {
      // rename(2) looks up both parents before it requires the source.
      checkParents(model, op.from)
      checkParents(model, op.to)
      const source = model.get(op.from) ?? fail("NotFound")
      if (op.from === op.to) return undefined
      const target = model.get(op.to)
      if (source.type === "directory") {
        if (isWithin(op.to, op.from)) fail("InvalidPath")
        if (target !== undefined && target.type !== "directory") fail("NotADirectory")
        if (target !== undefined && childrenOf(model, op.to).length > 0) fail("NotEmpty")
      } else if (target?.type === "directory") fail("IsADirectory")
      const moved = under(model, op.from).map((key) => [op.to + key.slice(op.from.length), model.get(key)!] as const)
      for (const key of under(model, op.from)) model.delete(key)
      model.delete(op.to)
      for (const [key, value] of moved) model.set(key, value)
      return undefined
    }
    case "copy": {
      checkParents(model, op.from)
      const source = model.get(op.from) ?? fail("NotFound")
      if (source.type === "directory") fail("IsADirectory")
      checkParents(model, op.to)
      if (op.from === op.to) fail("InvalidPath")
      if (model.get(op.to)?.type === "directory") fail("IsADirectory")
      model.set(op.to, source)
      return undefined
    }
  }
}

const runModel = (model: Model, op: Op): Outcome => {
  try {
    return { ok: applyModel(model, op) }
  } catch (error) {
    if (error instanceof Failure) return { error: error.reason }
    throw error
  }
}

// ------------------------------------------------------------------ the system under test

const encoder = new TextEncoder()

const runReal = (fs: VfsService, op: Op): Effect.Effect<unknown, unknown> => {
  switch (op.op) {
    case "write":
      return fs.writeText(op.path, op.content)
    case "append":
      return fs.appendFile(op.path, encoder.encode(op.content))
    case "read":
      return fs.readText(op.path)
    case "stat":
      return Effect.map(fs.stat(op.path), (stat) => stat.type)
    case "readdir":
      return Effect.map(fs.readdir(op.path), (entries) => entries.map((entry) => entry.name))
    case "mkdir":
      return fs.mkdir(op.path)
    case "mkdirp":
      return fs.mkdir(op.path, { recursive: true })
    case "remove":
      return fs.remove(op.path, { recursive: op.recursive })
    case "rename":
      return fs.rename(op.from, op.to)
    case "copy":
      return fs.copy(op.from, op.to)
  }
}

const outcome = (effect: Effect.Effect<unknown, unknown>): Promise<Outcome> =>
  Effect.runPromise(
    effect.pipe(
      Effect.map((ok): Outcome => ({ ok })),
      Effect.catchAll((error) => Effect.succeed<Outcome>({ error: (error as { reason: string }).reason }))
    )
  )

const tree = async (fs: VfsService): Promise<Array<[string, string]>> => {
  const paths = await Effect.runPromise(fs.walk(BASE))
  const out: Array<[string, string]> = []
  for (const entry of paths) {
    const stat = await Effect.runPromise(fs.stat(entry))
    out.push([entry, stat.type === "file" ? await Effect.runPromise(fs.readText(entry)) : "<dir>"])
  }
  return out
}

const modelTree = (model: Model): Array<[string, string]> =>
  [...model.entries()]
    .filter(([key]) => key !== BASE)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, entry]) => [key, entry.type === "file" ? entry.content : "<dir>"])

const initial: Record<string, string> = { "/w/a/b": "seed", "/w/b/a/a": "deep" }

const seededModel = (): Model =>
  new Map<string, Entry>([
    [BASE, { type: "directory" }],
    ["/w/a", { type: "directory" }],
    ["/w/a/b", { type: "file", content: "seed" }],
    ["/w/b", { type: "directory" }],
    ["/w/b/a", { type: "directory" }],
    ["/w/b/a/a", { type: "file", content: "deep" }]
  ])

const property = (makeFs: () => VfsService) =>
  fc.asyncProperty(fc.array(opArbitrary, { maxLength: 40 }), async (ops) => {
    const fs = makeFs()
    const model = seededModel()
    for (const op of ops) {
      const expected = runModel(model, op)
      const actual = await outcome(runReal(fs, op))
      expect({ op, result: actual }).toEqual({ op, result: expected })
    }
    expect(await tree(fs)).toEqual(modelTree(model))
  })

describe("model-based: random operation sequences agree with a reference model", () => {
  it("InMemoryFs", async () => {
    await fc.assert(
      property(() => makeInMemoryFs(initial)),
      { numRuns: 300 }
    )
  })

  it("OverlayFs over InMemoryFs", async () => {
    await fc.assert(
      property(() => makeOverlay(makeInMemoryFs(initial))),
      { numRuns: 150 }
    )
  })
})
