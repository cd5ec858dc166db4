import { RegexSyntaxError, regexErrorMessage, type RegexErrorKind } from "./ast.js"
import { emitRegex } from "./emit.js"
import { parsePosix } from "./parse.js"
import type { RegexMeter } from "./meter.js"
import { translatePerl } from "./perl.js"
import { SafeRegExp, type SafeRegExpOptions } from "./SafeRegExp.js"

/**
 * The shared regex layer for grep, sed, awk, expr, `[[ =~ ]]` and the other consumers: POSIX
 * BRE/ERE (GNU flavour) and a Perl-compatible subset, translated to JavaScript regex syntax and
 * run by `SafeRegExp`, never by V8's backtracking engine.
 *
 * Decisions (see also test/regex and test/text/regex):
 * - Engines: patterns without back-references or lookahead run on re2js (RE2's linear-time
 *   automata); the rest on a bounded, memoised backtracker whose steps are charged to the exec's
 *   budget and limited by `maxBacktrackSteps` per match (the script then ends with 126,
 *   `bash: grep: regex backtracking limit exceeded`). No host V8 flag is touched.
 * - `\<` and `\>` are emitted as a boundary plus a lookbehind, which RE2 runs.
 * - Leftmost-longest: POSIX flavours are compiled with `longest` (RE2's LONGEST_MATCH, or the
 *   backtracker exploring every thread), so one `exec` gives GNU's match extent.
 * - Every consumer passes its `RegexMeter` (`regexMeter(ctx.budget, "grep")`); without one a
 *   regex still has the default step limit, but no deadline.
 */

export type RegexFlavor = "basic" | "extended" | "perl"

export interface PosixRegexOptions {
  readonly flavor: RegexFlavor
  readonly ignoreCase?: boolean
  /** `^`/`$` match at embedded newlines (sed `M`). */
  readonly multiline?: boolean
  readonly global?: boolean
  /** GNU sed escapes in the pattern: `\n \t \r \f \v \a \dNNN \oNNN \xHH \cX`. */
  readonly sedEscapes?: boolean
  /** The exec's budget and step limit for this command (`regexMeter(ctx.budget, name)`). */
  readonly meter?: RegexMeter
}

export interface CompiledRegex {
  readonly _tag: "Ok"
  readonly regex: SafeRegExp
  /** The translated source, unanchored and ungrouped (wrap it in `(?:...)` to extend it). */
  readonly source: string
  readonly flags: string
  readonly groupCount: number
}

export interface RegexCompileError {
  readonly _tag: "Error"
  readonly kind: RegexErrorKind
  /** GNU regex's wording, e.g. `Unmatched [, [^, [:, [., or [=`. */
  readonly message: string
}

export type CompileResult = CompiledRegex | RegexCompileError

export const compilePosixRegex = (source: string, options: PosixRegexOptions): CompileResult => {
  const ignoreCase = options.ignoreCase === true
  const multiline = options.multiline === true
  let translated: { source: string; flags: string; groupCount: number }
  try {
    if (options.flavor === "perl") translated = translatePerl(source, { ignoreCase, multiline })
    else {
      const parsed = parsePosix(source, { extended: options.flavor === "extended", sedEscapes: options.sedEscapes === true })
      const emitted = emitRegex(parsed.root, { ignoreCase, multiline })
      translated = { source: emitted.source, flags: emitted.flags, groupCount: parsed.groupCount }
    }
  } catch (error) {
    if (error instanceof RegexSyntaxError) {
      return { _tag: "Error", kind: error.kind, message: regexErrorMessage(error.kind, error.detail) }
    }
    throw error
  }
  const flags = translated.flags + (multiline ? "m" : "")
  const safeOptions: SafeRegExpOptions = { longest: options.flavor !== "perl", meter: options.meter }
  try {
    const regex = new SafeRegExp(translated.source, flags + (options.global === true ? "g" : ""), safeOptions)
    return { _tag: "Ok", regex, source: translated.source, flags, groupCount: translated.groupCount }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    if (/too large/.test(detail)) return { _tag: "Error", kind: "TooBig", message: regexErrorMessage("TooBig") }
    return { _tag: "Error", kind: "InvalidPerl", message: options.flavor === "perl" ? detail : "Invalid regular expression" }
  }
}

/** Another regex over a compiled one's source (wrapped, anchored...), with its mode and meter. */
export const deriveRegex = (compiled: CompiledRegex, source: string, extraFlags = ""): SafeRegExp =>
  new SafeRegExp(source, compiled.flags + extraFlags, compiled.regex.safeOptions)

/** A fixed string as regex source (grep -F), with the same case folding as patterns. */
export const compileFixedString = (
  text: string,
  options: { readonly ignoreCase?: boolean; readonly global?: boolean; readonly meter?: RegexMeter }
): CompiledRegex => {
  // Backslash only ERE operators: `\b`, `\<`, `\1` would be operators, not characters.
  const escaped = text.replace(/[.[\]()*+?{}|^$\\]/g, "\\$&")
  const result = compilePosixRegex(escaped, { flavor: "extended", ignoreCase: options.ignoreCase, global: options.global, meter: options.meter })
  if (result._tag === "Ok") return result
  // Every character is escaped: only a pattern too big to compile gets here; it matches nothing.
  return { _tag: "Ok", regex: new SafeRegExp("[^\\s\\S]", "", { meter: options.meter }), source: "[^\\s\\S]", flags: "", groupCount: 0 }
}

export interface MatchExtent {
  readonly index: number
  readonly end: number
  /** Capture groups, `undefined` where a group did not participate. */
  readonly groups: ReadonlyArray<string | undefined>
}

/**
 * The next match at or after `from`: leftmost-longest for the POSIX flavours (the engines find
 * it in one search), leftmost-first for Perl. `captures` false when only the extent is read.
 */
export const execLongest = (compiled: CompiledRegex, input: string, from: number, captures = true): MatchExtent | undefined => {
  const finder = captures ? globalOf(compiled) : extentFinderOf(compiled)
  finder.lastIndex = from
  const match = finder.exec(input)
  if (match === null) return undefined
  return { index: match.index, end: match.index + match[0].length, groups: match.slice(1) }
}

/** `captures` false: the groups of the result are unset, and the search is faster. */
const extentCache = new WeakMap<CompiledRegex, SafeRegExp>()
const extentFinderOf = (compiled: CompiledRegex): SafeRegExp => {
  let regex = extentCache.get(compiled)
  if (regex === undefined) {
    regex = new SafeRegExp(compiled.source, compiled.flags + "g", { ...compiled.regex.safeOptions, captures: false })
    extentCache.set(compiled, regex)
  }
  return regex
}

const globalCache = new WeakMap<CompiledRegex, SafeRegExp>()
const globalOf = (compiled: CompiledRegex): SafeRegExp => {
  let regex = globalCache.get(compiled)
  if (regex === undefined) {
    regex = deriveRegex(compiled, compiled.source, "g")
    globalCache.set(compiled, regex)
  }
  return regex
}

export { regexMeter, type RegexMeter } from "./meter.js"
export { SafeRegExp } from "./SafeRegExp.js"
export { regexErrorMessage, type RegexErrorKind } from "./ast.js"
