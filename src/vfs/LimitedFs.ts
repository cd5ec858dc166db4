import { Effect, Exit, Layer } from "effect"
import { ExecutionLimits } from "../limits/ExecutionLimits.js"
import { backendInfo, describeBackend } from "./internal/backendInfo.js"
import { atLeastAsStrict, type FsCounters, type FsLimits, FsQuota, pathDepth } from "./internal/fsQuota.js"
import { EMPTY_MEASURE, entryCost, type Measured, measureTree } from "./internal/measureTree.js"
import { makeVfs } from "./make.js"
import { baseName, joinPath, parentOf } from "./paths.js"
import { type FileStat, Vfs, type VfsService } from "./Vfs.js"
import { VfsError, vfsError } from "./VfsError.js"

/**
 * The filesystem limits (`maxFileBytes`, `maxTotalBytes`, `maxFileCount`, `maxPathLength`,
 * `maxPathDepth`) over any backend: the shell wraps whatever `Vfs` it is given, so a host
 * directory, an overlay, mounts or a host's own backend are bounded like the in-memory one,
 * with the same `NoSpace` errors.
 *
 * What "total" means depends on what the backend can tell (see `internal/backendInfo.ts`):
 * - a backend that measures itself exactly (in-memory, an overlay's upper layer) is read live:
 *   the total is what it holds (for an overlay, what was written or copied up);
 * - any other backend (a host directory, a host's own) is tracked from what passes through
 *   here: the total is the net growth since it was first wrapped (content already there is
 *   not measured: walking an arbitrary host directory is not cheap, and a large one would
 *   leave no room at all), so deleting pre-existing files makes room. A host directory keeps
 *   one account per directory for the life of the process, however often it is opened (the
 *   tool builds its filesystem anew for each call). Mounts start from what their in-memory
 *   mounts hold.
 * A backend that already enforces limits at least as strict is returned as it is (no double
 * cost). Every path argument is checked: a new entry past the length or depth limit (also
 * after resolving symlinks) fails with `NoSpace`; a lookup past them finds nothing.
 *
 * Changes run one at a time per backend (check, then act, then count), so concurrent jobs
 * cannot each pass a check the sum would fail.
 */

interface Shared {
  readonly counters: FsCounters
  readonly lock: Effect.Semaphore
}

/** One account per backend, whichever shell or wrapper writes to it. */
const shared = new WeakMap<object, Shared>()
/** One account per backend identity (a host directory opened again by each tool call). */
const sharedByIdentity = new WeakMap<object, Map<string, Shared>>()

const sharedOf = (inner: VfsService): Shared => {
  const info = backendInfo(inner)
  const identity = info?.identity
  const named = identity === undefined ? undefined : sharedByIdentity.get(identity.owner) ?? new Map<string, Shared>()
  let state = identity === undefined ? shared.get(inner) : named!.get(identity.name)
  if (state === undefined) {
    const start = info?.usage?.()
    state = { counters: { bytes: start?.bytes ?? 0, nodes: start?.nodes ?? 0 }, lock: Effect.unsafeMakeSemaphore(1) }
    if (identity === undefined) shared.set(inner, state)
    else {
      named!.set(identity.name, state)
      sharedByIdentity.set(identity.owner, named!)
    }
  }
  return state
}

const quiet = <A>(effect: Effect.Effect<A, VfsError>): Effect.Effect<A | undefined, VfsError> =>
  Effect.catchIf(
    effect,
    (error) => error.reason === "NotFound" || error.reason === "NotADirectory",
    () => Effect.succeed(undefined)
  )

/** Run a synchronous quota check as an Effect (its `NoSpace` in the error channel). */
const check = (body: () => void): Effect.Effect<void, VfsError> =>
  Effect.suspend(() => {
    try {
      body()
      return Effect.void
    } catch (error) {
      if (error instanceof VfsError) return Effect.fail(error)
      throw error
    }
  })

/** Prefix of `parts` with `count` components, as a path. */
const prefixOf = (parts: ReadonlyArray<string>, count: number): string => "/" + parts.slice(0, count).join("/")

export const limitFs = (inner: VfsService, limits: FsLimits): VfsService => {
  const info = backendInfo(inner)
  if (info?.limits !== undefined && atLeastAsStrict(info.limits, limits)) return inner
  const state = sharedOf(inner)
  const quota = new FsQuota(limits, state.counters)
  const live = info?.live === true ? info.usage : undefined

  /** Bring the counters up to date with a backend that measures itself. */
  const refresh = (): void => {
    if (live === undefined) return
    const usage = live()
    state.counters.bytes = usage.bytes
    state.counters.nodes = usage.nodes
  }
  const charge = (bytes: number, nodes: number): void => {
    if (live === undefined) quota.charge(bytes, nodes)
  }
  const serial = <A>(effect: Effect.Effect<A, VfsError>) => state.lock.withPermits(1)(effect)

  /**
   * Run `change` and count what it did: `bytes`/`nodes` when it succeeds. Stopped halfway (the
   * exec's deadline or abort interrupts it), it is counted as if it grew the filesystem fully
   * and freed nothing: an over-count is safe, a walk to learn the truth would outlive the exec.
   */
  const committed = (change: Effect.Effect<void, VfsError>, bytes: number, nodes: number): Effect.Effect<void, VfsError> =>
    Effect.onExit(change, (exit) =>
      Effect.sync(() => {
        if (Exit.isSuccess(exit)) charge(bytes, nodes)
        else if (Exit.isInterrupted(exit)) charge(Math.max(0, bytes), Math.max(0, nodes))
      })
    )

  /**
   * A lookup's argument: nothing longer or deeper than an entry may be is there, as in the
   * in-memory store (so `mkdir -p` and `test -e` see a missing path, and a backend never
   * resolves an absurd one).
   */
  const lookupArg = (operation: string, path: string): Effect.Effect<void, VfsError> =>
    path.length > limits.maxPathLength || pathDepth(path) > limits.maxPathDepth
      ? Effect.fail(vfsError("NotFound", operation, path, "path longer or deeper than the filesystem limits"))
      : Effect.void
  const lookup =
    <A, Args extends ReadonlyArray<unknown>>(operation: string, run: (path: string, ...args: Args) => Effect.Effect<A, VfsError>) =>
    (path: string, ...args: Args): Effect.Effect<A, VfsError> =>
      Effect.zipRight(lookupArg(operation, path), run(path, ...args))

  /**
   * A new entry at `path` (and `nodes` more entries in all): the path as given and as it lies
   * once the parent's symlinks are resolved must fit the length and depth limits.
   */
  const newEntry = (operation: string, path: string, nodes: number): Effect.Effect<void, VfsError> =>
    Effect.gen(function* () {
      yield* check(() => {
        refresh()
        quota.checkEntry(operation, path, pathDepth(path), path.length, nodes)
      })
      const parent = parentOf(path)
      const real = yield* Effect.orElseSucceed(inner.realpath(parent), () => parent)
      if (real === parent) return
      const physical = joinPath(real, baseName(path))
      yield* check(() => quota.checkEntry(operation, path, pathDepth(physical), physical.length, 0))
    })

  /**
   * The checks of a new entry at `path`, unless something is already there: then the backend's
   * own answer (`File exists`) comes first, as the kernel checks existence before space.
   */
  const orExisting = (path: string, checks: Effect.Effect<void, VfsError>): Effect.Effect<void, VfsError> =>
    Effect.catchIf(
      checks,
      (error) => error.reason === "NoSpace",
      (error) => Effect.flatMap(quiet(inner.lstat(path)), (found) => (found === undefined ? Effect.fail(error) : Effect.void))
    )

  /** Measure what `path` holds now (nothing when it is gone); only tracked accounts need it. */
  const measure = (path: string, asCopy: boolean): Effect.Effect<Measured, VfsError> =>
    live !== undefined
      ? Effect.succeed(EMPTY_MEASURE)
      : Effect.flatMap(quiet(inner.lstat(path)), (stat) => (stat === undefined ? Effect.succeed(EMPTY_MEASURE) : measureTree(inner, path, stat, asCopy)))

  /**
   * Run a change whose effect on the account is only known afterwards (a recursive copy or
   * removal): measure `path` before and after, and count the difference. A change that failed
   * halfway is measured again; one interrupted by the exec's end is counted as `ifStopped`.
   */
  const remeasured = (
    path: string,
    asCopy: boolean,
    change: Effect.Effect<void, VfsError>,
    ifStopped: Measured
  ): Effect.Effect<void, VfsError> =>
    Effect.flatMap(measure(path, asCopy), (before) =>
      Effect.onExit(change, (exit) =>
        Exit.isInterrupted(exit)
          ? Effect.sync(() => charge(ifStopped.bytes, ifStopped.nodes))
          : Effect.orElse(
              Effect.map(measure(path, asCopy), (after) => charge(after.bytes - before.bytes, after.nodes - before.nodes)),
              () => Effect.void
            )
      )
    )

  /** A whole-content write (`writeFile`, or `appendFile` creating the file). */
  const writeNew = (operation: string, path: string, size: number, write: Effect.Effect<void, VfsError>) =>
    Effect.gen(function* () {
      yield* check(() => quota.checkFileSize(operation, path, size))
      yield* newEntry(operation, path, 1)
      yield* check(() => quota.checkTotal(operation, path, size))
      yield* committed(write, size, 1)
    })

  /** A regular file changing from `before.size` to `size` bytes. */
  const resize = (operation: string, path: string, before: FileStat, size: number, write: Effect.Effect<void, VfsError>) =>
    Effect.gen(function* () {
      yield* check(() => {
        refresh()
        quota.checkResize(operation, path, size, before.size)
      })
      yield* committed(write, size - before.size, 0)
    })

  /** The largest existing prefix of `parts` (existence is monotonic along a path: binary search). */
  const existingPrefix = (parts: ReadonlyArray<string>): Effect.Effect<number, VfsError> =>
    Effect.gen(function* () {
      let low = 0
      let high = parts.length
      while (low < high) {
        const middle = Math.ceil((low + high) / 2)
        if ((yield* quiet(inner.stat(prefixOf(parts, middle)))) !== undefined) low = middle
        else high = middle - 1
      }
      return low
    })

  const mkdirParents = (path: string, mode: number | undefined) =>
    Effect.gen(function* () {
      const parts = path.split("/").filter((part) => part !== "")
      const existing = yield* existingPrefix(parts)
      const options = mode === undefined ? { recursive: true } : { recursive: true, mode }
      if (existing === parts.length) return yield* inner.mkdir(path, options)
      const missing = parts.length - existing
      const base = prefixOf(parts, existing)
      yield* check(() => {
        refresh()
        quota.checkEntry("mkdir", path, parts.length, path.length, missing)
      })
      const real = yield* Effect.orElseSucceed(inner.realpath(base), () => base)
      const rest = path.length - (base === "/" ? 0 : base.length)
      yield* check(() => quota.checkEntry("mkdir", path, pathDepth(real) + missing, (real === "/" ? 0 : real.length) + rest, 0))
      // Count what exists afterwards, also when the backend stopped halfway.
      yield* Effect.onExit(inner.mkdir(path, options), (exit) =>
        Exit.isSuccess(exit) || Exit.isInterrupted(exit)
          ? Effect.sync(() => charge(0, missing))
          : Effect.orElse(
              Effect.map(existingPrefix(parts), (now) => charge(0, now - existing)),
              () => Effect.void
            )
      )
    })

  const limited: VfsService = makeVfs({
    stat: lookup("stat", inner.stat),
    lstat: lookup("lstat", inner.lstat),
    readFile: lookup("readFile", inner.readFile),
    readdir: lookup("readdir", inner.readdir),
    readlink: lookup("readlink", inner.readlink),
    realpath: lookup("realpath", inner.realpath),
    chmod: lookup("chmod", inner.chmod),
    chown: lookup("chown", inner.chown),
    utimes: lookup("utimes", inner.utimes),
    writeFile: (path, data, options) =>
      serial(
        Effect.gen(function* () {
          const before = yield* quiet(inner.stat(path))
          const write = inner.writeFile(path, data, options)
          if (before === undefined) return yield* writeNew("writeFile", path, data.length, write)
          if (before.type === "file") return yield* resize("writeFile", path, before, data.length, write)
          return yield* write
        })
      ),
    appendFile: (path, data) =>
      serial(
        Effect.gen(function* () {
          const before = yield* quiet(inner.stat(path))
          const write = inner.appendFile(path, data)
          if (before === undefined) return yield* writeNew("appendFile", path, data.length, write)
          if (before.type === "file") return yield* resize("appendFile", path, before, before.size + data.length, write)
          return yield* write
        })
      ),
    truncate: (path, length) =>
      serial(
        Effect.gen(function* () {
          yield* lookupArg("truncate", path)
          const before = yield* quiet(inner.stat(path))
          const change = inner.truncate(path, length)
          if (before?.type === "file" && Number.isInteger(length) && length >= 0) return yield* resize("truncate", path, before, length, change)
          return yield* change
        })
      ),
    mkdir: (path, options) =>
      serial(
        Effect.gen(function* () {
          if (options?.recursive === true) return yield* mkdirParents(path, options.mode)
          // A successful mkdir makes exactly one entry; an existing one fails as it would anyway.
          yield* orExisting(path, newEntry("mkdir", path, 1))
          yield* committed(inner.mkdir(path, options), 0, 1)
        })
      ),
    symlink: (target, path) =>
      serial(
        Effect.gen(function* () {
          yield* orExisting(
            path,
            Effect.zipRight(
              newEntry("symlink", path, 1),
              check(() => {
                quota.checkLinkTarget("symlink", path, target)
                quota.checkTotal("symlink", path, target.length)
              })
            )
          )
          yield* committed(inner.symlink(target, path), target.length, 1)
        })
      ),
    link: (existing, path) =>
      serial(
        Effect.gen(function* () {
          yield* lookupArg("link", existing)
          yield* orExisting(path, newEntry("link", path, 1))
          yield* committed(inner.link(existing, path), 0, 1)
        })
      ),
    remove: (path, options) =>
      serial(
        Effect.gen(function* () {
          yield* lookupArg("remove", path)
          if (options?.recursive === true) return yield* remeasured(path, false, inner.remove(path, options), EMPTY_MEASURE)
          const before = live === undefined ? yield* quiet(inner.lstat(path)) : undefined
          const freed = before === undefined ? EMPTY_MEASURE : entryCost(before, false)
          yield* committed(inner.remove(path, options), -freed.bytes, -freed.nodes)
        })
      ),
    rename: (from, to) =>
      serial(
        Effect.gen(function* () {
          yield* lookupArg("rename", from)
          yield* newEntry("rename", to, 0)
          const source = live === undefined ? yield* quiet(inner.lstat(from)) : undefined
          const replaced = live === undefined ? yield* quiet(inner.lstat(to)) : undefined
          // The entry that was at `to` is gone (unless it was the source itself).
          const sameFile = source !== undefined && replaced !== undefined && source.ino !== 0 && source.ino === replaced.ino
          const freed = replaced === undefined || sameFile ? EMPTY_MEASURE : entryCost(replaced, false)
          yield* committed(inner.rename(from, to), -freed.bytes, -freed.nodes)
        })
      ),
    copy: (from, to, options) =>
      serial(
        Effect.gen(function* () {
          yield* lookupArg("copy", from)
          const recursive = options?.recursive === true
          const source = yield* quiet(recursive ? inner.lstat(from) : inner.stat(from))
          const copy = inner.copy(from, to, options)
          if (source === undefined) return yield* copy
          const need = source.type === "directory" ? yield* measureTree(inner, from, source, true) : entryCost(source, true)
          const existing = yield* quiet(inner.stat(to))
          const nodes = existing === undefined ? need.nodes : Math.max(0, need.nodes - 1)
          const bytes = need.bytes - (existing?.type === "file" ? existing.size : 0)
          yield* newEntry("copy", to, nodes)
          yield* check(() => {
            quota.checkFileSize("copy", from, need.largest)
            quota.checkTotal("copy", to, bytes)
          })
          yield* remeasured(to, false, copy, { bytes: Math.max(0, bytes), nodes, largest: 0 })
        })
      )
  })
  // A wrapper over this one with looser limits adds nothing; a stricter one reads these counters.
  return describeBackend(limited, {
    usage: () => {
      refresh()
      return { bytes: state.counters.bytes, nodes: state.counters.nodes }
    },
    live: true,
    limits,
    ...(info?.synchronous === true ? { synchronous: true } : {})
  })
}

/**
 * `LimitedFs.layer(inner)`: the filesystem `inner` provides, bounded by `limits` (by default
 * the `ExecutionLimits` in force). The shell applies the same wrapper to any `Vfs` it is given.
 */
const layer = <E, R>(inner: Layer.Layer<Vfs, E, R>, limits?: Partial<FsLimits>): Layer.Layer<Vfs, E, R> =>
  Layer.effect(
    Vfs,
    Effect.gen(function* () {
      const base = yield* ExecutionLimits
      return limitFs(yield* Vfs, { ...fsLimitsOf(base), ...limits })
    })
  ).pipe(Layer.provide(inner))

/** The filesystem fields of a limits shape. */
export const fsLimitsOf = (limits: FsLimits): FsLimits => ({
  maxFileBytes: limits.maxFileBytes,
  maxTotalBytes: limits.maxTotalBytes,
  maxFileCount: limits.maxFileCount,
  maxPathLength: limits.maxPathLength,
  maxPathDepth: limits.maxPathDepth
})

export const LimitedFs = {
  make: limitFs,
  layer
} as const
