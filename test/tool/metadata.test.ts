import { readFileSync } from "node:fs"
import { it } from "@effect/vitest"
import { Effect, JSONSchema, Layer } from "effect"
import { describe, expect } from "vitest"
import { BashTool, ToolLocale, ToolRequestSchema, ToolResultSchema, toSortedJson, VERSION } from "../../src/tool/index.js"

const EN_DESCRIPTION = "Run bash commands in an isolated virtual filesystem"
const UK_DESCRIPTION = "Виконує bash-команди в ізольованій віртуальній файловій системі"

describe("metadata (§1.3)", () => {
  it("name is bashkit in every locale; display name and description follow the locale", () => {
    for (const locale of ["en-US", "uk-UA"]) expect(BashTool.builder().locale(locale).build().name()).toBe("bashkit")
    const en = BashTool.default()
    expect(en.displayName()).toBe("Bash")
    expect(en.shortDescription()).toBe(EN_DESCRIPTION)
    expect(en.description()).toBe(EN_DESCRIPTION)
    expect(en.locale()).toBe("en-US")
    const uk = BashTool.builder().locale("uk-UA").build()
    expect(uk.displayName()).toBe("Баш")
    expect(uk.description()).toBe(UK_DESCRIPTION)
    expect(uk.systemPrompt().startsWith("bashkit:")).toBe(true)
    expect(uk.locale()).toBe("uk-UA")
  })

  it.each([
    ["uk", "Баш"],
    ["uk-UA", "Баш"],
    ["uk_UA", "Баш"],
    ["UK", "Bash"],
    ["en-GB", "Bash"],
    ["fr", "Bash"],
    ["", "Bash"]
  ])("locale %j selects display name %s (startsWith uk, case-sensitive)", (locale, display) => {
    expect(BashTool.builder().locale(locale).build().displayName()).toBe(display)
  })

  it("description gets the localized custom-command suffix, without a final period; short description does not", () => {
    const noop = () => ""
    const en = BashTool.builder().builtin("a", noop).builtin("b", noop).build()
    expect(en.description()).toBe(`${EN_DESCRIPTION}. Custom commands: a, b`)
    expect(en.shortDescription()).toBe(EN_DESCRIPTION)
    const uk = BashTool.builder().locale("uk").builtin("a", noop).build()
    expect(uk.description()).toBe(`${UK_DESCRIPTION}. Користувацькі команди: a`)
  })

  it("version is the package version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
    expect(VERSION).toBe(pkg.version)
    expect(BashTool.default().version()).toBe(pkg.version)
  })

  it("input schema is exactly the contract's", () => {
    expect(BashTool.default().inputSchema()).toEqual({
      type: "object",
      required: ["commands"],
      properties: {
        commands: { type: "string", description: "Bash commands to execute" },
        timeout_ms: { type: ["integer", "null"], format: "uint64", minimum: 0, description: "Optional per-call timeout in milliseconds" }
      }
    })
  })

  it("output schema is exactly the contract's", () => {
    const flag = (s: string) => ({ type: "boolean", default: false, description: `Whether ${s} was truncated due to output size limits` })
    expect(BashTool.default().outputSchema()).toEqual({
      type: "object",
      required: ["stdout", "stderr", "exit_code"],
      properties: {
        stdout: { type: "string", description: "Standard output from the script" },
        stderr: { type: "string", description: "Standard error from the script" },
        exit_code: { type: "integer", format: "int32", description: "Exit code; 0 means success" },
        error: { type: ["string", "null"], description: "Error message if execution failed before running" },
        stdout_truncated: flag("stdout"),
        stderr_truncated: flag("stderr"),
        final_env: { type: ["object", "null"], additionalProperties: { type: "string" }, description: "Final environment state when requested" }
      }
    })
  })

  it("schemas are serialized with sorted keys and do not depend on the locale", () => {
    const tool = BashTool.builder().locale("uk-UA").build()
    expect(JSON.stringify(tool.inputSchema())).toBe(toSortedJson(tool.inputSchema()))
    expect(JSON.stringify(tool.outputSchema())).toBe(toSortedJson(tool.outputSchema()))
    expect(tool.inputSchema()).toEqual(BashTool.default().inputSchema())
  })

  it("the hand-written schemas name the same fields as the effect/Schema wire types", () => {
    const derived = JSONSchema.make(ToolRequestSchema) as { properties: object; required: Array<string> }
    const input = BashTool.default().inputSchema() as { properties: object; required: Array<string> }
    expect(Object.keys(input.properties).sort()).toEqual(Object.keys(derived.properties).sort())
    expect(input.required).toEqual(derived.required)
    const derivedOut = JSONSchema.make(ToolResultSchema) as { properties: object; required: Array<string> }
    const output = BashTool.default().outputSchema() as { properties: object; required: Array<string> }
    expect(Object.keys(output.properties).sort()).toEqual(Object.keys(derivedOut.properties).sort())
    expect([...output.required].sort()).toEqual([...derivedOut.required].sort())
  })
})

describe("builder (§1.1, §1.3)", () => {
  it("build() is non-consuming and setters do not change the original builder", () => {
    const base = BashTool.builder().username("a")
    const extended = base.builtin("x", () => "")
    expect(base.build().description()).toBe(EN_DESCRIPTION)
    expect(base.build().description()).toBe(base.build().description())
    expect(extended.build().description()).toBe(`${EN_DESCRIPTION}. Custom commands: x`)
  })

  it("buildInputSchema/buildOutputSchema equal the built tool's schemas", () => {
    const builder = BashTool.builder().locale("uk")
    expect(builder.buildInputSchema()).toEqual(builder.build().inputSchema())
    expect(builder.buildOutputSchema()).toEqual(builder.build().outputSchema())
  })

  it("buildToolDefinition is the OpenAI function tool, three levels, with description() and sorted keys", () => {
    const builder = BashTool.builder().builtin("greet", () => "hi")
    const definition = builder.buildToolDefinition()
    expect(definition).toEqual({
      type: "function",
      function: { name: "bashkit", description: `${EN_DESCRIPTION}. Custom commands: greet`, parameters: builder.buildInputSchema() }
    })
    expect(Object.keys(definition)).toEqual(["function", "type"])
    expect(Object.keys(definition.function)).toEqual(["description", "name", "parameters"])
    expect(JSON.stringify(definition)).toBe(toSortedJson(definition))
    expect(definition).not.toHaveProperty("strict")
  })

  it.effect("BashTool.layer takes the locale from ToolLocale unless the builder sets one", () =>
    Effect.gen(function* () {
      const fromReference = yield* Effect.provide(BashTool, BashTool.layer().pipe(Layer.provide(Layer.succeed(ToolLocale, "uk-UA"))))
      expect(fromReference.displayName()).toBe("Баш")
      const explicit = yield* Effect.provide(
        BashTool,
        BashTool.layer(BashTool.builder().locale("en-US")).pipe(Layer.provide(Layer.succeed(ToolLocale, "uk-UA")))
      )
      expect(explicit.displayName()).toBe("Bash")
      const byDefault = yield* Effect.provide(BashTool, BashTool.layer())
      expect(byDefault.locale()).toBe("en-US")
    })
  )
})
