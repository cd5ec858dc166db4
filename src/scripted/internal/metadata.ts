import { VERSION } from "../../tool/version.js"
import { scriptedToolStrings } from "../strings.js"
import type { ToolDef } from "../ToolDef.js"
import { usage } from "./schemaTypes.js"

/** The texts a ScriptedTool shows a model (§2.3). */
export interface ScriptedFacts {
  readonly name: string
  readonly locale: string
  readonly defs: ReadonlyArray<ToolDef>
  readonly compact: boolean
}

/** `<prefix>: a, b` (ends in `": "` with no tools; duplicates listed twice). */
export const description = (facts: ScriptedFacts): string =>
  `${scriptedToolStrings(facts.locale).descriptionPrefix}: ${facts.defs.map((d) => d.name).join(", ")}`

const promptItem = (def: ToolDef, compact: boolean): string => {
  if (compact) return `${def.name} (${def.description})`
  const u = usage(def.inputSchema)
  return u === undefined ? def.name : `${def.name} [${u}]`
}

export const systemPrompt = (facts: ScriptedFacts): string => {
  const s = scriptedToolStrings(facts.locale)
  const list = facts.defs.map((d) => promptItem(d, facts.compact)).join(", ")
  return `${facts.name}: ${s.promptIntro}. ${s.commandsLabel}: ${list}. ${s.promptTail}`
}

const code = (text: string) => `\`${text}\``
const fence = (json: string) => ["```json", json, "```"]

const commandRow = (def: ToolDef): string => {
  const u = usage(def.inputSchema)
  return `| ${code(def.name)} | ${def.description} | ${code(u === undefined ? def.name : `${def.name} ${u}`)} |`
}

/** Markdown, English (only the description line follows the locale). */
export const help = (facts: ScriptedFacts): string => {
  const lines = [
    `# ${facts.name}`,
    "",
    `${description(facts)}`,
    "",
    `**Version:** ${VERSION}`,
    `**Name:** ${code(facts.name)}`,
    `**Locale:** ${code(facts.locale)}`,
    "",
    "## Parameters",
    "",
    "| Name | Type | Required | Default | Description |",
    "|------|------|----------|---------|-------------|",
    "| `commands` | string | yes | — | Bash script that may call the registered tool commands |",
    "| `timeout_ms` | integer | no | — | Optional per-call timeout in milliseconds |",
    "",
    "## Tool Commands",
    "",
    "| Name | Description | Usage |",
    "|------|-------------|-------|",
    ...facts.defs.map(commandRow),
    "",
    "## Result",
    "",
    "| Field | Type | Description |",
    "|-------|------|-------------|",
    "| `stdout` | string | Combined output of the script and its tool commands |",
    "| `stderr` | string | Tool or bash errors |",
    "| `exit_code` | integer | Exit code; 0 means success (124 after a timeout) |",
    "| `error` | string | Error message when the run was stopped |",
    "",
    "## Examples",
    "",
    ...fence(`{"commands": "get_user --id 42"}`),
    "",
    ...fence(JSON.stringify({ commands: "user=$(get_user --id 42)\necho \"$user\" | jq -r '.name'" })),
    "",
    "## Notes",
    "",
    "- Pass arguments to tool commands as `--key value` or `--key=value`.",
    "- Shell logic (variables, arrays, functions, if/case/for/while), heredocs, here-strings and stdin transforms (jq, grep, sed, awk, sort, ...) are available.",
    "- Filesystem primitives are rejected: file commands, path execution, file redirection (except /dev/null) and process substitution.",
    "- Use `help <tool> --json` to read a tool's full input schema."
  ]
  return `${lines.join("\n")}\n`
}
