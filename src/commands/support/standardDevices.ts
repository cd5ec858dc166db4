import { Effect } from "effect"
import type { VfsService } from "../../vfs/Vfs.js"
import { type Command, type CommandContext, type CommandFailure, type OutputSink, overrideContext } from "../Command.js"

/**
 * `/dev/stdin`, `/dev/stdout`, `/dev/stderr` (and `/dev/fd/0..2`) named as files: reading or
 * writing them reaches the command's own streams, as on Linux, instead of the filesystem's
 * inert device nodes. `cat /dev/stdin`, `diff f /dev/stdin`, `tee /dev/stderr` then work in
 * every command that opens files by name.
 */

const STDIN = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])
const STDOUT = new Set(["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
const STDERR = new Set(["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"])

/**
 * A stream failure (a closed pipe, an exhausted limit) cannot travel in the VFS error channel:
 * it crosses it as a defect in this box and is failed again when the command ends.
 */
class StreamFailure {
  constructor(readonly failure: CommandFailure) {}
}

const tunnel = <A>(effect: Effect.Effect<A, CommandFailure>): Effect.Effect<A> =>
  Effect.catchAll(effect, (failure) => Effect.die(new StreamFailure(failure)))

const sinkFor = (ctx: CommandContext, path: string): OutputSink | undefined =>
  STDOUT.has(path) ? ctx.stdout : STDERR.has(path) ? ctx.stderr : undefined

const withDevices = (ctx: CommandContext): VfsService => {
  const fs = ctx.fs
  // The backend may be a class instance: inherit from it rather than copy its methods.
  return Object.assign(Object.create(fs) as VfsService, {
    readFile: (path) => (STDIN.has(path) ? tunnel(ctx.stdin.readAll) : fs.readFile(path)),
    readText: (path) =>
      STDIN.has(path) ? Effect.map(tunnel(ctx.stdin.readAll), (bytes) => new TextDecoder().decode(bytes)) : fs.readText(path),
    writeFile: (path, data, options) => {
      const sink = sinkFor(ctx, path)
      return sink === undefined ? fs.writeFile(path, data, options) : tunnel(sink.write(data))
    },
    writeText: (path, text) => {
      const sink = sinkFor(ctx, path)
      return sink === undefined ? fs.writeText(path, text) : tunnel(sink.write(text))
    },
    appendFile: (path, data) => {
      const sink = sinkFor(ctx, path)
      return sink === undefined ? fs.appendFile(path, data) : tunnel(sink.write(data))
    }
  } satisfies Partial<VfsService>)
}

/** Only arguments that name a device need the wrapped context (cheap for everything else). */
const namesDevice = (args: ReadonlyArray<string>): boolean => args.some((arg) => arg.includes("/dev/") || arg.includes("/fd/"))

/** `command` with the standard streams reachable by their device names. */
export const withStandardDevices = (command: Command): Command => ({
  ...command,
  run: (ctx) => {
    if (!namesDevice(ctx.args)) return command.run(ctx)
    return command.run(overrideContext(ctx, { fs: withDevices(ctx) })).pipe(
      Effect.catchAllDefect((defect) => (defect instanceof StreamFailure ? Effect.fail(defect.failure) : Effect.die(defect)))
    )
  }
})
