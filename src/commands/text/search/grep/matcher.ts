import { WORD_CLASS } from "../../regex/emit.js"
import { compileFixedString, compilePosixRegex, deriveRegex, execLongest, type CompiledRegex, type RegexFlavor, type RegexMeter } from "../../regex/posix.js"

/** How grep's patterns are read and which part of a line they must cover. */
export interface MatcherOptions {
  readonly mode: "fixed" | RegexFlavor
  readonly ignoreCase: boolean
  readonly wordRegexp: boolean
  readonly lineRegexp: boolean
  /** The exec's budget for this command (`regexMeter(ctx.budget, "grep")`). */
  readonly meter?: RegexMeter
}

/** All patterns of one grep run, compiled once. */
export interface LineMatcher {
  readonly test: (line: string) => boolean
  /** Non-empty matches left to right (grep -o, --color), POSIX leftmost-longest. */
  readonly matches: (line: string) => Array<{ readonly start: number; readonly end: number }>
}

const WORD = WORD_CLASS

export const buildMatcher = (
  patterns: ReadonlyArray<string>,
  options: MatcherOptions
): { readonly _tag: "Ok"; readonly matcher: LineMatcher } | { readonly _tag: "Error"; readonly message: string } => {
  const compiled: Array<CompiledRegex> = []
  for (const pattern of patterns) {
    let base: CompiledRegex
    if (options.mode === "fixed") base = compileFixedString(pattern, { ignoreCase: options.ignoreCase, meter: options.meter })
    else {
      const result = compilePosixRegex(pattern, { flavor: options.mode, ignoreCase: options.ignoreCase, meter: options.meter })
      if (result._tag === "Error") return { _tag: "Error", message: result.message }
      base = result
    }
    compiled.push(restrict(base, options))
  }
  // Any pattern matching the empty string (and not restricted) matches every line.
  const testers = compiled.map((c) => c.regex)
  const test = (line: string): boolean => {
    for (const regex of testers) if (regex.test(line)) return true
    return false
  }
  const matches = (line: string): Array<{ start: number; end: number }> => {
    const found: Array<{ start: number; end: number }> = []
    let position = 0
    while (position <= line.length) {
      let best: { start: number; end: number } | undefined
      for (const c of compiled) {
        let from = position
        // Skip empty matches: -o never prints them.
        for (;;) {
          const m = execLongest(c, line, from, false)
          if (m === undefined) break
          if (m.end > m.index) {
            if (best === undefined || m.index < best.start || (m.index === best.start && m.end > best.end)) {
              best = { start: m.index, end: m.end }
            }
            break
          }
          from = m.index + 1
          if (from > line.length) break
        }
      }
      if (best === undefined) break
      found.push(best)
      position = best.end
    }
    return found
  }
  return { _tag: "Ok", matcher: { test, matches } }
}

/** -x and -w as wrappers around the translated source (groups stay numbered as before). */
const restrict = (compiled: CompiledRegex, options: MatcherOptions): CompiledRegex => {
  const wrap = (source: string): CompiledRegex => ({ ...compiled, source, regex: deriveRegex(compiled, source) })
  if (options.lineRegexp) return wrap(`^(?:${compiled.source})$`)
  if (options.wordRegexp) return wrap(`(?<!${WORD})(?:${compiled.source})(?!${WORD})`)
  return compiled
}
