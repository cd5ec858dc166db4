import { Chunk, Context, Data, Effect, Layer, Option, Stream } from "effect"
import type { Command, Identity, OutputSink } from "./commands/Command.js"
import { allCommands } from "./commands/registry.js"
import { shellBuiltins } from "./commands/shell/index.js"
import { Interpreter, joinJobs, makeServices, type InterpreterServices, type ShellBuiltin } from "./interpreter/Interpreter.js"
import { standardFds } from "./interpreter/redirects.js"
import { ShellState } from "./interpreter/ShellState.js"
import { bytesInput, toBytes } from "./interpreter/streams.js"
import { Attr, IndexedArray } from "./interpreter/variables.js"
import { defaultLimits, ExecutionLimits, type ExecutionLimitsShape } from "./limits/ExecutionLimits.js"
import { makeInMemoryFs, type InitialFiles } from "./vfs/InMemoryFs.js"
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
  readonly kind: "parse_error" | "resource_limit" | "timeout" | "execution_error"
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
}

/** A failure the host must handle (the script itself never produces one: it gets an exit status). */
export class ShellError extends Data.TaggedError("ShellError")<{
  readonly reason: "Internal" | "Interrupted"
  readonly message: string
}> {}

/** Exit status when a limit ends a script (bash has no equivalent; documented in the README). */
export const LIMIT_EXIT_STATUS = 126

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
  const vfs =
    fs ??
    makeInMemoryFs(options.files, {
      limits,
      commandNames: () => names
    })
  const identity: Identity = { ...defaultIdentity, ...options.identity }
  const state = initialState(options, identity)

  const run = (script: string, execOptions: ExecOptions, emit: (chunk: OutputChunk) => void, onError: (error: ExecError) => void = () => {}) =>
    Effect.gen(function* () {
      const services: InterpreterServices = makeServices({ fs: vfs, limits, identity, commands, builtins, logicOnly: options.logicOnly === true })
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
        Effect.tap(() => joinJobs(services)),
        Effect.tap(() => (services.budget.exhausted !== undefined ? Effect.fail(services.budget.exhausted) : Effect.void)),
        Effect.catchTags({
          ExpansionFailed: (e) => Effect.as(shell.errorLine(e.message), e.status),
          BrokenPipe: () => Effect.succeed(141)
        })
      )
      // The timeout is cooperative: the interpreter checks the deadline as commands run and
      // waiting commands (sleep) stop at it, which costs nothing per exec unlike a timer fiber.
      const status = yield* body.pipe(
        Effect.catchAll((e) => {
          if (e._tag === "LimitExceeded" && e.limit === "timeout") {
            onError({ kind: "timeout", message: `execution timed out after ${((limits.timeoutMs ?? 0) / 1000).toFixed(1)}s` })
            return Effect.as(shell.errorLine(`execution timed out after ${limits.timeoutMs}ms`), 124)
          }
          if (e._tag === "ExecutionAborted") {
            onError({ kind: "execution_error", message: `bash: ${e.message}` })
            return Effect.as(shell.errorLine(e.message), 1)
          }
          onError({ kind: "resource_limit", message: e.message })
          return Effect.as(shell.errorLine(e.message), LIMIT_EXIT_STATUS)
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
    }).pipe(
      Effect.catchAllDefect((defect) =>
        Effect.fail(new ShellError({ reason: "Internal", message: defect instanceof Error ? defect.message : String(defect) }))
      )
    )

  const exec = (script: string, execOptions: ExecOptions = {}): Effect.Effect<ExecResult, ShellError> =>
    Effect.suspend(() => {
      const out = { stdout: [] as Array<Uint8Array>, stderr: [] as Array<Uint8Array>, stdoutBytes: 0, stderrBytes: 0, stdoutTruncated: false, stderrTruncated: false }
      const emit = (chunk: OutputChunk): void => {
        const size = chunk.kind === "stdout" ? out.stdoutBytes : out.stderrBytes
        const room = limits.maxOutputBytes - size
        let data = chunk.data
        if (data.length > room) {
          data = data.subarray(0, Math.max(room, 0))
          if (chunk.kind === "stdout") out.stdoutTruncated = true
          else out.stderrTruncated = true
        }
        if (data.length === 0) return
        execOptions.onOutput?.(data === chunk.data ? chunk : { kind: chunk.kind, data })
        out[chunk.kind].push(data)
        if (chunk.kind === "stdout") out.stdoutBytes += data.length
        else out.stderrBytes += data.length
      }
      let error: ExecError | undefined
      return Effect.map(run(script, execOptions, emit, (e) => (error = e)), (exitCode) => ({
        stdout: decodeChunks(out.stdout),
        stderr: decodeChunks(out.stderr),
        exitCode,
        stdoutTruncated: out.stdoutTruncated,
        stderrTruncated: out.stderrTruncated,
        ...(error !== undefined ? { error } : {})
      }))
    })

  const execStream = (script: string, execOptions: ExecOptions = {}, onError?: (error: ExecError) => void): Stream.Stream<OutputChunk, ShellError> =>
    Stream.asyncPush<OutputChunk, ShellError>((emit) =>
      Effect.forkScoped(
        run(script, execOptions, (chunk) => void emit.single(chunk), onError).pipe(
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
