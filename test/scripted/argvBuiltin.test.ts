import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { ArgvBuiltin } from "../../src/scripted/ArgvBuiltin.js"
import { ScriptedTool } from "../../src/scripted/ScriptedTool.js"
import { ToolDef } from "../../src/scripted/ToolDef.js"
import { run } from "./support.js"

const getAgent = ArgvBuiltin.make({
  usage: "get_agent <id> [-f FORMAT]",
  about: "Show one agent",
  options: [{ short: "f", long: "format", value: true }],
  schema: Schema.Struct({
    operands: Schema.Tuple(Schema.String),
    options: Schema.Struct({ format: Schema.optional(Schema.Literal("json", "text")) })
  }),
  run: ({ operands: [id], options }) => (options.format === "json" ? `{"id":"${id}"}\n` : `agent ${id}\n`)
})

const tool = ScriptedTool.builder("control_plane")
  .builtin("get_agent", getAgent)
  .builtin("list_agents", getAgent)
  .builtin("help", getAgent)
  .toolFn(ToolDef.make("list_agents", "List agents"), () => "from tool\n")
  .build()

const rows: ReadonlyArray<readonly [string, string, string, string]> = [
  ["positional and short option", "get_agent a-42 -f json", '{"id":"a-42"}\n', ""],
  ["long option", "get_agent a-1 --format=text; echo rc=$?", "agent a-1\nrc=0\n", ""],
  ["--help on stdout", "get_agent --help; echo rc=$?", "Show one agent\n\nUsage: get_agent <id> [-f FORMAT]\nrc=0\n", ""],
  ["unknown option is a usage error", "get_agent --unknown; echo rc=$?", "rc=2\n", "get_agent: unrecognized option '--unknown'\nUsage: get_agent <id> [-f FORMAT]\n"],
  ["tool commands win on a name collision", "list_agents", "from tool\n", ""],
  ["help cannot be replaced", "help --list", "list_agents          List agents\n", ""]
]

describe("ArgvBuiltin (the ClapBuiltin equivalent)", () => {
  for (const [name, script, stdout, stderr] of rows) {
    it.effect(name, () =>
      Effect.gen(function* () {
        const result = yield* run(tool, script)
        expect({ stdout: result.stdout, stderr: result.stderr }).toEqual({ stdout, stderr })
      })
    )
  }

  it.effect("missing positional fails at parse time with the schema's message", () =>
    Effect.gen(function* () {
      const result = yield* run(tool, "get_agent; echo rc=$?")
      expect(result.stdout).toBe("rc=2\n")
      expect(result.stderr).toMatch(/^get_agent: .+\n(.|\n)*Usage: get_agent <id> \[-f FORMAT\]\n$/)
    })
  )

  it.effect("a value outside the schema is a usage error", () =>
    Effect.gen(function* () {
      const result = yield* run(tool, "get_agent a -f yaml; echo rc=$?")
      expect(result.stdout).toBe("rc=2\n")
      expect(result.stderr).toContain("get_agent: ")
    })
  )
})
