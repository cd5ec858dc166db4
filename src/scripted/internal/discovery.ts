import { Effect } from "effect"
import type { Command } from "../../commands/Command.js"
import type { ToolDef } from "../ToolDef.js"
import { compareKeys, toPrettyJson } from "./json.js"
import { usage } from "./schemaTypes.js"
import type { InvocationLog } from "./trace.js"

/** The `help` and `discover` builtins of a scripted tool (§2.9, §2.10); output always English. */

export const HELP_USAGE = "usage: help [--list] [<tool>] [--json]"
export const DISCOVER_USAGE = "usage: discover --categories | --category <name> | --tag <tag> | --search <keyword> [--json]"

/** `name` padded to 20 columns, a space, the description (Rust `{:<20} {}`). */
const listLine = (def: ToolDef): string => `${def.name.padEnd(20)} ${def.description}\n`

/** `help <tool>` text, also what `<tool> --help` prints. */
export const toolHelpText = (def: ToolDef): string => {
  const u = usage(def.inputSchema)
  return `${def.name} - ${def.description}\n${u === undefined ? "" : `Usage: ${def.name} ${u}\n`}`
}

type Outcome = { readonly stdout?: string; readonly stderr?: string; readonly status: number }

/** First definition of each name wins, as the reference's registry resolves it. */
const findFirst = (defs: ReadonlyArray<ToolDef>, name: string): ToolDef | undefined => defs.find((d) => d.name === name)

export const helpOutcome = (defs: ReadonlyArray<ToolDef>, args: ReadonlyArray<string>): Outcome => {
  if (args.length === 0 || (args.length === 1 && args[0] === "--list")) return { stdout: defs.map(listLine).join(""), status: 0 }
  const json = args.includes("--json")
  const name = args.find((a) => !a.startsWith("--"))
  if (name === undefined) return { stderr: HELP_USAGE, status: 1 }
  const def = findFirst(defs, name)
  if (def === undefined) return { stderr: `help: unknown tool: ${name}`, status: 1 }
  if (!json) return { stdout: toolHelpText(def), status: 0 }
  return { stdout: `${toPrettyJson({ description: def.description, input_schema: def.inputSchema, name: def.name })}\n`, status: 0 }
}

/** The value after `flag`, `""` when it is last; undefined when the flag is absent. */
const flagValue = (args: ReadonlyArray<string>, flag: string): string | undefined => {
  const i = args.indexOf(flag)
  return i === -1 ? undefined : (args[i + 1] ?? "")
}

const toolSummary = (def: ToolDef) => ({
  name: def.name,
  description: def.description,
  ...(def.tags.length > 0 ? { tags: def.tags } : {}),
  ...(def.category !== undefined ? { category: def.category } : {})
})

export const discoverOutcome = (defs: ReadonlyArray<ToolDef>, args: ReadonlyArray<string>): Outcome => {
  if (args.length === 0) return { stderr: DISCOVER_USAGE, status: 1 }
  const json = args.includes("--json")
  if (args.includes("--categories")) {
    const counts = new Map<string, number>()
    for (const def of defs) if (def.category !== undefined) counts.set(def.category, (counts.get(def.category) ?? 0) + 1)
    const sorted = [...counts.entries()].sort(([a], [b]) => compareKeys(a, b))
    if (json) return { stdout: `${toPrettyJson(sorted.map(([category, count]) => ({ category, count })))}\n`, status: 0 }
    return { stdout: sorted.map(([c, n]) => `${c} (${n} ${n === 1 ? "tool" : "tools"})\n`).join(""), status: 0 }
  }
  const category = flagValue(args, "--category")
  const tag = flagValue(args, "--tag")
  const search = flagValue(args, "--search")
  let matches: ReadonlyArray<ToolDef>
  if (category !== undefined) matches = defs.filter((d) => d.category === category)
  else if (tag !== undefined) matches = defs.filter((d) => d.tags.includes(tag))
  else if (search !== undefined) {
    const needle = search.toLowerCase()
    matches = defs.filter((d) => d.name.toLowerCase().includes(needle) || d.description.toLowerCase().includes(needle))
  } else matches = defs
  if (json) return { stdout: `${toPrettyJson(matches.map(toolSummary))}\n`, status: 0 }
  return { stdout: matches.map(listLine).join(""), status: 0 }
}

const asCommand = (
  name: "help" | "discover",
  kind: "Help" | "Discover",
  outcome: (args: ReadonlyArray<string>) => Outcome,
  log: InvocationLog
): Command => ({
  name,
  run: (ctx) =>
    Effect.gen(function* () {
      const result = outcome(ctx.args)
      if (result.stdout !== undefined && result.stdout !== "") yield* ctx.stdout.write(result.stdout)
      if (result.stderr !== undefined) yield* ctx.stderr.write(result.stderr)
      log.record(name, kind, ctx.args, result.status)
      return result.status
    })
})

export const helpCommand = (defs: ReadonlyArray<ToolDef>, log: InvocationLog): Command =>
  asCommand("help", "Help", (args) => helpOutcome(defs, args), log)

export const discoverCommand = (defs: ReadonlyArray<ToolDef>, log: InvocationLog): Command =>
  asCommand("discover", "Discover", (args) => discoverOutcome(defs, args), log)
