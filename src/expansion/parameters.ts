import type * as Ast from "../parser/Ast.js"
import { decodeAnsiC } from "../parser/internal/ansiC.js"
import { MAIN_FRAME } from "../interpreter/callStack.js"
import { Attr, type VarValue } from "../interpreter/variables.js"
import { characterCount, characterSlice } from "./codePoints.js"
import type { WorkMeter } from "../limits/Budget.js"
import { capitalizeFirst, convertAll, convertFirst, toLower, toUpper } from "./caseMap.js"
import { matchPattern, removePattern, replacePattern } from "./Pattern.js"
import {
  ExpansionError,
  expandArithmetic,
  expandParts,
  expandPattern,
  expandString,
  type Expansion,
  type ExpansionHost
} from "./Expander.js"
import { FIELD_BREAK, type PieceOrBreak } from "./fields.js"
import { describeVariable, quoteForDeclare, quoteForReuse, transformAttributes } from "./quoting.js"

/**
 * Parameter expansion: `$name`, `${name...}` with every operator, positional and special
 * parameters, arrays and their `@`/`*` forms.
 */

/** The value of a parameter before operators: one string, or a list (`$@`, `${a[@]}`). */
type ParamValue =
  | { readonly kind: "single"; readonly value: string | undefined }
  | { readonly kind: "list"; readonly values: ReadonlyArray<string>; readonly star: boolean }

const isDigits = (s: string): boolean => /^\d+$/.test(s)

const ifsJoiner = (host: ExpansionHost): string => {
  const ifs = host.state.getScalar("IFS")
  return ifs === undefined ? " " : ifs.slice(0, 1)
}

/** `$?`, `$#`, `$1`, ...: the special and positional parameters. */
const specialValue = (host: ExpansionHost, name: string): string | undefined => {
  const state = host.state
  switch (name) {
    case "?":
      return String(state.lastStatus)
    case "#":
      return String(state.positional.length)
    case "$":
      return String(state.pid)
    case "!":
      return state.lastBackgroundPid === undefined ? undefined : String(state.lastBackgroundPid)
    case "-":
      // A `bash -c` string (no script file at the bottom of the stack) also shows `c`.
      return state.callStack[0]?.name === MAIN_FRAME ? state.flagString() : `${state.flagString()}c`
    case "0":
      return state.scriptName
    case "_":
      return state.lastArgument
    default:
      if (isDigits(name)) return state.positional[Number.parseInt(name, 10) - 1]
      return undefined
  }
}

const isSpecialName = (name: string): boolean => name.length === 1 && "?#$!-0_".includes(name) || isDigits(name)

/** A subscript's text: an associative key (quotes removed) or arithmetic (see expandArithmetic). */
function* subscriptText(host: ExpansionHost, index: Ast.Word, assoc: boolean): Expansion<string> {
  return assoc ? yield* expandString(host, index, true) : yield* expandArithmetic(host, index)
}

/** Evaluate an indexed-array subscript, negative values counting from the end. */
const indexOf = (host: ExpansionHost, text: string, value: VarValue | undefined): number => {
  let index = Number(host.arithmetic(text))
  if (index < 0 && value !== undefined && typeof value === "object" && value._tag === "IndexedArray") {
    index += value.nextIndex()
  }
  return index
}

function* lookupValue(host: ExpansionHost, node: Ast.ParamExpansion, name: string): Expansion<ParamValue> {
  const state = host.state
  if (name === "@" || name === "*") return { kind: "list", values: state.positional, star: name === "*" }
  if (isSpecialName(name)) return { kind: "single", value: specialValue(host, name) }
  // A nameref to an array element (`declare -n r='a[2]'`) expands that element.
  const target = node.index === undefined ? state.resolveName(name) : name
  if (target !== name) {
    const element = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(target)
    if (element !== null) return yield* lookupValue(host, { ...node, index: subscriptWord(element[2]!) }, element[1]!)
  }
  const value = state.getValue(name)
  const index = node.index
  if (index === "@" || index === "*") {
    const star = index === "*"
    if (value === undefined) return { kind: "list", values: [], star }
    if (typeof value === "string") return { kind: "list", values: [value], star }
    if (value._tag === "IndexedArray") return { kind: "list", values: value.values(), star }
    return { kind: "list", values: value.values(), star }
  }
  if (index !== undefined) {
    const variable = state.peek(name)
    const assoc = (value !== undefined && typeof value === "object" && value._tag === "AssocArray") || (variable !== undefined && (variable.attrs & Attr.assoc) !== 0)
    const text = yield* subscriptText(host, index, assoc)
    if (value !== undefined && typeof value === "object" && value._tag === "AssocArray") {
      return { kind: "single", value: value.items.get(text) }
    }
    if (assoc) return { kind: "single", value: undefined }
    const i = indexOf(host, text, value)
    if (value === undefined) return { kind: "single", value: undefined }
    if (typeof value === "string") return { kind: "single", value: i === 0 ? value : undefined }
    if (value._tag === "IndexedArray") {
      if (i < 0) {
        // bash reports it and expands to nothing; the command still runs.
        host.warn?.(`${name}: bad array subscript`)
        return { kind: "single", value: undefined }
      }
      return { kind: "single", value: value.get(i) }
    }
    return { kind: "single", value: (value as { items: Map<string, string> }).items.get(String(i)) }
  }
  if (value === undefined || typeof value === "string") return { kind: "single", value }
  if (value._tag === "IndexedArray") return { kind: "single", value: value.get(0) }
  return { kind: "single", value: value.items.get("0") }
}

/** `${!name}`: the value names another parameter (possibly `arr[i]` or `arr[@]`). */
const subscriptWord = (sub: string): Ast.Word | "@" | "*" =>
  sub === "@" || sub === "*" ? sub : { _tag: "Word", parts: [{ _tag: "Literal", value: sub }], raw: sub }

function* indirectValue(host: ExpansionHost, node: Ast.ParamExpansion): Expansion<ParamValue> {
  // `${!ref}` on a nameref gives the name it refers to, as bash does.
  const raw = node.index === undefined ? host.state.findRaw(node.name)?.variable : undefined
  if (raw !== undefined && (raw.attrs & Attr.nameref) !== 0 && typeof raw.value === "string") return { kind: "single", value: raw.value }
  const base = yield* lookupValue(host, node, node.name)
  const target = base.kind === "single" ? base.value : base.values.join(" ")
  // bash abandons the line for both (`set -u` or not): an unset reference, a bad name.
  if (target === undefined) throw new ExpansionError(`${node.name}: invalid indirect expansion`, 1, true)
  const match = /^([A-Za-z_][A-Za-z0-9_]*|\d+|[@*#?$!\-_])(?:\[(.*)\])?$/s.exec(target)
  if (match === null) throw new ExpansionError(`${target}: invalid variable name`, 1, true)
  const sub = match[2]
  const indexWord = sub === undefined ? undefined : subscriptWord(sub)
  return yield* lookupValue(host, { ...node, name: match[1]!, index: indexWord, indirect: false }, match[1]!)
}

const isUnset = (v: ParamValue): boolean => (v.kind === "single" ? v.value === undefined : v.values.length === 0)
const isNull = (v: ParamValue): boolean =>
  v.kind === "single" ? v.value === undefined || v.value === "" : v.values.length === 0 || (v.values.length === 1 && v.values[0] === "")

const mapValue = (v: ParamValue, f: (s: string) => string): ParamValue =>
  v.kind === "single" ? { kind: "single", value: v.value === undefined ? undefined : f(v.value) } : { ...v, values: v.values.map(f) }

/** Emit a value into the piece stream with bash's `@`/`*` rules. */
const emit = (host: ExpansionHost, v: ParamValue, quoted: boolean, out: Array<PieceOrBreak>): void => {
  if (v.kind === "single") {
    if (v.value !== undefined) out.push({ text: v.value, quoted, splittable: !quoted })
    return
  }
  if (v.values.length === 0) {
    if (quoted && !v.star) out.push({ text: "", quoted: true, splittable: false, vanish: true })
    else if (quoted) out.push({ text: "", quoted: true, splittable: false })
    return
  }
  if (quoted && v.star) {
    out.push({ text: v.values.join(ifsJoiner(host)), quoted: true, splittable: false })
    return
  }
  const joinedBy = v.star ? ifsJoiner(host) : undefined
  v.values.forEach((value, i) => {
    if (i > 0) {
      out.push(FIELD_BREAK)
      out.push(joinedBy === undefined ? { text: value, quoted, splittable: !quoted } : { text: value, quoted, splittable: !quoted, joinedBy })
    } else out.push({ text: value, quoted, splittable: !quoted })
  })
}

/** The keys of an array (`${!a[@]}`). */
const arrayKeys = (host: ExpansionHost, name: string): Array<string> => {
  const value = host.state.getValue(name)
  if (value === undefined) return []
  if (typeof value === "string") return ["0"]
  if (value._tag === "IndexedArray") return value.keys().map(String)
  return value.keys()
}

export function* expandParameter(
  host: ExpansionHost,
  node: Ast.ParamExpansion,
  quoted: boolean,
  out: Array<PieceOrBreak>
): Expansion<void> {
  const state = host.state
  const op = node.op

  if (op?._tag === "PrefixNamesOp") {
    const names = state.variableNames().filter((n) => n.startsWith(node.name) && state.isSet(n))
    emit(host, { kind: "list", values: names, star: op.star }, quoted, out)
    return
  }
  if (op?._tag === "ArrayKeysOp") {
    emit(host, { kind: "list", values: arrayKeys(host, node.name), star: op.star }, quoted, out)
    return
  }

  // The parser leaves a malformed `${...}` for run time, as bash reports it only when expanded.
  if (node.name.startsWith("${")) throw new ExpansionError(`${node.name}: bad substitution`, 1, true)
  let value = node.indirect ? yield* indirectValue(host, node) : yield* lookupValue(host, node, node.name)

  if (node.length) {
    if (value.kind === "list") {
      out.push({ text: String(value.values.length), quoted, splittable: !quoted })
      return
    }
    if (value.value === undefined && state.options.has("nounset") && !isSpecialName(node.name)) {
      throw ExpansionError.unbound(node.name)
    }
    out.push({ text: String(characterCount(value.value ?? "", host.budget)), quoted, splittable: !quoted })
    return
  }

  const checkNounset = () => {
    if (state.options.has("nounset") && isUnset(value) && value.kind !== "list") {
      // bash writes a bare positional parameter as `$1` here, `${1}` as `1`, `${!x}` as `!x`.
      const shown = node.indirect
        ? `!${node.name}`
        : node.index !== undefined && typeof node.index === "object"
          ? `${node.name}[${node.index.raw}]`
          : !node.braced && isDigits(node.name)
            ? `$${node.name}`
            : node.name
      throw ExpansionError.unbound(shown)
    }
  }

  if (op === undefined) {
    checkNounset()
    emit(host, value, quoted, out)
    return
  }

  switch (op._tag) {
    case "DefaultOp": {
      const missing = op.colon ? isNull(value) : isUnset(value)
      switch (op.kind) {
        case "-":
          if (missing) yield* expandParts(host, op.word.parts, quoted, out, true)
          else emit(host, value, quoted, out)
          return
        case "+":
          if (!missing) yield* expandParts(host, op.word.parts, quoted, out, true)
          return
        case "=": {
          if (!missing) {
            emit(host, value, quoted, out)
            return
          }
          if (isSpecialName(node.name) || node.name === "@" || node.name === "*") {
            throw new ExpansionError(`$${node.name}: cannot assign in this way`, 1, true)
          }
          const assigned = yield* expandString(host, op.word, true)
          // Assigning a readonly variable here abandons the line, as a bad expansion does.
          if (((state.peek(node.name)?.attrs ?? 0) & Attr.readonly) !== 0) throw new ExpansionError(`${node.name}: readonly variable`, 1, true)
          if (node.index !== undefined && typeof node.index === "object") {
            const current = state.getValue(node.name)
            const assoc = (current !== undefined && typeof current === "object" && current._tag === "AssocArray") || ((state.peek(node.name)?.attrs ?? 0) & Attr.assoc) !== 0
            const key = yield* subscriptText(host, node.index, assoc)
            state.setElement(node.name, assoc ? key : indexOf(host, key, current), assigned)
          } else {
            state.setScalar(node.name, assigned)
          }
          out.push({ text: assigned, quoted, splittable: !quoted })
          return
        }
        case "?": {
          if (!missing) {
            emit(host, value, quoted, out)
            return
          }
          const message = op.word.parts.length === 0 ? (op.colon ? "parameter null or not set" : "parameter not set") : yield* expandString(host, op.word, true)
          throw new ExpansionError(`${node.name}: ${message}`, 1, true, false, true)
        }
      }
      return
    }
    case "RemovePatternOp": {
      checkNounset()
      const pattern = yield* expandPattern(host, op.pattern)
      const options = patternOptions(host)
      value = mapValue(value, (s) => removePattern(s, pattern, op.side, op.longest, options))
      emit(host, value, quoted, out)
      return
    }
    case "ReplaceOp": {
      checkNounset()
      const pattern = yield* expandPattern(host, op.pattern)
      const replacement = op.replacement === undefined ? "" : yield* expandReplacement(host, op.replacement)
      const options = patternOptions(host)
      const literal = op.mode === "all" || op.mode === "first" ? literalPattern(pattern, options.extglob) : undefined
      value = mapValue(value, (s) =>
        (literal !== undefined && literal !== "" && s !== "" && typeof replacement === "string"
          ? replaceLiteral(s, literal, replacement, op.mode === "all", host.budget)
          : undefined) ?? replacePattern(s, pattern, replacement, op.mode, options)
      )
      emit(host, value, quoted, out)
      return
    }
    case "CaseModifyOp": {
      checkNounset()
      const pattern = op.pattern === undefined ? undefined : yield* expandPattern(host, op.pattern)
      const options = patternOptions(host)
      const select = pattern === undefined || pattern === "" ? undefined : (c: string) => matchPattern(pattern, c, options)
      const direction = op.direction
      value = mapValue(value, (s) => (op.all ? convertAll(s, direction, host.budget, select) : convertFirst(s, direction, select)))
      emit(host, value, quoted, out)
      return
    }
    case "SubstringOp": {
      checkNounset()
      const offsetText = yield* expandArithmetic(host, op.offset)
      const lengthText = op.length === undefined ? undefined : yield* expandArithmetic(host, op.length)
      // bash names the parameter in front of an arithmetic error here: `s: 1/0: division by 0`.
      const evaluate = (text: string): number => {
        try {
          return Number(host.arithmetic(text.trim() === "" ? "0" : text))
        } catch (e) {
          if (e instanceof ExpansionError && !e.endsInput) throw new ExpansionError(`${node.name}: ${e.message}`, e.status, e.fatal)
          throw e
        }
      }
      let offset = evaluate(offsetText)
      const length = lengthText === undefined ? undefined : evaluate(lengthText)
      if (value.kind === "list") {
        let items = value.values
        // `${@:0}` includes $0.
        if (node.name === "@" || node.name === "*") items = [state.scriptName, ...items]
        else if (offset < 0) offset = Math.max(items.length + offset, -1)
        if (node.name === "@" || node.name === "*") {
          if (offset < 0) offset = items.length + offset
          if (offset < 0) {
            emit(host, { ...value, values: [] }, quoted, out)
            return
          }
        } else if (offset < 0) {
          emit(host, { ...value, values: [] }, quoted, out)
          return
        }
        if (length !== undefined && length < 0) throw new ExpansionError(`${length}: substring expression < 0`, 1, true)
        const sliced = items.slice(offset, length === undefined ? undefined : offset + length)
        emit(host, { ...value, values: sliced }, quoted, out)
        return
      }
      if (value.value === undefined) return
      const count = characterCount(value.value, host.budget)
      if (offset < 0) offset = count + offset
      if (offset < 0 || offset > count) return
      let end = count
      if (length !== undefined) {
        end = length < 0 ? count + length : offset + length
        if (end < offset) throw new ExpansionError(`${lengthText}: substring expression < 0`, 1, true)
      }
      out.push({ text: characterSlice(value.value, offset, Math.min(end, count), host.budget), quoted, splittable: !quoted })
      return
    }
    case "TransformOp": {
      const variable = state.peek(node.name)
      switch (op.operator) {
        case "Q":
          value = mapValue(value, quoteForReuse)
          break
        case "E":
          // `@E` decodes escapes exactly as `$'...'` quoting does.
          value = mapValue(value, decodeAnsiC)
          break
        case "P":
          value = mapValue(value, host.promptExpand)
          break
        case "U":
          value = mapValue(value, (s) => toUpper(s, host.budget))
          break
        case "L":
          value = mapValue(value, (s) => toLower(s, host.budget))
          break
        case "u":
          value = mapValue(value, capitalizeFirst)
          break
        case "a":
          value = mapValue(value.kind === "single" && value.value === undefined && variable !== undefined ? { kind: "single", value: "" } : value, () =>
            transformAttributes(variable?.attrs ?? 0)
          )
          break
        case "A": {
          if ((node.index === "@" || node.index === "*") && variable !== undefined && typeof variable.value === "object") {
            // An array's assignment form is its `declare -p` text.
            value = { kind: "single", value: describeVariable(node.name, variable) }
          } else if (value.kind === "single" && value.value !== undefined) {
            const flags = transformAttributes(variable?.attrs ?? 0)
            const text = flags === "" ? `${node.name}=${quoteForReuse(value.value)}` : `declare -${flags} ${node.name}=${quoteForReuse(value.value)}`
            value = { kind: "single", value: text }
          }
          break
        }
        case "K":
        case "k": {
          const current = state.getValue(node.name)
          if (current !== undefined && typeof current === "object" && (node.index === "@" || node.index === "*")) {
            const pairs: Array<string> = []
            if (current._tag === "IndexedArray") {
              for (const k of current.keys()) pairs.push(String(k), current.get(k)!)
            } else {
              for (const k of current.keys()) pairs.push(k, current.items.get(k)!)
            }
            if (op.operator === "K") {
              const text: Array<string> = []
              for (let i = 0; i < pairs.length; i += 2) {
                const k = pairs[i]!
                // As bash prints them: plain keys bare, values double-quoted.
                text.push(`${/^[A-Za-z0-9_]+$/.test(k) ? k : quoteForDeclare(k)} ${quoteForDeclare(pairs[i + 1]!)}`)
              }
              value = { kind: "single", value: text.join(" ") }
            } else {
              value = { kind: "list", values: pairs, star: node.index === "*" }
            }
          } else if (op.operator === "K") value = mapValue(value, quoteForReuse)
          break
        }
      }
      emit(host, value, quoted, out)
      return
    }
  }
}

/** Stands for the matched text (`&`) in a replacement until it is substituted. */
const MATCH_MARK = "\uE000"

/**
 * The replacement of `${v/pat/rep}`: in its literal text a backslash quotes the next character
 * (also inside double quotes) and, with `patsub_replacement` (bash 5.2's default), an unquoted
 * `&` stands for the matched text. Expanded values are taken as they are.
 */
function* expandReplacement(host: ExpansionHost, word: Ast.Word): Expansion<string | ((matched: string) => string)> {
  const ampersand = host.state.shopt["patsub_replacement"] === true
  let marked = false
  const rewrite = (parts: ReadonlyArray<Ast.WordPart>): Array<Ast.WordPart> =>
    parts.flatMap((part): Array<Ast.WordPart> => {
      if (part._tag === "DoubleQuoted") return [{ ...part, parts: rewrite(part.parts) }]
      if (part._tag !== "Literal" || (!part.value.includes("\\") && !(ampersand && part.value.includes("&")))) return [part]
      const out: Array<Ast.WordPart> = []
      let text = ""
      for (let i = 0; i < part.value.length; i++) {
        const c = part.value[i]!
        if (c === "\\" && i + 1 < part.value.length) {
          text += part.value[++i]!
        } else if (c === "&" && ampersand) {
          text += MATCH_MARK
          marked = true
        } else text += c
      }
      out.push({ _tag: "SingleQuoted", value: text })
      return out
    })
  const text = yield* expandString(host, { ...word, parts: rewrite(word.parts) }, true)
  if (!marked) return text
  const pieces = text.split(MATCH_MARK)
  return (matched) => pieces.join(matched)
}

/**
 * The text a glob pattern matches when it has no wildcard (`${x//a/b}`, `${x/"a*"/b}`): its
 * escapes removed; undefined when it has one. Such a replacement is a native search.
 */
const literalPattern = (pattern: string, extglob: boolean): string | undefined => {
  let text = ""
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === "\\") {
      if (i + 1 >= pattern.length) return undefined
      text += pattern[++i]
    } else if (c === "*" || c === "?" || c === "[" || (extglob && c === "(")) return undefined
    else text += c
  }
  return text
}

/** Code units replaced per native call: a dense value is never one giant list of matches. */
const REPLACE_CHUNK = 1 << 16

/**
 * Replace the first or every occurrence of `literal` natively. A one-character literal cannot
 * straddle two chunks, so every occurrence is replaced chunk by chunk (each charged); a longer
 * one in a short value is one native pass; otherwise the general matcher does it.
 */
const replaceLiteral = (value: string, literal: string, replacement: string, all: boolean, meter: WorkMeter): string | undefined => {
  if (!all) {
    meter.step(value.length >> 4)
    const at = value.indexOf(literal)
    return at === -1 ? value : value.slice(0, at) + replacement + value.slice(at + literal.length)
  }
  const escaped = replacement.replaceAll("$", "$$$$")
  if (value.length <= REPLACE_CHUNK) {
    meter.step(value.length)
    return value.replaceAll(literal, escaped)
  }
  if (literal.length !== 1) return undefined
  const pieces: Array<string> = []
  const latin1 = LATIN1.test(literal) && LATIN1.test(replacement)
  for (let from = 0; from < value.length; from += REPLACE_CHUNK) {
    const chunk = value.slice(from, from + REPLACE_CHUNK)
    meter.step(chunk.length)
    pieces.push(latin1 && LATIN1.test(chunk) ? replaceByte(chunk, literal.charCodeAt(0), replacement) : chunk.split(literal).join(replacement))
  }
  return pieces.join("")
}

const LATIN1 = /^[\x00-\xff]*$/

/** Every `code` of a Latin-1 chunk replaced by a Latin-1 `replacement`, through one byte buffer (native replaceAll is slow when matches are dense). */
const replaceByte = (chunk: string, code: number, replacement: string): string => {
  const input = Buffer.from(chunk, "latin1")
  let count = 0
  for (let i = 0; i < input.length; i++) if (input[i] === code) count++
  if (count === 0) return chunk
  const insert = Buffer.from(replacement, "latin1")
  const output = Buffer.allocUnsafe(input.length + count * (insert.length - 1))
  let at = 0
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!
    if (b !== code) output[at++] = b
    else for (let k = 0; k < insert.length; k++) output[at++] = insert[k]!
  }
  return output.toString("latin1")
}

const patternOptions = (host: ExpansionHost) => ({
  extglob: host.state.shopt["extglob"] === true,
  nocase: host.state.shopt["nocasematch"] === true && false,
  meter: host.budget
})
