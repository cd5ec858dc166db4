/** `diff`: compare files or directories (normal and unified formats, -q -s -r -N -i -w -b -B). */
import { Effect } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../../../Command.js"
import { parseArgs, type ParsedArgs } from "../../../support/args.js"
import { vfsErrorText } from "../../../../vfs/VfsError.js"
import type { FileStat } from "../../../../vfs/Vfs.js"
import { fail, textToBinary, toBinary, withArgs, writeBinary, type Run } from "../common.js"
import { normalFormat, unifiedHunks, type DiffInput } from "./format.js"
import { myersDiff } from "./myers.js"

const specs = [
  { short: "q", long: "brief" },
  { short: "s", long: "report-identical-files" },
  { short: "u", key: "u" },
  { short: "U", long: "unified", value: true, optionalValue: true },
  { short: "c", key: "c" },
  { short: "C", long: "context", value: true },
  { short: "r", long: "recursive" },
  { short: "N", long: "new-file" },
  { short: "i", long: "ignore-case" },
  { short: "w", long: "ignore-all-space" },
  { short: "b", long: "ignore-space-change" },
  { short: "B", long: "ignore-blank-lines" },
  { short: "a", long: "text" },
  { long: "label", value: true, multiple: true },
  { long: "color", value: true, optionalValue: true },
  { long: "no-dereference" },
  { long: "strip-trailing-cr" }
]

interface Options {
  readonly brief: boolean
  readonly identical: boolean
  readonly unified: number | undefined
  readonly recursive: boolean
  readonly newFile: boolean
  readonly labels: ReadonlyArray<string>
  readonly normalize: (line: string) => string
  readonly ignoreBlank: boolean
  readonly text: boolean
  /** -w/-b also ignore a missing final newline on one side. */
  readonly ignoreFinalNewline: boolean
  readonly commandLine: string
}

const splitInput = (data: string): DiffInput => {
  const missingNewline = data.length > 0 && !data.endsWith("\n")
  const lines = data.length === 0 ? [] : (missingNewline ? data : data.slice(0, -1)).split("\n")
  return { lines, missingNewline }
}

const pad2 = (n: number) => String(n).padStart(2, "0")
const timestamp = (ms: number): string => {
  const d = new Date(ms)
  const frac = String(Math.floor((ms % 1000 + 1000) % 1000) * 1_000_000).padStart(9, "0")
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}.${frac} +0000`
}

type Loaded = { readonly kind: "file"; readonly data: string; readonly stat: FileStat } | { readonly kind: "dir" } | { readonly kind: "missing"; readonly reason: string }

const load = (ctx: CommandContext, path: string): Effect.Effect<Loaded, CommandFailure> =>
  Effect.gen(function* () {
    const stat = yield* Effect.either(ctx.fs.stat(ctx.resolvePath(path)))
    if (stat._tag === "Left") return { kind: "missing", reason: vfsErrorText(stat.left.reason) } as const
    if (stat.right.type === "directory") return { kind: "dir" } as const
    const data = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(path)))
    if (data._tag === "Left") return { kind: "missing", reason: vfsErrorText(data.left.reason) } as const
    return { kind: "file", data: toBinary(data.right), stat: stat.right } as const
  })

/** Compare two regular files; returns 0 (same) or 1 (different). */
const compareFiles = (ctx: CommandContext, nameA: string, nameB: string, a: string, b: string, statA: FileStat | undefined, statB: FileStat | undefined, o: Options, header: boolean): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    if (a === b) {
      if (o.identical) yield* writeBinary(ctx, `Files ${textToBinary(nameA)} and ${textToBinary(nameB)} are identical\n`)
      return 0
    }
    const left = splitInput(a)
    const right = splitInput(b)
    const ids = new Map<string, number>()
    const idOf = (line: string) => {
      const key = o.normalize(line)
      let id = ids.get(key)
      if (id === undefined) ids.set(key, (id = ids.size))
      return id
    }
    const edits = myersDiff(left.lines.map(idOf), right.lines.map(idOf))
    // A missing final newline on one side only makes the last lines differ.
    let differs = edits.some((e) => e.kind !== "equal") || (left.missingNewline !== right.missingNewline && !o.ignoreFinalNewline)
    if (differs && o.ignoreBlank && edits.every((e) => e.kind === "equal" || (e.kind === "delete" ? left.lines[e.a] : right.lines[e.b])!.trim() === "")) differs = false
    if (!differs) {
      if (o.identical) yield* writeBinary(ctx, `Files ${textToBinary(nameA)} and ${textToBinary(nameB)} are identical\n`)
      return 0
    }
    if (o.brief) {
      yield* writeBinary(ctx, `Files ${textToBinary(nameA)} and ${textToBinary(nameB)} differ\n`)
      return 1
    }
    if (!o.text && (a.includes("\0") || b.includes("\0"))) {
      yield* writeBinary(ctx, `Binary files ${textToBinary(nameA)} and ${textToBinary(nameB)} differ\n`)
      return 1
    }
    let finalEdits = edits
    if (left.missingNewline !== right.missingNewline && !o.ignoreFinalNewline && edits.every((e) => e.kind === "equal") && edits.length > 0) {
      const last = edits[edits.length - 1]!
      finalEdits = [...edits.slice(0, -1), { kind: "delete", a: last.a, b: last.b }, { kind: "insert", a: last.a + 1, b: last.b }]
    }
    let out = header ? `${o.commandLine} ${textToBinary(nameA)} ${textToBinary(nameB)}\n` : ""
    if (o.unified !== undefined) {
      const labelA = o.labels[0] ?? `${nameA}\t${timestamp(statA?.mtimeMs ?? 0)}`
      const labelB = o.labels[1] ?? `${nameB}\t${timestamp(statB?.mtimeMs ?? 0)}`
      out += `--- ${textToBinary(labelA)}\n+++ ${textToBinary(labelB)}\n` + unifiedHunks(finalEdits, left, right, o.unified)
    } else out += normalFormat(finalEdits, left, right)
    yield* writeBinary(ctx, out)
    return 1
  })

const compareDirs = (ctx: CommandContext, dirA: string, dirB: string, o: Options): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    const list = (dir: string) => Effect.map(Effect.either(ctx.fs.readdir(ctx.resolvePath(dir))), (r) => (r._tag === "Right" ? r.right.map((e) => e.name) : []))
    const namesA = yield* list(dirA)
    const namesB = yield* list(dirB)
    const all = [...new Set([...namesA, ...namesB])].sort()
    let status = 0
    for (const name of all) {
      const pathA = `${dirA.replace(/\/$/, "")}/${name}`
      const pathB = `${dirB.replace(/\/$/, "")}/${name}`
      if (!namesA.includes(name) || !namesB.includes(name)) {
        if (!o.newFile) {
          yield* writeBinary(ctx, `Only in ${textToBinary(namesA.includes(name) ? dirA : dirB)}: ${textToBinary(name)}\n`)
          status = Math.max(status, 1)
          continue
        }
      }
      status = Math.max(status, yield* comparePaths(ctx, pathA, pathB, o, true))
    }
    return status
  })

const comparePaths = (ctx: CommandContext, pathA: string, pathB: string, o: Options, nested: boolean): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    let a = yield* load(ctx, pathA)
    let b = yield* load(ctx, pathB)
    if (a.kind === "missing" && o.newFile && b.kind !== "missing") a = { kind: "file", data: "", stat: undefined as unknown as FileStat }
    if (b.kind === "missing" && o.newFile && a.kind !== "missing") b = { kind: "file", data: "", stat: undefined as unknown as FileStat }
    if (a.kind === "missing") return yield* fail(ctx, `${pathA}: ${a.reason}`, 2)
    if (b.kind === "missing") return yield* fail(ctx, `${pathB}: ${b.reason}`, 2)
    if (a.kind === "dir" && b.kind === "dir") {
      if (!nested || o.recursive) return yield* compareDirs(ctx, pathA, pathB, o)
      yield* writeBinary(ctx, `Common subdirectories: ${textToBinary(pathA)} and ${textToBinary(pathB)}\n`)
      return 0
    }
    if (a.kind === "dir" && b.kind === "file") return yield* comparePaths(ctx, `${pathA.replace(/\/$/, "")}/${pathB.split("/").pop()}`, pathB, o, nested)
    if (b.kind === "dir" && a.kind === "file") return yield* comparePaths(ctx, pathA, `${pathB.replace(/\/$/, "")}/${pathA.split("/").pop()}`, o, nested)
    if (a.kind !== "file" || b.kind !== "file") return 2
    return yield* compareFiles(ctx, pathA, pathB, a.data, b.data, a.stat, b.stat, o, nested)
  })

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    if (args.flags.has("c") || args.values.has("context")) return yield* fail(ctx, "context format (-c/-C) is not supported; use -u", 2)
    const ops = args.operands
    if (ops.length < 2) return yield* Effect.as(ctx.stderr.write(`diff: missing operand after '${ops[0] ?? "diff"}'\ndiff: Try 'diff --help' for more information.\n`), 2)
    if (ops.length > 2) return yield* Effect.as(ctx.stderr.write(`diff: extra operand '${ops[2]}'\ndiff: Try 'diff --help' for more information.\n`), 2)
    const unifiedText = args.values.get("unified")
    let unified: number | undefined = args.flags.has("u") ? 3 : undefined
    if (unifiedText !== undefined) {
      if (unifiedText !== "" && !/^\d+$/.test(unifiedText)) return yield* fail(ctx, `invalid context length '${unifiedText}'`, 2)
      unified = unifiedText === "" ? 3 : Number(unifiedText)
    }
    const ignoreCase = args.flags.has("ignore-case")
    const ignoreAll = args.flags.has("ignore-all-space")
    const ignoreChange = args.flags.has("ignore-space-change")
    const stripCr = args.flags.has("strip-trailing-cr")
    const normalize = (line: string): string => {
      let l = stripCr ? line.replace(/\r$/, "") : line
      if (ignoreAll) l = l.replace(/[ \t\v\f\r]+/g, "")
      else if (ignoreChange) l = l.replace(/[ \t\v\f\r]+/g, " ").replace(/ $/, "")
      return ignoreCase ? l.toLowerCase() : l
    }
    const flagText = ctx.args.filter((a) => a.startsWith("-") && a !== "-" && !ops.includes(a)).join(" ")
    const options: Options = {
      brief: args.flags.has("brief"),
      identical: args.flags.has("report-identical-files"),
      unified,
      recursive: args.flags.has("recursive"),
      newFile: args.flags.has("new-file"),
      labels: args.lists.get("label") ?? [],
      normalize,
      ignoreBlank: args.flags.has("ignore-blank-lines"),
      text: args.flags.has("text"),
      ignoreFinalNewline: ignoreAll || ignoreChange,
      commandLine: flagText === "" ? "diff" : `diff ${flagText}`
    }
    if (ops[0] === "-" || ops[1] === "-") {
      const stdin = toBinary(yield* ctx.stdin.readAll)
      const other = ops[0] === "-" ? ops[1]! : ops[0]!
      const loaded = yield* load(ctx, other)
      if (loaded.kind !== "file") return yield* fail(ctx, `${other}: ${loaded.kind === "missing" ? loaded.reason : "Is a directory"}`, 2)
      const [nameA, nameB, a, b] = ops[0] === "-" ? ["-", other, stdin, loaded.data] : [other, "-", loaded.data, stdin]
      return yield* compareFiles(ctx, nameA, nameB, a, b, undefined, loaded.stat, options, false)
    }
    return yield* comparePaths(ctx, ops[0]!, ops[1]!, options, false)
  })

export const diffCommand = defineCommand("diff", (ctx) => {
  const parsed = parseArgs(ctx.args, specs)
  // diff prefixes its --help hint with its name, unlike coreutils.
  if (parsed._tag === "Error") return Effect.as(ctx.stderr.write(`diff: ${parsed.message}\ndiff: Try 'diff --help' for more information.\n`), 2)
  return withArgs(ctx, specs, "diff [OPTION]... FILES\nCompare FILES line by line.", (args) => run(ctx, args), { usageStatus: 2 })
})
