import { it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { describe, expect } from "vitest"
import { BashTool, isUserFacing, type ToolError } from "../../src/tool/index.js"

const EN = {
  object: "tool arguments must be a JSON object",
  commands: "`commands` is required",
  timeout: "`timeout_ms` must be an integer"
}
const UK = {
  object: "аргументи інструмента мають бути JSON-об'єктом",
  commands: "поле `commands` є обов'язковим",
  timeout: "поле `timeout_ms` має бути цілим числом"
}

const rejections: ReadonlyArray<readonly [string, unknown, keyof typeof EN]> = [
  ["a number", 5, "object"],
  ["a string", "echo hi", "object"],
  ["null", null, "object"],
  ["an array", [{ commands: "echo" }], "object"],
  ["an empty object", {}, "commands"],
  ["only timeout_ms", { timeout_ms: 10 }, "commands"],
  ["commands of the wrong type", { commands: 5 }, "commands"],
  ["commands null", { commands: null }, "commands"],
  ["commands missing and a bad timeout (commands is checked first)", { timeout_ms: "x" }, "commands"],
  ["a negative timeout", { commands: "echo", timeout_ms: -1 }, "timeout"],
  ["a fractional timeout", { commands: "echo", timeout_ms: 1.5 }, "timeout"],
  ["a string timeout", { commands: "echo", timeout_ms: "100" }, "timeout"],
  ["a boolean timeout", { commands: "echo", timeout_ms: true }, "timeout"],
  ["a timeout beyond u64", { commands: "echo", timeout_ms: 2 ** 65 }, "timeout"],
  ["an infinite timeout", { commands: "echo", timeout_ms: Infinity }, "timeout"]
]

const validationError = (locale: string, args: unknown): ToolError | undefined => {
  const outcome = Effect.runSync(Effect.either(BashTool.builder().locale(locale).build().execution(args)))
  return Either.isLeft(outcome) ? outcome.left : undefined
}

describe("execution(args) validation (§1.6)", () => {
  for (const [locale, texts] of [["en-US", EN], ["uk-UA", UK]] as const) {
    it.each(rejections)(`${locale}: %s is rejected`, (_label, args, key) => {
      const error = validationError(locale, args)
      expect(error?._tag).toBe("UserFacing")
      expect(error?.message).toBe(texts[key])
      expect(error !== undefined && isUserFacing(error)).toBe(true)
    })
  }

  it.each([
    ["commands only", { commands: "echo hi" }],
    ["an empty script", { commands: "" }],
    ["a zero timeout", { commands: "echo", timeout_ms: 0 }],
    ["a timeout", { commands: "echo", timeout_ms: 5000 }],
    ["timeout_ms null (our difference: no timeout)", { commands: "echo", timeout_ms: null }],
    ["unknown extra keys", { commands: "echo", extra: 1, nested: { x: true } }]
  ])("%s is accepted", (_label, args) => {
    expect(validationError("en-US", args)).toBeUndefined()
  })

  it.effect("validation runs before anything: a rejected call never executes a builtin", () =>
    Effect.gen(function* () {
      let calls = 0
      const tool = BashTool.builder()
        .builtin("count", () => {
          calls++
          return ""
        })
        .build()
      const error = yield* Effect.flip(tool.execution({ commands: "count", timeout_ms: -5 }))
      expect(error.message).toBe(EN.timeout)
      expect(calls).toBe(0)
    })
  )
})
