import type { Effect } from "effect"
import type { BrokenPipe, CommandContext, Identity, OutputSink, SubcommandIO } from "../commands/Command.js"
import type { Budget } from "../limits/Budget.js"
import type { ExecutionLimitsShape, LimitExceeded } from "../limits/ExecutionLimits.js"
import { resolvePath } from "../vfs/paths.js"
import type { VfsService } from "../vfs/Vfs.js"
import type { Interpreter } from "./Interpreter.js"
import type { ShellInput } from "./streams.js"

/**
 * The context a command or builtin runs with. A class rather than an object literal: one is
 * made per command, and a literal with a getter and closures cost about 25 times more to build
 * (V8 cannot use its fast literal path for accessors). Its methods live on the prototype, so a
 * context must never be spread: use `overrideContext` from Command.ts to vary one.
 */
export class ShellCommandContext implements CommandContext {
  readonly name: string
  readonly args: ReadonlyArray<string>
  readonly stdin: ShellInput
  readonly stdout: OutputSink
  readonly stderr: OutputSink
  readonly cwd: string
  readonly fs: VfsService
  readonly limits: ExecutionLimitsShape
  readonly budget: Budget
  readonly identity: Identity
  readonly deadline?: number
  private builtEnv: Record<string, string> | undefined = undefined

  constructor(
    readonly shell: Interpreter,
    argv: ReadonlyArray<string>,
    stdout: OutputSink,
    private readonly tempEnv: Record<string, string>
  ) {
    const services = shell.services
    this.name = argv[0]!
    this.args = argv.slice(1)
    this.stdin = shell.stdin()
    this.stdout = stdout
    this.stderr = shell.stderr()
    this.cwd = shell.state.cwd
    this.fs = services.fs
    this.limits = services.limits
    this.budget = services.budget
    this.identity = services.identity
    if (services.deadline !== undefined) this.deadline = services.deadline
  }

  /** Built on first use: most commands never read their environment. */
  get env(): Readonly<Record<string, string>> {
    return (this.builtEnv ??= { ...this.shell.state.exportedEnv(), ...this.tempEnv })
  }

  resolvePath(path: string): string {
    return resolvePath(this.cwd, path)
  }

  exec(argv: ReadonlyArray<string>, io?: SubcommandIO): Effect.Effect<number, LimitExceeded | BrokenPipe> {
    return this.shell.execFromCommand(argv, io)
  }

  runScript(script: string, io?: SubcommandIO): Effect.Effect<number, LimitExceeded | BrokenPipe> {
    return this.shell.runScriptFromCommand(script, io)
  }

  hasCommand(name: string): boolean {
    const shell = this.shell
    return shell.services.builtins.has(name) || shell.services.commands.has(name) || shell.state.functions.has(name)
  }
}

