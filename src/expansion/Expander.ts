import type * as Ast from "../parser/Ast.js"
import type { ShellState } from "../interpreter/ShellState.js"
import { expandBraces } from "./braces.js"
import type { Budget } from "../limits/Budget.js"
import { FIELD_BREAK, hasGlobChar, joinPattern, joinPieces, splitFields, tooManyWords, type Field, type PieceOrBreak } from "./fields.js"
import { expandParameter } from "./parameters.js"

/**
 * Word expansion in bash's order: brace, tilde, parameter/arithmetic/command substitution,
 * field splitting, pathname expansion, quote removal.
 *
 * The expander is written as generators that `yield` the few steps that need the outside world
 * (a command substitution runs commands; pathname expansion reads the VFS); the interpreter
 * drives them. It never imports the interpreter: the capabilities arrive through
 * `ExpansionHost` and the requests.
 */

export type ExpandRequest =
  | { readonly _tag: "CommandSubstitution"; readonly body: Ast.Script }
  | { readonly _tag: "ProcessSubstitution"; readonly node: Ast.ProcessSubstitution }
  | { readonly _tag: "Glob"; readonly pattern: string }

/** What a request resumes with: captured output, a path, or glob matches. */
export type ExpandResponse = string | ReadonlyArray<string> | undefined

export type Expansion<A> = Generator<ExpandRequest, A, ExpandResponse>

/** An expansion failure: the message (bash's, after `bash: `) and whether it ends the shell. */
export class ExpansionError {
  readonly _tag = "ExpansionError"
  constructor(
    readonly message: string,
    readonly status = 1,
    /** Fatal errors end a non-interactive shell (unbound variable, `${x:?}`, bad arithmetic). */
    readonly fatal = true,
    /** Ends only the rest of the current input line (failglob), as bash does. */
    readonly abortsLine = false,
    /**
     * bash gives up reading its input (unbound variable, `${x:?}`): a `bash -c` string then
     * exits with status 127, a script file or a subshell with 1.
     */
    readonly endsInput = false
  ) {}

  /** `NAME: unbound variable` under `set -u`. */
  static unbound(shown: string): ExpansionError {
    return new ExpansionError(`${shown}: unbound variable`, 1, true, false, true)
  }
}

export interface ExpansionHost {
  readonly state: ShellState
  /** Evaluate arithmetic text; throws ExpansionError. */
  readonly arithmetic: (text: string) => bigint
  /** Home directory of a user (`~name`), or undefined when unknown. */
  readonly homeOf: (user: string) => string | undefined
  /** Text of `$'...'`-style escapes for `@E`, prompt expansion for `@P`. */
  readonly promptExpand: (text: string) => string
  /** A diagnostic bash prints and goes on after (`a: bad array subscript`). */
  readonly warn?: (message: string) => void
  /** The exec's budget: its limits, and the meter long expansions charge (throws the stop). */
  readonly budget: Budget
}

const DOUBLE_QUOTED = true

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

/** Expand word parts to pieces, in a quoted or unquoted context. */
export function* expandParts(
  host: ExpansionHost,
  parts: ReadonlyArray<Ast.WordPart>,
  quoted: boolean,
  out: Array<PieceOrBreak>,
  /** Unquoted literal text splits too (the operand of an unquoted `${x:-a b}`). */
  literalSplits = false
): Expansion<void> {
  for (const part of parts) {
    switch (part._tag) {
      case "Literal":
        out.push({ text: part.value, quoted, splittable: literalSplits && !quoted })
        break
      case "Escaped":
      case "SingleQuoted":
      case "AnsiCQuoted":
        out.push({ text: part.value, quoted: true, splittable: false })
        break
      case "DoubleQuoted":
      case "LocaleQuoted": {
        const start = out.length
        yield* expandParts(host, part.parts, DOUBLE_QUOTED, out)
        // `""` still makes a field, even when empty.
        if (out.length === start) out.push({ text: "", quoted: true, splittable: false })
        break
      }
      case "TildePrefix":
        out.push({ text: expandTilde(host, part.user), quoted: true, splittable: false })
        break
      case "ParamExpansion":
        yield* expandParameter(host, part, quoted, out)
        break
      case "CommandSubstitution": {
        const output = (yield { _tag: "CommandSubstitution", body: part.body }) as string
        out.push({ text: output, quoted, splittable: !quoted })
        break
      }
      case "ArithmeticExpansion": {
        const text = yield* expandArithmetic(host, part.expression)
        out.push({ text: host.arithmetic(text).toString(), quoted, splittable: !quoted })
        break
      }
      case "ProcessSubstitution": {
        const path = (yield { _tag: "ProcessSubstitution", node: part }) as string
        out.push({ text: path, quoted, splittable: false })
        break
      }
      case "BraceList":
      case "BraceSequence":
        // Reached only where brace expansion does not apply (e.g. inside quotes): literal text.
        out.push({ text: braceSource(part), quoted, splittable: false })
        break
    }
  }
}

const braceSource = (part: Ast.BraceExpansion): string =>
  part._tag === "BraceSequence"
    ? `{${part.start}..${part.end}${part.step === undefined ? "" : `..${part.step}`}}`
    : `{${part.alternatives.map((alt) => alt.map((p) => (p._tag === "Literal" ? p.value : "")).join("")).join(",")}}`

const expandTilde = (host: ExpansionHost, user: string): string => {
  const state = host.state
  if (user === "") return state.getScalar("HOME") ?? host.homeOf("") ?? "~"
  if (user === "+") return state.getScalar("PWD") ?? state.cwd
  if (user === "-") return state.getScalar("OLDPWD") ?? "~-"
  if (/^[+-]?\d+$/.test(user)) {
    const stack = [state.cwd, ...state.dirStack]
    const n = Number.parseInt(user.replace(/^[+-]/, ""), 10)
    const entry = user.startsWith("-") ? stack[stack.length - 1 - n] : stack[n]
    return entry ?? `~${user}`
  }
  return host.homeOf(user) ?? `~${user}`
}

// ---------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------

/** Whether a word is one plain literal with nothing to expand (the common fast path). */
const plainLiteral = (word: Ast.Word): string | undefined => {
  if (word.parts.length !== 1) return undefined
  const part = word.parts[0]!
  if (part._tag === "SingleQuoted" || part._tag === "Escaped" || part._tag === "AnsiCQuoted") return part.value
  if (part._tag !== "Literal") return undefined
  return hasGlobChar(part.value) ? undefined : part.value
}

/** The parameter of a word that is exactly `"$@"` or `"${name[@]}"` (no operator), if it is one. */
const quotedList = (word: Ast.Word): Ast.ParamExpansion | undefined => {
  if (word.parts.length !== 1) return undefined
  const quoted = word.parts[0]!
  if (quoted._tag !== "DoubleQuoted" || quoted.parts.length !== 1) return undefined
  const param = quoted.parts[0]!
  if (param._tag !== "ParamExpansion" || param.op !== undefined || param.indirect || param.length) return undefined
  return (param.name === "@" && param.index === undefined) || param.index === "@" ? param : undefined
}

/** Expand words into command arguments: all steps, including splitting and globbing. */
export function* expandWords(host: ExpansionHost, words: ReadonlyArray<Ast.Word>): Expansion<Array<string>> {
  const result: Array<string> = []
  for (const word of words) {
    const plain = plainLiteral(word)
    if (plain !== undefined) {
      result.push(plain)
      continue
    }
    const list = quotedList(word)
    if (list !== undefined) {
      // `"$@"`, `"${a[@]}"`: one word per element, with no splitting or globbing to do, so none
      // of the per-field work (a recursion passing on `"$@" "$@"` would pay it per argument per call).
      const pieces: Array<PieceOrBreak> = []
      yield* expandParameter(host, list, true, pieces)
      const maxWords = host.budget.limits.maxExpansionWords
      if (result.length + pieces.length / 2 > maxWords + 1) throw tooManyWords(maxWords)
      host.budget.step(pieces.length)
      // As a double-quoted word: nothing at all is still one empty word, a vanishing `"$@"` none.
      if (pieces.length === 0) result.push("")
      let current: string | undefined
      for (const piece of pieces) {
        if (piece === FIELD_BREAK) {
          if (current !== undefined) result.push(current)
          current = undefined
        } else if (piece.vanish !== true) current = (current ?? "") + piece.text
      }
      if (current !== undefined) result.push(current)
      if (result.length > maxWords) throw tooManyWords(maxWords)
      continue
    }
    const variants = host.state.options.has("braceexpand") ? expandBraces(word.parts, host, host.budget.limits.maxExpansionWords) : [word.parts]
    for (const parts of variants) {
      const pieces: Array<PieceOrBreak> = []
      yield* expandParts(host, parts, false, pieces)
      const maxWords = host.budget.limits.maxExpansionWords
      const fields = splitFields(pieces, host.state.getScalar("IFS"), host.budget, maxWords, result.length)
      for (const field of fields) yield* globField(host, field, result)
      if (result.length > maxWords) throw tooManyWords(maxWords)
    }
  }
  return result
}

function* globField(host: ExpansionHost, field: Field, out: Array<string>): Expansion<void> {
  if (!field.globActive || host.state.options.has("noglob")) {
    out.push(field.text)
    return
  }
  const matches = (yield { _tag: "Glob", pattern: field.pattern }) as ReadonlyArray<string> | undefined
  if (matches !== undefined && matches.length > 0) {
    for (const m of matches) out.push(m)
    return
  }
  if (host.state.shopt["failglob"] === true) throw new ExpansionError(`no match: ${field.text}`, 1, false, true)
  if (host.state.shopt["nullglob"] === true) return
  out.push(field.text)
}

/** Expand a word to one string: no splitting, no globbing (assignments, here-strings, `[[`). */
export function* expandString(host: ExpansionHost, word: Ast.Word, quoted = false): Expansion<string> {
  const plain = plainLiteral(word)
  if (plain !== undefined) return plain
  const pieces: Array<PieceOrBreak> = []
  yield* expandParts(host, word.parts, quoted, pieces)
  return joinPieces(pieces)
}

/**
 * Expand arithmetic text (`$(( ))`, `(( ))`, indexed subscripts, substring offsets): as inside
 * double quotes, except that single quotes are not quote characters there, so `'x'` reaches the
 * evaluator with its quotes and fails as in bash.
 */
export function* expandArithmetic(host: ExpansionHost, word: Ast.Word): Expansion<string> {
  let literalOnly = true
  for (const part of word.parts) if (part._tag !== "Literal") literalOnly = false
  if (literalOnly) return yield* expandString(host, word, true)
  const pieces: Array<PieceOrBreak> = []
  for (const part of word.parts) {
    if (part._tag === "SingleQuoted" || part._tag === "AnsiCQuoted") pieces.push({ text: `'${part.value}'`, quoted: true, splittable: false })
    else yield* expandParts(host, [part], true, pieces)
  }
  return joinPieces(pieces)
}

/** Expand a word to a glob pattern: quoted characters escaped (case, `[[ == ]]`, `${x#pat}`). */
export function* expandPattern(host: ExpansionHost, word: Ast.Word): Expansion<string> {
  const pieces: Array<PieceOrBreak> = []
  yield* expandParts(host, word.parts, false, pieces)
  return joinPattern(pieces)
}

/** Expand word parts to pieces (exposed for callers that post-process them, e.g. `=~`). */
export function* expandToPieces(host: ExpansionHost, word: Ast.Word, quoted = false): Expansion<Array<PieceOrBreak>> {
  const pieces: Array<PieceOrBreak> = []
  yield* expandParts(host, word.parts, quoted, pieces)
  return pieces
}

export { FIELD_BREAK }
