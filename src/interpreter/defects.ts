import { LimitExceeded, stringTooLong, type ExecutionLimitsShape } from "../limits/ExecutionLimits.js"

/**
 * What a JavaScript RangeError means for a script: nesting deep enough to exhaust the engine's
 * stack (a recursion no counted limit caught first), or a string or array past the engine's
 * size. Either is a limit of the sandbox, reported as one (status 126), never a crash or an
 * "internal error".
 */
export const stopForRangeError = (defect: unknown, limits: ExecutionLimitsShape): LimitExceeded | undefined => {
  if (!(defect instanceof RangeError)) return undefined
  if (/call stack/i.test(defect.message)) {
    return new LimitExceeded({ limit: "maxParserDepth", value: limits.maxParserDepth, message: "maximum nesting depth exceeded (the interpreter's stack ran out)" })
  }
  if (/string length|allocation failed|array length|buffer/i.test(defect.message)) {
    return stringTooLong(limits.maxStringLength)
  }
  return undefined
}
