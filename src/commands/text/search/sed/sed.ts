import { Effect } from "effect"
import type { Command, CommandContext, CommandFailure } from "../../../Command.js"
import { parseArgs, type OptionSpec } from "../../../support/args.js"
import { vfsErrorText, type VfsError } from "../../../../vfs/VfsError.js"
import { decodeBytes, type DecodedText } from "../text.js"
import { regexMeter } from "../../regex/meter.js"
import { SedMachine, type SedInput } from "./execute.js"
import { parseScript, type ScriptChunk } from "./parse.js"

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

const splitLines = (decoded: DecodedText, separator: string, name: string): SedInput => {
  const text = decoded.text
  if (text === "") return { name, lines: [], finalNewline: true }
  const lines = text.split(separator)
  const finalNewline = text.endsWith(separator)
  if (finalNewline) lines.pop()
  return { name, lines, finalNewline }
}

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
      const machine = new SedMachine(program.program, {
        silent: flag("quiet"),
        extended,
        separator,
        lineWrap: Number.isFinite(lineLength) ? lineLength : 70,
        readFile: (name) => readable.get(name),
        regexMeter: regexMeter(ctx.budget, "sed")
      })
      const regexError = machine.precompile()
      if (regexError !== undefined) return yield* fail(ctx, `-e expression #1, char 0: ${regexError}`, 1)

      if (inPlace !== undefined && operands.length === 0) return yield* fail(ctx, "no input files", 1)
      if (operands.length === 0) operands.push("-")
      let status = 0
      const inputs: Array<{ input: SedInput; decoded: DecodedText; path: string | undefined }> = []
      for (const operand of operands) {
        if (operand === "-" && inPlace === undefined) {
          const decoded = decodeBytes(yield* ctx.stdin.readAll)
          inputs.push({ input: splitLines(decoded, separator, "-"), decoded, path: undefined })
          continue
        }
        const path = ctx.resolvePath(operand)
        const stat = yield* Effect.either(ctx.fs.stat(path))
        if (stat._tag === "Right" && stat.right.type === "directory") {
          yield* ctx.stderr.write(inPlace !== undefined ? `sed: couldn't edit ${operand}: not a regular file\n` : `sed: read error on ${operand}: Is a directory\n`)
          status = inPlace !== undefined ? 4 : 2
          continue
        }
        const bytes = yield* Effect.either(ctx.fs.readFile(path))
        if (bytes._tag === "Left") {
          yield* ctx.stderr.write(`sed: can't read ${operand}: ${vfsErrorText(bytes.left.reason)}\n`)
          status = 2
          continue
        }
        const decoded = decodeBytes(bytes.right)
        inputs.push({ input: splitLines(decoded, separator, operand), decoded, path })
      }
      const encode = inputs[0]?.decoded.encode ?? ((text: string) => new TextEncoder().encode(text))
      let exitCode = 0
      if (!separate) {
        const result = machine.run(inputs.map((i) => i.input))
        yield* ctx.stdout.write(encode(result.output))
        exitCode = result.exitCode
        if (result.error !== undefined) yield* ctx.stderr.write(`sed: ${result.error}\n`)
        yield* flushWrites(ctx, result.writes)
      } else {
        for (const { input, decoded, path } of inputs) {
          const result = machine.run([input])
          if (inPlace !== undefined && path !== undefined) {
            if (inPlace !== "") {
              const slash = path.lastIndexOf("/")
              const base = path.slice(slash + 1)
              const backup = inPlace.includes("*") ? inPlace.replaceAll("*", base) : base + inPlace
              const backupPath = backup.includes("/") ? ctx.resolvePath(backup) : path.slice(0, slash + 1) + backup
              yield* Effect.ignore(ctx.fs.copy(path, backupPath))
            }
            const written = yield* Effect.either(replaceFile(ctx, path, decoded.encode(result.output), flag("follow-symlinks")))
            if (written._tag === "Left") {
              yield* ctx.stderr.write(`sed: couldn't open file ${input.name}: ${vfsErrorText(written.left.reason)}\n`)
              status = 4
            }
          } else yield* ctx.stdout.write(decoded.encode(result.output))
          exitCode = result.exitCode
          if (result.error !== undefined) yield* ctx.stderr.write(`sed: ${result.error}\n`)
          if (result.quit) break
        }
        yield* flushWrites(ctx, machine.run([]).writes)
      }
      return exitCode !== 0 ? exitCode : status
    })
}

/**
 * Write the edited text of `sed -i`. GNU sed renames a new file over the old one, so a
 * symlink is replaced by a regular file (with its target's mode) unless --follow-symlinks.
 */
const replaceFile = (ctx: CommandContext, path: string, bytes: Uint8Array, followSymlinks: boolean): Effect.Effect<void, VfsError> =>
  Effect.gen(function* () {
    const link = yield* ctx.fs.lstat(path)
    if (link.type !== "symlink") return yield* ctx.fs.writeFile(path, bytes)
    if (followSymlinks) return yield* ctx.fs.writeFile(yield* ctx.fs.realpath(path), bytes)
    const target = yield* ctx.fs.stat(path)
    yield* ctx.fs.remove(path)
    yield* ctx.fs.writeFile(path, bytes, { mode: target.mode & 0o7777 })
  })

/** Write the text collected by `w` commands and flags (`/dev/stdout`, `/dev/stderr` stream). */
const flushWrites = (ctx: CommandContext, writes: ReadonlyMap<string, string>): Effect.Effect<void, CommandFailure> =>
  Effect.gen(function* () {
    for (const [file, text] of writes) {
      if (file === "/dev/stdout") yield* ctx.stdout.write(text)
      else if (file === "/dev/stderr") yield* ctx.stderr.write(text)
      else {
        const result = yield* Effect.either(ctx.fs.writeFile(ctx.resolvePath(file), new TextEncoder().encode(text)))
        if (result._tag === "Left") yield* ctx.stderr.write(`sed: couldn't open file ${file}: ${vfsErrorText(result.left.reason)}\n`)
      }
    }
  })
