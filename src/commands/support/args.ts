/**
 * GNU-style argument parsing shared by every command: bundled short flags (`-abc`), short
 * options with attached or separate values (`-n5`, `-n 5`), long options (`--lines=5`,
 * `--lines 5`, unambiguous prefixes), `--` ending options, and operands mixed with options
 * (GNU permutation) unless `stopAtFirstOperand` is set.
 */

export interface OptionSpec {
  /** Short letter, e.g. "n". */
  readonly short?: string
  /** Long name without dashes, e.g. "lines". */
  readonly long?: string
  /** Key under which the value is stored; defaults to long, then short. */
  readonly key?: string
  /** Whether the option takes a value. */
  readonly value?: boolean
  /** Long option whose value is optional (`--color[=WHEN]`). */
  readonly optionalValue?: boolean
  /** Repeatable: values accumulate in an array (`-e p1 -e p2`). */
  readonly multiple?: boolean
}

export interface ParsedArgs {
  /** Boolean flags count occurrences; valued options hold their last value (or all, with `multiple`). */
  readonly flags: Map<string, number>
  readonly values: Map<string, string>
  readonly lists: Map<string, Array<string>>
  /** Options in the order given, for commands where order matters. */
  readonly order: Array<{ readonly key: string; readonly value: string | undefined }>
  readonly operands: Array<string>
}

export type ParseResult =
  | { readonly _tag: "Ok"; readonly args: ParsedArgs }
  /** `message` is the text after `cmd: ` (e.g. `invalid option -- 'z'`). */
  | { readonly _tag: "Error"; readonly message: string }

export interface ParseOptions {
  /** Stop option parsing at the first operand (POSIX order), as `xargs`, `env`, `timeout` need. */
  readonly stopAtFirstOperand?: boolean
  /** Treat `-5` style numeric options as this key's value (head -5, tail -5). */
  readonly numericOption?: string
}

const keyOf = (spec: OptionSpec): string => spec.key ?? spec.long ?? spec.short ?? ""

export const parseArgs = (
  argv: ReadonlyArray<string>,
  specs: ReadonlyArray<OptionSpec>,
  options: ParseOptions = {}
): ParseResult => {
  const flags = new Map<string, number>()
  const values = new Map<string, string>()
  const lists = new Map<string, Array<string>>()
  const order: Array<{ key: string; value: string | undefined }> = []
  const operands: Array<string> = []
  const byShort = new Map<string, OptionSpec>()
  const longs: Array<OptionSpec> = []
  for (const spec of specs) {
    if (spec.short !== undefined) byShort.set(spec.short, spec)
    if (spec.long !== undefined) longs.push(spec)
  }
  const record = (spec: OptionSpec, value: string | undefined) => {
    const key = keyOf(spec)
    order.push({ key, value })
    if (value === undefined) {
      flags.set(key, (flags.get(key) ?? 0) + 1)
      return
    }
    values.set(key, value)
    if (spec.multiple === true) {
      const list = lists.get(key) ?? []
      list.push(value)
      lists.set(key, list)
    }
  }

  let i = 0
  while (i < argv.length) {
    const arg = argv[i]!
    i++
    if (arg === "--") {
      for (; i < argv.length; i++) operands.push(argv[i]!)
      break
    }
    if (arg.startsWith("--") && arg.length > 2) {
      const eq = arg.indexOf("=")
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq)
      const exact = longs.find((s) => s.long === name)
      const candidates = exact !== undefined ? [exact] : longs.filter((s) => s.long!.startsWith(name))
      if (candidates.length === 0) return { _tag: "Error", message: `unrecognized option '--${name}'` }
      if (candidates.length > 1) return { _tag: "Error", message: `option '--${name}' is ambiguous` }
      const spec = candidates[0]!
      if (spec.value === true) {
        if (eq !== -1) record(spec, arg.slice(eq + 1))
        else if (spec.optionalValue === true) record(spec, "")
        else if (i < argv.length) record(spec, argv[i++]!)
        else return { _tag: "Error", message: `option '--${spec.long}' requires an argument` }
      } else {
        if (eq !== -1) return { _tag: "Error", message: `option '--${spec.long}' doesn't allow an argument` }
        record(spec, undefined)
      }
      continue
    }
    if (arg.startsWith("-") && arg.length > 1) {
      if (options.numericOption !== undefined && /^-\d+$/.test(arg)) {
        const spec = specs.find((s) => keyOf(s) === options.numericOption)
        if (spec !== undefined) {
          record(spec, arg.slice(1))
          continue
        }
      }
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j]!
        const spec = byShort.get(letter)
        if (spec === undefined) return { _tag: "Error", message: `invalid option -- '${letter}'` }
        if (spec.value === true) {
          const rest = arg.slice(j + 1)
          if (rest.length > 0) record(spec, rest)
          else if (i < argv.length) record(spec, argv[i++]!)
          else return { _tag: "Error", message: `option requires an argument -- '${letter}'` }
          break
        }
        record(spec, undefined)
      }
      continue
    }
    operands.push(arg)
    if (options.stopAtFirstOperand === true) {
      for (; i < argv.length; i++) operands.push(argv[i]!)
      break
    }
  }
  return { _tag: "Ok", args: { flags, values, lists, order, operands } }
}

/** Convenience accessors. */
export const hasFlag = (args: ParsedArgs, key: string): boolean => (args.flags.get(key) ?? 0) > 0 || args.values.has(key)
