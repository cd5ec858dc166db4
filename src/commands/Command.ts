import { Data, type Effect } from "effect"
import type { Budget } from "../limits/Budget.js"
import type { ExecutionLimitsShape, LimitExceeded } from "../limits/ExecutionLimits.js"
import type { VfsService } from "../vfs/Vfs.js"

/**
 * The contract between the interpreter and every command (builtin or registered).
 *
 * A command sees only its `CommandContext`: argv, byte streams, the environment, the working
 * directory, the filesystem, the limits, and narrow capabilities to run other commands inside
 * the sandbox. It never sees the interpreter itself.
 */

/** The reader of a pipe or stdin went away: the writer must stop (as SIGPIPE would stop it). */
export class BrokenPipe extends Data.TaggedError("BrokenPipe")<{}> {}

/** A command's input: pull chunks until `undefined` (end of input). */
export interface InputStream {
  /** The next chunk, or `undefined` at end of input. */
  readonly read: Effect.Effect<Uint8Array | undefined, CommandFailure>
  /** Everything that remains, concatenated. */
  readonly readAll: Effect.Effect<Uint8Array, CommandFailure>
}

/** A command's output. Strings are encoded as UTF-8. */
export interface OutputSink {
  readonly write: (data: Uint8Array | string) => Effect.Effect<void, CommandFailure>
  /**
   * Optional: write at once, outside Effect, when that can complete now (true). False means
   * "use `write`" (the pipe is full, its reader is gone, the sink suspends...). In-memory sinks
   * offer it so the commonest builtins (`echo`) need no Effect step per write.
   */
  readonly writeSync?: (data: Uint8Array | string) => boolean
}

/** What may end a command abnormally: a closed pipe, or a budget of the limits running out. */
export type CommandFailure = BrokenPipe | LimitExceeded

/** Who the sandbox says the user is (set by the host, e.g. through the tool builder). */
export interface Identity {
  readonly user: string
  readonly host: string
  readonly uid: number
  readonly gid: number
}

/** Redirected streams for a command run on behalf of another command (xargs, find -exec). */
export interface SubcommandIO {
  readonly stdin?: InputStream
  readonly stdout?: OutputSink
  readonly stderr?: OutputSink
  readonly env?: Readonly<Record<string, string>>
  readonly cwd?: string
}

export interface CommandContext {
  /** The name the command was invoked as (argv[0]). */
  readonly name: string
  /** The arguments after the name. */
  readonly args: ReadonlyArray<string>
  readonly stdin: InputStream
  readonly stdout: OutputSink
  readonly stderr: OutputSink
  /** Exported variables, as a child process would see them. */
  readonly env: Readonly<Record<string, string>>
  /** Absolute working directory. */
  readonly cwd: string
  readonly fs: VfsService
  readonly limits: ExecutionLimitsShape
  /**
   * The exec's budget (deadline, abort, work meter, time slice, memory). Every loop whose length
   * the input or the script decides charges it: `budget.step(units)` in synchronous code (throws
   * the `LimitExceeded` when the script must stop), `yield* budget.checkpoint` between pieces of
   * Effect work (also yields to the event loop when the slice is spent). See limits/Budget.ts.
   */
  readonly budget: Budget
  readonly identity: Identity
  /** Resolve a path argument against `cwd` and normalise it. */
  readonly resolvePath: (path: string) => string
  /** Run a command (function, builtin or registered command) by argv inside the sandbox. */
  readonly exec: (argv: ReadonlyArray<string>, io?: SubcommandIO) => Effect.Effect<number, CommandFailure>
  /** Run a shell script in a child shell of this sandbox (`sh -c`, awk's `system()`). */
  readonly runScript: (script: string, io?: SubcommandIO) => Effect.Effect<number, CommandFailure>
  /** True when the named command exists (builtin, function or registered command). */
  readonly hasCommand: (name: string) => boolean
  /**
   * `Date.now()` at which the script's time runs out, if it has a timeout. A command that waits
   * (sleep) must not wait past it: see `support/deadline.ts`.
   */
  readonly deadline?: number
}

/** A command: `run` returns the exit status. Bash-level failures are statuses plus stderr text. */
export interface Command {
  readonly name: string
  readonly run: (ctx: CommandContext) => Effect.Effect<number, CommandFailure>
}

export const defineCommand = (
  name: string,
  run: (ctx: CommandContext) => Effect.Effect<number, CommandFailure>
): Command => ({ name, run })

/**
 * A context with some fields replaced, for a command that runs another on its behalf. Contexts
 * may be class instances with methods on their prototype, so they are never spread.
 */
export const overrideContext = <C extends CommandContext>(ctx: C, overrides: Partial<C>): C => Object.assign(Object.create(ctx) as C, overrides)
