/** Differential test: every case is evaluated by /bin/bash and by evaluateArithmetic. */
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { evaluateArithmetic } from "../../src/expansion/Arithmetic.js"
import { arithmeticCases, type ArithCase } from "./arithmetic.cases.js"
import { runBash, shellQuote, stripLinePrefix } from "./support/bashOracle.js"
import { bashDescribe, bashSetup, FakeArithEnv } from "./support/fakeArithEnv.js"

const SEPARATOR = "@@@END@@@"

const withVia = (c: ArithCase): ArithCase => (c.via === true ? { ...c, vars: { ...c.vars, e: c.expr } } : c)
const expressionOf = (c: ArithCase): string => (c.via === true ? "e" : c.expr)

const bashScript = (cases: ReadonlyArray<ArithCase>): string =>
  cases
    .map((raw) => {
      const c = withVia(raw)
      const setup = bashSetup(c, shellQuote)
      return `( ${setup === "" ? ":" : setup}; echo "OK $((${expressionOf(c)}))"; ${bashDescribe(c.show ?? []) || ":"} ) 2>&1; echo ${SEPARATOR}`
    })
    .join("\n")

const ours = (raw: ArithCase): string => {
  const c = withVia(raw)
  const env = new FakeArithEnv(c)
  const result = evaluateArithmetic(expressionOf(c), env)
  const lines = [...env.warnings]
  if (Either.isLeft(result)) lines.push(result.left.message)
  else lines.push(`OK ${result.right}`, ...(c.show ?? []).map((name) => env.describe(name)))
  return lines.join("\n")
}

describe("arithmetic matches bash", () => {
  const outputs = runBash(bashScript(arithmeticCases)).stdout.split(`${SEPARATOR}\n`)
  arithmeticCases.forEach((c, index) => {
    it(`${JSON.stringify(c.expr)}${c.vars ? ` ${JSON.stringify(c.vars)}` : ""}`, () => {
      const expected = (outputs[index] ?? "").replace(/\n$/, "").split("\n").map(stripLinePrefix).join("\n")
      expect(ours(c)).toBe(expected)
    })
  })
})
