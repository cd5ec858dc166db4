import { Effect } from "effect"
import { ScriptedTool, type ScriptedToolBuilder } from "../../src/scripted/ScriptedTool.js"
import { ToolDef } from "../../src/scripted/ToolDef.js"
import type { Tool } from "../../src/tool/Tool.js"
import type { ToolResult } from "../../src/tool/schemas.js"

/** Runs one script through `execution(...).execute()` and returns `result`. */
export const run = (tool: Tool, commands: string, timeout_ms?: number): Effect.Effect<ToolResult, unknown> =>
  Effect.flatMap(tool.execution(timeout_ms === undefined ? { commands } : { commands, timeout_ms }), (execution) =>
    Effect.map(execution.execute(), (output) => output.result)
  )

export const getUserDef = ToolDef.make("get_user", "Fetch user by ID").withSchema({
  type: "object",
  properties: { id: { type: "integer", description: "User ID" } },
  required: ["id"]
})

/** The reference's test tool set: get_user, fail_tool, from_stdin, emit (echoes its params). */
export const testBuilder = (): ScriptedToolBuilder =>
  ScriptedTool.builder("test_api")
    .toolFn(getUserDef, (args) => `{"id":${args.int("id")},"name":"Ada","tier":"gold"}\n`)
    .toolFn(ToolDef.make("fail_tool", "Always fails"), () => {
      throw new Error("secret host path /etc/passwd")
    })
    .toolFn(ToolDef.make("from_stdin", "Upper-cases stdin"), (args) => (args.stdin ?? "<none>").toUpperCase())
    .toolFn(
      ToolDef.make("emit", "Prints its params").withSchema({
        type: "object",
        properties: { v: { type: "string" }, n: { type: "integer" }, text: { type: "string" } }
      }),
      (args) => (args.string("text") !== undefined ? args.string("text")! : JSON.stringify(args.params))
    )
