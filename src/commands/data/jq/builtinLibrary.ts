/**
 * Cut jq's builtin library down to the definitions one run can reach.
 *
 * jq parses its whole builtin library (jq source) on every run and then keeps only the
 * definitions the program references (`block_bind_referenced`). Handing it just those
 * definitions gives the same program, minus most of the parse. Which definitions a program
 * reaches is over-approximated, never guessed:
 * - every identifier-shaped word anywhere in jq's arguments counts as a reference (filter
 *   text, but also file names, strings and comments: extra words only keep extra definitions);
 * - the syntax jq's parser turns into calls of library functions counts too: `..` calls
 *   `recurse`, `=` calls `_assign`, `|=` and the arithmetic updates (`+=`, `//=`, ...) call
 *   `_modify`;
 * - a kept definition keeps every definition its own body names, transitively, and every arity
 *   of a name is kept.
 * Some programs can see the library as a whole or bring in source this cannot read: `builtins`
 * lists it, `import`/`include`/`modulemeta` load modules, `-f`/`--from-file` read the filter from
 * a file and `-L` adds module paths. For those the full library is used. The worker also re-runs
 * with the full library if a cut-down run fails to compile with "... is not defined", so a
 * missed reference costs time, never a wrong answer (see `jqWorkerSource.ts`).
 */

interface Definition {
  readonly name: string
  readonly text: string
  /** Names this definition's body refers to (identifiers and desugared syntax). */
  readonly references: ReadonlySet<string>
}

export interface BuiltinLibrary {
  /** The library text for a run with these arguments, or `undefined` for the full library. */
  readonly forArguments: (argv: ReadonlyArray<string>) => string | undefined
}

type TokenKind = "ident" | "field" | "binding" | "punct" | "string"

interface Token {
  readonly kind: TokenKind
  readonly text: string
  readonly start: number
  readonly end: number
}

const identStart = /[A-Za-z_]/
const identPart = /[A-Za-z0-9_]/
/** Multi-character operators, longest first. */
const operators = ["?//", "//=", "..", "|=", "+=", "-=", "*=", "/=", "%=", "//", "==", "!=", "<=", ">="]
const updateOperators = new Set(["|=", "+=", "-=", "*=", "/=", "%=", "//="])

/**
 * Tokens of jq source, enough to find definitions and names: strings are single tokens (their
 * `\(...)` interpolations are tokenised as code), comments are skipped.
 */
const tokenize = (source: string): Array<Token> => {
  const tokens: Array<Token> = []
  // Each entry is the paren depth at which an interpolation returns to its string.
  const interpolations: Array<number> = []
  let depth = 0
  let i = 0
  const readString = (from: number): void => {
    // `from` is just past the opening quote or an interpolation's closing paren.
    let j = from
    while (j < source.length) {
      const c = source[j]
      if (c === "\\") {
        if (source[j + 1] === "(") {
          interpolations.push(depth)
          depth++
          i = j + 2
          return
        }
        j += 2
      } else if (c === '"') {
        tokens.push({ kind: "string", text: source.slice(from, j), start: from, end: j + 1 })
        i = j + 1
        return
      } else j++
    }
    i = source.length
  }
  while (i < source.length) {
    const c = source[i] as string
    if (c === "#") {
      // A comment runs to the end of the line; a backslash just before the newline continues it.
      while (i < source.length && source[i] !== "\n") i += source[i] === "\\" ? 2 : 1
      continue
    }
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++
      continue
    }
    if (c === '"') {
      readString(i + 1)
      continue
    }
    if (identStart.test(c) || ((c === "." || c === "$") && identStart.test(source[i + 1] ?? ""))) {
      const start = i
      if (c === "." || c === "$") i++
      while (i < source.length && (identPart.test(source[i] as string) || (source[i] === ":" && source[i + 1] === ":" && identStart.test(source[i + 2] ?? "")))) {
        i += source[i] === ":" ? 2 : 1
      }
      const kind: TokenKind = c === "." ? "field" : c === "$" ? "binding" : "ident"
      tokens.push({ kind, text: source.slice(c === "." || c === "$" ? start + 1 : start, i), start, end: i })
      continue
    }
    const op = operators.find((candidate) => source.startsWith(candidate, i)) ?? c
    if (op === "(" || op === "[" || op === "{") depth++
    if (op === ")" || op === "]" || op === "}") {
      depth--
      if (op === ")" && interpolations.length > 0 && interpolations[interpolations.length - 1] === depth) {
        interpolations.pop()
        readString(i + 1)
        continue
      }
    }
    tokens.push({ kind: "punct", text: op, start: i, end: i + op.length })
    i += op.length
  }
  return tokens
}

/** The library names a stretch of source refers to, including those its syntax desugars to. */
const referencesOf = (tokens: ReadonlyArray<Token>): Set<string> => {
  const names = new Set<string>()
  for (const token of tokens) {
    if (token.kind === "ident") names.add(token.text)
    else if (token.kind === "punct") {
      if (token.text === "..") names.add("recurse")
      else if (token.text === "=") names.add("_assign")
      else if (updateOperators.has(token.text)) names.add("_modify")
    }
  }
  return names
}

/** Split the library into its top-level definitions. */
const parseDefinitions = (source: string): Array<Definition> => {
  const tokens = tokenize(source)
  const definitions: Array<Definition> = []
  let index = 0
  while (index < tokens.length) {
    const first = tokens[index]
    const name = tokens[index + 1]
    if (first?.kind !== "ident" || first.text !== "def" || name?.kind !== "ident") {
      throw new Error(`unexpected jq builtin library text at ${first?.start ?? source.length}`)
    }
    // The definition ends at the `;` (outside brackets) that closes it and any nested defs.
    let depth = 0
    let open = 0
    let end = index
    for (; end < tokens.length; end++) {
      const token = tokens[end] as Token
      if (token.kind === "punct" && "([{".includes(token.text)) depth++
      else if (token.kind === "punct" && ")]}".includes(token.text)) depth--
      else if (depth === 0 && token.kind === "ident" && token.text === "def") open++
      else if (depth === 0 && token.kind === "punct" && token.text === ";" && --open === 0) break
    }
    const last = tokens[end]
    if (last === undefined) throw new Error(`unterminated jq builtin definition ${name.text}`)
    const body = tokens.slice(index + 2, end)
    definitions.push({ name: name.text, text: source.slice(first.start, last.end), references: referencesOf(body) })
    index = end + 1
  }
  return definitions
}

/** Names whose presence means the program may see or extend the library as a whole. */
const wholeLibraryNames = new Set(["builtins", "import", "include", "modulemeta"])

/** Options that bring in filter text this module does not read: -f/--from-file, -L/--library-path. */
const readsOtherSource = (arg: string): boolean =>
  arg === "--from-file" || arg.startsWith("--library-path") || (/^-[^-]/.test(arg) && /[fL]/.test(arg))

const identifierPattern = /[A-Za-z_][A-Za-z0-9_]*/g

/** Every name a run's arguments might refer to, or `undefined` when the whole library is needed. */
const namesInArguments = (argv: ReadonlyArray<string>): Set<string> | undefined => {
  const names = new Set<string>()
  for (const arg of argv) {
    if (readsOtherSource(arg)) return undefined
    for (const match of arg.matchAll(identifierPattern)) names.add(match[0])
    if (arg.includes("..")) names.add("recurse")
    if (/\|=|\+=|-=|\*=|\/=|%=/.test(arg)) names.add("_modify")
    if (/(^|[^=!<>|+\-*/%])=(?!=)/.test(arg)) names.add("_assign")
  }
  for (const name of names) if (wholeLibraryNames.has(name)) return undefined
  return names
}

const cacheLimit = 256

/** Read jq's builtin library source once; `forArguments` then answers per run. */
export const makeBuiltinLibrary = (source: string): BuiltinLibrary => {
  const definitions = parseDefinitions(source)
  const byName = new Map<string, Array<number>>()
  definitions.forEach((definition, index) => {
    const list = byName.get(definition.name) ?? []
    list.push(index)
    byName.set(definition.name, list)
  })
  const texts = new Map<string, string>()

  const reachable = (names: Set<string>): Array<number> => {
    const kept = new Set<number>()
    const pending = [...names]
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      for (const index of byName.get(name) ?? []) {
        if (kept.has(index)) continue
        kept.add(index)
        pending.push(...(definitions[index] as Definition).references)
      }
    }
    return [...kept].sort((a, b) => a - b)
  }

  return {
    forArguments: (argv) => {
      const names = namesInArguments(argv)
      if (names === undefined) return undefined
      const kept = reachable(names)
      if (kept.length === definitions.length) return undefined
      const key = kept.join(",")
      let text = texts.get(key)
      if (text === undefined) {
        text = kept.map((index) => (definitions[index] as Definition).text).join("\n")
        if (texts.size >= cacheLimit) texts.clear()
        texts.set(key, text)
      }
      return text
    }
  }
}

/** Exposed for tests: the names of the library's top-level definitions, in order. */
export const definitionNames = (source: string): Array<string> => parseDefinitions(source).map((definition) => definition.name)
