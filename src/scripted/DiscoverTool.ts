import { Effect, Either } from "effect"
import { makeResult } from "../tool/response.js"
import { outputJsonSchema, type JsonSchema, type ToolRequest, type ToolResult } from "../tool/schemas.js"
import type { Tool, ToolStatus } from "../tool/Tool.js"
import { ToolError } from "../tool/ToolError.js"
import { makeToolExecution } from "../tool/ToolExecution.js"
import { VERSION } from "../tool/version.js"
import type { ScriptedTool } from "./ScriptedTool.js"

/**
 * The companion tool of a ScriptingToolSet in `WithDiscovery` mode (§2.12): runs only
 * `discover ...` / `help ...` against the set's scripted tool. All its texts are English.
 */

const CONTROL = ["\n", "\r", ";", "&", "|", "`", "$("]
const hasControl = (text: string) => CONTROL.some((c) => text.includes(c))

export const DISCOVER_ERRORS = {
  notObject: "arguments must be a JSON object",
  queryControl: "query contains unsupported shell control characters",
  missing: "one of `commands`, `all`, or `query` is required",
  commandControl: "discover tool commands cannot contain shell control characters",
  unsupported: "discover tool only supports: discover, help"
} as const

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)
const isU64 = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** The only commands the tool runs: one `discover`/`help` invocation without shell control characters. */
export const checkDiscoverCommand = (commands: string): string | undefined => {
  if (hasControl(commands)) return DISCOVER_ERRORS.commandControl
  const first = commands.trim().split(/\s+/)[0] ?? ""
  if (first !== "discover" && first !== "help") return DISCOVER_ERRORS.unsupported
  return undefined
}

/** The request its arguments describe: `commands` > `all: true` > `query`. */
export const discoverRequest = (args: unknown): Either.Either<ToolRequest, string> => {
  if (!isObject(args)) return Either.left(DISCOVER_ERRORS.notObject)
  const timeout = isU64(args["timeout_ms"]) ? { timeout_ms: args["timeout_ms"] } : {}
  let commands: string
  if (typeof args["commands"] === "string") commands = args["commands"]
  else if (args["all"] === true) commands = "discover --categories"
  else if (typeof args["query"] === "string") {
    if (hasControl(args["query"])) return Either.left(DISCOVER_ERRORS.queryControl)
    commands = `discover --search ${shellQuote(args["query"])}`
  } else return Either.left(DISCOVER_ERRORS.missing)
  const rejected = checkDiscoverCommand(commands)
  return rejected === undefined ? Either.right({ commands, ...timeout }) : Either.left(rejected)
}

const inputSchema = (): JsonSchema => ({
  properties: {
    all: { description: "List all tools (by category)", type: "boolean" },
    commands: { description: "A discover or help command to run", type: "string" },
    query: { description: "Keyword to search tool names and descriptions", type: "string" },
    timeout_ms: { description: "Optional per-call timeout in milliseconds", type: "integer" }
  },
  type: "object"
})

const rejection = (message: string): ToolResult => makeResult({ stdout: "", stderr: message, exitCode: 1, error: message })

export const makeDiscoverTool = (name: string, locale: string, inner: ScriptedTool): Tool => {
  const run = (request: ToolRequest): Effect.Effect<ToolResult> => {
    const rejected = checkDiscoverCommand(request.commands)
    return rejected !== undefined ? Effect.succeed(rejection(rejected)) : inner.execute(request)
  }
  const description = `Discover available ${name} commands`
  return {
    name: () => `${name}_discover`,
    displayName: () => `${name} Discover`,
    shortDescription: () => description,
    description: () => description,
    systemPrompt: () =>
      `${name}_discover: discover available tool commands. Use \`discover --categories\`, \`discover --search <keyword>\`, \`help <tool>\`, \`help <tool> --json\`.`,
    help: () =>
      [
        `# ${name} Discover`,
        "",
        `${description}.`,
        "",
        "## Commands",
        "",
        "- `discover --categories` — categories and how many tools each has",
        "- `discover --category <name>` — tools of one category",
        "- `discover --tag <tag>` — tools with a tag",
        "- `discover --search <keyword>` — tools whose name or description contains the keyword",
        "- `help --list` — every tool with its description",
        "- `help <tool>` — a tool's usage",
        "- `help <tool> --json` — a tool's input schema",
        ""
      ].join("\n"),
    locale: () => locale,
    version: () => VERSION,
    inputSchema,
    outputSchema: outputJsonSchema,
    execution: (args) =>
      Effect.suspend(() => {
        const request = discoverRequest(args)
        if (Either.isLeft(request)) return Effect.fail(ToolError.UserFacing(request.left))
        return Effect.succeed(makeToolExecution(() => inner.execute(request.right)))
      }),
    execute: run,
    executeWithStatus: (request, onStatus: (status: ToolStatus) => void) =>
      Effect.suspend(() => {
        const rejected = checkDiscoverCommand(request.commands)
        if (rejected !== undefined) return Effect.succeed(rejection(rejected))
        return inner.executeWithStatus(request, onStatus)
      })
  }
}
