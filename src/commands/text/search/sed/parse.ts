import { sedEscapeAt } from "../../regex/escapes.js"
import { compilePosixRegex } from "../../regex/posix.js"
import type { Action, Address, EndAddress, RegexRef, ReplacementPart, SedCommand, SedProgram } from "./program.js"

/** One piece of script text: an `-e` expression or an `-f` file. */
export interface ScriptChunk {
  readonly text: string
  /** `-e expression #N` or `file NAME`. */
  readonly origin: { readonly type: "expression"; readonly index: number } | { readonly type: "file"; readonly name: string }
}

export type ParseResult = { readonly _tag: "Ok"; readonly program: SedProgram } | { readonly _tag: "Error"; readonly message: string }

class SedSyntaxError {
  constructor(readonly message: string, readonly at: number) {}
}

/**
 * Parse sed script chunks (joined by newlines, as GNU sed does) into a program. Errors carry
 * GNU's location format: `-e expression #1, char 5: ...` or `file F line 2: ...`.
 */
export const parseScript = (chunks: ReadonlyArray<ScriptChunk>, options: { readonly extended: boolean }): ParseResult => {
  const text = chunks.map((c) => c.text).join("\n")
  const starts: Array<number> = []
  let offset = 0
  for (const chunk of chunks) {
    starts.push(offset)
    offset += chunk.text.length + 1
  }
  const locate = (at: number, message: string): string => {
    let k = 0
    while (k + 1 < chunks.length && starts[k + 1]! <= Math.max(0, at - 1)) k++
    const chunk = chunks[k]!
    const local = Math.min(at - starts[k]!, chunk.text.length)
    if (chunk.origin.type === "expression") return `-e expression #${chunk.origin.index}, char ${local}: ${message}`
    const line = chunk.text.slice(0, Math.max(0, local)).split("\n").length
    return `file ${chunk.origin.name} line ${line}: ${message}`
  }
  try {
    return { _tag: "Ok", program: new Parser(text, options.extended).parse() }
  } catch (error) {
    if (error instanceof SedSyntaxError) {
      return { _tag: "Error", message: error.at < 0 ? error.message : locate(error.at, error.message) }
    }
    throw error
  }
}

const isSpace = (c: string | undefined): boolean => c === " " || c === "\t"

class Parser {
  private pos = 0
  private readonly commands: Array<SedCommand> = []
  private readonly blocks: Array<number> = []

  constructor(private readonly src: string, private readonly extended: boolean) {}

  private fail(message: string, at = this.pos): never {
    throw new SedSyntaxError(message, at)
  }
  private peek(): string | undefined {
    return this.src[this.pos]
  }
  private skipSpaces(): void {
    while (isSpace(this.peek())) this.pos++
  }

  parse(): SedProgram {
    const silent = this.src.startsWith("#n\n") || this.src === "#n"
    for (;;) {
      while (this.pos < this.src.length && (isSpace(this.peek()) || this.peek() === "\n" || this.peek() === ";")) this.pos++
      if (this.pos >= this.src.length) break
      if (this.peek() === "#") {
        while (this.pos < this.src.length && this.peek() !== "\n") this.pos++
        continue
      }
      this.parseCommand()
    }
    if (this.blocks.length > 0) this.fail("unmatched `{'", 0)
    this.resolveLabels()
    return { commands: this.commands, silent }
  }

  private resolveLabels(): void {
    const labels = new Map<string, number>()
    this.commands.forEach((command, index) => {
      if (command.action.name === ":") labels.set(command.action.label, index)
    })
    for (const command of this.commands) {
      const action = command.action
      if (action.name === "b" || action.name === "t" || action.name === "T") {
        if (action.label === "") action.target = this.commands.length
        else {
          const target = labels.get(action.label)
          if (target === undefined) throw new SedSyntaxError(`can't find label for jump to \`${action.label}'`, -1)
          action.target = target
        }
      }
    }
  }

  private parseCommand(): void {
    const start = this.parseAddress()
    let end: EndAddress | undefined
    this.skipSpaces()
    if (start !== undefined && this.peek() === ",") {
      this.pos++
      this.skipSpaces()
      end = this.parseEndAddress()
      if (end === undefined) this.fail("unexpected `,'", this.pos + 1)
    }
    if (start?.type === "zero" && (end === undefined || end.type !== "regex")) this.fail("invalid usage of line address 0", this.pos + 1)
    this.skipSpaces()
    let negate = false
    while (this.peek() === "!") {
      negate = true
      this.pos++
      this.skipSpaces()
    }
    const letter = this.peek()
    if (letter === undefined) this.fail("missing command")
    this.pos++
    const action = this.parseAction(letter, start !== undefined)
    if (action.name === "}" && (start !== undefined || negate)) this.fail("} doesn't want any addresses")
    this.commands.push({ start, end, negate, action })
    if (action.name === "{") this.blocks.push(this.commands.length - 1)
    if (action.name === "}") {
      const open = this.blocks.pop()
      if (open === undefined) this.fail("unexpected `}'")
      ;(this.commands[open]!.action as { end: number }).end = this.commands.length - 1
    }
    if (action.name === "a" || action.name === "i" || action.name === "c" || action.name === "r" || action.name === "R" ||
      action.name === "w" || action.name === "W" || action.name === ":" || action.name === "{" || action.name === "}" ||
      action.name === "b" || action.name === "t" || action.name === "T") return
    this.endOfCommand()
  }

  private endOfCommand(): void {
    this.skipSpaces()
    const c = this.peek()
    if (c === undefined || c === "\n" || c === ";" || c === "}" || c === "#") return
    this.fail("extra characters after command", this.pos + 1)
  }

  private readNumber(): number | undefined {
    const begin = this.pos
    while (this.pos < this.src.length && this.peek()! >= "0" && this.peek()! <= "9") this.pos++
    return this.pos === begin ? undefined : Number(this.src.slice(begin, this.pos))
  }

  private parseAddress(): Address | undefined {
    const c = this.peek()
    if (c !== undefined && c >= "0" && c <= "9") {
      const line = this.readNumber()!
      if (this.peek() === "~") {
        this.pos++
        const step = this.readNumber() ?? 0
        return { type: "step", first: line, step }
      }
      return line === 0 ? { type: "zero" } : { type: "line", line }
    }
    if (c === "$") {
      this.pos++
      return { type: "last" }
    }
    if (c === "/" || c === "\\") return { type: "regex", regex: this.parseAddressRegex() }
    return undefined
  }

  private parseEndAddress(): EndAddress | undefined {
    const c = this.peek()
    if (c === "+" || c === "~") {
      this.pos++
      const n = this.readNumber()
      if (n === undefined) this.fail("expected newer version of sed")
      return c === "+" ? { type: "plus", count: n } : { type: "multiple", of: n }
    }
    const address = this.parseAddress()
    if (address?.type === "zero") this.fail("invalid usage of line address 0")
    if (address?.type === "step") return { type: "line", line: address.first }
    return address
  }

  private parseAddressRegex(): RegexRef {
    let delimiter = "/"
    if (this.peek() === "\\") {
      this.pos++
      delimiter = this.peek() ?? ""
      if (delimiter === "" || delimiter === "\n" || delimiter === "\\") this.fail("unexpected `,'")
    }
    this.pos++
    const source = this.readDelimited(delimiter, "unterminated address regex")
    let ignoreCase = false
    let multiline = false
    for (;;) {
      const flag = this.peek()
      if (flag === "I") ignoreCase = true
      else if (flag === "M") multiline = true
      else break
      this.pos++
    }
    this.validateRegex(source, ignoreCase)
    return { source: source === "" ? undefined : source, ignoreCase, multiline }
  }

  /** Report a bad regex where GNU does: at the end of the address or `s` command. */
  private validateRegex(source: string, ignoreCase: boolean): void {
    if (source === "") return
    const result = compilePosixRegex(source, { flavor: this.extended ? "extended" : "basic", ignoreCase, sedEscapes: true })
    if (result._tag === "Error") this.fail(result.message)
  }

  /** Text up to an unescaped `delimiter`; `\delimiter` becomes the delimiter itself. */
  private readDelimited(delimiter: string, unterminated: string, keepNewlineEscape = true): string {
    let out = ""
    for (;;) {
      const c = this.peek()
      if (c === undefined) this.fail(unterminated)
      if (c === "\n" && delimiter !== "\n") this.fail(unterminated)
      this.pos++
      if (c === delimiter) return out
      if (c === "\\") {
        const next = this.peek()
        if (next === undefined) this.fail(unterminated)
        this.pos++
        if (next === delimiter) out += delimiter === "&" && !keepNewlineEscape ? "\\&" : delimiter
        else if (next === "\n") out += keepNewlineEscape ? "\\n" : "\n"
        else out += "\\" + next
        continue
      }
      out += c
    }
  }

  private readLabel(): string {
    this.skipSpaces()
    const begin = this.pos
    while (this.pos < this.src.length && this.peek() !== "\n" && this.peek() !== ";") this.pos++
    return this.src.slice(begin, this.pos).trim()
  }

  private readToEndOfLine(): string {
    const begin = this.pos
    while (this.pos < this.src.length && this.peek() !== "\n") this.pos++
    return this.src.slice(begin, this.pos)
  }

  /**
   * Text of `a`, `i`, `c` with its newline: the GNU one-liner form or the classic `a\` + lines
   * form. A bare `a\` at the end of the script is empty text, without a newline.
   */
  private readText(): string {
    this.skipSpaces()
    if (this.peek() === "\\") {
      this.pos++
      if (this.pos >= this.src.length) return ""
      if (this.peek() === "\n") this.pos++
      else this.skipSpaces()
    }
    let out = ""
    while (this.pos < this.src.length) {
      const c = this.peek()!
      if (c === "\n") {
        this.pos++
        break
      }
      this.pos++
      if (c === "\\") {
        const next = this.peek()
        if (next === undefined) break
        this.pos++
        out += next
        continue
      }
      out += c
    }
    return out + "\n"
  }

  private parseAction(letter: string, hasAddress: boolean): Action {
    switch (letter) {
      case "{":
        return { name: "{", end: -1 }
      case "}":
        return { name: "}" }
      case "=": case "d": case "D": case "g": case "G": case "h": case "H": case "n": case "N":
      case "p": case "P": case "x": case "z": case "F":
        return { name: letter }
      case "l": {
        this.skipSpaces()
        return { name: "l", width: this.readNumber() }
      }
      case "q": case "Q": {
        this.skipSpaces()
        return { name: letter, exitCode: this.readNumber() ?? 0 }
      }
      case "a": case "i": case "c": {
        this.skipSpaces()
        if (this.pos >= this.src.length || this.peek() === "\n") this.fail("expected \\ after `a', `c' or `i'")
        return { name: letter, text: this.readText() }
      }
      case ":": {
        if (hasAddress) this.fail(": doesn't want any addresses")
        const label = this.readLabel()
        if (label === "") this.fail("\":\" lacks a label")
        return { name: ":", label }
      }
      case "b": case "t": case "T":
        return { name: letter, label: this.readLabel(), target: -1 }
      case "r": case "R": case "w": case "W": {
        this.skipSpaces()
        const file = this.readToEndOfLine()
        if (file === "") this.fail("missing filename in r/R/w/W commands")
        return { name: letter, file }
      }
      case "s":
        return this.parseSubstitution()
      case "y":
        return this.parseTransliteration()
      case "e":
        this.fail("e command is not supported in the sandbox (no processes)")
      // eslint-disable-next-line no-fallthrough
      case "v":
        this.readLabel()
        return { name: ":", label: "\0v" + this.pos }
      default:
        this.fail(`unknown command: \`${letter}'`)
    }
  }

  private parseSubstitution(): Action {
    const delimiter = this.peek()
    if (delimiter === undefined || delimiter === "\n" || delimiter === "\\") this.fail("unterminated `s' command")
    this.pos++
    const source = this.readDelimited(delimiter, "unterminated `s' command")
    const rawReplacement = this.readReplacementText(delimiter)
    let global = false
    let occurrence = 1
    let print = 0
    let ignoreCase = false
    let multiline = false
    let writeFile: string | undefined
    let sawNumber = false
    for (;;) {
      const flag = this.peek()
      if (flag === "g") global = true
      else if (flag === "p") print++
      else if (flag === "i" || flag === "I") ignoreCase = true
      else if (flag === "m" || flag === "M") multiline = true
      else if (flag === "e") this.fail("e flag of `s' is not supported in the sandbox (no processes)", this.pos + 1)
      else if (flag !== undefined && flag >= "0" && flag <= "9") {
        if (sawNumber) this.fail("multiple number options to `s' command", this.pos + 1)
        const n = this.readNumber()!
        if (n === 0) this.fail("number option to `s' command may not be zero", this.pos)
        occurrence = n
        sawNumber = true
        continue
      } else if (flag === "w") {
        this.pos++
        this.skipSpaces()
        writeFile = this.readToEndOfLine()
        if (writeFile === "") this.fail("missing filename in r/R/w/W commands")
        break
      } else if (flag === undefined || flag === "\n" || flag === ";" || flag === "}" || flag === "#" || isSpace(flag)) break
      else this.fail("unknown option to `s'", this.pos + 1)
      this.pos++
    }
    const { parts, maxGroup } = parseReplacement(rawReplacement)
    this.validateRegex(source, ignoreCase)
    const regex: RegexRef = { source: source === "" ? undefined : source, ignoreCase, multiline }
    if (regex.source !== undefined && maxGroup > 0) {
      const groups = countGroups(regex.source, this.extended)
      if (maxGroup > groups) this.fail(`invalid reference \\${maxGroup} on \`s' command's RHS`)
    }
    return { name: "s", substitution: { regex, replacement: parts, global, occurrence, print, writeFile, maxGroup } }
  }

  /** The replacement up to the delimiter, keeping escapes for `parseReplacement`. */
  private readReplacementText(delimiter: string): string {
    let out = ""
    for (;;) {
      const c = this.peek()
      if (c === undefined) this.fail("unterminated `s' command")
      if (c === "\n") this.fail("unterminated `s' command")
      this.pos++
      if (c === delimiter) return out
      if (c === "\\") {
        const next = this.peek()
        if (next === undefined) this.fail("unterminated `s' command")
        this.pos++
        // `\<delimiter>` is the delimiter itself (a literal, even if it is `&`).
        if (next === delimiter) out += delimiter === "&" ? "\\&" : delimiter === "\\" ? "\\\\" : delimiter
        else out += "\\" + next
        continue
      }
      out += c
    }
  }

  private parseTransliteration(): Action {
    const delimiter = this.peek()
    if (delimiter === undefined || delimiter === "\n" || delimiter === "\\") this.fail("unterminated `y' command")
    this.pos++
    const readPart = (): Array<string> => {
      const out: Array<string> = []
      for (;;) {
        const c = this.peek()
        if (c === undefined || c === "\n") this.fail("unterminated `y' command")
        this.pos++
        if (c === delimiter) return out
        if (c === "\\") {
          const next = this.peek()
          this.pos++
          if (next === delimiter) out.push(delimiter)
          else if (next === "\\") out.push("\\")
          else if (next === "n") out.push("\n")
          else if (next === "t") out.push("\t")
          else if (next === "r") out.push("\r")
          else this.fail("unknown command: `\\'")
          continue
        }
        out.push(c)
      }
    }
    const from = readPart()
    const to = readPart()
    if (from.length !== to.length) this.fail("strings for `y' command are different lengths")
    const map = new Map<string, string>()
    from.forEach((c, k) => map.set(c, to[k]!))
    return { name: "y", map }
  }
}

/** Parse `&`, `\1`-`\9`, `\U \L \u \l \E`, `\n` and the other escapes of an `s` replacement. */
export const parseReplacement = (raw: string): { parts: Array<ReplacementPart>; maxGroup: number } => {
  const parts: Array<ReplacementPart> = []
  let text = ""
  let maxGroup = 0
  const chars = Array.from(raw)
  const flush = () => {
    if (text !== "") parts.push({ type: "text", text })
    text = ""
  }
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!
    if (c === "&") {
      flush()
      parts.push({ type: "group", index: 0 })
      continue
    }
    if (c !== "\\") {
      text += c
      continue
    }
    const next = chars[i + 1]
    if (next === undefined) {
      text += "\\"
      break
    }
    if (next >= "0" && next <= "9") {
      flush()
      const index = Number(next)
      maxGroup = Math.max(maxGroup, index)
      parts.push({ type: "group", index })
      i++
      continue
    }
    const caseMode = { U: "upper", L: "lower", u: "nextUpper", l: "nextLower", E: "end" } as const
    if (next in caseMode) {
      flush()
      parts.push({ type: "case", mode: caseMode[next as keyof typeof caseMode] })
      i++
      continue
    }
    if (next === "\n") {
      text += "\n"
      i++
      continue
    }
    const escape = sedEscapeAt(chars, i)
    if (escape !== undefined) {
      text += escape.char
      i = escape.next - 1
      continue
    }
    text += next
    i++
  }
  flush()
  return { parts, maxGroup }
}

/** Capture groups in a BRE/ERE source (for the `invalid reference` check). */
const countGroups = (source: string, extended: boolean): number => {
  let count = 0
  let inBracket = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (inBracket) {
      if (c === "]") inBracket = false
      continue
    }
    if (c === "[") {
      inBracket = true
      if (source[i + 1] === "^") i++
      if (source[i + 1] === "]") i++
      continue
    }
    if (c === "\\") {
      if (!extended && source[i + 1] === "(") count++
      i++
      continue
    }
    if (extended && c === "(") count++
  }
  return count
}
