import { Effect } from "effect"
import { type Command, type CommandContext, type CommandFailure, defineCommand } from "../../Command.js"
import { parseArgs, type ParsedArgs } from "../../support/args.js"
import { decodeText, printError, usageError } from "../../support/io.js"
import { readInput } from "../../support/collect.js"
import { forEachInput, printHelp } from "../support.js"
import { escapeName, parseCheckLine } from "./checkLines.js"
import { type DigestAlgorithm, digestAlgorithms, hexDigestInPieces } from "./digests.js"

/** md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum, b2sum (GNU coreutils). */

const specs = [
  { short: "b", long: "binary" },
  { short: "t", long: "text" },
  { short: "c", long: "check" },
  { long: "tag" },
  { short: "z", long: "zero" },
  { long: "quiet" },
  { long: "status" },
  { long: "strict" },
  { short: "w", long: "warn" },
  { long: "ignore-missing" },
  { short: "l", long: "length", value: true },
  { long: "help" }
] as const

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

/** Format one output line for `data` read from `name`. */
export const formatDigestLine = (
  algorithm: DigestAlgorithm,
  digest: string,
  name: string,
  options: { readonly tag: boolean; readonly binary: boolean; readonly zero: boolean }
): string => {
  const { text, escaped } = options.zero ? { text: name, escaped: false } : escapeName(name)
  const prefix = escaped ? "\\" : ""
  const end = options.zero ? "\0" : "\n"
  if (options.tag) return `${prefix}${algorithm.tag} (${text}) = ${digest}${end}`
  return `${prefix}${digest} ${options.binary ? "*" : " "}${text}${end}`
}

const checkFiles = (
  ctx: CommandContext,
  algorithm: DigestAlgorithm,
  operands: ReadonlyArray<string>,
  args: ParsedArgs
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    const quiet = args.flags.has("quiet")
    const status = args.flags.has("status")
    const strict = args.flags.has("strict")
    const warn = args.flags.has("warn")
    const ignoreMissing = args.flags.has("ignore-missing")
    let failed = false
    for (const listName of operands.length === 0 ? ["-"] : operands) {
      const list = yield* readInput(ctx, listName)
      if (list === undefined) {
        failed = true
        continue
      }
      const shownList = listName === "-" ? "standard input" : listName
      const lines = decodeText(list).split("\n")
      if (lines[lines.length - 1] === "") lines.pop()
      let malformed = 0
      let unreadable = 0
      let mismatched = 0
      let matched = 0
      for (const [index, raw] of lines.entries()) {
        if (raw.startsWith("#")) continue
        const entry = parseCheckLine(raw, algorithm)
        if (entry === undefined) {
          malformed++
          if (warn) yield* printError(ctx, `${shownList}: ${index + 1}: improperly formatted ${algorithm.tag} checksum line`)
          continue
        }
        const exists = entry.file === "-" || (yield* ctx.fs.exists(ctx.resolvePath(entry.file)))
        if (!exists && ignoreMissing) {
          matched++
          continue
        }
        const data = yield* readInput(ctx, entry.file)
        if (data === undefined) {
          unreadable++
          if (!status) yield* ctx.stdout.write(`${entry.file}: FAILED open or read\n`)
          continue
        }
        matched++
        const ok = (yield* hexDigestInPieces(ctx.budget, algorithm, data)) === entry.digest
        if (!ok) mismatched++
        if (!status && (!ok || !quiet)) yield* ctx.stdout.write(`${entry.file}: ${ok ? "OK" : "FAILED"}\n`)
      }
      if (matched === 0 && unreadable === 0) {
        yield* printError(ctx, `${shownList}: no properly formatted checksum lines found`)
        failed = true
        continue
      }
      if (!status) {
        if (malformed > 0) yield* printError(ctx, `WARNING: ${plural(malformed, "line is", "lines are")} improperly formatted`)
        if (unreadable > 0) yield* printError(ctx, `WARNING: ${plural(unreadable, "listed file", "listed files")} could not be read`)
        if (mismatched > 0) yield* printError(ctx, `WARNING: ${plural(mismatched, "computed checksum", "computed checksums")} did NOT match`)
      }
      if (mismatched > 0 || unreadable > 0 || (strict && malformed > 0)) failed = true
    }
    return failed ? 1 : 0
  })

const makeDigestCommand = (algorithm: DigestAlgorithm): Command =>
  defineCommand(algorithm.command, (ctx) =>
    Effect.gen(function* () {
      const parsed = parseArgs(ctx.args, specs)
      if (parsed._tag === "Error") return yield* usageError(ctx, parsed.message, 1)
      const { flags, values, operands } = parsed.args
      if (flags.has("help")) {
        return yield* printHelp(
          ctx,
          `Usage: ${algorithm.command} [OPTION]... [FILE]...\nPrint or check ${algorithm.tag} checksums.\n  -b, --binary  read in binary mode\n  -c, --check  read checksums from the FILEs and check them\n      --tag  create a BSD-style checksum\n  -t, --text  read in text mode (default)\n  -z, --zero  end each output line with NUL\n      --ignore-missing  --quiet  --status  --strict  -w, --warn  (with --check)`
        )
      }
      const length = values.get("length")
      if (length !== undefined && (algorithm.command !== "b2sum" || (length !== "512" && length !== "0"))) {
        return yield* usageError(ctx, algorithm.command === "b2sum" ? `unsupported digest length: '${length}'` : "invalid option -- 'l'", 1)
      }
      if (flags.has("check")) {
        if (flags.has("tag")) return yield* usageError(ctx, "the --tag option is meaningless when verifying checksums", 1)
        return yield* checkFiles(ctx, algorithm, operands, parsed.args)
      }
      for (const onlyWhenChecking of ["quiet", "status", "strict", "warn", "ignore-missing"]) {
        if (flags.has(onlyWhenChecking)) {
          return yield* usageError(ctx, `the --${onlyWhenChecking} option is meaningful only when verifying checksums`, 1)
        }
      }
      const options = { tag: flags.has("tag"), binary: flags.has("binary") && !flags.has("text"), zero: flags.has("zero") }
      const ok = yield* forEachInput(ctx, operands, (name, data) =>
        Effect.flatMap(hexDigestInPieces(ctx.budget, algorithm, data), (digest) => ctx.stdout.write(formatDigestLine(algorithm, digest, name, options)))
      )
      return ok ? 0 : 1
    })
  )

export const checksumCommands: ReadonlyArray<Command> = digestAlgorithms.map(makeDigestCommand)
