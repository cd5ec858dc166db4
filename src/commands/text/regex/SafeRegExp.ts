import { RE2JS, type Matcher } from "re2js"
import { Backtracker, compileBacktrack, ProgramTooBig, type BacktrackProgram } from "./backtrack.js"
import { defaultRegexMeter, type RegexMeter } from "./meter.js"
import { re2Source } from "./re2Source.js"
import { parseJsRegex, simplify, treeFacts, type JsNode, type ParsedJs } from "./syntax.js"

/**
 * A RegExp whose matching never backtracks exponentially: `exec` runs on re2js (RE2's
 * linear-time automata) when the pattern allows it, or on the bounded backtracker
 * (`backtrack.ts`) for back-references and lookahead, metered by the exec's budget.
 *
 * It is a real RegExp subclass (the JavaScript source is kept for `source`, `flags`, `lastIndex`),
 * so `String.prototype.replace`, `split`, `match`, `matchAll` and `test` keep working through
 * the language's generic paths, which all call `exec` (split builds its sticky splitter through
 * the species constructor, which accepts a SafeRegExp and keeps its engine and meter).
 *
 * `longest`: POSIX leftmost-longest matches (grep, sed, awk, expr): RE2's LONGEST_MATCH, or the
 * backtracker exploring every thread from the leftmost start.
 */

export interface SafeRegExpOptions {
  /** POSIX leftmost-longest instead of JavaScript's leftmost-first. */
  readonly longest?: boolean
  /** The exec's budget and step limit (default: no deadline, the default step limit). */
  readonly meter?: RegexMeter
  /**
   * False when the caller reads only the match extent (grep -o, sed without `\1`): groups are
   * then reported unset and the linear engine skips submatch tracking, several times faster.
   */
  readonly captures?: boolean
}

/** One compiled pattern, shared by every SafeRegExp with the same source and mode. */
interface Engine {
  readonly parsed: ParsedJs
  /** The whole pattern is this text (indexOf). */
  readonly literal: string | undefined
  /** Every match contains this text (a cheap reject before the engine). */
  readonly required: string | undefined
  readonly re2: RE2JS | undefined
  /** Groups the RE2 program captures (0 when built without captures). */
  readonly re2Groups: number
  readonly backtrack: BacktrackProgram | undefined
  readonly hasNames: boolean
}

const engines = new Map<string, Engine>()

const engineFor = (source: string, flags: string, longest: boolean, captures: boolean): Engine => {
  const key = `${longest ? "L" : "F"}${captures ? "C" : "N"}${flags}/${source}`
  let engine = engines.get(key)
  if (engine === undefined) {
    engine = buildEngine(source, flags, longest, captures)
    if (engines.size >= 512) engines.clear()
    engines.set(key, engine)
  }
  return engine
}

const buildEngine = (source: string, flags: string, longest: boolean, captures: boolean): Engine => {
  const parsed = parseJsRegex(source, flags)
  const root = simplify(parsed.root)
  const facts = treeFacts(root)
  const hasNames = parsed.names.size > 0
  const literal = parsed.flags.ignoreCase ? undefined : literalText(root)
  const required = parsed.flags.ignoreCase ? undefined : requiredText(root)
  const base = { parsed: { ...parsed, root }, literal, required, hasNames }
  if (literal !== undefined) return { ...base, re2: undefined, re2Groups: 0, backtrack: undefined }
  if (!facts.backrefs && !facts.lookahead && !facts.complexLookbehind) {
    try {
      let re2Flags = 0
      if (parsed.flags.ignoreCase) re2Flags |= RE2JS.CASE_INSENSITIVE
      if (parsed.flags.multiline) re2Flags |= RE2JS.MULTILINE
      if (longest) re2Flags |= RE2JS.LONGEST_MATCH
      if (facts.lookbehind) re2Flags |= RE2JS.LOOKBEHINDS
      const re2 = RE2JS.compile(re2Source(root, { captures }), re2Flags)
      return { ...base, re2, re2Groups: captures ? parsed.groupCount : 0, backtrack: undefined }
    } catch {
      // RE2 refuses some patterns (repeat counts above 1000, unknown property names): backtrack.
    }
  }
  try {
    return { ...base, re2: undefined, re2Groups: 0, backtrack: compileBacktrack(root, parsed.groupCount, parsed.flags, longest, facts.referenced) }
  } catch (error) {
    if (error instanceof ProgramTooBig) throw new SyntaxError(`Invalid regular expression: /${source}/: Regular expression too large`)
    throw error
  }
}

/** The text of a pattern made only of characters. */
const literalText = (node: JsNode): string | undefined => {
  if (node.type === "char") return String.fromCodePoint(node.cp)
  if (node.type !== "seq" || node.items.length === 0) return undefined
  let text = ""
  for (const item of node.items) {
    if (item.type !== "char") return undefined
    text += String.fromCodePoint(item.cp)
  }
  return text
}

/** The longest run of characters every match contains (through sequences and plain groups). */
const requiredText = (node: JsNode): string | undefined => {
  if (node.type === "group") return requiredText(node.body)
  if (node.type === "char") return String.fromCodePoint(node.cp)
  if (node.type === "repeat" && node.min > 0) return requiredText(node.body)
  if (node.type !== "seq") return undefined
  let best = ""
  let run = ""
  for (const item of node.items) {
    if (item.type === "char") {
      run += String.fromCodePoint(item.cp)
      if (run.length > best.length) best = run
      continue
    }
    // Anchors and lookaround consume nothing: the characters around them stay adjacent.
    if (item.type === "assert" || item.type === "look") continue
    run = ""
    const inner = requiredText(item)
    if (inner !== undefined && inner.length > best.length) best = inner
  }
  return best === "" ? undefined : best
}

const toLength = (value: unknown): number => {
  const number = Math.trunc(Number(value))
  return Number.isNaN(number) || number <= 0 ? 0 : Math.min(number, Number.MAX_SAFE_INTEGER)
}

export class SafeRegExp extends RegExp {
  readonly #engine: Engine
  readonly #options: SafeRegExpOptions
  #matcher: Matcher | undefined
  #matcherInput: string | undefined
  #backtracker: Backtracker | undefined
  #lastFind: { readonly input: string; readonly from: number; readonly caps: ArrayLike<number> | null } | undefined

  constructor(pattern: string | RegExp, flags?: string, options?: SafeRegExpOptions) {
    super(pattern, flags)
    const inherited = pattern instanceof SafeRegExp ? pattern.#options : undefined
    this.#options = options ?? inherited ?? {}
    this.#engine = engineFor(this.source, this.flags.replace(/[dgy]/g, ""), this.#options.longest === true, this.#options.captures !== false)
  }

  /** The options this regex was built with (for consumers deriving another regex from it). */
  get safeOptions(): SafeRegExpOptions {
    return this.#options
  }

  get #meter(): RegexMeter {
    return this.#options.meter ?? defaultRegexMeter
  }

  override exec(string: string): RegExpExecArray | null {
    const input = String(string)
    const advancing = this.global || this.sticky
    const from = advancing ? toLength(this.lastIndex) : 0
    if (from > input.length) {
      if (advancing) this.lastIndex = 0
      return null
    }
    const found = this.#match(input, from, this.sticky)
    if (found === null) {
      if (advancing) this.lastIndex = 0
      return null
    }
    if (advancing) this.lastIndex = found[1]!
    return this.#result(input, found)
  }

  override test(string: string): boolean {
    if (this.global || this.sticky) return this.exec(string) !== null
    const input = String(string)
    const engine = this.#engine
    this.#meter.work.step(1 + (input.length >> 3))
    if (engine.literal !== undefined) return input.includes(engine.literal)
    if (engine.required !== undefined && !input.includes(engine.required)) return false
    if (engine.re2 !== undefined) return engine.re2.test(input)
    return this.#match(input, 0, false) !== null
  }

  /** Capture positions [start0, end0, start1, end1...] (-1 unset) of the match at or after `from`. */
  #match(input: string, from: number, sticky: boolean): ArrayLike<number> | null {
    const engine = this.#engine
    const meter = this.#meter
    if (engine.literal !== undefined) {
      const literal = engine.literal
      const at = sticky ? (input.startsWith(literal, from) ? from : -1) : input.indexOf(literal, from)
      meter.work.step(1 + ((at === -1 ? input.length - from : at - from) >> 3))
      return at === -1 ? null : [at, at + literal.length]
    }
    if (engine.required !== undefined) {
      const at = input.indexOf(engine.required, from)
      if (at === -1) {
        meter.work.step(1 + ((input.length - from) >> 3))
        return null
      }
    }
    if (engine.re2 !== undefined) return this.#matchRe2(engine.re2, input, from, sticky)
    this.#backtracker ??= new Backtracker(engine.backtrack!, meter)
    return this.#backtracker.exec(input, from, sticky)
  }

  #matchRe2(re2: RE2JS, input: string, from: number, sticky: boolean): ArrayLike<number> | null {
    // RE2 anchors only at the start of the text, so a sticky match is the leftmost match when it
    // starts at `from`. The last search is remembered: no match starts between its origin and the
    // match it found, so a later search from inside that span has the same answer (split's
    // sticky probes at every position stay linear).
    const last = this.#lastFind
    let caps: ArrayLike<number> | null
    if (last !== undefined && last.input === input && last.from <= from && (last.caps === null || from <= last.caps[0]!)) {
      caps = last.caps
    } else {
      caps = this.#findRe2(re2, input, from)
      this.#lastFind = { input, from, caps }
    }
    if (caps === null || (sticky && caps[0] !== from)) return null
    return caps
  }

  #findRe2(re2: RE2JS, input: string, from: number): ArrayLike<number> | null {
    let matcher = this.#matcher
    if (matcher === undefined || this.#matcherInput !== input) {
      matcher = matcher === undefined ? re2.matcher(input) : matcher.resetMatcherInput(input)
      this.#matcher = matcher
      this.#matcherInput = input
    }
    if (!matcher.find(from)) {
      this.#meter.work.step(1 + input.length - from)
      return null
    }
    const groups = this.#engine.re2Groups
    const end = matcher.end(0)
    this.#meter.work.step(1 + end - from)
    const caps = new Array<number>(2 * (this.#engine.parsed.groupCount + 1)).fill(-1)
    caps[0] = matcher.start(0)
    caps[1] = end
    for (let g = 1; g <= groups; g++) {
      caps[2 * g] = matcher.start(g)
      caps[2 * g + 1] = matcher.end(g)
    }
    return caps
  }

  #result(input: string, caps: ArrayLike<number>): RegExpExecArray {
    const groups = this.#engine.parsed.groupCount
    const result = [] as unknown as RegExpExecArray
    for (let g = 0; g <= groups; g++) {
      const start = caps[2 * g] ?? -1
      const end = caps[2 * g + 1] ?? -1
      result.push(start >= 0 && end >= start ? input.slice(start, end) : (undefined as unknown as string))
    }
    result.index = caps[0]!
    result.input = input
    let named: Record<string, string | undefined> | undefined
    if (this.#engine.hasNames) {
      named = Object.create(null) as Record<string, string | undefined>
      for (const [name, index] of this.#engine.parsed.names) named[name] = result[index]
    }
    result.groups = named as Record<string, string> | undefined
    return result
  }
}
