import { Chunk, Context, Data, Effect, Layer, Option, Stream } from "effect"
import type { Command, Identity, OutputSink } from "./commands/Command.js"
import { allCommands } from "./commands/registry.js"
import { shellBuiltins } from "./commands/shell/index.js"
import { Interpreter, joinJobs, makeServices, type InterpreterServices, type ShellBuiltin } from "./interpreter/Interpreter.js"
import { standardFds } from "./interpreter/redirects.js"
import { ShellState } from "./interpreter/ShellState.js"
import { bytesInput, toBytes } from "./interpreter/streams.js"
import { Attr, IndexedArray } from "./interpreter/variables.js"
import { Budget, stopStatus } from "./limits/Budget.js"
import { defaultLimits, ExecutionLimits, LimitExceeded as LimitExceededError, type ExecutionLimitsShape, type LimitExceeded } from "./limits/ExecutionLimits.js"
import { StateMemory } from "./interpreter/memory.js"
import { stopForRangeError } from "./interpreter/defects.js"
import { makeInMemoryFs, type InitialFiles } from "./vfs/InMemoryFs.js"
import { limitFs } from "./vfs/LimitedFs.js"
import { meterFs } from "./vfs/MeteredFs.js"
import { Vfs, type VfsService } from "./vfs/Vfs.js"

/** One piece of output, as the script produced it. */
export interface OutputChunk {
  readonly kind: "stdout" | "stderr"
  readonly data: Uint8Array
}

export interface ExecResult {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
  /** Output beyond `maxOutputBytes` was dropped. */
  readonly stdoutTruncated: boolean
  readonly stderrTruncated: boolean
  /** Set when the script ended through an interpreter error rather than its own exit. */
  readonly error?: ExecError
}

/** Why a script was ended by the interpreter (the tool contract reports these as error kinds). */
export interface ExecError {
  readonly kind: "parse_error" | "resource_limit" | "timeout" | "cancelled" | "execution_error"
  readonly message: string
  readonly line?: number
  readonly column?: number
}

export interface ShellOptions {
  /** Initial files of the default in-memory filesystem (ignored when a Vfs layer is provided). */
  readonly files?: InitialFiles
  /** Environment variables (exported). */
  readonly env?: Readonly<Record<string, string>>
  readonly cwd?: string
  /** Extra commands, by name. */
  readonly commands?: ReadonlyArray<Command>
  readonly identity?: Partial<Identity>
  readonly limits?: Partial<ExecutionLimitsShape>
  /** A logic-only shell (scripted tools): no file redirections, process substitution or path commands. */
  readonly logicOnly?: boolean
}

export interface ExecOptions {
  readonly stdin?: string | Uint8Array
  readonly env?: Readonly<Record<string, string>>
  readonly cwd?: string
  /** Positional parameters ($1...) and $0 for this run. */
  readonly args?: ReadonlyArray<string>
  readonly scriptName?: string
  /** `exec` only: observes each piece of output as it is kept (after the output cap), for live streaming. */
  readonly onOutput?: (chunk: OutputChunk) => void
  /**
   * Aborting it stops the script within a time slice (status 130, `execution aborted`); the
   * output produced so far is kept. Interrupting the exec's fiber stops it the same way.
   */
  readonly signal?: AbortSignal
}

/** A failure the host must handle (the script itself never produces one: it gets an exit status). */
export class ShellError extends Data.TaggedError("ShellError")<{
  readonly reason: "Internal" | "Interrupted"
  readonly message: string
}> {}

/** Exit status when a limit ends a script (bash has no equivalent; documented in the README). */
export const LIMIT_EXIT_STATUS = 126

/** How a budget stop is reported to hosts. */
const stopError = (e: LimitExceeded, limits: ExecutionLimitsShape): ExecError => {
  if (e.limit === "timeout") return { kind: "timeout", message: `execution timed out after ${((limits.timeoutMs ?? 0) / 1000).toFixed(1)}s` }
  if (e.limit === "abort") return { kind: "cancelled", message: e.message }
  return { kind: "resource_limit", message: e.message }
}

/**
 * The exec's output as hosts receive it: each stream keeps at most `maxOutputBytes`; beyond
 * that, output is dropped and the stream marked truncated. Streamed and collected output are
 * cut the same way.
 */
class OutputCap {
  readonly kept = { stdout: [] as Array<Uint8Array>, stderr: [] as Array<Uint8Array> }
  private readonly bytes = { stdout: 0, stderr: 0 }
  readonly truncated = { stdout: false, stderr: false }

  constructor(
    private readonly maxBytes: number,
    private readonly onChunk: (chunk: OutputChunk) => void,
    private readonly collect: boolean
  ) {}

  readonly emit = (chunk: OutputChunk): void => {
    const kind = chunk.kind
    const room = this.maxBytes - this.bytes[kind]
    let data = chunk.data
    if (data.length > room) {
      data = data.subarray(0, Math.max(room, 0))
      this.truncated[kind] = true
    }
    if (data.length === 0) return
    this.bytes[kind] += data.length
    if (this.collect) this.kept[kind].push(data)
    this.onChunk(data === chunk.data ? chunk : { kind, data })
  }
}

export interface ShellService {
  readonly exec: (script: string, options?: ExecOptions) => Effect.Effect<ExecResult, ShellError>
  /** Stream output as it is produced; `onError` learns of an interpreter error before the stream ends. */
  readonly execStream: (script: string, options?: ExecOptions, onError?: (error: ExecError) => void) => Stream.Stream<OutputChunk, ShellError>
  readonly fs: VfsService
}

export class Shell extends Context.Tag("bashkit-effect/Shell")<Shell, ShellService>() {
  /**
   * The shell over whatever `Vfs` is provided (the in-memory default when none is) and the
   * `ExecutionLimits` in force.
   */
  static layer(options: ShellOptions = {}): Layer.Layer<Shell> {
    return Layer.effect(
      Shell,
      Effect.gen(function* () {
        const provided = yield* Effect.serviceOption(Vfs)
        const limits = yield* ExecutionLimits
        return makeShell(options, Option.getOrUndefined(provided), limits)
      })
    )
  }
}

const defaultIdentity: Identity = { user: "user", host: "sandbox", uid: 1000, gid: 1000 }

const decoder = new TextDecoder()

/**
 * Builtins that a Debian system also has as programs in /usr/bin (and so in the sandbox's /bin
 * and /usr/bin listing, for `ls`, `which`, `type -a` and `command -V`). Builtins like `cd` or
 * `export` have no file.
 */
const builtinsWithProgram = new Set(["echo", "printf", "test", "[", "true", "false", "kill", "pwd", "bash", "sh", "which"])

/** The shipped command tables, built once per process and shared by every shell without custom commands. */
let defaultTables: { commands: ReadonlyMap<string, Command>; builtins: ReadonlyMap<string, ShellBuiltin>; names: ReadonlyArray<string> } | undefined

const commandTables = (custom: ReadonlyArray<Command> | undefined) => {
  if ((custom === undefined || custom.length === 0) && defaultTables !== undefined) return defaultTables
  const commands = new Map<string, Command>()
  for (const c of allCommands) commands.set(c.name, c)
  for (const c of custom ?? []) commands.set(c.name, c)
  const builtins = new Map<string, ShellBuiltin>()
  for (const b of shellBuiltins) builtins.set(b.name, b)
  // A custom command replaces a builtin of the same name.
  for (const c of custom ?? []) builtins.delete(c.name)
  const programs = [...builtins.keys()].filter((name) => builtinsWithProgram.has(name))
  const tables = { commands, builtins, names: [...commands.keys(), ...programs] }
  if (custom === undefined || custom.length === 0) defaultTables = tables
  return tables
}

/** Builds the shell service synchronously (the facade uses this directly: no runtime needed). */
export const makeShell = (options: ShellOptions, fs?: VfsService, baseLimits: ExecutionLimitsShape = defaultLimits): ShellService => {
  const limits: ExecutionLimitsShape = options.limits === undefined ? baseLimits : { ...baseLimits, ...options.limits }
  const { commands, builtins, names } = commandTables(options.commands)
  // A provided filesystem gets the same limits as the in-memory default (skipped when it
  // already enforces limits as strict); `fs` stays the host's unmetered view.
  const vfs =
    fs !== undefined
      ? limitFs(fs, limits)
      : makeInMemoryFs(options.files, {
          limits,
          commandNames: () => names
        })
  const identity: Identity = { ...defaultIdentity, ...options.identity }
  const state = initialState(options, identity)

  // One exec at a time on a shell: two scripts interleaved on one state would see each other's
  // options, working directory and variables. Execs queue in call order.
  const oneAtATime = Effect.unsafeMakeSemaphore(1)

  const run = (script: string, execOptions: ExecOptions, emit: (chunk: OutputChunk) => void, onError: (error: ExecError) => void = () => {}) =>
    Effect.suspend(() => {
      // Made once the exec holds the shell, so a queued exec's deadline starts when it runs.
      const budget = new Budget(limits, { signal: execOptions.signal })
      const memory = new StateMemory(budget)
      memory.register(state)
      state.memory = memory
      budget.trackPersistent(() => memory.measure(), state.measuredBytes)
      return runWithBudget(script, execOptions, emit, onError, budget).pipe(
        Effect.ensuring(
          Effect.sync(() => {
            // Between execs nothing is charged; the next exec starts from this measurement.
            state.measuredBytes = budget.persistentMeasured
            state.memory = undefined
          })
        )
      )
    }).pipe(
      Effect.catchAllDefect((defect) =>
        Effect.fail(new ShellError({ reason: "Internal", message: defect instanceof Error ? defect.message : String(defect) }))
      ),
      oneAtATime.withPermits(1)
    )

  const runWithBudget = (script: string, execOptions: ExecOptions, emit: (chunk: OutputChunk) => void, onError: (error: ExecError) => void, budget: Budget) =>
    Effect.gen(function* () {
      // Every filesystem operation of the exec passes its budget (deadline, abort, fair slices).
      const services: InterpreterServices = makeServices({ fs: meterFs(vfs, budget), limits, identity, commands, builtins, logicOnly: options.logicOnly === true, budget })
      const sink = (kind: "stdout" | "stderr"): OutputSink => {
        const writeSync = (data: Uint8Array | string): boolean => {
          emit({ kind, data: toBytes(data) })
          return true
        }
        return { write: (data) => Effect.sync(() => void writeSync(data)), writeSync }
      }
      const stdin = bytesInput(execOptions.stdin === undefined ? new Uint8Array(0) : toBytes(execOptions.stdin))
      const shell = new Interpreter(state, services, standardFds(stdin, sink("stdout"), sink("stderr")))
      applyExecOptions(state, execOptions)
      if (script.length > limits.maxInputBytes) {
        yield* shell.errorLine(`script too large (${script.length} bytes, limit ${limits.maxInputBytes})`)
        return 2
      }
      const body = shell.runSource(script).pipe(
        // A budget stop thrown by synchronous code outside any command (a pattern match in
        // `case`, a measurement of the state) unwinds to here and ends the script like any other.
        Effect.catchAllDefect((defect) => {
          if (defect instanceof LimitExceededError) return Effect.fail(budget.stop(defect))
          // A blown JS stack or an oversized string that escaped every counted limit: still a limit.
          const stop = stopForRangeError(defect, limits)
          return stop === undefined ? Effect.die(defect) : Effect.fail(budget.stop(stop))
        }),
        Effect.tap(() => joinJobs(services)),
        Effect.tap(() => (budget.exhausted !== undefined ? Effect.fail(budget.exhausted) : Effect.void)),
        Effect.catchTags({
          ExpansionFailed: (e) => Effect.as(shell.errorLine(e.message), e.status),
          BrokenPipe: () => Effect.succeed(141)
        })
      )
      // The deadline is cooperative (the budget is checked as commands run and inside them),
      // which costs nothing per exec unlike a timer fiber; with an AbortSignal the run also
      // races the signal, so an abort ends a wait (a sleep, a host callback) at once.
      const status = yield* (execOptions.signal === undefined ? body : budget.interruptible(body)).pipe(
        Effect.catchAll((e) => {
          if (e._tag === "ExecutionAborted") {
            onError({ kind: "execution_error", message: `bash: ${e.message}` })
            return Effect.as(shell.errorLine(e.message), 1)
          }
          const stop = budget.stop(e)
          onError(stopError(stop, limits))
          return Effect.as(shell.errorLine(stop.message), stopStatus(stop))
        })
      )
      if (shell.parseError !== undefined) {
        const p = shell.parseError
        onError({ kind: "parse_error", message: `parse error at line ${p.line}, column ${p.column}: ${p.message}`, line: p.line, column: p.column })
      }
      let final = shell.flow?.kind === "exit" ? shell.flow.status : status
      shell.flow = undefined
      final = yield* shell.runExitTrap(final).pipe(Effect.catchAll(() => Effect.succeed(final)))
      state.lastStatus = final
      return final & 255
    })

  const exec = (script: string, execOptions: ExecOptions = {}): Effect.Effect<ExecResult, ShellError> =>
    Effect.suspend(() => {
      const onOutput = execOptions.onOutput
      const out = new OutputCap(limits.maxOutputBytes, onOutput ?? (() => {}), true)
      let error: ExecError | undefined
      return Effect.map(run(script, execOptions, out.emit, (e) => (error = e)), (exitCode) => ({
        stdout: decodeChunks(out.kept.stdout),
        stderr: decodeChunks(out.kept.stderr),
        exitCode,
        stdoutTruncated: out.truncated.stdout,
        stderrTruncated: out.truncated.stderr,
        ...(error !== undefined ? { error } : {})
      }))
    })

  const execStream = (script: string, execOptions: ExecOptions = {}, onError?: (error: ExecError) => void): Stream.Stream<OutputChunk, ShellError> =>
    Stream.asyncPush<OutputChunk, ShellError>((emit) =>
      Effect.forkScoped(
        run(script, execOptions, new OutputCap(limits.maxOutputBytes, (chunk) => void emit.single(chunk), false).emit, onError).pipe(
          Effect.matchCause({
            onFailure: (cause) => void emit.halt(cause),
            onSuccess: () => void emit.end()
          })
        )
      )
    )

  return { exec, execStream, fs: vfs }
}

const decodeChunks = (chunks: ReadonlyArray<Uint8Array>): string => {
  if (chunks.length === 0) return ""
  if (chunks.length === 1) return decoder.decode(chunks[0])
  return decoder.decode(Buffer.concat(chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))))
}

/** A new session's variables, as bash starts them (with the sandbox identity). */
const initialState = (options: ShellOptions, identity: Identity): ShellState => {
  const state = new ShellState()
  const home = `/home/${identity.user}`
  state.cwd = options.cwd ?? home
  const exported: Record<string, string> = {
    HOME: identity.user === "root" ? "/root" : home,
    PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    USER: identity.user,
    LOGNAME: identity.user,
    SHELL: "/bin/bash",
    PWD: state.cwd,
    SHLVL: "1",
    HOSTNAME: identity.host,
    LANG: "C.UTF-8",
    TERM: "dumb",
    ...options.env
  }
  for (const [k, v] of Object.entries(exported)) state.globals.set(k, { value: v, attrs: Attr.export })
  const plain: Record<string, string> = {
    BASH: "/bin/bash",
    BASH_VERSION: "5.2.15(1)-release",
    OSTYPE: "linux-gnu",
    HOSTTYPE: "x86_64",
    MACHTYPE: "x86_64-pc-linux-gnu",
    PS4: "+ ",
    PS1: "\\s-\\v\\$ ",
    PS2: "> ",
    OPTIND: "1",
    OPTERR: "1",
    IFS: " \t\n",
    PPID: "999"
  }
  for (const [k, v] of Object.entries(plain)) if (!state.globals.has(k)) state.globals.set(k, { value: v, attrs: 0 })
  state.globals.set("UID", { value: String(identity.uid), attrs: Attr.readonly | Attr.integer })
  state.globals.set("EUID", { value: String(identity.uid), attrs: Attr.readonly | Attr.integer })
  state.globals.set("BASH_VERSINFO", { value: IndexedArray.from(["5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"]), attrs: Attr.readonly | Attr.indexed })
  return state
}

const applyExecOptions = (state: ShellState, options: ExecOptions): void => {
  if (options.cwd !== undefined) {
    state.cwd = options.cwd
    state.setScalar("PWD", options.cwd)
  }
  for (const [k, v] of Object.entries(options.env ?? {})) state.globals.set(k, { value: v, attrs: Attr.export })
  if (options.args !== undefined) state.positional = [...options.args]
  if (options.scriptName !== undefined) state.scriptName = options.scriptName
  state.startTimeMs = Date.now()
  // Each exec starts with bash's default options, as a new script would; variables, functions,
  // aliases, the working directory and files persist.
  state.options = new Set(["braceexpand", "hashall", "interactive-comments"])
}

export const collectStream = (stream: Stream.Stream<OutputChunk, ShellError>) =>
  Effect.map(Stream.runCollect(stream), (chunks) => Chunk.toReadonlyArray(chunks))
