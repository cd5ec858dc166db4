import { Effect } from "effect"
import { parseAllDocuments, stringify } from "yaml"
import { type CommandContext, type CommandFailure, defineCommand, type OutputSink, overrideContext } from "../../Command.js"
import { decodeText, encodeText, fileErrorMessage } from "../../support/io.js"
import { runJq } from "../jq/JqEngine.js"
import { concatBytes, printHelp } from "../support.js"
import type { WorkMeter } from "../../../limits/Budget.js"
import { tooDeepMessage, valueTooDeep, yamlTooDeep } from "./depth.js"
import { parseYqArgs, type YqOptions } from "./yqArgs.js"

/**
 * `yq`: YAML (or JSON) in, the same jq 1.8.2 engine as `jq` for the expression, YAML or JSON
 * out. Documents are converted to a JSON stream for jq; jq's compact, key-sorted results are
 * printed back as YAML (scalars unwrapped) or passed through as JSON. Comments do not survive
 * the trip through jq.
 */

const bufferSink = (): OutputSink & { readonly bytes: () => Uint8Array } => {
  const chunks: Array<Uint8Array> = []
  return {
    write: (data) => Effect.sync(() => void chunks.push(typeof data === "string" ? encodeText(data) : data.slice())),
    bytes: () => concatBytes(chunks)
  }
}

/** jq's messages, relabelled as yq's. */
const relabelled = (sink: OutputSink): OutputSink => ({
  write: (data) => sink.write((typeof data === "string" ? data : decodeText(data)).replace(/^jq: /gm, "yq: "))
})

const inputStream = (bytes: Uint8Array) => {
  let done = false
  return {
    read: Effect.sync(() => {
      if (done) return undefined
      done = true
      return bytes
    }),
    readAll: Effect.sync(() => {
      const out = done ? new Uint8Array(0) : bytes
      done = true
      return out
    })
  }
}

type Source = { readonly name: string; readonly text: string }

/** Turn one source into JSON text for jq, or an error message. */
const toJsonStream = (source: Source, options: YqOptions, meter: WorkMeter): { readonly json: string; readonly documents: number } | string => {
  const format = options.inputFormat ?? (/\.json$/i.test(source.name) ? "json" : "yaml")
  if (format === "json") return { json: source.text, documents: source.text.trim() === "" ? 0 : 1 }
  if (yamlTooDeep(source.text, meter)) return `invalid YAML: ${tooDeepMessage}`
  const documents = parseAllDocuments(source.text)
  const values: Array<string> = []
  for (const document of documents) {
    const error = document.errors[0]
    if (error !== undefined) return `invalid YAML: ${error.message.split("\n")[0]}`
    values.push(JSON.stringify(document.toJS({ maxAliasCount: 1000 }) ?? null))
  }
  if (values.length === 0) values.push("null")
  return { json: `${values.join("\n")}\n`, documents: values.length }
}

/** jq's JSON lines as YAML documents; `{ tooDeep }` when one nests past what the printer can take. */
const renderYaml = (jsonLines: string, options: YqOptions, separate: boolean, meter: WorkMeter): string | { readonly tooDeep: true } => {
  const rendered: Array<string> = []
  for (const line of jsonLines.split("\n")) {
    if (line === "") continue
    const value: unknown = JSON.parse(line)
    if (valueTooDeep(value, meter)) return { tooDeep: true }
    rendered.push(
      typeof value === "string" ? `${value}\n` : stringify(value, { lineWidth: 0, indent: Math.max(1, options.indent) })
    )
  }
  return rendered.join(separate && !options.noDocSeparators ? "---\n" : "")
}

/** Evaluate the expression over `sources`; returns the exit status and the output text. */
const evaluate = (
  ctx: CommandContext,
  options: YqOptions,
  sources: ReadonlyArray<Source>,
  out: OutputSink
): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    let json = ""
    let documents = 0
    if (!options.nullInput) {
      for (const source of sources) {
        const converted = toJsonStream(source, options, ctx.budget)
        if (typeof converted === "string") {
          yield* ctx.stderr.write(`yq: ${converted}\n`)
          return 1
        }
        json += converted.json
        documents += converted.documents
      }
    }
    const jqArgs = ["-S"]
    if (options.nullInput) jqArgs.push("-n")
    if (options.slurp) jqArgs.push("-s")
    if (options.exitStatus) jqArgs.push("-e")
    const toJson = options.outputFormat === "json"
    if (toJson) {
      jqArgs.push(...(options.indent === 0 ? ["-c"] : ["--indent", String(options.indent)]))
      if (options.raw) jqArgs.push("-r")
    } else jqArgs.push("-c")
    jqArgs.push(options.expression ?? ".")
    const results = bufferSink()
    const jqContext: CommandContext = overrideContext<CommandContext>(ctx, { stdin: inputStream(encodeText(json)), stdout: results, stderr: relabelled(ctx.stderr) })
    const status = yield* runJq(jqContext, jqArgs)
    const text = decodeText(results.bytes())
    const rendered = toJson ? text : renderYaml(text, options, documents > 1 && !options.slurp, ctx.budget)
    if (typeof rendered !== "string") {
      yield* ctx.stderr.write(`yq: cannot print the result as YAML: ${tooDeepMessage}\n`)
      return 1
    }
    yield* out.write(rendered)
    return status
  })

const readSources = (ctx: CommandContext, files: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sources: Array<Source> = []
    for (const name of files.length === 0 ? ["-"] : files) {
      if (name === "-") {
        sources.push({ name, text: decodeText(yield* ctx.stdin.readAll) })
        continue
      }
      const data = yield* Effect.either(ctx.fs.readFile(ctx.resolvePath(name)))
      if (data._tag === "Left") {
        yield* ctx.stderr.write(`yq: ${fileErrorMessage(name, data.left)}\n`)
        return undefined
      }
      sources.push({ name, text: decodeText(data.right) })
    }
    return sources
  })

export const yqCommand = defineCommand("yq", (ctx) =>
  Effect.gen(function* () {
    const parsed = parseYqArgs(ctx.args)
    if (parsed._tag === "Error") {
      yield* ctx.stderr.write(`Error: ${parsed.message}\n`)
      return 1
    }
    let options = parsed.options
    if (options.help) {
      return yield* printHelp(ctx, "Usage: yq [eval] [flags] [expression] [file...]\n  -o, --output-format=yaml|json  -p, --input-format=yaml|json  -I, --indent=N\n  -r  unwrap scalars (raw strings)  -e  exit status from the last output  -n  null input\n  -N  no document separators  -s  slurp  -i  update the files in place\nThe expression language is jq's (jq 1.8.2).")
    }
    if (options.version) {
      yield* ctx.stdout.write("yq (bashkit-effect) version v4 (jq 1.8.2 engine)\n")
      return 0
    }
    // `yq file.yml`: a lone operand naming an existing file is the input, not the expression.
    if (options.files.length === 0 && options.expression !== undefined && !ctx.args.some((arg) => arg.startsWith("--expression"))) {
      const candidate = options.expression
      const stat = candidate === "-" ? undefined : yield* Effect.either(ctx.fs.stat(ctx.resolvePath(candidate)))
      if (candidate === "-" || (stat?._tag === "Right" && stat.right.type === "file")) {
        options = { ...options, expression: ".", files: [candidate] }
      }
    }
    if (options.inPlace) {
      let status = 0
      for (const file of options.files) {
        const sources = yield* readSources(ctx, [file])
        if (sources === undefined) return 1
        const result = bufferSink()
        const code = yield* evaluate(ctx, options, sources, result)
        if (code !== 0) status = code
        else {
          const written = yield* Effect.either(ctx.fs.writeFile(ctx.resolvePath(file), result.bytes()))
          if (written._tag === "Left") {
            yield* ctx.stderr.write(`yq: ${fileErrorMessage(file, written.left)}\n`)
            status = 1
          }
        }
      }
      return status
    }
    const sources = options.nullInput ? [] : yield* readSources(ctx, options.files)
    if (sources === undefined) return 1
    return yield* evaluate(ctx, options, sources, ctx.stdout)
  })
)
