import { Effect } from "effect"
import { adaptCustomCommand, type CustomCommand } from "./commands/custom.js"
import { defaultLimits, type ExecutionLimitsShape } from "./limits/ExecutionLimits.js"
import { resolveLimits, type LimitProfile } from "./limits/profiles.js"
import { makeShell, type ExecResult, type ShellService } from "./Shell.js"
import type { InitialFiles } from "./vfs/InMemoryFs.js"

export { adaptCustomCommand, type CustomCommand, type CustomCommandContext, type CustomCommandResult } from "./commands/custom.js"

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
  /** Aborting it stops the script within a time slice: status 130, the output so far kept. */
  readonly signal?: AbortSignal
}

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
      ...(options.limits !== undefined || options.profile !== undefined ? { limits: resolveLimits(defaultLimits, options.profile, options.limits) } : {}),
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
