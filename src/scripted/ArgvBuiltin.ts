import { Effect, Either, ParseResult, Schema } from "effect"
import type { CommandContext } from "../commands/Command.js"
import type { EffectCommand } from "../tool/config.js"
import { parseArgs, type OptionSpec, type ParsedArgs } from "../commands/support/args.js"
import { runCallback } from "./internal/callback.js"
import { ToolArgs } from "./ToolArgs.js"
import { truncateUtf8 } from "./internal/trace.js"

/**
 * A scripted-tool builtin that owns its argv (the reference's ClapBuiltin): GNU-style options
 * and positionals, decoded into typed input by an effect/Schema. `--help` prints the usage on
 * stdout (0); a parse or decode failure prints `<name>: <why>` and the usage on stderr (2, at
 * most 1 KB); a failing handler prints `<name>: <message>` (1). Register with
 * `ScriptedToolBuilder.builtin(name, ArgvBuiltin.make(...))`.
 */

/** The raw parse, as the schema receives it: operands plus options by key. */
export interface RawArgv {
  readonly operands: ReadonlyArray<string>
  readonly options: { readonly [key: string]: string | boolean | ReadonlyArray<string> }
}

export interface ArgvBuiltinSpec<A, I = RawArgv> {
  /** The usage line without `Usage: ` (e.g. `get_agent <id> [-f FORMAT]`). */
  readonly usage: string
  readonly about?: string
  readonly options?: ReadonlyArray<OptionSpec>
  /**
   * Decodes the raw parse (a `RawArgv`) into the handler's input, e.g. a Schema.Struct of
   * `operands` and `options` with Schema.NumberFromString fields.
   */
  readonly schema: Schema.Schema<A, I>
  /** Returns stdout; fails (throw, rejection, Effect failure) with the error text. */
  readonly run: (input: A, ctx: { readonly stdin: string | undefined; readonly signal: AbortSignal }) => string | PromiseLike<string> | Effect.Effect<string, unknown>
}

const MAX_DIAGNOSTIC_BYTES = 1024

const raw = (parsed: ParsedArgs, specs: ReadonlyArray<OptionSpec>): RawArgv => {
  const options: Record<string, string | boolean | ReadonlyArray<string>> = {}
  for (const spec of specs) {
    const key = spec.key ?? spec.long ?? spec.short ?? ""
    if (spec.multiple === true && parsed.lists.has(key)) options[key] = parsed.lists.get(key)!
    else if (parsed.values.has(key)) options[key] = parsed.values.get(key)!
    else if (parsed.flags.has(key)) options[key] = true
  }
  return { operands: parsed.operands, options }
}

const usageText = (spec: { readonly usage: string }) => `Usage: ${spec.usage}\n`

const decoder = new TextDecoder()

const make = <A, I>(spec: ArgvBuiltinSpec<A, I>): EffectCommand => {
  const specs = spec.options ?? []
  const decode = Schema.decodeUnknownEither(spec.schema)
  const fail = (ctx: CommandContext, why: string) =>
    Effect.as(ctx.stderr.write(truncateUtf8(`${ctx.name}: ${why}\n${usageText(spec)}`, MAX_DIAGNOSTIC_BYTES)), 2)
  return {
    run: (ctx) =>
      Effect.gen(function* () {
        if (ctx.args.includes("--help")) {
          yield* ctx.stdout.write(`${spec.about === undefined ? "" : `${spec.about}\n\n`}${usageText(spec)}`)
          return 0
        }
        const parsed = parseArgs(ctx.args, specs)
        if (parsed._tag === "Error") return yield* fail(ctx, parsed.message)
        const input = decode(raw(parsed.args, specs))
        if (Either.isLeft(input)) return yield* fail(ctx, ParseResult.TreeFormatter.formatErrorSync(input.left))
        const bytes = yield* ctx.stdin.readAll
        const stdin = bytes.length === 0 ? undefined : decoder.decode(bytes)
        const outcome = yield* runCallback((_args, signal) => spec.run(input.right, { stdin, signal }), new ToolArgs({}, stdin), undefined)
        switch (outcome._tag) {
          case "Ok":
            if (outcome.stdout !== "") yield* ctx.stdout.write(outcome.stdout)
            return 0
          case "Failed":
            yield* ctx.stderr.write(`${ctx.name}: ${outcome.message}\n`)
            return 1
          default:
            yield* ctx.stderr.write(`bash: ${ctx.name}: builtin failed unexpectedly\n`)
            return 1
        }
      })
  }
}

export const ArgvBuiltin = { make } as const
