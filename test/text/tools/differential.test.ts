/** Differential suite: each row runs on the host's GNU tool and in the sandbox; any difference fails. */
import { describe, expect, it } from "vitest"
import { runHost, runSandbox, type OracleCase } from "./hostOracle.js"
import { differentialRows } from "./differentialRows.js"

describe("text tools match the host's GNU tools", () => {
  for (const [name, c] of differentialRows) {
    it(`${name} ${c.args.join(" ")}`, async () => {
      const expected = runHost(name, c)
      const actual = await runSandbox(name, c)
      if (c.stderr === false) {
        expect({ stdout: actual.stdout, exitCode: actual.exitCode }).toEqual({ stdout: expected.stdout, exitCode: expected.exitCode })
      } else expect(actual).toEqual(expected)
    })
  }
})

export type { OracleCase }
