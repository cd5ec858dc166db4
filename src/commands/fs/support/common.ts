import { Effect, Either } from "effect"
import type { CommandContext, CommandFailure } from "../../Command.js"
import { parseArgs, type OptionSpec, type ParseOptions, type ParsedArgs } from "../../support/args.js"
import { usageError } from "../../support/io.js"
import type { FileStat } from "../../../vfs/Vfs.js"
import { vfsErrorText, type VfsError } from "../../../vfs/VfsError.js"

/** What every file command's `run` returns. */
export type CommandRun = Effect.Effect<number, CommandFailure>

/** The errno text of a VFS failure (`No such file or directory`). */
export const errorText = (error: VfsError): string => vfsErrorText(error.reason)

/** Run a VFS operation, turning its failure into a value (commands report, never fail). */
export const attempt = <A>(effect: Effect.Effect<A, VfsError>): Effect.Effect<Either.Either<A, VfsError>> =>
  Effect.either(effect)

/**
 * Quote a file name the way GNU tools do in diagnostics (shell-escape style): `'name'`,
 * `"it's"` when the name holds a single quote.
 */
export const quote = (name: string): string => {
  if (!name.includes("'")) return `'${name}'`
  if (!/[$`"\\]/.test(name)) return `"${name}"`
  return `'${name.replace(/'/g, "'\\''")}'`
}

/** Print `cmd: message` on stderr. */
export const warn = (ctx: CommandContext, message: string): Effect.Effect<void, CommandFailure> =>
  ctx.stderr.write(`${ctx.name}: ${message}\n`)

const helpSpec: OptionSpec = { long: "help", key: "__help" }
const versionSpec: OptionSpec = { long: "version", key: "__version" }

export interface CommandSpec {
  readonly options: ReadonlyArray<OptionSpec>
  /** The `Usage:` text `--help` prints (without the trailing newline). */
  readonly usage: string
  readonly parse?: ParseOptions
  /** Exit status of a usage error: 1 in GNU coreutils, 2 in a few (ls). */
  readonly usageStatus?: number
}

/**
 * Parse argv with `--help` and `--version` handled; a parse error is a GNU usage error
 * (message, `Try 'cmd --help'`, and the tool's usage status: 1 unless it says otherwise).
 */
export const withArgs = (
  ctx: CommandContext,
  spec: CommandSpec,
  body: (args: ParsedArgs) => CommandRun
): CommandRun => {
  const parsed = parseArgs(ctx.args, [...spec.options, helpSpec, versionSpec], spec.parse)
  if (parsed._tag === "Error") return usageError(ctx, parsed.message, spec.usageStatus ?? 1)
  const args = parsed.args
  if (args.flags.has("__help")) return Effect.as(ctx.stdout.write(`${spec.usage}\n`), 0)
  if (args.flags.has("__version")) return Effect.as(ctx.stdout.write(`${ctx.name} 9.1.0 (bashkit-effect)\n`), 0)
  return body(args)
}

/** Count of a boolean flag. */
export const flag = (args: ParsedArgs, key: string): boolean => (args.flags.get(key) ?? 0) > 0

/** The option given last among `keys` (GNU "last one wins" for conflicting flags). */
export const lastOf = (args: ParsedArgs, keys: ReadonlyArray<string>): string | undefined => {
  for (let i = args.order.length - 1; i >= 0; i--) {
    const key = args.order[i]!.key
    if (keys.includes(key)) return key
  }
  return undefined
}

/** Accumulates output text and writes it in large chunks (one Effect per chunk, not per line). */
export class OutputBuffer {
  private parts: Array<string> = []
  private size = 0
  constructor(private readonly ctx: CommandContext, private readonly chunk = 64 * 1024) {}
  add(text: string): Effect.Effect<void, CommandFailure> {
    this.parts.push(text)
    this.size += text.length
    return this.size >= this.chunk ? this.flush() : Effect.void
  }
  flush(): Effect.Effect<void, CommandFailure> {
    if (this.parts.length === 0) return Effect.void
    const text = this.parts.join("")
    this.parts = []
    this.size = 0
    return this.ctx.stdout.write(text)
  }
}

/** 512-byte blocks a file occupies, modelled on ext4's 4 KiB allocation units. */
export const blocksOf = (stat: FileStat): number => {
  if (stat.type === "directory") return 8
  if (stat.type !== "file") return 0
  return Math.ceil(stat.size / 4096) * 8
}

/** Strip trailing slashes (keeping a lone `/`). */
export const stripTrailingSlashes = (path: string): string => {
  let end = path.length
  while (end > 1 && path[end - 1] === "/") end--
  return path.slice(0, end)
}

/** The last component of an operand as `basename` prints it. */
export const operandBase = (path: string): string => {
  const stripped = stripTrailingSlashes(path)
  if (stripped === "/") return "/"
  return stripped.slice(stripped.lastIndexOf("/") + 1)
}
