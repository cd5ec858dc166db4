import { Effect } from "effect"
import { type Command, overrideContext } from "../../Command.js"
import { parseArgs, type OptionSpec } from "../../support/args.js"
import { runGrep } from "./grep/grep.js"

/**
 * ripgrep's common flags, mapped onto the grep engine with rg's non-tty defaults: no line
 * numbers unless -n, Rust-regex (Perl-like) syntax, recursive over directories, hidden files
 * skipped unless --hidden, smart case with -S.
 */
const SPECS: ReadonlyArray<OptionSpec> = [
  { short: "i", long: "ignore-case" },
  { short: "s", long: "case-sensitive" },
  { short: "S", long: "smart-case" },
  { short: "n", long: "line-number" },
  { short: "N", long: "no-line-number" },
  { short: "l", long: "files-with-matches" },
  { long: "files-without-match" },
  { short: "c", long: "count" },
  { short: "v", long: "invert-match" },
  { short: "w", long: "word-regexp" },
  { short: "x", long: "line-regexp" },
  { short: "F", long: "fixed-strings" },
  { short: "e", long: "regexp", value: true, multiple: true },
  { short: "g", long: "glob", value: true, multiple: true },
  { long: "hidden" },
  { short: "o", long: "only-matching" },
  { short: "m", long: "max-count", value: true },
  { short: "q", long: "quiet" },
  { short: "H", long: "with-filename" },
  { short: "I", long: "no-filename" },
  { short: "A", long: "after-context", value: true },
  { short: "B", long: "before-context", value: true },
  { short: "C", long: "context", value: true },
  { long: "no-heading" },
  { long: "heading" },
  { long: "color", value: true },
  { short: "u", long: "unrestricted" },
  { long: "help" }
]

export const rgCommand: Command = {
  name: "rg",
  run: (ctx) =>
    Effect.gen(function* () {
      const parsed = parseArgs(ctx.args, SPECS)
      if (parsed._tag === "Error") {
        return yield* Effect.as(ctx.stderr.write(`rg: ${parsed.message}\n`), 2)
      }
      const args = parsed.args
      const flag = (key: string) => (args.flags.get(key) ?? 0) > 0
      if (flag("help")) return yield* Effect.as(ctx.stdout.write("Usage: rg [OPTIONS] PATTERN [PATH ...]\n"), 0)
      const operands = [...args.operands]
      const patterns = args.lists.get("regexp") ?? []
      if (patterns.length === 0) {
        const first = operands.shift()
        if (first === undefined) return yield* Effect.as(ctx.stderr.write("rg: no pattern given\n"), 2)
        patterns.push(first)
      }
      const argv: Array<string> = [flag("fixed-strings") ? "-F" : "-P"]
      let ignoreCase = false
      for (const { key } of args.order) {
        if (key === "ignore-case") ignoreCase = true
        else if (key === "case-sensitive") ignoreCase = false
        else if (key === "smart-case") ignoreCase = patterns.every((p) => p === p.toLowerCase())
      }
      if (ignoreCase) argv.push("-i")
      if (flag("line-number") && !flag("no-line-number")) argv.push("-n")
      for (const [key, letter] of [["files-with-matches", "-l"], ["files-without-match", "-L"], ["count", "-c"], ["invert-match", "-v"],
        ["word-regexp", "-w"], ["line-regexp", "-x"], ["only-matching", "-o"], ["quiet", "-q"], ["with-filename", "-H"], ["no-filename", "-h"]] as const) {
        if (flag(key)) argv.push(letter)
      }
      for (const key of ["max-count", "after-context", "before-context", "context"]) {
        const value = args.values.get(key)
        if (value !== undefined) argv.push(`--${key}=${value}`)
      }
      for (const glob of args.lists.get("glob") ?? []) {
        if (glob.startsWith("!")) argv.push(`--exclude=${glob.slice(1)}`, `--exclude-dir=${glob.slice(1)}`)
        else argv.push(`--include=${glob}`)
      }
      if (!flag("hidden") && !flag("unrestricted")) argv.push("--exclude=.*", "--exclude-dir=.*")
      if (operands.length > 0) argv.push("-r")
      argv.push("-s")
      for (const p of patterns) argv.push("-e", p)
      argv.push("--", ...operands)
      return yield* runGrep(overrideContext(ctx, { args: argv }), "perl")
    })
}
