import { Effect, Queue } from "effect"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads"
import { LimitExceeded } from "../../../limits/ExecutionLimits.js"
import type { VfsErrorReason } from "../../../vfs/VfsError.js"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { jqWorkerSource } from "./jqWorkerSource.js"

/**
 * Runs the real jq 1.8.2 (jq-wasm) for the `jq` and `yq` commands.
 *
 * Design. jq-wasm executes synchronously, and a filter may never end (`[range(1e9)]`,
 * `def f: f; f`, `repeat(1)`). Running it on the host's main thread would freeze the event loop,
 * so the timeout could never fire. Each run therefore happens in a worker thread:
 * - The wasm is compiled once per process; each worker instantiates it once (`loadJq`) and
 *   reuses that synchronous instance for every run it serves. Idle workers are pooled.
 * - The worker asks this thread, synchronously for jq, for stdin chunks, file contents (from
 *   the VFS, read lazily when jq opens a path) and to write each output chunk; see
 *   `jqWorkerSource.ts`. Output is therefore streamed with backpressure: `jq -n 'repeat(1)' |
 *   head -1` ends when the pipe closes.
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

type WorkerEvent =
  | { readonly type: "ready" }
  | { readonly type: "done"; readonly exitCode: number; readonly heapBytes: number }
  | { readonly type: "fatal"; readonly message: string }
  | { readonly type: "request"; readonly kind: "write"; readonly fd: number; readonly data: Uint8Array }
  | { readonly type: "request"; readonly kind: "stdin" }
  | { readonly type: "request"; readonly kind: "open"; readonly path: string }
  | { readonly type: "exit" }

interface JqWorker {
  readonly worker: Worker
  readonly signal: Int32Array
  readonly replies: MessagePort
  /** Receives this worker's events for the run in progress. */
  listener: (event: WorkerEvent) => void
  healthy: boolean
}

/** The host's WebAssembly API (its types are not in this project's `lib`). */
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } }).WebAssembly

/** The compiled jq wasm module, shared by every worker (structured-cloned to them). */
let compiled: Promise<object> | undefined
const compiledModule = (): Promise<object> => {
  compiled ??= readFile(require.resolve("jq-wasm/jq.wasm"))
    .then((bytes) => wasmApi.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined
      throw error
    })
  return compiled
}

const idle: Array<JqWorker> = []

const spawnWorker = async (): Promise<JqWorker> => {
  const module = await compiledModule()
  const { port1, port2 } = new MessageChannel()
  const signal = new SharedArrayBuffer(4)
  const worker = new Worker(jqWorkerSource, {
    eval: true,
    workerData: { module, jqPath: require.resolve("jq-wasm"), memoryCap, signal, replyPort: port2 },
    transferList: [port2]
  })
  const handle: JqWorker = {
    worker,
    signal: new Int32Array(signal),
    replies: port1,
    listener: () => {},
    healthy: true
  }
  worker.on("message", (event: WorkerEvent) => handle.listener(event))
  worker.on("error", (error) => {
    handle.healthy = false
    handle.listener({ type: "fatal", message: error.message })
  })
  worker.on("exit", () => {
    handle.healthy = false
    handle.listener({ type: "exit" })
  })
  await new Promise<void>((resolve, reject) => {
    handle.listener = (event) => {
      if (event.type === "ready") resolve()
      else reject(new Error(event.type === "fatal" ? event.message : "jq worker exited during start-up"))
    }
  })
  return handle
}

const acquireWorker = async (): Promise<JqWorker> => {
  for (let candidate = idle.pop(); candidate !== undefined; candidate = idle.pop()) {
    if (candidate.healthy) {
      candidate.worker.ref()
      return candidate
    }
  }
  return spawnWorker()
}

const releaseWorker = (handle: JqWorker, reusable: boolean): void => {
  handle.listener = () => {}
  if (reusable && handle.healthy && idle.length < maxIdleWorkers) {
    handle.worker.unref()
    idle.push(handle)
    return
  }
  handle.healthy = false
  void handle.worker.terminate()
}

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

const reply = (handle: JqWorker, message: unknown): void => {
  handle.replies.postMessage(message)
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

/** Serve one run: answer the worker's requests until jq finishes. */
const converse = (
  ctx: CommandContext,
  handle: JqWorker,
  argv: ReadonlyArray<string>,
  env: ReadonlyArray<readonly [string, string]>
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    const events = yield* Queue.unbounded<WorkerEvent>()
    handle.listener = (event) => Queue.unsafeOffer(events, event)
    handle.worker.postMessage({ type: "run", argv: [...argv], env })
    for (;;) {
      const event = yield* Queue.take(events)
      switch (event.type) {
        case "done":
          if (event.heapBytes > retireHeapBytes) handle.healthy = false
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
            yield* (event.fd === 2 ? ctx.stderr : ctx.stdout).write(event.data)
            reply(handle, {})
          } else if (event.kind === "stdin") {
            const data = yield* ctx.stdin.read
            reply(handle, { data })
          } else {
            reply(handle, yield* openFile(ctx, event.path))
          }
        }
      }
    }
  })

/**
 * Run jq with `argv` (everything after `jq`) and `env` as its environment, wired to the
 * command's streams and filesystem. Returns jq's exit status.
 */
export const runJq = (
  ctx: CommandContext,
  argv: ReadonlyArray<string>,
  env: Readonly<Record<string, string>> = ctx.env
): Effect.Effect<number, CommandFailure> => {
  const session = runSlots.withPermits(1)(Effect.acquireUseRelease(
    Effect.tryPromise(() => acquireWorker()),
    (handle) => converse(ctx, handle, argv, Object.entries(env)),
    (handle, exit) => Effect.sync(() => releaseWorker(handle, exit._tag === "Success"))
  )).pipe(
    Effect.catchTag("UnknownException", (error) =>
      Effect.as(ctx.stderr.write(`${ctx.name}: error: cannot start jq: ${String(error.error)}\n`), 2)
    )
  )
  const timeoutMs = ctx.limits.timeoutMs
  if (timeoutMs === undefined) return session
  return session.pipe(
    Effect.timeoutFail({
      duration: timeoutMs,
      onTimeout: () =>
        new LimitExceeded({ limit: "timeout", value: timeoutMs, message: `${ctx.name}: execution timeout exceeded (${timeoutMs} ms)` })
    })
  )
}
