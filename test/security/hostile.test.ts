import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runIsolatedPool, type IsolatedResult } from "../support/isolated.js"
import { bundleExecutor, type ExecutorBundle } from "./hostile/bundle.js"
import { catalogue } from "./hostile/catalogue/index.js"
import { expectedFailures } from "./hostile/expectedFailures.js"
import { bounds, killAfterMs, slack } from "./hostile/policy.js"
import { formatOutcome } from "./hostile/report.js"
import { verdict } from "./hostile/verdict.js"

/**
 * Issue 17's proof: every attack of the catalogue runs in a killable child process (a hang or a
 * memory blow-up fails its test instead of CI), and its outcome is held to the catalogue's
 * expectation. Attacks on the expected-failure list must still fail (one that passes fails the
 * suite with "remove it from the list"), so the list shrinks as the fixes land.
 *
 *   HOSTILE_FILTER=sed,glob npx vitest run test/security/hostile.test.ts   (ids containing, or categories)
 *   HOSTILE_LANES=3 (children at once, default 2)   HOSTILE_SLACK=2 (time bounds x2; default: load per core)
 */

const filters = process.env["HOSTILE_FILTER"]?.split(",").filter((f) => f !== "")
const attacks = filters === undefined ? catalogue : catalogue.filter((a) => filters.some((f) => a.id.includes(f) || a.category === f))
const lanes = Number(process.env["HOSTILE_LANES"] ?? "2") || 2

let bundle: ExecutorBundle | undefined
const results = new Map<string, IsolatedResult>()

beforeAll(async () => {
  bundle = await bundleExecutor()
  const outcomes = await runIsolatedPool(
    attacks.map((attack) => ({ id: attack.id, module: bundle!.executor, export: "runAttack", arg: attack.id, killAfterMs: killAfterMs(attack) })),
    {
      lanes,
      nodeArgs: ["--expose-gc"],
      maxRssMb: bounds.rssKillMb,
      ...(bundle.childEntry !== undefined ? { childEntry: bundle.childEntry } : {})
    }
  )
  for (const [index, outcome] of outcomes.entries()) results.set(attacks[index]!.id, outcome)
}, 30 * 60_000)

afterAll(() => {
  bundle?.dispose()
  if (results.size === 0) return
  const lines = attacks.map((attack) => {
    const result = results.get(attack.id)
    return result === undefined ? `${attack.id}: not run` : formatOutcome(attack, result, verdict(attack, result), expectedFailures[attack.id] !== undefined)
  })
  process.stdout.write(`\nhostile attacks (time bounds x${slack.toFixed(1)}):\n${lines.join("\n")}\n`)
})

describe("the hostile catalogue", () => {
  it("names each attack once, and the expected-failure list only names attacks of the catalogue", () => {
    const ids = catalogue.map((a) => a.id)
    expect(ids.length).toBe(new Set(ids).size)
    expect(Object.keys(expectedFailures).filter((id) => !ids.includes(id))).toEqual([])
  })
})

describe.each([...new Set(attacks.map((a) => a.category))])("hostile: %s", (category) => {
  for (const attack of attacks.filter((a) => a.category === category)) {
    const known = expectedFailures[attack.id]
    it(`${attack.id}${known !== undefined ? ` (expected to fail: ${known.owner})` : ""}`, () => {
      const result = results.get(attack.id)
      expect(result, "the attack did not run").toBeDefined()
      const problems = verdict(attack, result!)
      if (known === undefined) expect(problems, `${attack.id}: ${attack.script.slice(0, 200)}`).toEqual([])
      else expect(problems, `${attack.id} now ends safely: remove it from the expected-failure list (test/security/hostile/expectedFailures.ts)`).not.toEqual([])
    })
  }
})
