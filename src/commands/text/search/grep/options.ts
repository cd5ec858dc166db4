import { parseArgs, type OptionSpec } from "../../../support/args.js"
import type { RegexFlavor } from "../../regex/posix.js"

export const GREP_SPECS: ReadonlyArray<OptionSpec> = [
  { short: "E", long: "extended-regexp" },
  { short: "F", long: "fixed-strings" },
  { short: "G", long: "basic-regexp" },
  { short: "P", long: "perl-regexp" },
  { short: "i", long: "ignore-case" },
  { short: "y", key: "ignore-case" },
  { long: "no-ignore-case" },
  { short: "v", long: "invert-match" },
  { short: "w", long: "word-regexp" },
  { short: "x", long: "line-regexp" },
  { short: "c", long: "count" },
  { short: "l", long: "files-with-matches" },
  { short: "L", long: "files-without-match" },
  { short: "n", long: "line-number" },
  { short: "h", long: "no-filename" },
  { short: "H", long: "with-filename" },
  { short: "o", long: "only-matching" },
  { short: "q", long: "quiet" },
  { long: "silent", key: "quiet" },
  { short: "s", long: "no-messages" },
  { short: "m", long: "max-count", value: true },
  { short: "A", long: "after-context", value: true },
  { short: "B", long: "before-context", value: true },
  { short: "C", long: "context", value: true },
  { short: "r", long: "recursive" },
  { short: "R", long: "dereference-recursive" },
  { short: "z", long: "null-data" },
  { short: "e", long: "regexp", value: true, multiple: true },
  { short: "f", long: "file", value: true, multiple: true },
  { long: "include", value: true, multiple: true },
  { long: "exclude", value: true, multiple: true },
  { long: "exclude-dir", value: true, multiple: true },
  { long: "color", value: true, optionalValue: true },
  { long: "colour", key: "color", value: true, optionalValue: true },
  { long: "label", value: true },
  { short: "b", long: "byte-offset" },
  { short: "a", long: "text" },
  { short: "I", key: "binary-without-match" },
  { long: "binary-files", value: true },
  { short: "Z", long: "null" },
  { long: "line-buffered" },
  { short: "U", long: "binary" },
  { short: "T", long: "initial-tab" },
  { long: "no-group-separator" },
  { long: "group-separator", value: true },
  { long: "help" },
  { short: "V", long: "version" }
]

export interface GrepConfig {
  readonly mode: "fixed" | RegexFlavor
  readonly ignoreCase: boolean
  readonly invert: boolean
  readonly wordRegexp: boolean
  readonly lineRegexp: boolean
  readonly count: boolean
  readonly listMatching: boolean
  readonly listNonMatching: boolean
  readonly lineNumbers: boolean
  /** `undefined`: decided by the number of operands. */
  readonly withFilename: boolean | undefined
  readonly onlyMatching: boolean
  readonly quiet: boolean
  readonly noMessages: boolean
  readonly maxCount: number
  readonly after: number
  readonly before: number
  readonly recursive: boolean
  readonly dereference: boolean
  readonly nullData: boolean
  readonly includes: ReadonlyArray<string>
  readonly excludes: ReadonlyArray<string>
  readonly excludeDirs: ReadonlyArray<string>
  readonly label: string
  readonly byteOffset: boolean
  readonly binaryFiles: "binary" | "text" | "without-match"
  readonly nullAfterName: boolean
  readonly initialTab: boolean
  readonly groupSeparator: string | undefined
  readonly explicitPatterns: ReadonlyArray<string> | undefined
  readonly patternFiles: ReadonlyArray<string>
  readonly operands: ReadonlyArray<string>
  readonly help: boolean
  readonly version: boolean
}

export type ConfigResult =
  | { readonly _tag: "Ok"; readonly config: GrepConfig }
  /** `usage`: print the --help hint too. */
  | { readonly _tag: "Error"; readonly message: string; readonly usage: boolean }

const contextNumber = (value: string): number | undefined => (/^\d+$/.test(value) ? Number(value) : undefined)

export const parseGrepArgs = (argv: ReadonlyArray<string>, defaultMode: GrepConfig["mode"]): ConfigResult => {
  const parsed = parseArgs(argv, GREP_SPECS, { numericOption: "context" })
  if (parsed._tag === "Error") return { _tag: "Error", message: parsed.message, usage: true }
  const args = parsed.args
  let mode = defaultMode
  let ignoreCase = false
  let after = 0
  let before = 0
  let color = ""
  for (const { key, value } of args.order) {
    if (key === "extended-regexp") mode = "extended"
    else if (key === "fixed-strings") mode = "fixed"
    else if (key === "basic-regexp") mode = "basic"
    else if (key === "perl-regexp") mode = "perl"
    else if (key === "ignore-case") ignoreCase = true
    else if (key === "no-ignore-case") ignoreCase = false
    else if (key === "color") color = value ?? ""
    else if (key === "after-context" || key === "before-context" || key === "context") {
      const n = contextNumber(value ?? "")
      if (n === undefined) return { _tag: "Error", message: `${value}: invalid context length argument`, usage: false }
      if (key !== "before-context") after = n
      if (key !== "after-context") before = n
    }
  }
  if (color !== "" && !["never", "always", "auto", "yes", "no", "force", "tty", "none", "if-tty"].includes(color)) {
    return { _tag: "Error", message: `invalid argument '${color}' for '--color'`, usage: true }
  }
  let maxCount = Infinity
  const max = args.values.get("max-count")
  if (max !== undefined) {
    if (!/^-?\d+$/.test(max)) return { _tag: "Error", message: `invalid max count`, usage: false }
    maxCount = Number(max) < 0 ? Infinity : Number(max)
  }
  let binaryFiles: GrepConfig["binaryFiles"] = "binary"
  const binary = args.values.get("binary-files")
  if (binary !== undefined) {
    if (binary !== "binary" && binary !== "text" && binary !== "without-match") {
      return { _tag: "Error", message: `unknown binary-files type`, usage: false }
    }
    binaryFiles = binary
  }
  const flag = (key: string) => (args.flags.get(key) ?? 0) > 0
  if (flag("text")) binaryFiles = "text"
  if (flag("binary-without-match")) binaryFiles = "without-match"
  let withFilename: boolean | undefined
  for (const { key } of args.order) {
    if (key === "with-filename") withFilename = true
    else if (key === "no-filename") withFilename = false
  }
  const groupSeparator = flag("no-group-separator") ? undefined : args.values.get("group-separator") ?? "--"
  return {
    _tag: "Ok",
    config: {
      mode,
      ignoreCase,
      invert: flag("invert-match"),
      wordRegexp: flag("word-regexp"),
      lineRegexp: flag("line-regexp"),
      count: flag("count"),
      listMatching: flag("files-with-matches"),
      listNonMatching: flag("files-without-match"),
      lineNumbers: flag("line-number"),
      withFilename,
      onlyMatching: flag("only-matching"),
      quiet: flag("quiet"),
      noMessages: flag("no-messages"),
      maxCount,
      after,
      before,
      recursive: flag("recursive") || flag("dereference-recursive"),
      dereference: flag("dereference-recursive"),
      nullData: flag("null-data"),
      includes: args.lists.get("include") ?? [],
      excludes: args.lists.get("exclude") ?? [],
      excludeDirs: args.lists.get("exclude-dir") ?? [],
      label: args.values.get("label") ?? "(standard input)",
      byteOffset: flag("byte-offset"),
      binaryFiles,
      nullAfterName: flag("null"),
      initialTab: flag("initial-tab"),
      groupSeparator,
      explicitPatterns: args.lists.get("regexp"),
      patternFiles: args.lists.get("file") ?? [],
      operands: args.operands,
      help: flag("help"),
      version: flag("version")
    }
  }
}
