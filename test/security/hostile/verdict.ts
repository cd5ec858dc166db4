/**
 * Is an attack's outcome safe? (parent side; pure). Returns the problems found, empty when the
 * outcome is what the catalogue expects: the attack ended, in time, with an allowed status and
 * output, within the memory, event-loop and fairness bounds, and touched nothing outside.
 */
import type { IsolatedResult } from "../../support/isolatedProtocol.js"
import { HOST_CANARY } from "./hostDirectory.js"
import { attackDeadlineMs, bounds, memoryBudgetBytes } from "./policy.js"
import type { Attack, AttackMeasure } from "./types.js"

const MiB = 1024 * 1024

const matches = (text: string, expected: string | RegExp): boolean => (typeof expected === "string" ? text === expected : expected.test(text))

const show = (text: string): string => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text)

/** The measurements of an isolated result, or why there are none. */
export const measureOf = (result: IsolatedResult): AttackMeasure | string => {
  if ("killed" in result) return `killed (${result.killed}) after ${result.elapsedMs.toFixed(0)} ms: ${result.detail.split("\n")[0]}`
  if (result.error !== undefined) return `the executor failed: ${result.error}`
  const value = result.value as AttackMeasure | undefined
  return value === undefined ? "no measurements came back" : value
}

export const verdict = (attack: Attack, result: IsolatedResult): Array<string> => {
  const measure = measureOf(result)
  if (typeof measure === "string") return [measure]
  const problems: Array<string> = []
  const expect = attack.expect
  if (measure.rejected !== undefined) problems.push(`the entry point rejected instead of returning a result: ${measure.rejected}`)
  if (measure.polluted !== undefined) problems.push(`escape: ${measure.polluted}`)
  if (measure.stdout.includes(HOST_CANARY) || measure.stderr.includes(HOST_CANARY)) problems.push("escape: the host canary beside the root was read")
  // Status and output (every concurrent copy is held to the same expectation).
  const runs = measure.copies ?? [{ stdout: measure.stdout, stderr: measure.stderr, exitCode: measure.exitCode }]
  for (const [index, run] of runs.entries()) {
    const which = runs.length > 1 ? `copy ${index}: ` : ""
    if (expect.interrupted === true) {
      if (!measure.interrupted) problems.push(`${which}expected the exec to be interrupted, it ended with status ${run.exitCode}`)
    } else if (measure.interrupted) problems.push(`${which}the exec was interrupted`)
    else if (expect.status !== undefined && !expect.status.includes(run.exitCode)) problems.push(`${which}status ${run.exitCode}, expected one of ${expect.status.join("/")} (stderr ${show(run.stderr)})`)
    if (expect.stdout !== undefined && !matches(run.stdout, expect.stdout)) problems.push(`${which}stdout ${show(run.stdout)}, expected ${typeof expect.stdout === "string" ? show(expect.stdout) : String(expect.stdout)}`)
    if (expect.stdoutNot !== undefined && expect.stdoutNot.test(run.stdout)) problems.push(`${which}stdout ${show(run.stdout)} matches ${String(expect.stdoutNot)}`)
    if (expect.stderr !== undefined && !expect.stderr.test(run.stderr)) problems.push(`${which}stderr ${show(run.stderr)} does not match ${String(expect.stderr)}`)
    if (expect.stderrNot !== undefined && expect.stderrNot.test(run.stderr)) problems.push(`${which}stderr ${show(run.stderr)} matches ${String(expect.stderrNot)}`)
  }
  for (const [index, expected] of (expect.alongsideStdout ?? []).entries()) {
    const got = measure.alongside?.[index]?.stdout ?? "(did not run)"
    if (!matches(got, expected)) problems.push(`concurrent exec ${index} printed ${show(got)}, expected ${String(expected)} (execs on one shell interleaved?)`)
  }
  // Time: the deadline (or the cancel) plus a margin.
  const deadline = attackDeadlineMs(attack)
  const overrun = measure.elapsedMs - deadline
  const overrunBound = expect.overrunMs ?? bounds.overrunMs
  if (overrun > overrunBound) problems.push(`ran ${measure.elapsedMs.toFixed(0)} ms, ${overrun.toFixed(0)} ms past its ${attack.cancel !== undefined ? "cancel" : "deadline"} (bound ${overrunBound})`)
  if (attack.cancel !== undefined) {
    const stopBound = expect.stopMs ?? bounds.stopMs
    if (measure.stopMs === undefined || measure.stopMs <= 0) {
      problems.push(
        measure.elapsedMs > attack.cancel.atMs
          ? `the ${attack.cancel.kind} due at ${attack.cancel.atMs} ms could not fire before the exec ended at ${measure.elapsedMs.toFixed(0)} ms (the event loop was held)`
          : `ended ${measure.elapsedMs.toFixed(0)} ms in, before the ${attack.cancel.kind} at ${attack.cancel.atMs} ms (nothing to cancel)`
      )
    }
    else if (measure.stopMs > stopBound) problems.push(`stopped ${measure.stopMs.toFixed(0)} ms after the ${attack.cancel.kind} (bound ${stopBound})`)
  }
  // Memory, event loop, fairness.
  const rssBound = expect.rssGrowthMb ?? (2 * memoryBudgetBytes(attack)) / MiB + bounds.rssConstantMb
  const growth = measure.peakRssMb - measure.rssBeforeMb
  if (growth > rssBound) problems.push(`peak RSS grew ${growth.toFixed(0)} MiB (bound ${rssBound.toFixed(0)})`)
  const loopBound = expect.loopDelayMs ?? bounds.loopDelayMs
  if (measure.loopDelayMs > loopBound) problems.push(`event loop blocked ${measure.loopDelayMs.toFixed(0)} ms (bound ${loopBound})`)
  const echoBound = expect.echoMs ?? bounds.echoMs
  if (measure.echoMs > echoBound) problems.push(`a second sandbox's echo waited ${measure.echoMs.toFixed(0)} ms (bound ${echoBound})`)
  // What a host directory holds afterwards.
  if (measure.host !== undefined) {
    if (measure.host.outsideTouched) problems.push("escape: something beside the host root changed")
    if (expect.hostBytesAtMost !== undefined && measure.host.bytes > expect.hostBytesAtMost) problems.push(`the host directory holds ${measure.host.bytes} bytes (limit ${expect.hostBytesAtMost})`)
    if (expect.hostFilesAtMost !== undefined && measure.host.files > expect.hostFilesAtMost) problems.push(`the host directory holds ${measure.host.files} entries (limit ${expect.hostFilesAtMost})`)
    if (expect.hostDepthAtMost !== undefined && measure.host.depth > expect.hostDepthAtMost) problems.push(`the host directory is ${measure.host.depth} levels deep (limit ${expect.hostDepthAtMost})`)
  }
  if (expect.streamedBytesAtMost !== undefined && (measure.streamedBytes ?? 0) > expect.streamedBytesAtMost) {
    problems.push(`streamed ${measure.streamedBytes} bytes (output cap ${expect.streamedBytesAtMost})`)
  }
  return problems
}
