import { allCommands } from "../commands/registry.js"
import { shellBuiltins } from "../commands/shell/index.js"
import { builtinHints, builtinNames, effectiveLimits, envEntries, type BashToolConfig } from "./config.js"
import { toolStrings, type ToolStrings } from "./locale.js"
import { VERSION } from "./version.js"

/**
 * The text a model reads about the tool: description, system prompt and help (§1.3–§1.5).
 * Everything derives from the built configuration; `cwd` and `configure` steps never show.
 */

export const TOOL_NAME = "bashkit"

/** The reference's list, in its order; a name our shell does not (yet) have is left out. */
const REFERENCE_BUILTINS =
  "echo printf cat read grep sed awk jq head tail sort uniq cut tr wc nl paste column comm diff strings tac rev cd pwd ls find mkdir mktemp rm rmdir cp mv touch chmod chown ln file stat less tar gzip gunzip bzip2 bunzip2 bzcat du df test [ true false exit return break continue export set unset local shift source eval declare typeset readonly shopt getopts sleep date seq expr yes wait timeout xargs tee watch basename dirname realpath pushd popd dirs whoami hostname uname id env printenv history curl wget od xxd hexdump base64 kill".split(
    " "
  )

let knownCommands: ReadonlySet<string> | undefined
const shellHas = (name: string): boolean => {
  knownCommands ??= new Set([...allCommands.map((c) => c.name), ...shellBuiltins.map((b) => b.name)])
  return knownCommands.has(name)
}

export const defaultBuiltinList = (): ReadonlyArray<string> => REFERENCE_BUILTINS.filter(shellHas)

/** Everything the metadata texts need, computed once per built tool. */
export interface ToolFacts {
  readonly locale: string
  readonly strings: ToolStrings
  readonly username?: string
  readonly hostname?: string
  /** Present only when the host set limits explicitly. */
  readonly limits?: { readonly commands: number; readonly loopIterations: number; readonly functionDepth: number }
  readonly envKeys: ReadonlyArray<string>
  readonly builtinNames: ReadonlyArray<string>
  readonly hints: ReadonlyArray<string>
  readonly languageWarning?: string
}

const languageWarning = (names: ReadonlyArray<string>): string | undefined => {
  const has = (name: string) => names.includes(name) || shellHas(name)
  const missing = [...(has("perl") ? [] : ["perl"]), ...(has("python") || has("python3") ? [] : ["python/python3"])]
  return missing.length === 0 ? undefined : `${missing.join(", ")} not available.`
}

export const toolFacts = (config: BashToolConfig, locale: string): ToolFacts => {
  const names = builtinNames(config)
  const limits = effectiveLimits(config)
  const warning = languageWarning(names)
  return {
    locale,
    strings: toolStrings(locale),
    ...(config.username !== undefined ? { username: config.username } : {}),
    ...(config.hostname !== undefined ? { hostname: config.hostname } : {}),
    ...(config.limits !== undefined
      ? { limits: { commands: limits.maxCommands, loopIterations: limits.maxLoopIterations, functionDepth: limits.maxFunctionDepth } }
      : {}),
    envKeys: envEntries(config).map(([k]) => k),
    builtinNames: names,
    hints: builtinHints(config),
    ...(warning !== undefined ? { languageWarning: warning } : {})
  }
}

export const shortDescription = (facts: ToolFacts): string => facts.strings.description

/** The base sentence, plus `. Custom commands: a, b` when builtins are registered; no final period. */
export const description = (facts: ToolFacts): string =>
  facts.builtinNames.length === 0
    ? facts.strings.description
    : `${facts.strings.description}. ${facts.strings.customCommands}: ${facts.builtinNames.join(", ")}`

/** Plain text, one line, parts joined by single spaces, always starting with `bashkit:`. */
export const systemPrompt = (facts: ToolFacts): string => {
  const s = facts.strings
  const parts = [`${TOOL_NAME}: ${s.promptIntro}.`, s.promptReturns]
  if (facts.username !== undefined) parts.push(`${s.home} /home/${facts.username}.`)
  parts.push(s.useBash, s.useSource, s.batches)
  if (facts.limits !== undefined) parts.push(`${s.limits}: max_commands=${facts.limits.commands}, max_loop_iterations=${facts.limits.loopIterations}.`)
  parts.push(...facts.hints)
  if (facts.languageWarning !== undefined) parts.push(facts.languageWarning)
  return parts.join(" ")
}

const code = (text: string) => `\`${text}\``

const behaviorBullets = (facts: ToolFacts): ReadonlyArray<string> => [
  "- The virtual filesystem is isolated: each execution starts from the configured files, and nothing touches the host.",
  "- Bash syntax is supported: variables, arrays, pipes, redirections, loops, functions, `[[ ]]`, arithmetic.",
  `- Builtins available by default: ${code(defaultBuiltinList().join(" "))}`,
  ...(facts.builtinNames.length > 0 ? [`- Custom commands: ${facts.builtinNames.map(code).join(", ")}`] : []),
  ...(facts.username !== undefined ? [`- User: ${code(facts.username)}`] : []),
  ...(facts.hostname !== undefined ? [`- Host: ${code(facts.hostname)}`] : []),
  ...(facts.limits !== undefined
    ? [`- Limits: ${facts.limits.commands} commands, ${facts.limits.loopIterations} loop iterations, ${facts.limits.functionDepth} function depth`]
    : []),
  ...(facts.envKeys.length > 0 ? [`- Environment variables: ${facts.envKeys.map(code).join(", ")}`] : [])
]

const fence = (json: string) => ["```json", json, "```"]

/** Markdown; only the title and the description line are localized. */
export const help = (facts: ToolFacts): string => {
  const lines = [
    `# ${facts.strings.displayName}`,
    "",
    `${description(facts)}.`,
    "",
    `**Version:** ${VERSION}`,
    `**Name:** ${code(TOOL_NAME)}`,
    `**Locale:** ${code(facts.locale)}`,
    "",
    "## Parameters",
    "",
    "| Name | Type | Required | Default | Description |",
    "|------|------|----------|---------|-------------|",
    "| `commands` | string | yes | — | Bash commands to execute |",
    "| `timeout_ms` | integer | no | — | Optional per-call timeout in milliseconds |",
    "",
    "## Result",
    "",
    "| Field | Type | Description |",
    "|-------|------|-------------|",
    "| `stdout` | string | Standard output from the script |",
    "| `stderr` | string | Standard error from the script |",
    "| `exit_code` | integer | Exit code; 0 means success (124 after a timeout) |",
    "| `error` | string | Error category when the run was stopped (`parse_error`, `resource_limit`, `timeout`, ...) |",
    "",
    "## Examples",
    "",
    ...fence(`{"commands": "echo hello"}`),
    "",
    ...fence(`{"commands": "echo 'data' > /tmp/f.txt && cat /tmp/f.txt", "timeout_ms": 5000}`),
    "",
    "## Behavior",
    "",
    ...behaviorBullets(facts)
  ]
  if (facts.hints.length > 0) lines.push("", "## Notes", "", ...facts.hints.map((h) => `- ${h}`))
  if (facts.languageWarning !== undefined) lines.push("", "## Warnings", "", `- ${facts.languageWarning}`)
  return `${lines.join("\n")}\n`
}
