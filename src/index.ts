/** bashkit-effect: a sandboxed bash interpreter with a virtual filesystem, on Effect. */
export { Bash, type BashExecOptions, type BashOptions, type CustomCommand, type CustomCommandContext, type CustomCommandResult } from "./Bash.js"
export {
  LIMIT_EXIT_STATUS,
  makeShell,
  Shell,
  ShellError,
  type ExecError,
  type ExecOptions,
  type ExecResult,
  type OutputChunk,
  type ShellOptions,
  type ShellService
} from "./Shell.js"
export type { Command, CommandContext, CommandFailure, Identity, InputStream, OutputSink } from "./commands/Command.js"
export { BrokenPipe, defineCommand } from "./commands/Command.js"
export { defaultLimits, ExecutionLimits, LimitExceeded, type ExecutionLimitsShape } from "./limits/ExecutionLimits.js"
export { limitProfiles, type LimitProfile } from "./limits/profiles.js"
export * from "./vfs/index.js"
export { ParseError } from "./parser/ParseError.js"
export { parseScript, Parser } from "./parser/Parser.js"
export type * as Ast from "./parser/Ast.js"
export * from "./tool/index.js"
export * from "./scripted/index.js"
