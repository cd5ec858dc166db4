import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { ScriptedTool } from "../../src/scripted/ScriptedTool.js"
import { ScriptingToolSet } from "../../src/scripted/ScriptingToolSet.js"
import { ToolDef } from "../../src/scripted/ToolDef.js"
import { getUserDef, run, testBuilder } from "./support.js"

const catalog = ScriptedTool.builder("shop")
  .toolFn(getUserDef.withCategory("users").withTags(["read", "user"]), () => "{}")
  .toolFn(ToolDef.make("list_orders", "List orders of a user").withCategory("orders").withTags(["read"]), () => "[]")
  .toolFn(ToolDef.make("create_discount", "Create a discount code").withCategory("orders"), () => "ok")
  .toolFn(ToolDef.make("a_very_long_tool_name_x", "Uncategorised"), () => "")
  .build()

const rows: ReadonlyArray<readonly [string, string, string]> = [
  ["categories", "discover --categories", "orders (2 tools)\nusers (1 tool)\n"],
  ["categories json", "discover --categories --json", '[\n  {\n    "category": "orders",\n    "count": 2\n  },\n  {\n    "category": "users",\n    "count": 1\n  }\n]\n'],
  ["category filter", "discover --category orders", "list_orders          List orders of a user\ncreate_discount      Create a discount code\n"],
  ["tag filter", "discover --tag user", "get_user             Fetch user by ID\n"],
  ["search is case-insensitive on name and description", "discover --search ORDER", "list_orders          List orders of a user\n"],
  ["search without value matches all", "discover --search", "get_user             Fetch user by ID\nlist_orders          List orders of a user\ncreate_discount      Create a discount code\na_very_long_tool_name_x Uncategorised\n"],
  ["category without value matches nothing", "discover --category", ""],
  ["--categories beats --category", "discover --category orders --categories", "orders (2 tools)\nusers (1 tool)\n"],
  ["only --json lists all", "discover --json --search zzz_no_match", "[]\n"],
  ["unknown flags list all", "discover --bogus | wc -l", "4\n"],
  ["filtered json has tags and category only when set", "discover --search discount --json", '[\n  {\n    "category": "orders",\n    "description": "Create a discount code",\n    "name": "create_discount"\n  }\n]\n'],
  ["tags in json", "discover --tag user --json | jq -c '.[0]'", '{"category":"users","description":"Fetch user by ID","name":"get_user","tags":["read","user"]}\n']
]

describe("discover builtin (§2.10)", () => {
  for (const [name, script, stdout] of rows) {
    it.effect(name, () =>
      Effect.gen(function* () {
        const result = yield* run(catalog, script)
        expect({ stdout: result.stdout, exit_code: result.exit_code }).toEqual({ stdout, exit_code: 0 })
      })
    )
  }

  it.effect("no categories: empty text and []", () =>
    Effect.gen(function* () {
      const t = testBuilder().build()
      expect((yield* run(t, "discover --categories")).stdout).toBe("")
      expect((yield* run(t, "discover --categories --json")).stdout).toBe("[]\n")
      expect((yield* run(ScriptedTool.builder("none").build(), "help; echo rc=$?")).stdout).toBe("rc=0\n")
    })
  )
})

describe("metadata (§2.3)", () => {
  it("names, descriptions and the prompt", () => {
    const t = testBuilder().build()
    expect(t.name()).toBe("test_api")
    expect(t.displayName()).toBe("test_api")
    expect(t.shortDescription()).toBe("ScriptedTool: test_api")
    expect(t.description()).toBe("Compose tool callbacks through bash scripts: get_user, fail_tool, from_stdin, emit")
    expect(t.systemPrompt()).toBe(
      "test_api: run bash scripts that orchestrate registered tool commands. Commands: get_user [--id <integer>], fail_tool, from_stdin, emit [--n <integer> --text <string> --v <string>]. Pass args as --key value or --key=value. Shell logic and stdin pipelines are available; filesystem primitives are unavailable. Use help/discover builtins for runtime details."
    )
    expect(testBuilder().shortDescription("Shop tools").build().shortDescription()).toBe("Shop tools")
  })

  it("no tools", () => {
    const t = ScriptedTool.builder("empty").build()
    expect(t.description()).toBe("Compose tool callbacks through bash scripts: ")
    expect(t.systemPrompt()).toContain("Commands: .")
  })

  it("compact prompt lists name (description)", () => {
    const t = testBuilder().compactPrompt(true).build()
    expect(t.systemPrompt()).toContain("Commands: get_user (Fetch user by ID), fail_tool (Always fails),")
  })

  it("Ukrainian strings", () => {
    const t = testBuilder().locale("uk-UA").build()
    expect(t.description()).toBe("Компонує виклики інструментів через bash-скрипти: get_user, fail_tool, from_stdin, emit")
    expect(t.systemPrompt()).toMatch(/^test_api: виконує bash-скрипти для оркестрації зареєстрованих команд\. Команди: get_user \[--id <integer>\]/)
    expect(t.locale()).toBe("uk-UA")
    expect(testBuilder().locale("UK").build().description()).toMatch(/^Compose/)
  })

  it("help Markdown", () => {
    const help = testBuilder().build().help()
    expect(help.startsWith("# test_api\n")).toBe(true)
    expect(help).toContain("## Tool Commands")
    expect(help).toContain("| `get_user` | Fetch user by ID | `get_user --id <integer>` |")
    expect(help).toContain("| `fail_tool` | Always fails | `fail_tool` |")
    expect(help).toContain("`help <tool> --json`")
  })

  it("tool definition and schemas", () => {
    const builder = testBuilder()
    const def = builder.buildToolDefinition()
    expect(def.type).toBe("function")
    expect(def.function.name).toBe("test_api")
    expect(def.function.description).toBe(builder.build().description())
    expect(builder.buildInputSchema()).toEqual(builder.build().inputSchema())
    expect(builder.buildOutputSchema()).toHaveProperty("required", ["stdout", "stderr", "exit_code"])
  })

  it.effect("buildService returns the result only", () =>
    Effect.gen(function* () {
      const result = yield* testBuilder().buildService()({ commands: "get_user --id 7 | jq .id" })
      expect(result).toEqual({ exit_code: 0, stderr: "", stdout: "7\n" })
    })
  )
})

describe("ScriptingToolSet (§2.11, §2.12)", () => {
  const setBuilder = ScriptingToolSet.builder("shop").toolFn(getUserDef.withCategory("users"), (a) => `{"id":${a.int("id")}}\n`)

  it("Exclusive: one scripted tool with the full prompt", () => {
    const set = setBuilder.build()
    expect(set.discoveryMode()).toBe("Exclusive")
    const tools = set.tools()
    expect(tools).toHaveLength(1)
    expect(tools[0]!.systemPrompt()).toContain("get_user [--id <integer>]")
    expect(tools[0]!.systemPrompt()).not.toContain("discover --categories")
    expect(tools[0]!.shortDescription()).toBe("ScriptingToolSet: shop")
  })

  it("WithDiscovery: compact scripted tool plus the discover tool", () => {
    const set = setBuilder.withDiscovery().build()
    expect(set.discoveryMode()).toBe("WithDiscovery")
    const [scripted, discover] = set.tools()
    expect(scripted!.systemPrompt()).toContain("get_user (Fetch user by ID)")
    expect(discover!.name()).toBe("shop_discover")
    expect(discover!.displayName()).toBe("shop Discover")
    expect(discover!.description()).toBe("Discover available shop commands")
    expect(discover!.systemPrompt()).toBe(
      "shop_discover: discover available tool commands. Use `discover --categories`, `discover --search <keyword>`, `help <tool>`, `help <tool> --json`."
    )
    expect(Object.keys((discover!.inputSchema() as { properties: object }).properties).sort()).toEqual(["all", "commands", "query", "timeout_ms"])
  })

  const discoverTool = () => setBuilder.withDiscovery().build()

  const argErrors: ReadonlyArray<readonly [string, unknown, string]> = [
    ["not an object", "x", "arguments must be a JSON object"],
    ["nothing to do", { timeout_ms: 5 }, "one of `commands`, `all`, or `query` is required"],
    ["query with control characters", { query: "a; ls" }, "query contains unsupported shell control characters"],
    ["commands with control characters", { commands: "discover --categories | cat" }, "discover tool commands cannot contain shell control characters"],
    ["command substitution", { commands: "help $(x)" }, "discover tool commands cannot contain shell control characters"],
    ["other commands", { commands: "echo hi" }, "discover tool only supports: discover, help"]
  ]
  for (const [name, args, message] of argErrors) {
    it.effect(`discover tool rejects: ${name}`, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(discoverTool().tools()[1]!.execution(args))
        expect(error).toMatchObject({ _tag: "UserFacing", message })
      })
    )
  }

  it.effect("discover tool: commands > all > query; bad timeout ignored; shared trace", () =>
    Effect.gen(function* () {
      const set = discoverTool()
      const tool = set.tools()[1]!
      const exec = (args: unknown) => Effect.flatMap(tool.execution(args), (e) => Effect.map(e.execute(), (o) => o.result.stdout))
      expect(yield* exec({ commands: "help get_user", all: true })).toBe("get_user - Fetch user by ID\nUsage: get_user --id <integer>\n")
      expect(yield* exec({ all: true, query: "x", timeout_ms: -1 })).toBe("users (1 tool)\n")
      expect(yield* exec({ query: "fetch user" })).toBe("get_user             Fetch user by ID\n")
      expect(set.takeLastExecutionTrace()?.invocations[0]).toMatchObject({ name: "discover", kind: "Discover", args: ["--search", "fetch user"] })
      expect(yield* tool.execute({ commands: "echo hi" })).toEqual({
        stdout: "",
        stderr: "discover tool only supports: discover, help",
        exit_code: 1,
        error: "discover tool only supports: discover, help"
      })
    })
  )
})
