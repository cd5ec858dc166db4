/** One line per attack outcome, for the suite's summary and the bench's hostile table. */
import type { IsolatedResult } from "../../support/isolatedProtocol.js"
import { measureOf } from "./verdict.js"
import type { Attack } from "./types.js"

export const formatOutcome = (attack: Attack, result: IsolatedResult, problems: ReadonlyArray<string>, expectedToFail: boolean): string => {
  const mark = problems.length === 0 ? (expectedToFail ? "PASS (on the expected-failure list!)" : "ok") : expectedToFail ? "xfail" : "FAIL"
  const measure = measureOf(result)
  const facts =
    typeof measure === "string"
      ? measure
      : [
          `status ${measure.interrupted ? "interrupted" : measure.exitCode}`,
          `${measure.elapsedMs.toFixed(0)} ms`,
          ...(measure.stopMs !== undefined ? [`stop ${measure.stopMs.toFixed(0)} ms`] : []),
          `rss +${Math.max(0, measure.peakRssMb - measure.rssBeforeMb).toFixed(0)} MiB`,
          `loop ${measure.loopDelayMs.toFixed(0)} ms`,
          `echo ${measure.echoMs.toFixed(0)} ms`
        ].join(", ")
  const why = problems.length === 0 ? "" : `: ${problems.join("; ")}`
  return `${mark.padEnd(5)} ${attack.category}/${attack.id} (${facts})${why}`
}
