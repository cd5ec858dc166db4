/** `diff`: compare files or directories (normal, unified, context and side-by-side formats, -q -s -r -N -i -w -b -B). */
import { Effect } from "effect"
import { defineCommand, type CommandContext, type CommandFailure } from "../../../Command.js"
import { parseArgs, type ParsedArgs } from "../../../support/args.js"
import { vfsErrorText } from "../../../../vfs/VfsError.js"
import type { FileStat } from "../../../../vfs/Vfs.js"
import { fail, textToBinary, toBinary, withArgs, writeBinary, type Run } from "../common.js"
import { analyze } from "./analyze.js"
import { contextHunks, normalFormat, unifiedHunks, type DiffInput, type Script } from "./format.js"
import { sideBySide, type SideBySideOptions } from "./sideBySide.js"

const specs = [
  { short: "q", long: "brief" },
  { short: "s", long: "report-identical-files" },
  { short: "u", key: "u" },
  { short: "U", long: "unified", value: true, optionalValue: true },
  { short: "c", key: "c" },
  { short: "C", long: "context", value: true, optionalValue: true },
  { short: "y", long: "side-by-side" },
  { short: "W", long: "width", value: true },
  { long: "left-column" },
  { long: "suppress-common-lines" },
  { short: "t", long: "expand-tabs" },
  { long: "tabsize", value: true },
  { short: "d", long: "minimal" },
  { long: "horizon-lines", value: true },
  { long: "normal" },
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
  readonly style: "normal" | "unified" | "context" | "side-by-side"
  /** Lines of context (unified and context formats). */
  readonly context: number
  readonly sideBySide: SideBySideOptions
  readonly minimal: boolean
  readonly horizon: number
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
    // Side-by-side output shows identical files too (all their lines are common lines).
    if (a === b && o.style !== "side-by-side") {
      if (o.identical) yield* writeBinary(ctx, `Files ${textToBinary(nameA)} and ${textToBinary(nameB)} are identical\n`)
      return 0
    }
    const left = splitInput(a)
    const right = splitInput(b)
    // An incomplete last line only matches an incomplete one (unless -w/-b): mark it.
    const marked = (input: DiffInput, markKeys: boolean) => (line: string, index: number, all: ReadonlyArray<string>) =>
      index === all.length - 1 && input.missingNewline && markKeys ? line + "\n" : line
    const rawA = left.lines.map(marked(left, true))
    const rawB = right.lines.map(marked(right, true))
    const keyA = left.lines.map((line) => o.normalize(line)).map(marked(left, !o.ignoreFinalNewline))
    const keyB = right.lines.map((line) => o.normalize(line)).map(marked(right, !o.ignoreFinalNewline))
    const script = analyze(rawA, rawB, keyA, keyB, { horizon: Math.max(o.horizon, o.context), minimal: o.minimal, meter: ctx.budget })
    const blank = o.ignoreFinalNewline ? (line: string) => /^[ \t\v\f\r]*$/.test(line) : (line: string) => line === ""
    const changeScript: Script = {
      changes: script,
      // -B: a change whose lines are all blank is not reported.
      ignorable: (c) => o.ignoreBlank &&
        left.lines.slice(c.line0, c.line0 + c.deleted).every(blank) && right.lines.slice(c.line1, c.line1 + c.inserted).every(blank)
    }
    const differs = script.some((c) => !changeScript.ignorable(c))
    if (!differs) {
      if (o.identical) yield* writeBinary(ctx, `Files ${textToBinary(nameA)} and ${textToBinary(nameB)} are identical\n`)
      else if (o.style === "side-by-side" && !o.brief) yield* writeBinary(ctx, sideBySide(script, left, right, o.sideBySide))
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
    let out = header ? `${o.commandLine} ${textToBinary(nameA)} ${textToBinary(nameB)}\n` : ""
    if (o.style === "unified" || o.style === "context") {
      const [mark0, mark1] = o.style === "unified" ? ["---", "+++"] : ["***", "---"]
      const labelA = o.labels[0] ?? `${nameA}\t${timestamp(statA?.mtimeMs ?? 0)}`
      const labelB = o.labels[1] ?? `${nameB}\t${timestamp(statB?.mtimeMs ?? 0)}`
      out += `${mark0} ${textToBinary(labelA)}\n${mark1} ${textToBinary(labelB)}\n`
      out += o.style === "unified" ? unifiedHunks(changeScript, left, right, o.context) : contextHunks(changeScript, left, right, o.context)
    } else if (o.style === "side-by-side") out += sideBySide(script.filter((c) => !changeScript.ignorable(c)), left, right, o.sideBySide)
    else out += normalFormat(changeScript, left, right)
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
    const ops = args.operands
    const tryHelp = (message: string) => Effect.as(ctx.stderr.write(`diff: ${message}\ndiff: Try 'diff --help' for more information.\n`), 2)
    // The output style: one of -u/-U, -c/-C, -y, --normal.
    const styles = new Set<Options["style"]>()
    if (args.flags.has("u") || args.values.has("unified")) styles.add("unified")
    if (args.flags.has("c") || args.values.has("context")) styles.add("context")
    if (args.flags.has("side-by-side")) styles.add("side-by-side")
    if (args.flags.has("normal")) styles.add("normal")
    if (styles.size > 1) return yield* tryHelp("conflicting output style options")
    const style = [...styles][0] ?? "normal"
    let context = 3
    for (const key of ["unified", "context"]) {
      const text = args.values.get(key)
      if (text === undefined || text === "") continue
      if (!/^\d+$/.test(text)) return yield* fail(ctx, `invalid context length '${text}'`, 2)
      context = Number(text)
    }
    const number = (key: string, fallback: number, what: string): number | string => {
      const text = args.values.get(key)
      if (text === undefined) return fallback
      return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : `invalid ${what} '${text}'`
    }
    const width = number("width", 130, "width")
    const tabSize = number("tabsize", 8, "tabsize")
    const horizon = number("horizon-lines", 0, "horizon length")
    for (const value of [width, tabSize, horizon]) if (typeof value === "string") return yield* tryHelp(value)
    if (ops.length < 2) return yield* tryHelp(`missing operand after '${ops[0] ?? "diff"}'`)
    if (ops.length > 2) return yield* tryHelp(`extra operand '${ops[2]}'`)
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
      style,
      // Normal and side-by-side output have no context lines (GNU's horizon starts at 0).
      context: style === "unified" || style === "context" ? context : 0,
      sideBySide: {
        width: width as number,
        tabSize: tabSize as number,
        expandTabs: args.flags.has("expand-tabs"),
        suppressCommon: args.flags.has("suppress-common-lines"),
        leftColumn: args.flags.has("left-column")
      },
      minimal: args.flags.has("minimal"),
      horizon: horizon as number,
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
  const parsed = parseArgs(ctx.args, [...specs, { long: "help" }])
  // diff prefixes its --help hint with its name, unlike coreutils.
  if (parsed._tag === "Error") return Effect.as(ctx.stderr.write(`diff: ${parsed.message}\ndiff: Try 'diff --help' for more information.\n`), 2)
  return withArgs(ctx, specs, "diff [OPTION]... FILES\nCompare FILES line by line.", (args) => run(ctx, args), { usageStatus: 2 })
})
