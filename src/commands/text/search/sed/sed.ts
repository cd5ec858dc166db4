import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../../../Command.js"
import { parseArgs, type OptionSpec } from "../../../support/args.js"
import { vfsErrorText } from "../../../../vfs/VfsError.js"
import { decodeBytes } from "../text.js"
import { regexMeter } from "../../regex/meter.js"
import { SedMachine } from "./execute.js"
import { parseScript, type ScriptChunk } from "./parse.js"
import { runSedStreams } from "./stream.js"

const SPECS: ReadonlyArray<OptionSpec> = [
  { short: "n", long: "quiet" },
  { long: "silent", key: "quiet" },
  { short: "e", long: "expression", value: true, multiple: true, key: "expression" },
  { short: "f", long: "file", value: true, multiple: true, key: "file" },
  { short: "E", long: "regexp-extended", key: "extended" },
  { short: "r", key: "extended" },
  { short: "s", long: "separate" },
  { long: "in-place", value: true, optionalValue: true },
  { short: "z", long: "null-data" },
  { short: "u", long: "unbuffered" },
  { short: "l", long: "line-length", value: true },
  { long: "posix" },
  { long: "debug" },
  { long: "sandbox" },
  { long: "follow-symlinks" },
  { long: "help" },
  { long: "version" }
]

const HELP = `Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...

  -n, --quiet, --silent    suppress automatic printing of pattern space
  -e script, --expression=script
                           add the script to the commands to be executed
  -f script-file, --file=script-file
                           add the contents of script-file to the commands to be executed
  -i[SUFFIX], --in-place[=SUFFIX]
                           edit files in place (makes backup if SUFFIX supplied)
  -l N, --line-length=N    specify the desired line-wrap length for the \`l' command
  -E, -r, --regexp-extended
                           use extended regular expressions in the script
  -s, --separate           consider files as separate rather than as a single
                           continuous long stream.
  -z, --null-data          separate lines by NUL characters
`

/** Short flags that take no value and may precede `i` in a bundle (`-ni`, `-Ei.bak`). */
const BUNDLE_FLAGS = new Set(["n", "r", "E", "s", "u", "z"])

/** getopt's optional argument for `-i`: `-i.bak` and `-ni` become `--in-place=...`. */
const rewriteInPlace = (argv: ReadonlyArray<string>): Array<string> => {
  const out: Array<string> = []
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k]!
    if (arg === "--") {
      out.push(...argv.slice(k))
      break
    }
    if (arg === "-e" || arg === "-f" || arg === "-l" || arg === "--expression" || arg === "--file" || arg === "--line-length") {
      out.push(arg)
      if (k + 1 < argv.length) out.push(argv[++k]!)
      continue
    }
    if (arg.startsWith("-") && !arg.startsWith("--") && arg.length > 1) {
      let j = 1
      while (j < arg.length && BUNDLE_FLAGS.has(arg[j]!)) j++
      if (arg[j] === "i") {
        if (j > 1) out.push("-" + arg.slice(1, j))
        out.push(`--in-place=${arg.slice(j + 1)}`)
        continue
      }
    }
    out.push(arg)
  }
  return out
}

const fail = (ctx: CommandContext, message: string, status: number): Effect.Effect<number, CommandFailure> =>
  Effect.as(ctx.stderr.write(`sed: ${message}\n`), status)

export const sedCommand: Command = {
  name: "sed",
  run: (ctx) =>
    Effect.gen(function* () {
      const parsed = parseArgs(rewriteInPlace(ctx.args), SPECS)
      if (parsed._tag === "Error") {
        return yield* fail(ctx, `${parsed.message}\nUsage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...`, 1)
      }
      const args = parsed.args
      const flag = (key: string) => (args.flags.get(key) ?? 0) > 0
      if (flag("help")) return yield* Effect.as(ctx.stdout.write(HELP), 0)
      if (flag("version")) return yield* Effect.as(ctx.stdout.write("sed (GNU sed) 4.9 (bashkit-effect)\n"), 0)
      if (flag("debug")) return yield* fail(ctx, "--debug is not supported", 1)
      const operands = [...args.operands]
      const chunks: Array<ScriptChunk> = []
      let expressionIndex = 0
      for (const { key, value } of args.order) {
        if (key === "expression") chunks.push({ text: value ?? "", origin: { type: "expression", index: ++expressionIndex } })
        else if (key === "file") {
          const path = value ?? ""
          const bytes = path === "-" ? yield* ctx.stdin.readAll : yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(path)))
          if (!(bytes instanceof Uint8Array) && bytes._tag === "Left") {
            return yield* fail(ctx, `couldn't open file ${path}: ${vfsErrorText(bytes.left.reason)}`, 1)
          }
          let text = decodeBytes(bytes instanceof Uint8Array ? bytes : bytes.right).text
          if (text.endsWith("\n")) text = text.slice(0, -1)
          chunks.push({ text, origin: { type: "file", name: path } })
        }
      }
      if (chunks.length === 0) {
        const script = operands.shift()
        if (script === undefined) {
          return yield* fail(ctx, `no script specified\nUsage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...`, 1)
        }
        chunks.push({ text: script, origin: { type: "expression", index: 1 } })
      }
      const extended = flag("extended")
      const program = parseScript(chunks, { extended })
      if (program._tag === "Error") return yield* fail(ctx, program.message, program.message.startsWith("can't find label") ? 4 : 1)
      if (flag("sandbox")) {
        const forbidden = program.program.commands.some((c) => ["r", "R", "w", "W"].includes(c.action.name) ||
          (c.action.name === "s" && c.action.substitution.writeFile !== undefined))
        if (forbidden) return yield* fail(ctx, "-e expression #1, char 0: e/r/w commands disabled in sandbox mode", 1)
      }
      const inPlace = args.values.get("in-place")
      const separate = flag("separate") || inPlace !== undefined
      const separator = flag("null-data") ? "\0" : "\n"
      const lineLength = Number(args.values.get("line-length") ?? "70")

      // Files read by r/R, loaded up front (the machine itself is synchronous).
      const readable = new Map<string, string>()
      for (const command of program.program.commands) {
        const action = command.action
        if ((action.name === "r" || action.name === "R") && !readable.has(action.file)) {
          if (action.file === "/dev/stdin") {
            readable.set(action.file, decodeBytes(yield* ctx.stdin.readAll).text)
            continue
          }
          const bytes = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(action.file)))
          if (bytes._tag === "Right") readable.set(action.file, decodeBytes(bytes.right).text)
        }
      }
      const lease = ctx.budget.lease()
      const machine = new SedMachine(
        program.program,
        {
          silent: flag("quiet"),
          extended,
          separator,
          lineWrap: Number.isFinite(lineLength) ? lineLength : 70,
          readFile: (name) => readable.get(name),
          maxSpaceChars: ctx.limits.maxStringLength,
          regexMeter: regexMeter(ctx.budget, "sed")
        },
        ctx.budget,
        lease
      )
      const regexError = machine.precompile()
      if (regexError !== undefined) return yield* fail(ctx, `-e expression #1, char 0: ${regexError}`, 1)

      if (inPlace !== undefined && operands.length === 0) return yield* fail(ctx, "no input files", 1)
      if (operands.length === 0) operands.push("-")
      const streams = runSedStreams(ctx, machine, {
        operands,
        separate,
        inPlace,
        followSymlinks: flag("follow-symlinks"),
        separatorByte: separator.charCodeAt(0)
      }, lease)
      return yield* Effect.ensuring(streams, Effect.sync(() => lease.release()))
    })
}
