import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../../commands/Command.js"
import { ToolArgs } from "../ToolArgs.js"
import type { ToolDef } from "../ToolDef.js"
import { runCallback, type ToolCallback } from "./callback.js"
import { toolHelpText } from "./discovery.js"
import { parseFlags } from "./flags.js"
import { sortKeys, toJson, type JsonValue } from "./json.js"
import type { InvocationLog } from "./trace.js"
import { validate } from "./validate.js"

/** A tool as registered on a builder: its definition, its callback and an optional dry-run handler. */
export interface RegisteredTool {
  readonly def: ToolDef
  readonly exec?: ToolCallback
  readonly dryRun?: ToolCallback
}

/** What the tool commands of one execution share. */
export interface ToolRuntime {
  readonly log: InvocationLog
  readonly sanitize: boolean
  /** Milliseconds left before the shell's deadline (undefined: none). */
  readonly remainingMs: () => number | undefined
}

const decoder = new TextDecoder()

/** Callbacks see the params with their keys sorted, as the reference hands them over. */
const sortedParams = (params: Record<string, JsonValue>) => sortKeys(params) as Record<string, JsonValue>

/** The piped text, or undefined when nothing was piped (an empty input counts as nothing). */
const readStdin = (ctx: CommandContext): Effect.Effect<string | undefined, CommandFailure> =>
  Effect.map(ctx.stdin.readAll, (bytes) => (bytes.length === 0 ? undefined : decoder.decode(bytes)))

/**
 * Runs a callback (or dry-run handler) and writes its outcome: stdout verbatim and 0; otherwise
 * `<n>: callback failed⏎` (sanitized) or the raw message, `<n>: callback timeout⏎`, or the
 * builtin-crash line, all with 1.
 */
const invoke = (ctx: CommandContext, name: string, callback: ToolCallback, args: ToolArgs, runtime: ToolRuntime): Effect.Effect<number, CommandFailure> =>
  Effect.flatMap(runCallback(callback, args, runtime.remainingMs()), (outcome) => {
    switch (outcome._tag) {
      case "Ok":
        return outcome.stdout === "" ? Effect.succeed(0) : Effect.as(ctx.stdout.write(outcome.stdout), 0)
      case "Failed":
        return Effect.as(ctx.stderr.write(runtime.sanitize ? `${name}: callback failed\n` : outcome.message), 1)
      case "TimedOut":
        return Effect.as(ctx.stderr.write(`${name}: callback timeout\n`), 1)
      case "Defect":
        return Effect.as(ctx.stderr.write(`bash: ${name}: builtin failed unexpectedly\n`), 1)
    }
  })

const noExec = (name: string): ToolCallback => () => {
  throw new Error(`${name}: no exec defined`)
}

/**
 * The shell command of one tool name (§2.4). `parsing` is the last registration of the name
 * (its schema parses the flags); `target` the first (schema validation and callback), as the
 * reference resolves duplicates.
 */
export const toolCommand = (parsing: RegisteredTool, target: RegisteredTool, runtime: ToolRuntime): Command => {
  const name = parsing.def.name
  return {
    name,
    run: (ctx) =>
      Effect.gen(function* () {
        const argv = ctx.args
        if (argv.includes("--help")) {
          yield* ctx.stdout.write(toolHelpText(target.def))
          runtime.log.record(name, "Help", argv, 0)
          return 0
        }
        if (argv.includes("--dry-run")) {
          const status = yield* dryRun(ctx, parsing, runtime)
          runtime.log.record(name, "Tool", argv, status)
          return status
        }
        const parsed = parseFlags(argv, parsing.def.inputSchema)
        if (!parsed.ok) {
          yield* ctx.stderr.write(parsed.message)
          return 2
        }
        const status = yield* dispatch(ctx, target, parsed.params, runtime)
        runtime.log.record(name, "Tool", argv, status)
        return status
      })
  }
}

/** `--dry-run`: parse only (no schema validation, no callback). */
const dryRun = (ctx: CommandContext, tool: RegisteredTool, runtime: ToolRuntime): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    const name = tool.def.name
    const parsed = parseFlags(
      ctx.args.filter((a) => a !== "--dry-run"),
      tool.def.inputSchema
    )
    if (!parsed.ok) {
      yield* ctx.stderr.write(`${toJson({ dry_run: true, error: parsed.message, tool: name, valid: false })}\n`)
      return 1
    }
    if (tool.dryRun !== undefined) {
      const stdin = yield* readStdin(ctx)
      return yield* invoke(ctx, name, tool.dryRun, new ToolArgs(sortedParams(parsed.params), stdin), runtime)
    }
    yield* ctx.stdout.write(`${toJson({ dry_run: true, params: parsed.params, tool: name, valid: true })}\n`)
    return 0
  })

/** Registry dispatch (§2.7): schema validation, then the callback. */
const dispatch = (ctx: CommandContext, tool: RegisteredTool, params: Record<string, JsonValue>, runtime: ToolRuntime): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    const name = tool.def.name
    const error = validate(params, tool.def.inputSchema)
    if (error !== undefined) {
      yield* ctx.stderr.write(`${name}: schema error: ${error}\n`)
      return 2
    }
    const stdin = yield* readStdin(ctx)
    return yield* invoke(ctx, name, tool.exec ?? noExec(name), new ToolArgs(sortedParams(params), stdin), runtime)
  })
