/** Words and redirections as bash prints them in `declare -f` output. */
import type { ParamExpansion, ParamOperator, Redirect, Word, WordPart } from "./Ast.js"
import { bracketArithmetic } from "./internal/layout.js"
import { printStatements } from "./printer.js"

export const printWord = (word: Word): string => {
  let out = ""
  for (const part of word.parts) out += printPart(part, false)
  return out
}

const printParts = (parts: ReadonlyArray<WordPart>, inDouble: boolean): string => {
  let out = ""
  for (const part of parts) out += printPart(part, inDouble)
  return out
}

/** `$'...'` is shown single-quoted with its escapes decoded, as bash does. */
const singleQuote = (value: string): string => `'${value.replaceAll("'", "'\\''")}'`

const printPart = (part: WordPart, inDouble: boolean): string => {
  switch (part._tag) {
    case "Literal":
      return part.value
    case "Escaped":
      return "\\" + part.value
    case "SingleQuoted":
      return `'${part.value}'`
    case "AnsiCQuoted":
      return singleQuote(part.value)
    case "LocaleQuoted":
    case "DoubleQuoted":
      return `"${printParts(part.parts, true)}"`
    case "ParamExpansion":
      return printParam(part, inDouble)
    case "CommandSubstitution":
      // bash drops line continuations from the backquoted text it shows.
      return part.backquoted ? "`" + part.raw.replaceAll("\\\n", "") + "`" : `$(${printStatements(part.body.statements)})`
    case "ArithmeticExpansion":
      return bracketArithmetic.has(part) ? `$[${part.expression.raw}]` : `$((${part.expression.raw}))`
    case "ProcessSubstitution":
      return `${part.direction}(${printStatements(part.body.statements)})`
    case "TildePrefix":
      return "~" + part.user
    case "BraceList":
      return `{${part.alternatives.map((alt) => printParts(alt, false)).join(",")}}`
    case "BraceSequence":
      return `{${part.start}..${part.end}${part.step === undefined ? "" : ".." + part.step}}`
  }
}

const printParam = (p: ParamExpansion, inDouble: boolean): string => {
  if (!p.braced) return "$" + p.name
  if (p.name.startsWith("${")) return p.name // a bad substitution, kept as written
  let out = "${"
  if (p.length) out += "#"
  if (p.indirect) out += "!"
  out += p.name
  if (p.index !== undefined) out += `[${typeof p.index === "string" ? p.index : p.index.raw}]`
  if (p.op !== undefined) out += printOperator(p.op, inDouble)
  return out + "}"
}

const printOperator = (op: ParamOperator, inDouble: boolean): string => {
  const w = (word: Word): string => printParts(word.parts, inDouble)
  switch (op._tag) {
    case "DefaultOp":
      return (op.colon ? ":" : "") + op.kind + w(op.word)
    case "RemovePatternOp": {
      const ch = op.side === "prefix" ? "#" : "%"
      return (op.longest ? ch + ch : ch) + w(op.pattern)
    }
    case "ReplaceOp": {
      const mode = op.mode === "all" ? "//" : op.mode === "prefix" ? "/#" : op.mode === "suffix" ? "/%" : "/"
      return mode + w(op.pattern) + (op.replacement === undefined ? "" : "/" + w(op.replacement))
    }
    case "CaseModifyOp": {
      const ch = op.direction === "upper" ? "^" : op.direction === "lower" ? "," : "~"
      return (op.all ? ch + ch : ch) + (op.pattern === undefined ? "" : w(op.pattern))
    }
    case "SubstringOp":
      return ":" + op.offset.raw + (op.length === undefined ? "" : ":" + op.length.raw)
    case "TransformOp":
      return "@" + op.operator
    case "PrefixNamesOp":
      return op.star ? "*" : "@"
    case "ArrayKeysOp":
      return op.star ? "[*]" : "[@]"
  }
}

const isFdNumber = (s: string): boolean => /^\d+-?$/.test(s)

/** One redirection: `> file`, `2>&1`, `0<&3`, `4>&-`, `&> f`, `<<EOF`, `{fd}> x`. */
export const printRedirect = (r: Redirect): string => {
  const target = printWord(r.target)
  const fd = (defaultFd: number): string =>
    r.fdVariable !== undefined ? `{${r.fdVariable}}` : r.fd === undefined || r.fd === defaultFd ? "" : String(r.fd)
  const explicitFd = (defaultFd: number): string =>
    r.fdVariable !== undefined ? `{${r.fdVariable}}` : String(r.fd ?? defaultFd)
  switch (r.operator) {
    case "<":
      return `${fd(0)}< ${target}`
    case ">":
      return `${fd(1)}> ${target}`
    case ">>":
      return `${fd(1)}>> ${target}`
    case ">|":
      return `${fd(1)}>| ${target}`
    case "<>":
      return `${explicitFd(0)}<> ${target}`
    case "&>":
      return `&> ${target}`
    case "&>>":
      return `&>> ${target}`
    case ">&":
      if (target === "-") return `${explicitFd(1)}>&-`
      if (isFdNumber(target)) return `${explicitFd(1)}>&${target}`
      return `${fd(1)}>&${target}`
    case "<&":
      if (target === "-") return `${explicitFd(0)}>&-`
      if (isFdNumber(target)) return `${explicitFd(0)}<&${target}`
      return `${fd(0)}<&${target}`
    case "<<<":
      return `${fd(0)}<<< ${target}`
    case "<<":
    case "<<-":
      // bash shows a quoted delimiter as '...' whatever quoting was written.
      return `${fd(0)}${r.operator}${r.heredoc?.quoted === true ? `'${r.heredoc.delimiter}'` : r.target.raw}`
  }
}
