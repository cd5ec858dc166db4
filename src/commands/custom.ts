import { Effect, Either } from "effect"
import { resolvePath } from "../vfs/paths.js"
import type { Command, CommandContext, CommandFailure } from "./Command.js"
import { thrownMessage } from "./support/thrown.js"

/**
 * Custom commands written by the host as plain functions (the facade's `commands`, BashTool's
 * `builtin`). They are untrusted at the boundary as much as the script is: one may never
 * resolve, return the wrong shape, throw something that is not an Error (even an object without
 * a prototype), or return hundreds of megabytes. Whatever it does, the exec keeps its deadline,
 * abort and memory: the call races the budget, its result is checked, and its output enters the
 * shell capped and in slices.
 */

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

export interface CustomCommandOptions {
  /**
   * Report a thrown error as `<name>: callback failed` instead of its message (the tool
   * contract's default for tools, so host internals never reach the model).
   */
  readonly sanitizeErrors?: boolean
}

const decoder = new TextDecoder()
const encoder = new TextEncoder()

/** Characters of output written per slice (each slice passes the budget's checkpoint). */
const SLICE_CHARS = 64 * 1024

/** A checked result, or why it is not one. */
type Checked = { readonly stdout: string; readonly stderr: string; readonly exitCode: number } | { readonly invalid: string }

const isInteger = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value)

/** Check the shape of what the host returned. */
export const checkResult = (value: unknown): Checked => {
  if (typeof value === "string") return { stdout: value, stderr: "", exitCode: 0 }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { invalid: `expected a string or { stdout, stderr, exitCode }, got ${kindOf(value)}` }
  const { stdout, stderr, exitCode } = value as { stdout?: unknown; stderr?: unknown; exitCode?: unknown }
  if (stdout !== undefined && typeof stdout !== "string") return { invalid: `stdout must be a string, got ${kindOf(stdout)}` }
  if (stderr !== undefined && typeof stderr !== "string") return { invalid: `stderr must be a string, got ${kindOf(stderr)}` }
  if (exitCode !== undefined && !isInteger(exitCode)) return { invalid: `exitCode must be an integer, got ${kindOf(exitCode)}` }
  return { stdout: stdout ?? "", stderr: stderr ?? "", exitCode: exitCode === undefined ? 0 : exitCode & 255 }
}

const kindOf = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  if (typeof value === "object") return "an object"
  return `a ${typeof value}`
}

/**
 * Write host text to a sink in slices, each passing the budget's checkpoint, so a large result
 * neither blocks the event loop while it is encoded nor outruns the pipe's backpressure. Text
 * beyond `maxStringLength` (the limit of any value in the shell) is dropped with a warning.
 */
const writeHostText = (ctx: CommandContext, text: string, sink: "stdout" | "stderr"): Effect.Effect<void, CommandFailure> =>
  Effect.suspend(() => {
    const max = ctx.limits.maxStringLength
    const kept = text.length > max ? text.slice(0, max) : text
    const write = (from: number): Effect.Effect<void, CommandFailure> => {
      if (from >= kept.length) return Effect.void
      let to = Math.min(kept.length, from + SLICE_CHARS)
      // Never split a surrogate pair between two slices.
      if (to < kept.length && isHighSurrogate(kept.charCodeAt(to - 1))) to--
      const bytes = encoder.encode(kept.slice(from, to))
      return Effect.zipRight(Effect.zipRight(ctx.budget.checkpoint, ctx[sink].write(bytes)), write(to))
    }
    const body = write(0)
    return kept.length === text.length ? body : Effect.zipRight(body, ctx.stderr.write(`${ctx.name}: output truncated to ${max} characters\n`))
  })

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff

/** The sandbox helpers a custom command gets (each runs one effect against the sandbox). */
const customContext = (ctx: CommandContext, stdin: string): CustomCommandContext => {
  const run = <A>(effect: Effect.Effect<A, unknown>) => Effect.runPromise(effect as Effect.Effect<A, never>)
  return {
    stdin,
    env: ctx.env,
    cwd: ctx.cwd,
    fs: {
      readFile: (path) => run(ctx.fs.readText(resolvePath(ctx.cwd, path))),
      writeFile: (path, content) => run(ctx.fs.writeFile(resolvePath(ctx.cwd, path), typeof content === "string" ? encoder.encode(content) : content)),
      exists: (path) => run(ctx.fs.exists(resolvePath(ctx.cwd, path))),
      readdir: (path) => run(Effect.map(ctx.fs.readdir(resolvePath(ctx.cwd, path)), (entries) => entries.map((e) => e.name)))
    },
    exec: (script) => {
      const out: Array<string> = []
      const err: Array<string> = []
      const collect = (into: Array<string>) => ({ write: (d: Uint8Array | string) => Effect.sync(() => void into.push(typeof d === "string" ? d : decoder.decode(d))) })
      return run(Effect.map(ctx.runScript(script, { stdout: collect(out), stderr: collect(err) }), (exitCode) => ({ stdout: out.join(""), stderr: err.join(""), exitCode })))
    }
  }
}

/** Call the host function; a throw or a rejection becomes a Left (never a defect). */
const callHost = (fn: CustomCommand, args: ReadonlyArray<string>, context: CustomCommandContext): Effect.Effect<Either.Either<unknown, unknown>> =>
  Effect.async<Either.Either<unknown, unknown>>((resume) => {
    try {
      const result: unknown = fn(args, context)
      const then = typeof result === "object" && result !== null ? (result as { then?: unknown }).then : undefined
      if (typeof then !== "function") {
        resume(Effect.succeed(Either.right(result)))
        return
      }
      then.call(
        result,
        (value: unknown) => resume(Effect.succeed(Either.right(value))),
        (error: unknown) => resume(Effect.succeed(Either.left(error)))
      )
    } catch (error) {
      // A throw from the function, or from a hostile thenable's `then`.
      resume(Effect.succeed(Either.left(error)))
    }
  })

/** Adapt a plain custom command to the `Command` interface, behind the checks above. */
export const adaptCustomCommand = (name: string, fn: CustomCommand, options: CustomCommandOptions = {}): Command => ({
  name,
  run: (ctx: CommandContext) =>
    Effect.gen(function* () {
      const stdin = decoder.decode(yield* ctx.stdin.readAll)
      // The deadline and the abort end a call that never settles (the script then stops).
      const outcome = yield* ctx.budget.interruptible(callHost(fn, ctx.args, customContext(ctx, stdin)))
      if (Either.isLeft(outcome)) {
        yield* ctx.stderr.write(options.sanitizeErrors === true ? `${name}: callback failed\n` : `${name}: ${thrownMessage(outcome.left)}\n`)
        return 1
      }
      const checked = checkResult(outcome.right)
      if ("invalid" in checked) {
        yield* ctx.stderr.write(`${name}: invalid result: ${checked.invalid}\n`)
        return 1
      }
      yield* writeHostText(ctx, checked.stdout, "stdout")
      yield* writeHostText(ctx, checked.stderr, "stderr")
      return checked.exitCode
    })
})
