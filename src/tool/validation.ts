import { Either } from "effect"
import type { ToolStrings } from "./locale.js"
import type { ToolRequest } from "./schemas.js"
import { ToolError } from "./ToolError.js"

const U64_MAX = 18446744073709551615

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A value `timeout_ms` may hold: a non-negative integer that fits in a u64. */
const isTimeout = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= U64_MAX

/**
 * Checks the JSON arguments of a call in the contract's order (§1.6), before anything runs.
 * Unknown keys are ignored. Deliberate difference: `timeout_ms: null` (and, for JavaScript
 * callers, `undefined`) means "no timeout" instead of an error.
 */
export const validateArgs = (args: unknown, strings: ToolStrings): Either.Either<ToolRequest, ToolError> => {
  if (!isJsonObject(args)) return Either.left(ToolError.UserFacing(strings.argsNotObject))
  const commands = args["commands"]
  if (typeof commands !== "string") return Either.left(ToolError.UserFacing(strings.commandsRequired))
  const timeout = args["timeout_ms"]
  if (timeout === undefined || timeout === null) return Either.right({ commands })
  if (!isTimeout(timeout)) return Either.left(ToolError.UserFacing(strings.timeoutNotInteger))
  return Either.right({ commands, timeout_ms: timeout })
}
