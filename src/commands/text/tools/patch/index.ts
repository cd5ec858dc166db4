/**
 * `patch`: apply unified diffs (plain or git's) as GNU patch 2.7 does, with its messages:
 * -p, -R, -N, -f, -t, -F, -i, -o, -d, -r, -s, -b, -E, --dry-run, --no-backup-if-mismatch.
 * Hunks are placed with offsets and fuzz; a patch that looks already applied is detected;
 * what fails goes to FILE.rej; a file patched inexactly keeps FILE.orig. There is no terminal,
 * so the questions patch would ask get their default answers, as when it runs non-interactively.
 */
import { Effect } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../../../Command.js"
import type { ParsedArgs } from "../../../support/args.js"
import { parseArgs } from "../../../support/args.js"
import { binaryToText, fromBinary, textToBinary, toBinary, withArgs, type Run } from "../common.js"
import { prepare, rejectText, splitInput, Target } from "./apply.js"
import { parsePatch, stripName, type FilePatch } from "./parse.js"

const specs = [
  { short: "p", long: "strip", value: true },
  { short: "R", long: "reverse" },
  { short: "N", long: "forward" },
  { short: "f", long: "force" },
  { short: "t", long: "batch" },
  { short: "F", long: "fuzz", value: true },
  { short: "i", long: "input", value: true },
  { short: "o", long: "output", value: true },
  { short: "d", long: "directory", value: true },
  { short: "r", long: "reject-file", value: true },
  { short: "s", long: "quiet" },
  { long: "silent", key: "quiet" },
  { short: "b", long: "backup" },
  { short: "E", long: "remove-empty-files" },
  { short: "u", long: "unified" },
  { short: "l", long: "ignore-whitespace" },
  { short: "z", long: "suffix", value: true },
  { long: "dry-run" },
  { long: "verbose" },
  { long: "posix" },
  { long: "backup-if-mismatch" },
  { long: "no-backup-if-mismatch" },
  { long: "binary" },
  { short: "v", long: "version" }
]

interface Options {
  readonly strip: number | undefined
  readonly reverse: boolean
  readonly forward: boolean
  readonly force: boolean
  readonly batch: boolean
  readonly maxFuzz: number
  readonly output: string | undefined
  readonly rejectFile: string | undefined
  readonly silent: boolean
  readonly backup: boolean
  readonly backupIfMismatch: boolean
  readonly removeEmpty: boolean
  readonly dryRun: boolean
  readonly suffix: string
  /** ORIGFILE given on the command line. */
  readonly inname: string | undefined
}

/** Messages and file work of one patch run (messages go to stdout, as GNU's say()). */
class PatchRun {
  failedSome = false
  messages = ""
  constructor(readonly ctx: CommandContext, readonly o: Options, readonly cwd: string) {}

  say(text: string): void {
    this.messages += text
  }

  /** A question patch would ask on its terminal: with none, the prompt and the default. */
  ask(prompt: string): void {
    this.say(prompt + "\n")
  }

  /** The VFS path of a file name (names are kept as binary strings, like the patch text). */
  path(name: string): string {
    const text = binaryToText(name)
    return this.ctx.resolvePath(text.startsWith("/") ? text : `${this.cwd}/${text}`)
  }

  read(name: string): Effect.Effect<string | undefined> {
    return Effect.map(Effect.either(this.ctx.fs.readFile(this.path(name))), (r) => (r._tag === "Right" ? toBinary(r.right) : undefined))
  }

  isFile(name: string): Effect.Effect<boolean> {
    return Effect.map(Effect.either(this.ctx.fs.stat(this.path(name))), (r) => r._tag === "Right" && r.right.type !== "directory")
  }

  write(name: string, data: string): Effect.Effect<void> {
    return Effect.ignore(this.ctx.fs.writeFile(this.path(name), fromBinary(data)))
  }

  /**
   * The reversed-patch question (ok_to_reverse): true to reverse. Otherwise, unless told to
   * apply anyway, the rest of this file's patch is skipped (`skip` set).
   */
  okToReverse(what: string, reversed: boolean): { reverse: boolean; skip: boolean } {
    const o = this.o
    if (o.forward || !(o.force && o.silent)) this.say(what)
    if (o.forward) {
      this.say("  Skipping patch.\n")
      return { reverse: false, skip: true }
    }
    if (o.force) {
      if (!o.silent) this.say("  Applying it anyway.\n")
      return { reverse: false, skip: false }
    }
    if (o.batch) {
      this.say(reversed ? "  Ignoring -R.\n" : "  Assuming -R.\n")
      return { reverse: true, skip: false }
    }
    this.ask(reversed ? "  Ignore -R? [n] " : "  Assume -R? [n] ")
    this.ask("Apply anyway? [n] ")
    if (!o.silent) this.say("Skipping patch.\n")
    return { reverse: false, skip: true }
  }

  /** The file a diff applies to: an existing one of its names, GNU's best_name otherwise. */
  chooseName(file: FilePatch): Effect.Effect<{ name: string | undefined; exists: boolean }> {
    const self = this
    return Effect.gen(function* () {
      if (self.o.inname !== undefined) return { name: self.o.inname, exists: yield* self.isFile(self.o.inname) }
      const names = [file.oldName, file.newName, file.indexName].map((n) => (n === undefined ? undefined : stripName(n, self.o.strip)))
      const exists = yield* Effect.forEach(names, (n) => (n === undefined || n === "" ? Effect.succeed(false) : self.isFile(n)))
      const best = bestName(names, exists)
      if (best !== undefined) return { name: best, exists: true }
      // A new file (old side /dev/null) is made under the new name.
      if (file.oldName === undefined && names[1] !== undefined) return { name: names[1], exists: false }
      return { name: bestName(names, names.map(() => true)), exists: false }
    })
  }

  patchFile(file: FilePatch): Effect.Effect<void, CommandFailure> {
    const self = this
    const { o } = this
    return Effect.gen(function* () {
      const hunks = file.hunks.length
      const ignored = (count: number, rejects: string | undefined) => {
        self.failedSome = true
        self.say(`${count} out of ${hunks} hunk${hunks === 1 ? "" : "s"} ignored${rejects === undefined ? "\n" : ` -- saving rejects to file ${rejects}\n`}`)
      }
      const { name, exists } = yield* self.chooseName(file)
      const creating = file.oldName === undefined && file.newName !== undefined
      const current = name === undefined || !exists ? undefined : yield* self.read(name)
      let reverse = o.reverse
      if (name === undefined || (!exists && !creating && !(reverse && file.newName === undefined))) {
        self.say(`can't find file to patch at input line ${file.hunks[0]?.lineNumber ?? 1}\n`)
        self.say(o.strip === undefined ? "Perhaps you should have used the -p or --strip option?\n" : "Perhaps you used the wrong -p or --strip option?\n")
        self.say("The text leading up to this was:\n--------------------------\n")
        for (const line of file.leading) self.say(`|${line}\n`)
        self.say("--------------------------\n")
        if (o.force || o.batch) self.say("No file to patch.  Skipping patch.\n")
        else {
          self.ask("File to patch: ")
          self.ask("Skip this patch? [y] ")
          self.say("Skipping patch.\n")
        }
        ignored(hunks, undefined)
        return
      }
      if (creating && !reverse && current !== undefined && current !== "") {
        const answer = self.okToReverse(`The next patch would create the file ${name},\nwhich already exists!`, false)
        if (answer.skip) return ignored(hunks, undefined)
        if (answer.reverse) reverse = true
      }
      const outName = o.output ?? name
      if (!o.silent) {
        const line = `${o.dryRun ? "checking" : "patching"} file ${outName}${outName !== name ? ` (read from ${name})` : ""}\n`
        // With -o -, stdout carries the file: messages go to stderr.
        if (o.output === "-") {
          yield* self.flushMessages()
          yield* self.ctx.stderr.write(fromBinary(line))
        } else self.say(line)
      }
      const target = new Target(splitInput(current ?? ""))
      let rejects = ""
      let failed = 0
      let mismatch = false
      let skip = false
      const reversedAtStart = reverse
      for (let number = 1; number <= hunks; number++) {
        const hunk = file.hunks[number - 1]!
        let h = prepare(hunk, reverse)
        let where = 0
        let fuzz = 0
        if (!skip) {
          const maxFuzz = Math.min(o.maxFuzz, Math.max(h.prefixContext, h.suffixContext))
          let applyAnyway = false
          for (;;) {
            let stepFuzz = true
            where = target.locate(h, fuzz)
            if (where === 0 || fuzz > 0 || target.inOffset !== 0) mismatch = true
            if (number === 1 && where === 0 && !(o.force || applyAnyway) && reverse === reversedAtStart) {
              // Does the patch apply the other way round? Then it may be reversed or applied already.
              const swapped = prepare(hunk, !reverse)
              const at = target.locate(swapped, fuzz)
              if (at !== 0) {
                const answer = self.okToReverse(`${reverse ? "Unreversed" : "Reversed (or previously applied)"} patch detected!`, reverse)
                if (answer.reverse) {
                  reverse = !reverse
                  h = swapped
                  where = at
                } else {
                  skip = answer.skip
                  applyAnyway = true
                  stepFuzz = false
                }
              }
            }
            if (skip || where !== 0) break
            if (stepFuzz) fuzz++
            if (fuzz > maxFuzz) break
          }
        }
        const newWhere = (where !== 0 ? where : h.first) + target.outOffset
        if (skip || where === 0) {
          rejects += rejectText(h, target.outOffset)
          failed++
          if (!skip && !o.silent) self.say(`Hunk #${number} FAILED at ${newWhere}.\n`)
          continue
        }
        target.apply(h, where)
        if (!o.silent && (fuzz > 0 || target.inOffset !== 0)) {
          let text = `Hunk #${number} succeeded at ${newWhere}`
          if (fuzz > 0) text += ` with fuzz ${fuzz}`
          if (target.inOffset !== 0) text += ` (offset ${target.inOffset} line${target.inOffset === 1 ? "" : "s"})`
          self.say(`${text}.\n`)
        }
      }
      if (!skip) {
        const result = target.finish()
        const deleting = reverse ? file.oldName === undefined : file.newName === undefined
        const backup = o.backup || (o.backupIfMismatch && (mismatch || failed > 0))
        if (result === "" && (o.removeEmpty || deleting)) {
          if (!o.dryRun) {
            if (backup && current !== undefined) yield* self.write(outName + o.suffix, current)
            yield* Effect.ignore(self.ctx.fs.remove(self.path(outName)))
          }
        } else {
          if (deleting) {
            self.failedSome = true
            if (!o.silent) self.say(`Not deleting file ${outName} as content differs from patch\n`)
          }
          if (!o.dryRun) {
            if (o.output === "-") {
              yield* self.flushMessages()
              yield* self.ctx.stdout.write(fromBinary(result))
            } else {
              if (backup && current !== undefined && o.output === undefined) yield* self.write(outName + o.suffix, current)
              const path = self.path(outName)
              const stat = yield* Effect.either(self.ctx.fs.stat(path))
              yield* self.write(outName, result)
              if (stat._tag === "Right") yield* Effect.ignore(self.ctx.fs.chmod(path, stat.right.mode & 0o7777))
            }
          }
        }
      }
      if (failed > 0) {
        self.failedSome = true
        const rejName = o.rejectFile ?? `${outName}.rej`
        const verb = skip ? "ignored" : "FAILED"
        self.say(`${failed} out of ${hunks} hunk${hunks === 1 ? "" : "s"} ${verb}`)
        if (o.dryRun) self.say("\n")
        else {
          self.say(` -- saving rejects to file ${rejName}\n`)
          // The header names are the diff's, stripped as -p strips them.
          const shown = (n: string | undefined) => (n === undefined ? "/dev/null" : (stripName(n, o.strip) ?? n))
          const [from, to] = reverse ? [file.newName, file.oldName] : [file.oldName, file.newName]
          const header = `--- ${shown(from)}${reverse ? file.newTime : file.oldTime}\n+++ ${shown(to)}${reverse ? file.oldTime : file.newTime}\n`
          yield* self.write(rejName, header + rejects)
        }
      }
    })
  }

  flushMessages(): Effect.Effect<void, CommandFailure> {
    const text = this.messages
    this.messages = ""
    if (text === "") return Effect.void
    return this.o.output === "-" ? this.ctx.stderr.write(fromBinary(text)) : this.ctx.stdout.write(fromBinary(text))
  }
}

/** GNU's best_name: of the names given (and kept), the fewest components, shortest base, shortest. */
const bestName = (names: ReadonlyArray<string | undefined>, keep: ReadonlyArray<boolean>): string | undefined => {
  let best: string | undefined
  let key: [number, number, number] | undefined
  names.forEach((name, k) => {
    if (name === undefined || name === "" || !keep[k]) return
    const parts = name.split("/").filter((p) => p !== "")
    const candidate: [number, number, number] = [parts.length - 1, (parts[parts.length - 1] ?? "").length, name.length]
    if (key === undefined || candidate[0] < key[0] || (candidate[0] === key[0] && (candidate[1] < key[1] || (candidate[1] === key[1] && candidate[2] < key[2])))) {
      best = name
      key = candidate
    }
  })
  return best
}

const binaryOption = (value: string | undefined): string | undefined => (value === undefined ? undefined : textToBinary(value))

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    if (args.flags.has("version")) return yield* Effect.as(ctx.stdout.write("GNU patch 2.7.6\n"), 0)
    const fatal = (message: string) => Effect.as(ctx.stderr.write(`patch: **** ${message}\n`), 2)
    const stripText = args.values.get("strip")
    if (stripText !== undefined && !/^\d+$/.test(stripText)) return yield* fatal(`strip count ${stripText} is not a number`)
    const fuzzText = args.values.get("fuzz")
    if (fuzzText !== undefined && !/^\d+$/.test(fuzzText)) return yield* fatal(`fuzz factor ${fuzzText} is not a number`)
    const operands = args.operands
    if (operands.length > 2) {
      yield* ctx.stderr.write(`patch: ${operands[2]}: extra operand\npatch: Try 'patch --help' for more information.\n`)
      return 2
    }
    const directory = args.values.get("directory")
    const o: Options = {
      strip: stripText === undefined ? undefined : Number(stripText),
      reverse: args.flags.has("reverse"),
      forward: args.flags.has("forward"),
      force: args.flags.has("force"),
      batch: args.flags.has("batch"),
      maxFuzz: fuzzText === undefined ? 2 : Number(fuzzText),
      output: binaryOption(args.values.get("output")),
      rejectFile: binaryOption(args.values.get("reject-file")),
      silent: args.flags.has("quiet"),
      backup: args.flags.has("backup"),
      backupIfMismatch: !args.flags.has("posix") && !args.flags.has("no-backup-if-mismatch"),
      removeEmpty: args.flags.has("remove-empty-files"),
      dryRun: args.flags.has("dry-run"),
      suffix: textToBinary(args.values.get("suffix") ?? ".orig"),
      inname: binaryOption(operands[0])
    }
    const patchName = args.values.get("input") ?? operands[1]
    let text: string
    if (patchName === undefined || patchName === "-") text = toBinary(yield* ctx.stdin.readAll)
    else {
      const read = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(patchName)))
      if (read._tag === "Left") return yield* fatal(`Can't open patch file ${textToBinary(patchName)} : No such file or directory`)
      text = toBinary(read.right)
    }
    const cwd = directory === undefined ? ctx.cwd : ctx.resolvePath(directory)
    const parsed = parsePatch(text)
    if (parsed.onlyGarbage) return yield* fatal("Only garbage was found in the patch input.")
    const patchRun = new PatchRun(ctx, o, cwd)
    for (const file of parsed.files) {
      yield* patchRun.patchFile(file)
      yield* patchRun.flushMessages()
    }
    return patchRun.failedSome ? 1 : 0
  })

export const patchCommand = defineCommand("patch", (ctx) => {
  const parsed = parseArgs(ctx.args, [...specs, { long: "help" }])
  if (parsed._tag === "Error") return Effect.as(ctx.stderr.write(`patch: ${parsed.message}\npatch: Try 'patch --help' for more information.\n`), 2)
  return withArgs(ctx, specs, "patch [OPTION]... [ORIGFILE [PATCHFILE]]", (args) => run(ctx, args), { usageStatus: 2 })
})
