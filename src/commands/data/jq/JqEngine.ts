import { Cause, Effect } from "effect"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads"
import { LimitExceeded } from "../../../limits/ExecutionLimits.js"
import type { VfsErrorReason } from "../../../vfs/VfsError.js"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { type BuiltinLibrary, makeBuiltinLibrary } from "./builtinLibrary.js"
import { likelyInputFiles } from "./inputFiles.js"
import { jqWorkerSource } from "./jqWorkerSource.js"
import { libraryLengthExport, patchJqWasm } from "./wasmPatch.js"

/**
 * Runs the real jq 1.8.2 (jq-wasm) for the `jq` and `yq` commands.
 *
 * Design. jq-wasm executes synchronously, and a filter may never end (`[range(1e9)]`,
 * `def f: f; f`, `repeat(1)`). Running it on the host's main thread would freeze the event loop,
 * so the timeout could never fire. Each run therefore happens in a worker thread:
 * - The wasm is patched (`wasmPatch.ts`) and compiled once per process; each worker instantiates
 *   it once (`loadJq`) and reuses that synchronous instance for every run it serves. Idle
 *   workers are pooled, so a process keeps warm workers between runs.
 * - Each run hands jq only the builtin definitions its program can reach (`builtinLibrary.ts`):
 *   jq re-parses its builtin library on every run, and that parse was most of a small run.
 * - The worker asks this thread, synchronously for jq, for stdin chunks, file contents (from
 *   the VFS, read lazily when jq opens a path) and to write output; see `jqWorkerSource.ts`.
 *   Output is therefore streamed with backpressure: `jq -n 'repeat(1)' | head -1` ends when the
 *   pipe closes.
 * - Waiting for the worker's next event: first synchronously (`Atomics.wait` on a counter the
 *   worker bumps), for at most `syncWaitBudgetMs` in all per run, then asynchronously. A small
 *   run thus completes without a trip through the event loop per message, while a long or
 *   runaway one blocks this thread for no more than the budget.
 * - The conversation is an interruptible Effect. If the fiber is interrupted (the script's
 *   timeout, a closed pipe, the host cancelling) or `limits.timeoutMs` elapses, the worker is
 *   terminated, which stops the wasm wherever it is. A fresh worker serves the next run.
 * - At most `maxConcurrentRuns` runs (workers) at once; idle workers are unref'd so they never
 *   keep the host process alive.
 * - The wasm heap is capped (`memoryCap`): past it jq fails with "cannot allocate memory" and
 *   that worker is discarded.
 */

const require = createRequire(import.meta.url)

/** The wasm heap a single jq run may grow to. */
const memoryCap = 512 * 1024 * 1024
const maxIdleWorkers = 2
/** Concurrent jq runs in the process; more wait for a free slot. */
const maxConcurrentRuns = 8
const runSlots = Effect.unsafeMakeSemaphore(maxConcurrentRuns)
/** A worker whose wasm heap grew past this is retired (wasm memory never shrinks). */
const retireHeapBytes = 64 * 1024 * 1024
/** How long, in all, one run may block this thread waiting synchronously for the worker. */
const syncWaitBudgetMs = 2
/** Input files up to this size are read before the run and sent with it (`inputFiles.ts`). */
const maxPrefetchBytes = 256 * 1024

type OutputChunk = readonly [fd: number, data: Uint8Array]

type WorkerEvent =
  | { readonly type: "ready" }
  | {
      readonly type: "done"
      readonly exitCode: number
      readonly heapBytes: number
      readonly output: ReadonlyArray<OutputChunk>
      /** The cut-down library failed to compile the program and jq ran again with the full one. */
      readonly retried: boolean
    }
  | { readonly type: "fatal"; readonly message: string }
  | { readonly type: "request"; readonly kind: "write"; readonly chunks: ReadonlyArray<OutputChunk> }
  | { readonly type: "request"; readonly kind: "stdin" }
  | { readonly type: "request"; readonly kind: "open"; readonly path: string }
  | { readonly type: "exit" }

interface JqWorker {
  readonly worker: Worker
  /** [0]: a message is waiting in `inbox`; [1]: events the worker has posted so far. */
  readonly signal: Int32Array
  /** Runs and replies to the worker, which sleeps on `signal[0]` until one arrives. */
  readonly inbox: MessagePort
  readonly events: MessagePort
  /** Events that arrived through the event loop, oldest first. */
  readonly arrived: Array<WorkerEvent>
  /** Called when an event arrives through the event loop (an asynchronous wait in progress). */
  wake: (() => void) | undefined
  healthy: boolean
  /** The current run has reported `done`: the worker is free again whatever happens next. */
  finished: boolean
}

/** The host's WebAssembly API (its types are not in this project's `lib`). */
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } }).WebAssembly

interface PreparedJq {
  /** The compiled (patched) module, shared by every worker (structured-cloned to them). */
  readonly module: object
  /** Where the builtin library lives, when the patch applied. */
  readonly libraryImage?: { readonly address: number; readonly size: number }
  readonly builtins?: BuiltinLibrary
}

const libraryOf = (text: string): BuiltinLibrary | undefined => {
  try {
    return makeBuiltinLibrary(text)
  } catch {
    return undefined
  }
}

let preparing: Promise<PreparedJq> | undefined
/** Set once `preparing` has resolved. */
let prepared: PreparedJq | undefined
const prepare = (): Promise<PreparedJq> => {
  preparing ??= readFile(require.resolve("jq-wasm/jq.wasm"))
    .then(async (bytes) => {
      const patched = patchJqWasm(bytes)
      const module = await wasmApi.compile(patched.bytes)
      const builtins = patched.library === undefined ? undefined : libraryOf(patched.library.text)
      prepared =
        patched.library === undefined || builtins === undefined
          ? { module }
          : { module, builtins, libraryImage: { address: patched.library.address, size: patched.library.text.length } }
      return prepared
    })
    .catch((error: unknown) => {
      preparing = undefined
      throw error
    })
  return preparing
}

const idle: Array<JqWorker> = []

let fullLibraryRetries = 0
/** How many runs in this process fell back to the full builtin library (a missed reference, or a genuinely undefined name). */
export const jqFullLibraryRetries = (): number => fullLibraryRetries

const spawnWorker = async (): Promise<JqWorker> => {
  const { module, libraryImage } = await prepare()
  const inboxChannel = new MessageChannel()
  const eventChannel = new MessageChannel()
  const signal = new SharedArrayBuffer(8)
  const worker = new Worker(jqWorkerSource, {
    eval: true,
    workerData: {
      module,
      jqPath: require.resolve("jq-wasm"),
      memoryCap,
      signal,
      inbox: inboxChannel.port2,
      eventPort: eventChannel.port2,
      library: libraryImage,
      libraryLengthExport
    },
    transferList: [inboxChannel.port2, eventChannel.port2]
  })
  const handle: JqWorker = {
    worker,
    signal: new Int32Array(signal),
    inbox: inboxChannel.port1,
    events: eventChannel.port1,
    arrived: [],
    wake: undefined,
    healthy: true,
    finished: true
  }
  const arrive = (event: WorkerEvent) => {
    handle.arrived.push(event)
    handle.wake?.()
  }
  handle.events.on("message", arrive)
  handle.events.unref()
  worker.on("error", (error) => {
    handle.healthy = false
    arrive({ type: "fatal", message: error.message })
  })
  worker.on("exit", () => {
    handle.healthy = false
    arrive({ type: "exit" })
  })
  await new Promise<void>((resolve, reject) => {
    handle.wake = () => {
      const event = takeEvent(handle)
      if (event === undefined) return
      handle.wake = undefined
      if (event.type === "ready") resolve()
      else reject(new Error(event.type === "fatal" ? event.message : "jq worker exited during start-up"))
    }
    handle.wake()
  })
  return handle
}

const acquireWorker: Effect.Effect<JqWorker, Cause.UnknownException> = Effect.suspend(() => {
  for (let candidate = idle.pop(); candidate !== undefined; candidate = idle.pop()) {
    if (candidate.healthy) {
      candidate.worker.ref()
      return Effect.succeed(candidate)
    }
  }
  return Effect.tryPromise(() => spawnWorker())
})

const releaseWorker = (handle: JqWorker): void => {
  handle.wake = undefined
  if (handle.finished && handle.healthy && idle.length < maxIdleWorkers) {
    handle.worker.unref()
    idle.push(handle)
    return
  }
  handle.healthy = false
  void handle.worker.terminate()
}

/** The next event already here: delivered through the event loop, or waiting on the port. */
const takeEvent = (handle: JqWorker): WorkerEvent | undefined =>
  handle.arrived.shift() ?? (receiveMessageOnPort(handle.events)?.message as WorkerEvent | undefined)

/** How one run waits: its synchronous budget left, and when it must stop. */
interface Waiting {
  remainingMs: number
  /** `Date.now()` past which the run fails with `timedOut` (undefined: no limit). */
  readonly deadline: number | undefined
  readonly timedOut: () => LimitExceeded
}

/**
 * Wait for the worker's next event: synchronously while the run's budget lasts (the worker
 * bumps `signal[1]` and notifies after each post), then through the event loop, where the
 * deadline is a timer (so a small run never creates one).
 */
const nextEvent = (handle: JqWorker, waiting: Waiting): Effect.Effect<WorkerEvent, LimitExceeded> =>
  Effect.suspend(() => {
    for (;;) {
      const seen = Atomics.load(handle.signal, 1)
      const event = takeEvent(handle)
      if (event !== undefined) return Effect.succeed(event)
      if (waiting.remainingMs <= 0) break
      const started = performance.now()
      Atomics.wait(handle.signal, 1, seen, waiting.remainingMs)
      waiting.remainingMs -= performance.now() - started
    }
    const { deadline } = waiting
    if (deadline !== undefined && Date.now() >= deadline) return Effect.fail(waiting.timedOut())
    return Effect.async<WorkerEvent, LimitExceeded>((resume) => {
      const timer = deadline === undefined ? undefined : setTimeout(() => {
        handle.wake = undefined
        resume(Effect.fail(waiting.timedOut()))
      }, deadline - Date.now())
      handle.wake = () => {
        const event = takeEvent(handle)
        if (event === undefined) return
        handle.wake = undefined
        clearTimeout(timer)
        resume(Effect.succeed(event))
      }
      return Effect.sync(() => {
        handle.wake = undefined
        clearTimeout(timer)
      })
    })
  })

/** Errno values of the Emscripten libc jq-wasm is built with. */
const errnoOf = (reason: VfsErrorReason): number => {
  switch (reason) {
    case "NotFound":
      return 44
    case "IsADirectory":
      return 31
    case "NotADirectory":
      return 54
    case "PermissionDenied":
    case "Disabled":
      return 2
    case "TooManyLinks":
      return 32
    default:
      return 28
  }
}

const send = (handle: JqWorker, message: unknown): void => {
  handle.inbox.postMessage(message)
  Atomics.store(handle.signal, 0, 1)
  Atomics.notify(handle.signal, 0)
}

const openFile = (ctx: CommandContext, path: string) =>
  path === "/dev/null"
    ? Effect.succeed({ data: new Uint8Array(0) })
    : ctx.fs.readFile(ctx.resolvePath(path)).pipe(
        Effect.map((data) => ({ data }) as { data?: Uint8Array; errno?: number }),
        Effect.catchTag("VfsError", (error) => Effect.succeed({ errno: errnoOf(error.reason) }))
      )

/** Read the small regular files among `likelyInputFiles`; anything else is left to jq to open. */
const prefetch = (ctx: CommandContext, argv: ReadonlyArray<string>) =>
  Effect.forEach(likelyInputFiles(argv), (path) => {
    const resolved = ctx.resolvePath(path)
    return ctx.fs.stat(resolved).pipe(
      Effect.flatMap((stat) =>
        stat.type === "file" && stat.size <= maxPrefetchBytes
          ? Effect.map(ctx.fs.readFile(resolved), (data): ReadonlyArray<readonly [string, Uint8Array]> => [[path, data]])
          : Effect.succeed([])
      ),
      Effect.orElseSucceed(() => [])
    )
  }).pipe(Effect.map((found) => found.flat()))

const writeChunks = (ctx: CommandContext, chunks: ReadonlyArray<OutputChunk>) =>
  Effect.forEach(chunks, ([fd, data]) => (fd === 2 ? ctx.stderr : ctx.stdout).write(data), { discard: true })

/** Serve one run: answer the worker's requests until jq finishes. */
const converse = (
  ctx: CommandContext,
  handle: JqWorker,
  argv: ReadonlyArray<string>,
  env: Readonly<Record<string, string>>,
  waiting: Waiting,
  library: string | undefined
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    handle.finished = false
    const files = yield* prefetch(ctx, argv)
    send(handle, { type: "run", argv: [...argv], env: Object.entries(env), library, files })
    for (;;) {
      const event = yield* nextEvent(handle, waiting)
      switch (event.type) {
        case "done":
          handle.finished = true
          if (event.retried) fullLibraryRetries++
          if (event.heapBytes > retireHeapBytes) handle.healthy = false
          yield* writeChunks(ctx, event.output)
          return event.exitCode
        case "ready":
          continue
        case "fatal":
        case "exit": {
          handle.healthy = false
          // An out-of-memory abort has already printed jq's own message.
          if (event.type === "fatal" && !event.message.startsWith("Aborted")) {
            yield* ctx.stderr.write(`jq: error: ${event.message}\n`)
          }
          return 5
        }
        case "request": {
          if (event.kind === "write") {
            yield* writeChunks(ctx, event.chunks)
            send(handle, {})
          } else if (event.kind === "stdin") {
            const data = yield* ctx.stdin.read
            send(handle, { data })
          } else {
            send(handle, yield* openFile(ctx, event.path))
          }
        }
      }
    }
  })

export interface JqRunOptions {
  /**
   * Which builtin library text to hand jq (`undefined`: the full library). Defaults to
   * `builtinLibrary.ts`'s choice; tests pass a deliberately short one to exercise the fallback.
   */
  readonly library?: (argv: ReadonlyArray<string>) => string | undefined
}

/**
 * Run jq with `argv` (everything after `jq`) and `env` as its environment, wired to the
 * command's streams and filesystem. Returns jq's exit status.
 *
 * The run stops at the script's deadline (`ctx.deadline`) or, without one, `limits.timeoutMs`
 * after it starts. The deadline is enforced while waiting for the worker; a run blocked on its
 * streams ends when the commands at their other ends stop at the same deadline.
 */
export const runJq = (
  ctx: CommandContext,
  argv: ReadonlyArray<string>,
  env: Readonly<Record<string, string>> = ctx.env,
  options: JqRunOptions = {}
): Effect.Effect<number, CommandFailure> =>
  Effect.suspend(() => {
    const timeoutMs = ctx.limits.timeoutMs
    const waiting: Waiting = {
      remainingMs: syncWaitBudgetMs,
      deadline: ctx.deadline ?? (timeoutMs === undefined ? undefined : Date.now() + timeoutMs),
      timedOut: () =>
        new LimitExceeded({ limit: "timeout", value: timeoutMs ?? 0, message: `${ctx.name}: execution timeout exceeded (${timeoutMs} ms)` })
    }
    return runSlots.withPermits(1)(Effect.acquireUseRelease(
      acquireWorker,
      (handle) => {
        const library = options.library === undefined ? prepared?.builtins?.forArguments(argv) : options.library(argv)
        return converse(ctx, handle, argv, env, waiting, library)
      },
      (handle) => Effect.sync(() => releaseWorker(handle))
    )).pipe(
      Effect.catchTag("UnknownException", (error) =>
        Effect.as(ctx.stderr.write(`${ctx.name}: error: cannot start jq: ${String(error.error)}\n`), 2)
      )
    )
  })
