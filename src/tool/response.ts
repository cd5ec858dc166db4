import type { ExecError } from "../Shell.js"
import type { ToolResult } from "./schemas.js"

/**
 * Building `ToolOutput.result` values. Keys are inserted in sorted order, so a plain
 * `JSON.stringify` already prints them as the reference does; optional keys appear only when set.
 */

export const TIMEOUT_EXIT_CODE = 124

/** Why a run was stopped, as `result.error` reports it. */
export type ErrorKind = ExecError["kind"] | "internal_error" | "cancelled"

export const makeResult = (fields: {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
  readonly error?: string
  readonly stdoutTruncated?: boolean
  readonly stderrTruncated?: boolean
}): ToolResult => ({
  ...(fields.error !== undefined ? { error: fields.error } : {}),
  exit_code: fields.exitCode,
  stderr: fields.stderr,
  ...(fields.stderrTruncated === true ? { stderr_truncated: true } : {}),
  stdout: fields.stdout,
  ...(fields.stdoutTruncated === true ? { stdout_truncated: true } : {})
})

export const emptyResult = (): ToolResult => makeResult({ stdout: "", stderr: "", exitCode: 0 })

/**
 * Seconds with one decimal as Rust's `{:.1}` prints `Duration::as_secs_f64()`: the exact binary
 * value rounded half-to-even (250 ms → `0.2`, 1250 ms → `1.2`, 50 ms → `0.1`), where
 * `toFixed(1)` would round exact ties up.
 */
export const formatSeconds = (ms: number): string => {
  const whole = Math.floor(ms / 1000)
  const secs = whole + ((ms - whole * 1000) * 1_000_000) / 1e9
  const tenths = roundHalfEvenTenths(secs)
  return `${tenths / 10n}.${tenths % 10n}`
}

/** round(x * 10) on the exact value of the double x, ties to even. */
const roundHalfEvenTenths = (x: number): bigint => {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, x)
  const bits = view.getBigUint64(0)
  const exponentBits = Number((bits >> 52n) & 0x7ffn)
  const fraction = bits & ((1n << 52n) - 1n)
  if (exponentBits === 0 && fraction === 0n) return 0n
  // x = mantissa * 2^exponent exactly.
  const mantissa = exponentBits === 0 ? fraction : fraction | (1n << 52n)
  const exponent = (exponentBits === 0 ? 1 : exponentBits) - 1075
  const scaled = mantissa * 10n
  if (exponent >= 0) return scaled << BigInt(exponent)
  const denominator = 1n << BigInt(-exponent)
  const quotient = scaled / denominator
  const twiceRemainder = (scaled % denominator) * 2n
  if (twiceRemainder < denominator) return quotient
  if (twiceRemainder > denominator) return quotient + 1n
  return quotient % 2n === 0n ? quotient : quotient + 1n
}

/** A run stopped by a timeout: partial output dropped, exit 124. */
export const timeoutResult = (ms: number): ToolResult =>
  makeResult({ stdout: "", stderr: `bashkit: execution timed out after ${formatSeconds(ms)}s\n`, exitCode: TIMEOUT_EXIT_CODE, error: "timeout" })

/** A run ended by an interpreter error: partial stdout dropped, exit 1, the display text as stderr. */
export const interpreterErrorResult = (kind: ErrorKind, display: string): ToolResult =>
  makeResult({ stdout: "", stderr: display, exitCode: 1, error: kind })

/** The reference's display text for an interpreter error (no trailing newline). */
export const errorDisplay = (error: ExecError): string => {
  switch (error.kind) {
    case "parse_error":
      return error.message.startsWith("parse error") ? error.message : `parse error: ${error.message}`
    case "resource_limit":
      return `resource limit exceeded: ${error.message}`
    case "execution_error":
      return `execution error: ${error.message}`
    case "timeout":
      return error.message
    case "cancelled":
      return `cancelled: ${error.message}`
  }
}
