import * as v8 from "node:v8"
import { RegexSyntaxError, regexErrorMessage, type RegexErrorKind } from "./ast.js"
import { emitRegex } from "./emit.js"
import { parsePosix } from "./parse.js"
import { translatePerl } from "./perl.js"

/**
 * The shared regex layer for grep, sed, awk and `[[ =~ ]]`: POSIX BRE/ERE (GNU flavour) and a
 * Perl-compatible subset, translated to JavaScript RegExp.
 *
 * Decisions (see also test/text/regex):
 * - Engine: JavaScript RegExp, translated from a parsed POSIX syntax tree. Back-references
 *   (`\1`) rule out re2-style engines, and V8's regex is far faster than a TS interpreter.
 * - Catastrophic backtracking: we turn on V8's linear-time fallback engine
 *   (`--enable-experimental-regexp-engine-on-excessive-backtracks`), which re-runs a regex
 *   that backtracks too much in an automaton with linear time. It covers patterns without
 *   back-references, lookaround, `u` or `i` flags; the translator therefore folds case
 *   itself, avoids `u` unless the pattern has astral characters in brackets, and emits `\<`,
 *   `\>` as plain `\b` where the neighbouring atom is a word character. What remains
 *   (nested quantifiers together with back-references or lookaround) is reported as
 *   `risky`, so callers can bound the input they feed it.
 * - Leftmost-longest: JS is leftmost-first. Alternations of plain literals are emitted longest
 *   first, which makes them agree with POSIX. Other ambiguous patterns (general alternation,
 *   repeated groups) set `ambiguous`; `execLongest` then extends a leftmost-first match to
 *   the longest match at the same start (bounded, see there). grep -o and sed s/// use it.
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
}

export interface CompiledRegex {
  readonly _tag: "Ok"
  readonly regex: RegExp
  /** The translated source, unanchored and ungrouped (wrap it in `(?:...)` to extend it). */
  readonly source: string
  readonly flags: string
  readonly groupCount: number
  /** Leftmost-first may differ from leftmost-longest: use `execLongest` for match extents. */
  readonly ambiguous: boolean
  /** Nested quantifiers the linear fallback cannot protect (back-references/lookaround). */
  readonly risky: boolean
}

export interface RegexCompileError {
  readonly _tag: "Error"
  readonly kind: RegexErrorKind
  /** GNU regex's wording, e.g. `Unmatched [, [^, [:, [., or [=`. */
  readonly message: string
}

export type CompileResult = CompiledRegex | RegexCompileError

let fallbackEnabled = false
/** Turn on V8's linear-time fallback for regexes that backtrack excessively (idempotent). */
const enableLinearFallback = (): void => {
  if (fallbackEnabled) return
  fallbackEnabled = true
  try {
    v8.setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks")
  } catch {
    // Not on V8/Node: nothing to enable; `risky` patterns remain the caller's concern.
  }
}

export const compilePosixRegex = (source: string, options: PosixRegexOptions): CompileResult => {
  enableLinearFallback()
  const ignoreCase = options.ignoreCase === true
  const multiline = options.multiline === true
  let translated: { source: string; flags: string; groupCount: number; ambiguous: boolean; risky: boolean }
  try {
    if (options.flavor === "perl") {
      const perl = translatePerl(source, { ignoreCase, multiline })
      translated = { ...perl, risky: false }
    } else {
      const parsed = parsePosix(source, { extended: options.flavor === "extended", sedEscapes: options.sedEscapes === true })
      const emitted = emitRegex(parsed.root, { ignoreCase, multiline })
      translated = {
        source: emitted.source,
        flags: emitted.flags,
        groupCount: parsed.groupCount,
        ambiguous: emitted.ambiguous,
        risky: emitted.nestedQuantifier && emitted.backtrackingOnly
      }
    }
  } catch (error) {
    if (error instanceof RegexSyntaxError) {
      return { _tag: "Error", kind: error.kind, message: regexErrorMessage(error.kind, error.detail) }
    }
    throw error
  }
  const flags = translated.flags + (multiline ? "m" : "") + (options.global === true ? "g" : "")
  try {
    const regex = new RegExp(translated.source, flags)
    return {
      _tag: "Ok",
      regex,
      source: translated.source,
      flags: translated.flags + (multiline ? "m" : ""),
      groupCount: translated.groupCount,
      ambiguous: translated.ambiguous,
      risky: translated.risky
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return { _tag: "Error", kind: "InvalidPerl", message: options.flavor === "perl" ? detail : "Invalid regular expression" }
  }
}

/** A fixed string as regex source (grep -F), with the same case folding as patterns. */
export const compileFixedString = (text: string, options: { readonly ignoreCase?: boolean; readonly global?: boolean }): CompiledRegex => {
  // Backslash only ERE operators: `\b`, `\<`, `\1` would be operators, not characters.
  const escaped = text.replace(/[.[\]()*+?{}|^$\\]/g, "\\$&")
  const result = compilePosixRegex(escaped, { flavor: "extended", ignoreCase: options.ignoreCase, global: options.global })
  if (result._tag === "Ok") return result
  // Every character is escaped, so the only failure would be a bug in the translator.
  return { _tag: "Ok", regex: /[^\s\S]/, source: "[^\\s\\S]", flags: "", groupCount: 0, ambiguous: false, risky: false }
}

export interface MatchExtent {
  readonly index: number
  readonly end: number
  /** Capture groups, `undefined` where a group did not participate. */
  readonly groups: ReadonlyArray<string | undefined>
}

/**
 * The next match at or after `from` (leftmost), extended to the longest match starting at the
 * same place when the pattern is `ambiguous`. "Some match here ends after e" is monotone in e,
 * so the longest end is found by binary search with a sticky probe `(?:re)(?![\s\S]{R})`
 * (a match leaving fewer than R characters): O(log n) extra matches per match.
 */
export const execLongest = (compiled: CompiledRegex, input: string, from: number): MatchExtent | undefined => {
  const finder = globalOf(compiled)
  finder.lastIndex = from
  const match = finder.exec(input)
  if (match === null) return undefined
  const index = match.index
  const end = index + match[0].length
  if (!compiled.ambiguous || end >= input.length) return { index, end, groups: match.slice(1) }
  const longerThan = (e: number): RegExpExecArray | null => {
    const probe = probeFor(compiled, input.length - e)
    probe.lastIndex = index
    return probe.exec(input)
  }
  let best = longerThan(end)
  if (best === null) return { index, end, groups: match.slice(1) }
  // The longest end M satisfies low <= M <= high; probe the middle until they meet.
  let low = index + best[0].length
  let high = input.length
  while (low < high) {
    const middle = Math.floor((low + high) / 2)
    const found = longerThan(middle)
    if (found === null) high = middle
    else {
      best = found
      low = index + found[0].length
    }
  }
  return { index, end: index + best[0].length, groups: best.slice(1) }
}

const probeCache = new WeakMap<CompiledRegex, Map<number, RegExp>>()

/** Sticky `source` whose match must leave fewer than `remaining` characters after it. */
const probeFor = (compiled: CompiledRegex, remaining: number): RegExp => {
  let byRemaining = probeCache.get(compiled)
  if (byRemaining === undefined) {
    byRemaining = new Map()
    probeCache.set(compiled, byRemaining)
  }
  let regex = byRemaining.get(remaining)
  if (regex === undefined) {
    if (byRemaining.size > 4096) byRemaining.clear()
    regex = new RegExp(`(?:${compiled.source})(?![\\s\\S]{${remaining}})`, compiled.flags + "y")
    byRemaining.set(remaining, regex)
  }
  return regex
}

const globalCache = new WeakMap<CompiledRegex, RegExp>()
const globalOf = (compiled: CompiledRegex): RegExp => {
  let regex = globalCache.get(compiled)
  if (regex === undefined) {
    regex = new RegExp(compiled.source, compiled.flags + "g")
    globalCache.set(compiled, regex)
  }
  return regex
}

export { regexErrorMessage, type RegexErrorKind } from "./ast.js"
