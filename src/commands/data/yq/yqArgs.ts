/**
 * yq's command line (mikefarah yq v4 style, as agents write it): `yq [eval|e] [flags] [EXPR]
 * [FILE...]`, with values attached by `=` (`-o=json`, `-I=0`) or following, and bundled
 * short flags (`-rje`).
 */

export interface YqOptions {
  readonly expression: string | undefined
  readonly files: ReadonlyArray<string>
  readonly outputFormat: "yaml" | "json"
  readonly inputFormat: "yaml" | "json" | undefined
  readonly indent: number
  readonly raw: boolean
  readonly exitStatus: boolean
  readonly nullInput: boolean
  readonly noDocSeparators: boolean
  readonly slurp: boolean
  readonly inPlace: boolean
  readonly help: boolean
  readonly version: boolean
}

export type YqArgsResult = { readonly _tag: "Ok"; readonly options: YqOptions } | { readonly _tag: "Error"; readonly message: string }

const formatOf = (value: string): "yaml" | "json" | undefined => {
  const lower = value.toLowerCase()
  if (lower === "yaml" || lower === "yml" || lower === "y") return "yaml"
  if (lower === "json" || lower === "j") return "json"
  return undefined
}

const longValued: Record<string, "o" | "p" | "I" | "expression"> = {
  "output-format": "o",
  "input-format": "p",
  indent: "I",
  expression: "expression"
}
const longFlags: Record<string, string> = {
  "unwrapScalar": "r",
  "raw-output": "r",
  "exit-status": "e",
  "null-input": "n",
  "no-doc": "N",
  "slurp": "s",
  "inplace": "i",
  "tojson": "j",
  "colors": "C",
  "no-colors": "M",
  "prettyPrint": "P",
  "help": "h",
  "version": "V"
}

export const parseYqArgs = (argv: ReadonlyArray<string>): YqArgsResult => {
  const args = argv[0] === "eval" || argv[0] === "e" ? argv.slice(1) : [...argv]
  const flags = new Set<string>()
  const values = new Map<string, string>()
  const positional: Array<string> = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") {
      positional.push(...args.slice(i + 1))
      break
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=")
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq)
      const valued = longValued[name]
      if (valued !== undefined) {
        const value = eq === -1 ? args[++i] : arg.slice(eq + 1)
        if (value === undefined) return { _tag: "Error", message: `flag needs an argument: --${name}` }
        values.set(valued, value)
        continue
      }
      const flag = longFlags[name]
      if (flag === undefined) return { _tag: "Error", message: `unknown flag: --${name}` }
      flags.add(flag)
      continue
    }
    if (arg.startsWith("-") && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j]!
        if (letter === "o" || letter === "p" || letter === "I") {
          let value = arg.slice(j + 1).replace(/^=/, "")
          if (value === "") value = args[++i] ?? ""
          if (value === "") return { _tag: "Error", message: `flag needs an argument: '${letter}' in -${letter}` }
          values.set(letter, value)
          break
        }
        if (!"rjenNsiCMPhV".includes(letter)) return { _tag: "Error", message: `unknown shorthand flag: '${letter}' in ${arg}` }
        flags.add(letter)
      }
      continue
    }
    positional.push(arg)
  }
  const output = values.has("o") ? formatOf(values.get("o")!) : flags.has("j") ? "json" : "yaml"
  if (output === undefined) return { _tag: "Error", message: `unknown output format ${values.get("o")}` }
  const input = values.has("p") ? formatOf(values.get("p")!) : undefined
  if (values.has("p") && input === undefined) return { _tag: "Error", message: `unknown input format ${values.get("p")}` }
  const indentText = values.get("I") ?? "2"
  if (!/^\d+$/.test(indentText)) return { _tag: "Error", message: `invalid argument "${indentText}" for "-I, --indent" flag` }
  const expression = values.get("expression")
  return {
    _tag: "Ok",
    options: {
      expression: expression ?? positional[0],
      files: expression === undefined ? positional.slice(1) : positional,
      outputFormat: output,
      inputFormat: input,
      indent: Number(indentText),
      raw: flags.has("r"),
      exitStatus: flags.has("e"),
      nullInput: flags.has("n"),
      noDocSeparators: flags.has("N"),
      slurp: flags.has("s"),
      inPlace: flags.has("i"),
      help: flags.has("h"),
      version: flags.has("V")
    }
  }
}
