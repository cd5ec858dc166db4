import { Cause, Duration, Effect, Exit, Option } from "effect"
import { describeThrown, thrownMessage } from "../../commands/support/thrown.js"
import type { ToolArgs } from "../ToolArgs.js"

/**
 * A tool callback: returns the command's stdout, or fails with the error text (a throw, a
 * rejected promise, or an Effect failure). `signal` aborts when the run is cancelled or the
 * deadline passes, so an async callback can stop its own work.
 */
export type ToolCallback = (args: ToolArgs, signal: AbortSignal) => string | PromiseLike<string> | Effect.Effect<string, unknown>

/** How a callback run ended, short of success. */
export type CallbackOutcome =
  | { readonly _tag: "Ok"; readonly stdout: string }
  | { readonly _tag: "Failed"; readonly message: string }
  | { readonly _tag: "TimedOut" }
  | { readonly _tag: "Defect" }

/** The text of a failure value: an Error's message, a string, `{ message }`, or a safe description of anything else. */
export const failureMessage = thrownMessage

class CallbackFailed {
  constructor(readonly message: string) {}
}

const isThenable = (value: unknown): value is PromiseLike<string> =>
  typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function"

/** Runs `callback` as an Effect: sync, async and Effect callbacks alike; interruption aborts the signal. */
const asEffect = (callback: ToolCallback, args: ToolArgs): Effect.Effect<string, CallbackFailed> =>
  Effect.suspend(() => {
    const controller = new AbortController()
    let result: ReturnType<ToolCallback>
    try {
      result = callback(args, controller.signal)
    } catch (error) {
      return Effect.fail(new CallbackFailed(failureMessage(error)))
    }
    if (Effect.isEffect(result)) return Effect.mapError(result as Effect.Effect<string, unknown>, (e) => new CallbackFailed(failureMessage(e)))
    if (isThenable(result)) {
      const promise = result
      return Effect.async<string, CallbackFailed>((resume) => {
        try {
          Promise.resolve(promise).then(
            (value) => resume(Effect.succeed(describeThrown(value))),
            (error: unknown) => resume(Effect.fail(new CallbackFailed(failureMessage(error))))
          )
        } catch (error) {
          // A hostile thenable whose `then` getter throws.
          resume(Effect.fail(new CallbackFailed(failureMessage(error))))
        }
        return Effect.sync(() => controller.abort())
      })
    }
    return Effect.succeed(describeThrown(result))
  })

/**
 * Runs a callback against an optional deadline (milliseconds left). Failures and defects become
 * outcomes; interruption of the caller still interrupts (and aborts) the callback.
 */
export const runCallback = (callback: ToolCallback, args: ToolArgs, remainingMs: number | undefined): Effect.Effect<CallbackOutcome> => {
  const body = asEffect(callback, args)
  const timed: Effect.Effect<Option.Option<string>, CallbackFailed> =
    remainingMs === undefined ? Effect.map(body, Option.some) : Effect.timeoutOption(body, Duration.millis(Math.max(0, remainingMs)))
  return Effect.map(Effect.exit(timed), (exit): CallbackOutcome => {
    if (Exit.isSuccess(exit)) return Option.isSome(exit.value) ? { _tag: "Ok", stdout: exit.value.value } : { _tag: "TimedOut" }
    const failure = Cause.failureOption(exit.cause)
    if (Option.isSome(failure)) return { _tag: "Failed", message: failure.value.message }
    return { _tag: "Defect" }
  })
}
