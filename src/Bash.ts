import { Effect } from "effect"
import type { Command, CommandContext } from "./commands/Command.js"
import type { ExecutionLimitsShape } from "./limits/ExecutionLimits.js"
import { limitProfiles, type LimitProfile } from "./limits/profiles.js"
import { makeShell, type ExecResult, type ShellService } from "./Shell.js"
import type { InitialFiles } from "./vfs/InMemoryFs.js"
import { resolvePath } from "./vfs/paths.js"

/** What a custom command returns: its stdout, or the full result. */
export type CustomCommandResult = string | { readonly stdout?: string; readonly stderr?: string; readonly exitCode?: number }

/** The sandbox as a custom command sees it. */
export interface CustomCommandContext {
  readonly stdin: string
  readonly env: Readonly<Record<string, string>>
  readonly cwd: string
  readonly fs: {
    readonly readFile: (path: string) => Promise<string>
    readonly writeFile: (path: string, content: string | Uint8Array) => Promise<void>
    readonly exists: (path: string) => Promise<boolean>
    readonly readdir: (path: string) => Promise<ReadonlyArray<string>>
  }
  /** Run a script in a child shell of the same sandbox. */
  readonly exec: (script: string) => Promise<{ stdout: string; stderr: string; exitCode: number }>
}

export type CustomCommand = (args: ReadonlyArray<string>, ctx: CustomCommandContext) => CustomCommandResult | Promise<CustomCommandResult>

export interface BashOptions {
  readonly files?: InitialFiles
  readonly env?: Readonly<Record<string, string>>
  readonly cwd?: string
  readonly limits?: Partial<ExecutionLimitsShape>
  /** A named limit preset (`hardened` for untrusted input); `limits` override it field by field. */
  readonly profile?: LimitProfile
  readonly commands?: Readonly<Record<string, CustomCommand>>
}

export interface BashExecOptions {
  readonly stdin?: string
  readonly env?: Readonly<Record<string, string>>
  readonly cwd?: string
  readonly signal?: AbortSignal
}

const decoder = new TextDecoder()

/** Adapt a plain custom command to the `Command` interface. */
export const adaptCustomCommand = (name: string, fn: CustomCommand): Command => ({
  name,
  run: (ctx: CommandContext) =>
    Effect.gen(function* () {
      const stdin = decoder.decode(yield* ctx.stdin.readAll)
      const run = <A>(effect: Effect.Effect<A, unknown>) => Effect.runPromise(effect as Effect.Effect<A, never>)
      const custom: CustomCommandContext = {
        stdin,
        env: ctx.env,
        cwd: ctx.cwd,
        fs: {
          readFile: (path) => run(ctx.fs.readText(resolvePath(ctx.cwd, path))),
          writeFile: (path, content) =>
            run(ctx.fs.writeFile(resolvePath(ctx.cwd, path), typeof content === "string" ? new TextEncoder().encode(content) : content)),
          exists: (path) => run(ctx.fs.exists(resolvePath(ctx.cwd, path))),
          readdir: (path) => run(Effect.map(ctx.fs.readdir(resolvePath(ctx.cwd, path)), (entries) => entries.map((e) => e.name)))
        },
        exec: (script) => {
          const out: Array<string> = []
          const err: Array<string> = []
          const collect = (sinkOut: Array<string>) => ({ write: (d: Uint8Array | string) => Effect.sync(() => void sinkOut.push(typeof d === "string" ? d : decoder.decode(d))) })
          return run(
            Effect.map(ctx.runScript(script, { stdout: collect(out), stderr: collect(err) }), (exitCode) => ({ stdout: out.join(""), stderr: err.join(""), exitCode }))
          )
        }
      }
      const result = yield* Effect.tryPromise({ try: async () => fn(ctx.args, custom), catch: (e) => e })
        .pipe(Effect.either)
      if (result._tag === "Left") {
        const message = result.left instanceof Error ? result.left.message : String(result.left)
        yield* ctx.stderr.write(`${name}: ${message}\n`)
        return 1
      }
      const value = result.right
      if (typeof value === "string") {
        yield* ctx.stdout.write(value)
        return 0
      }
      if (value.stdout !== undefined) yield* ctx.stdout.write(value.stdout)
      if (value.stderr !== undefined) yield* ctx.stderr.write(value.stderr)
      return value.exitCode ?? 0
    })
})

/**
 * The Promise facade: a sandboxed bash session. Files, the working directory and variables
 * persist across `exec` calls on one instance.
 */
export class Bash {
  private readonly shell: ShellService

  constructor(options: BashOptions = {}) {
    const commands = Object.entries(options.commands ?? {}).map(([name, fn]) => adaptCustomCommand(name, fn))
    this.shell = makeShell({
      ...(options.files !== undefined ? { files: options.files } : {}),
      ...(options.env !== undefined ? { env: options.env } : {}),
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      ...(options.limits !== undefined || options.profile !== undefined
        ? { limits: { ...(options.profile !== undefined ? limitProfiles[options.profile] : {}), ...options.limits } }
        : {}),
      commands
    })
  }

  /** Run a script; resolves with its output and exit status (never rejects for script errors). */
  async exec(script: string, options: BashExecOptions = {}): Promise<{ stdout: string; stderr: string; exitCode: number }> {
    // The signal goes to the shell's budget, not to the fiber: the script stops within a time
    // slice with status 130 and the output it produced is kept.
    const effect = this.shell.exec(script, {
      ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
      ...(options.env !== undefined ? { env: options.env } : {}),
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {})
    })
    const result: ExecResult = await Effect.runPromise(effect)
    return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }
  }

  /** The sandbox's filesystem, for reading results or seeding files. */
  get fs() {
    return this.shell.fs
  }
}
