/**
 * One adapter per interpreter under test. Every adapter can run a script in a fresh interpreter
 * (the default, as bashkit's own benchmark does), prepare one interpreter holding a case's files
 * (for data-heavy cases, so the timed part is the script, not copying 100 MB into a sandbox),
 * and create an idle sandbox (for the start-up/memory set).
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Effect, Layer, ManagedRuntime } from "effect"
import { existsSync } from "node:fs"
import type * as OurPackage from "../src/index.js"
import type { ExecutionLimitsShape } from "../src/limits/ExecutionLimits.js"

/** What a case hands to a runner: the script, its files (paths under `$D`) and extra env. */
export interface RunSpec {
  readonly script: string
  /** File contents keyed by path relative to the data directory `$D`. */
  readonly files?: Readonly<Record<string, string>>
}

export interface RunOutcome {
  readonly stdout: string
  readonly exitCode: number
  /** Set when the runner threw instead of returning a result. */
  readonly error?: string
}

export type Exec = (script: string) => Promise<RunOutcome>

export interface Runner {
  readonly name: string
  /** Package and version, for the results header. */
  readonly version: string
  /** Fresh interpreter per call: construction is part of the measured time. */
  readonly runFresh: (spec: RunSpec) => Promise<RunOutcome>
  /** One interpreter holding the case's files; the returned function runs scripts in it. */
  readonly prepare: (spec: RunSpec) => Promise<Exec>
  /** An idle sandbox (start-up/memory set); undefined for /bin/bash. */
  readonly createIdle?: () => unknown
  /** Run a trivial script in an idle sandbox made by `createIdle`. */
  readonly touchIdle?: (sandbox: unknown) => Promise<unknown>
  readonly dispose?: () => Promise<void>
}

/** Where case files live inside the sandboxes. */
export const VFS_DATA_DIR = "/bench"

/** Generous budgets everywhere, so scaling cases measure speed rather than hit a default cap. */
const BIG = 1_000_000_000

const ourLimits: Partial<ExecutionLimitsShape> = {
  maxCommands: BIG,
  maxLoopIterations: BIG,
  maxTotalLoopIterations: BIG,
  maxFunctionDepth: 100_000,
  maxInputBytes: 64 * 1024 * 1024,
  maxParserFuel: BIG,
  maxOutputBytes: 256 * 1024 * 1024,
  maxFileBytes: 512 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxFileCount: 1_000_000
}

const vfsFiles = (spec: RunSpec): Record<string, string> | undefined => {
  if (spec.files === undefined) return undefined
  const out: Record<string, string> = {}
  for (const [path, content] of Object.entries(spec.files)) out[`${VFS_DATA_DIR}/${path}`] = content
  return out
}

const errorOutcome = (e: unknown): RunOutcome => ({ stdout: "", exitCode: -1, error: e instanceof Error ? e.message : String(e) })

const guard = async (f: () => Promise<RunOutcome>): Promise<RunOutcome> => {
  try {
    return await f()
  } catch (e) {
    return errorOutcome(e)
  }
}

const packageVersion = async (name: string): Promise<string> => {
  try {
    const { readFileSync } = await import("node:fs")
    const { createRequire } = await import("node:module")
    const require = createRequire(import.meta.url)
    const main = require.resolve(name)
    let dir = dirname(main)
    for (let i = 0; i < 5; i++) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string }
        if (pkg.name === name) return `${name} ${pkg.version ?? "?"}`
      } catch {
        // not this directory: keep walking up
      }
      dir = dirname(dir)
    }
  } catch {
    // unresolvable: reported as unknown
  }
  return `${name} (version unknown)`
}

const ourVersion = async (): Promise<string> => {
  const { readFileSync } = await import("node:fs")
  try {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
    return `bashkit-effect ${pkg.version}`
  } catch {
    return "bashkit-effect" // running from a compiled copy (profiling)
  }
}

// ---------------------------------------------------------------------------------------------
// This project, through the Promise facade.

/**
 * This project as users install it: the compiled package in dist/ (`npm run bench` builds it
 * first). Run through tsx, the TypeScript sources carry keepNames wrappers around every function
 * that cost about 30%. Without a build (e.g. `npm test` on a fresh clone) the sources are used.
 */
const loadOurPackage = async (): Promise<typeof OurPackage> => {
  const compiled = new URL("../dist/index.js", import.meta.url)
  if (existsSync(compiled)) return (await import(compiled.href)) as typeof OurPackage
  return (await import(new URL("../src/index.js", import.meta.url).href)) as typeof OurPackage
}

const makeOurs = async (): Promise<Runner> => {
  const { Bash } = await loadOurPackage()
  const create = (spec?: RunSpec) => {
    const files = spec === undefined ? undefined : vfsFiles(spec)
    return new Bash({ limits: ourLimits, env: { D: VFS_DATA_DIR }, ...(files !== undefined ? { files } : {}) })
  }
  return {
    name: "ours",
    version: `${await ourVersion()} (Promise facade)`,
    runFresh: (spec) => guard(() => create(spec).exec(spec.script)),
    prepare: async (spec) => {
      const bash = create(spec)
      return (script) => guard(() => bash.exec(script))
    },
    createIdle: () => create(),
    touchIdle: (sandbox) => (sandbox as InstanceType<typeof Bash>).exec("echo hi")
  }
}

// ---------------------------------------------------------------------------------------------
// This project, through the Effect API: one reused runtime, a fresh `Shell.layer` per run.

const makeOursEffect = async (): Promise<Runner> => {
  const { Shell } = await loadOurPackage()
  const runtime = ManagedRuntime.make(Layer.empty)
  const layerFor = (spec?: RunSpec) => {
    const files = spec === undefined ? undefined : vfsFiles(spec)
    return Shell.layer({ limits: ourLimits, env: { D: VFS_DATA_DIR }, ...(files !== undefined ? { files } : {}) })
  }
  const toOutcome = (r: { stdout: string; exitCode: number }): RunOutcome => ({ stdout: r.stdout, exitCode: r.exitCode })
  const execIn = (script: string) => Effect.flatMap(Shell, (shell) => Effect.map(shell.exec(script), toOutcome))
  return {
    name: "ours-effect",
    version: `${await ourVersion()} (Effect API, reused ManagedRuntime)`,
    runFresh: (spec) => guard(() => runtime.runPromise(Effect.provide(execIn(spec.script), layerFor(spec)))),
    prepare: async (spec) => {
      const shell = await runtime.runPromise(Effect.provide(Shell, layerFor(spec)))
      return (script) => guard(() => runtime.runPromise(Effect.map(shell.exec(script), toOutcome)))
    },
    createIdle: () => runtime.runSync(Effect.provide(Shell, layerFor())),
    touchIdle: (sandbox) => runtime.runPromise((sandbox as OurPackage.Shell["Type"]).exec("echo hi")),
    dispose: () => runtime.dispose()
  }
}

// ---------------------------------------------------------------------------------------------
// just-bash (pure TypeScript peer).

const makeJustBash = async (): Promise<Runner> => {
  const { Bash: JustBash } = await import("just-bash")
  const executionLimits = {
    maxCallDepth: 100_000,
    maxCommandCount: BIG,
    maxLoopIterations: BIG,
    maxAwkIterations: BIG,
    maxSedIterations: BIG,
    maxJqIterations: BIG,
    maxWorkUnits: BIG * 1000,
    maxTraversalEntries: BIG,
    maxTraversalWork: BIG,
    maxGlobOperations: BIG,
    maxSourceBytes: 64 * 1024 * 1024,
    maxInputBytes: 512 * 1024 * 1024,
    maxLiveBytes: 4 * 1024 * 1024 * 1024,
    maxFileSystemBytes: 4 * 1024 * 1024 * 1024,
    maxStringLength: 512 * 1024 * 1024,
    maxOutputSize: 512 * 1024 * 1024,
    maxArrayElements: BIG
  }
  const create = (spec?: RunSpec) => {
    const files = spec === undefined ? undefined : vfsFiles(spec)
    return new JustBash({ executionLimits, env: { D: VFS_DATA_DIR }, ...(files !== undefined ? { files } : {}) })
  }
  const run = async (bash: InstanceType<typeof JustBash>, script: string): Promise<RunOutcome> => {
    const r = await bash.exec(script)
    return { stdout: r.stdout, exitCode: r.exitCode }
  }
  return {
    name: "just-bash",
    version: await packageVersion("just-bash"),
    runFresh: (spec) => guard(() => run(create(spec), spec.script)),
    prepare: async (spec) => {
      const bash = create(spec)
      return (script) => guard(() => run(bash, script))
    },
    createIdle: () => create(),
    touchIdle: (sandbox) => (sandbox as InstanceType<typeof JustBash>).exec("echo hi")
  }
}

// ---------------------------------------------------------------------------------------------
// bashkit's native Node binding (Rust through napi). `executeSync` by default: its fastest
// path, and the async `execute` segfaults the whole process on recursion deeper than ~80 calls
// (a worker thread's stack); `bashkit-async` measures the async path on request.

const makeBashkit = (mode: "sync" | "async") => async (): Promise<Runner> => {
  const { Bash: NativeBash } = await import("@everruns/bashkit")
  type Native = InstanceType<typeof NativeBash>
  const options = {
    maxCommands: BIG,
    maxLoopIterations: BIG,
    maxTotalLoopIterations: BIG,
    maxInputBytes: 64 * 1024 * 1024,
    maxMemory: 4 * 1024 * 1024 * 1024,
    env: { D: VFS_DATA_DIR }
  }
  const create = (spec?: RunSpec) => {
    const files = spec === undefined ? undefined : vfsFiles(spec)
    return new NativeBash({ ...options, ...(files !== undefined ? { files } : {}) })
  }
  const execute = (bash: Native, script: string) => (mode === "sync" ? Promise.resolve(bash.executeSync(script)) : bash.execute(script))
  const run = async (bash: Native, script: string): Promise<RunOutcome> => {
    const r = await execute(bash, script)
    return { stdout: r.stdout, exitCode: r.exitCode }
  }
  return {
    name: mode === "sync" ? "bashkit" : "bashkit-async",
    version: `${await packageVersion("@everruns/bashkit")} (native, ${mode === "sync" ? "executeSync" : "async execute"})`,
    runFresh: (spec) => guard(() => run(create(spec), spec.script)),
    prepare: async (spec) => {
      const bash = create(spec)
      return (script) => guard(() => run(bash, script))
    },
    createIdle: () => create(),
    touchIdle: (sandbox) => execute(sandbox as Native, "echo hi")
  }
}

// ---------------------------------------------------------------------------------------------
// /bin/bash: one process per run (the cold-start reference and the output oracle).

/** Scripts longer than this go through a file: one exec argument is capped at 128 KiB. */
const MAX_INLINE_SCRIPT = 64 * 1024

/** One `/bin/bash` process: arguments and spawn options (plain data, so another process can spawn it). */
export interface BashInvocation {
  readonly file: string
  readonly args: ReadonlyArray<string>
  readonly options: { readonly cwd: string; readonly env: Record<string, string>; readonly encoding: "utf8"; readonly maxBuffer: number }
}

export interface HostBash extends Runner {
  /** How `/bin/bash` runs a spec (its files written to a data directory first). */
  readonly invocation: (spec: RunSpec) => BashInvocation
  readonly cleanup: () => void
}

/** Runs an invocation here; `error` set when the process could not be started. */
export const spawnBash = (invocation: BashInvocation): RunOutcome => {
  const r = spawnSync(invocation.file, invocation.args, invocation.options)
  if (r.error !== undefined) return errorOutcome(r.error)
  return { stdout: r.stdout, exitCode: r.status ?? 128 + 9 }
}

export const makeHostBash = (): HostBash => {
  const root = mkdtempSync(join(tmpdir(), "bashkit-bench-"))
  const materialized = new Map<Readonly<Record<string, string>>, string>()
  let counter = 0
  const dataDir = (spec: RunSpec): string => {
    if (spec.files === undefined) return root
    const known = materialized.get(spec.files)
    if (known !== undefined) return known
    const dir = join(root, `data${counter++}`)
    for (const [path, content] of Object.entries(spec.files)) {
      const full = join(dir, path)
      mkdirSync(dirname(full), { recursive: true })
      writeFileSync(full, content)
    }
    materialized.set(spec.files, dir)
    return dir
  }
  const invocationIn = (dir: string, script: string): BashInvocation => {
    let args = ["-c", script]
    if (script.length > MAX_INLINE_SCRIPT) {
      const file = join(root, "script.sh")
      writeFileSync(file, script)
      args = [file]
    }
    return {
      file: "/bin/bash",
      args,
      options: { cwd: root, env: { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: root, LC_ALL: "C", D: dir }, encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 }
    }
  }
  return {
    name: "bash",
    version: spawnSync("/bin/bash", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0] ?? "bash",
    runFresh: async (spec) => spawnBash(invocationIn(dataDir(spec), spec.script)),
    prepare: async (spec) => {
      const dir = dataDir(spec)
      return async (script) => spawnBash(invocationIn(dir, script))
    },
    invocation: (spec) => invocationIn(dataDir(spec), spec.script),
    cleanup: () => rmSync(root, { recursive: true, force: true })
  }
}

export const runnerNames = ["ours", "ours-effect", "just-bash", "bashkit", "bashkit-async", "bash"] as const
/** The runners of a default run (`bashkit-async` only on request: it can crash the process). */
export const defaultRunners: ReadonlyArray<RunnerName> = ["ours", "ours-effect", "just-bash", "bashkit", "bash"]
export type RunnerName = (typeof runnerNames)[number]

/** The runners that live in this process (every one but /bin/bash). */
export type PeerName = Exclude<RunnerName, "bash">

const factories: Record<PeerName, () => Promise<Runner>> = {
  ours: makeOurs,
  "ours-effect": makeOursEffect,
  "just-bash": makeJustBash,
  bashkit: makeBashkit("sync"),
  "bashkit-async": makeBashkit("async")
}

/** Builds one in-process runner and smoke-tests it; throws when it cannot run. */
export const loadPeer = async (name: PeerName): Promise<Runner> => {
  const runner = await factories[name]()
  const smoke = await runner.runFresh({ script: "echo ok" })
  if (smoke.stdout !== "ok\n") throw new Error(`smoke test printed ${JSON.stringify(smoke.stdout)} ${smoke.error ?? ""}`)
  return runner
}

/**
 * Builds the requested runners. A peer that cannot be loaded, or crashes on a smoke test, is
 * left out with the reason (the run goes on without it).
 */
export const loadRunners = async (
  names: ReadonlyArray<RunnerName>,
  host: Runner
): Promise<{ runners: Array<Runner>; unavailable: Array<{ name: string; reason: string }> }> => {
  const runners: Array<Runner> = []
  const unavailable: Array<{ name: string; reason: string }> = []
  for (const name of names) {
    if (name === "bash") {
      runners.push(host)
      continue
    }
    try {
      runners.push(await loadPeer(name))
    } catch (e) {
      unavailable.push({ name, reason: e instanceof Error ? e.message : String(e) })
    }
  }
  return { runners, unavailable }
}
