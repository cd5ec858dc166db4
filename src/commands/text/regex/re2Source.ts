import { quantifier } from "./emit.js"
import { MAX_CP, type AssertKind, type JsNode } from "./syntax.js"

/**
 * A parsed tree as RE2 syntax, for the linear-time engine (re2js). Only trees without
 * back-references and lookahead get here (lookbehinds without captures are RE2JS.LOOKBEHINDS).
 * Every character is written as `\x{...}` unless it is a letter or digit, so nothing in the
 * input can be read as RE2 syntax.
 */

export interface Re2SourceOptions {
  /** Emit capturing groups (false: all groups are `(?:...)`, cheaper when only extents matter). */
  readonly captures: boolean
}

const hex = (cp: number): string => `\\x{${cp.toString(16)}}`

const charSource = (cp: number): string => (/^[0-9A-Za-z]$/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : hex(cp))

/** JavaScript `\p{...}` names as RE2 spells them (RE2 knows general categories and scripts by short name). */
const propertySource = (prop: string): string => {
  const negated = prop.startsWith("^")
  let name = negated ? prop.slice(1) : prop
  const equals = name.indexOf("=")
  if (equals !== -1) name = name.slice(equals + 1)
  name = LONG_CATEGORY_NAMES[name] ?? name
  return `\\${negated ? "P" : "p"}{${name}}`
}

const LONG_CATEGORY_NAMES: Record<string, string> = {
  Letter: "L",
  Lowercase_Letter: "Ll",
  Uppercase_Letter: "Lu",
  Titlecase_Letter: "Lt",
  Modifier_Letter: "Lm",
  Other_Letter: "Lo",
  Mark: "M",
  Number: "N",
  Decimal_Number: "Nd",
  digit: "Nd",
  Letter_Number: "Nl",
  Other_Number: "No",
  Punctuation: "P",
  punct: "P",
  Symbol: "S",
  Separator: "Z",
  Space_Separator: "Zs",
  Other: "C",
  Control: "Cc",
  cntrl: "Cc"
}

export const re2Source = (root: JsNode, options: Re2SourceOptions): string => {
  const emit = (node: JsNode): string => {
    switch (node.type) {
      case "empty":
        return ""
      case "char":
        return charSource(node.cp)
      case "class": {
        if (node.props.length === 0 && node.ranges.length === 0) return node.negated ? "(?s:.)" : `[^\\x{0}-${hex(MAX_CP)}]`
        let body = ""
        for (let k = 0; k < node.ranges.length; k += 2) {
          const from = node.ranges[k]!
          const to = node.ranges[k + 1]!
          body += from === to ? hex(from) : `${hex(from)}-${hex(to)}`
        }
        for (const prop of node.props) body += propertySource(prop)
        return `[${node.negated ? "^" : ""}${body}]`
      }
      case "seq":
        return node.items.map((item) => (item.type === "alt" ? `(?:${emit(item)})` : emit(item))).join("")
      case "alt":
        return node.items.map(emit).join("|")
      case "group":
        if (node.index === undefined || !options.captures) return `(?:${emit(node.body)})`
        return node.name === undefined ? `(${emit(node.body)})` : `(?P<${node.name}>${emit(node.body)})`
      case "repeat": {
        const body = emit(node.body)
        const atomic = node.body.type === "char" || node.body.type === "class" || node.body.type === "group"
        const operand = atomic && body !== "" ? body : `(?:${body})`
        return operand + quantifier(node.min, node.max) + (node.greedy ? "" : "?")
      }
      case "assert":
        return ASSERTIONS[node.kind]
      case "look":
        if (!node.behind) throw new Error("lookahead has no RE2 form")
        return `(?<${node.negated ? "!" : "="}${emit(node.body)})`
      case "backref":
        throw new Error("back-references have no RE2 form")
    }
  }
  return emit(root)
}

const ASSERTIONS: Record<AssertKind, string> = {
  lineStart: "^",
  lineEnd: "$",
  wordBoundary: "\\b",
  notWordBoundary: "\\B",
  textStart: "\\A",
  textEnd: "\\z"
}

