import { Budget } from "../../src/limits/Budget.js"
import { Effect } from "effect"
import type {
  Command,
  CommandContext,
  CommandFailure,
  Identity,
  InputStream,
  OutputSink,
  SubcommandIO
} from "../../src/commands/Command.js"
import { defaultLimits, type ExecutionLimitsShape } from "../../src/limits/ExecutionLimits.js"
import { type InitialFiles, makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { concatBytes } from "../../src/commands/support/io.js"
import { parentOf, resolvePath } from "../../src/vfs/paths.js"
import type { VfsService } from "../../src/vfs/Vfs.js"

/**
 * Run one `Command` against a fresh in-memory filesystem, without a shell: for unit tests of
 * commands. `ctx.exec` runs the other `commands` (or the command itself) by name on the same
 * filesystem; `ctx.runScript` is unavailable (127) since there is no interpreter here.
 */

export interface RunCommandOptions {
  readonly stdin?: string | Uint8Array
  /** Initial files of the fresh filesystem (or written into `fs` when one is given). */
  readonly files?: InitialFiles
  readonly cwd?: string
  readonly env?: Record<string, string>
  /** Other commands `ctx.exec` can run by name. */
  readonly commands?: ReadonlyArray<Command>
  /** Run on this filesystem instead of a fresh one (e.g. to chain several runs). */
  readonly fs?: VfsService
  readonly limits?: ExecutionLimitsShape
  /** Size of the chunks stdin is delivered in (default 64 KiB). */
  readonly stdinChunkSize?: number
  /** Stdin as a stream of its own (e.g. an endless one), instead of `stdin`. */
  readonly stdinStream?: InputStream
}

export interface RunCommandResult {
  readonly stdout: string
  readonly stderr: string
  readonly stdoutBytes: Uint8Array
  readonly exitCode: number
  readonly fs: VfsService
  /** Set when the command ended with a `CommandFailure` (exit code 141 or 1 then). */
  readonly failure?: CommandFailure
}

export const defaultEnv: Readonly<Record<string, string>> = { HOME: "/home/user", PATH: "/usr/bin:/bin", USER: "user" }
export const defaultIdentity: Identity = { user: "user", host: "sandbox", uid: 1000, gid: 1000 }

const encoder = new TextEncoder()
const decoder = new TextDecoder()


/** An input stream over fixed bytes, delivered in chunks of at most `chunkSize`. */
export const bytesInput = (bytes: Uint8Array, chunkSize = 64 * 1024): InputStream => {
  let offset = 0
  const take = (limit: number): Uint8Array | undefined => {
    if (offset >= bytes.length) return undefined
    const chunk = bytes.slice(offset, Math.min(bytes.length, offset + limit))
    offset += chunk.length
    return chunk
  }
  return {
    read: Effect.sync(() => take(chunkSize)),
    readAll: Effect.sync(() => take(Number.MAX_SAFE_INTEGER) ?? new Uint8Array(0))
  }
}

/** An output sink that keeps every chunk written to it. */
export const collector = (): OutputSink & { readonly bytes: () => Uint8Array } => {
  const chunks: Array<Uint8Array> = []
  return {
    write: (data) =>
      Effect.sync(() => {
        chunks.push(typeof data === "string" ? encoder.encode(data) : data.slice())
      }),
    bytes: () => concatBytes(chunks)
  }
}

const seedFiles = (fs: VfsService, files: InitialFiles): Effect.Effect<void, unknown> =>
  Effect.forEach(
    Object.entries(files),
    ([path, value]) =>
      Effect.gen(function* () {
        yield* fs.mkdir(parentOf(resolvePath("/", path)), { recursive: true })
        const resolved = typeof value === "function" ? yield* Effect.promise(async () => value()) : value
        if (typeof resolved === "string") yield* fs.writeText(path, resolved)
        else if (resolved instanceof Uint8Array) yield* fs.writeFile(path, resolved)
        else
          yield* fs.writeFile(
            path,
            typeof resolved.content === "string" ? encoder.encode(resolved.content) : resolved.content,
            resolved.mode === undefined ? undefined : { mode: resolved.mode }
          )
      }),
    { discard: true }
  )

export const runCommand = async (
  command: Command,
  args: ReadonlyArray<string>,
  options: RunCommandOptions = {}
): Promise<RunCommandResult> => {
  const table = new Map<string, Command>()
  for (const other of options.commands ?? []) table.set(other.name, other)
  if (!table.has(command.name)) table.set(command.name, command)
  const fs = options.fs ?? makeInMemoryFs(options.files, { commandNames: () => table.keys() })
  if (options.fs !== undefined && options.files !== undefined) await Effect.runPromise(seedFiles(fs, options.files))

  const limits = options.limits ?? defaultLimits
  const budget = new Budget(limits)
  const stdout = collector()
  const stderr = collector()
  const stdinBytes = typeof options.stdin === "string" ? encoder.encode(options.stdin) : (options.stdin ?? new Uint8Array(0))

  const makeContext = (
    name: string,
    argv: ReadonlyArray<string>,
    streams: { stdin: InputStream; stdout: OutputSink; stderr: OutputSink },
    env: Readonly<Record<string, string>>,
    cwd: string
  ): CommandContext => {
    const context: CommandContext = {
      name,
      args: argv,
      ...streams,
      env,
      cwd,
      fs,
      limits,
      budget,
      identity: defaultIdentity,
      resolvePath: (path) => resolvePath(cwd, path),
      exec: (childArgv, io) => execChild(context, childArgv, io),
      runScript: (_script, io) =>
        Effect.as((io?.stderr ?? context.stderr).write("harness: no shell is available to run scripts\n"), 127),
      hasCommand: (commandName) => table.has(commandName)
    }
    return context
  }

  const execChild = (
    parent: CommandContext,
    argv: ReadonlyArray<string>,
    io: SubcommandIO | undefined
  ): Effect.Effect<number, CommandFailure> => {
    const name = argv[0] ?? ""
    const target = table.get(name)
    const childStderr = io?.stderr ?? parent.stderr
    if (target === undefined) return Effect.as(childStderr.write(`bash: ${name}: command not found\n`), 127)
    const child = makeContext(
      name,
      argv.slice(1),
      { stdin: io?.stdin ?? parent.stdin, stdout: io?.stdout ?? parent.stdout, stderr: childStderr },
      io?.env ?? parent.env,
      io?.cwd ?? parent.cwd
    )
    return Effect.suspend(() => target.run(child))
  }

  const context = makeContext(
    command.name,
    args,
    { stdin: options.stdinStream ?? bytesInput(stdinBytes, options.stdinChunkSize), stdout, stderr },
    options.env ?? defaultEnv,
    options.cwd ?? "/home/user"
  )
  const outcome = await Effect.runPromise(
    Effect.either(Effect.suspend(() => command.run(context)))
  )
  let exitCode: number
  let failure: CommandFailure | undefined
  if (outcome._tag === "Right") exitCode = outcome.right
  else {
    failure = outcome.left
    exitCode = failure._tag === "BrokenPipe" ? 141 : 1
  }
  const stdoutBytes = stdout.bytes()
  return {
    stdout: decoder.decode(stdoutBytes),
    stderr: decoder.decode(stderr.bytes()),
    stdoutBytes,
    exitCode,
    fs,
    ...(failure === undefined ? {} : { failure })
  }
}
