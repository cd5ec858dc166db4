import type * as Ast from "../parser/Ast.js"
import { Attr } from "./variables.js"

/**
 * Attributes of shell functions (`export -f`, `readonly -f`), keyed by the definition itself:
 * a subshell's copy of the function table shares the definitions, so it sees the same marks,
 * and redefining a function starts it without attributes.
 */
const attributes = new WeakMap<Ast.FunctionDef, number>()

export const functionAttrs = (def: Ast.FunctionDef): number => attributes.get(def) ?? 0

export const setFunctionAttrs = (def: Ast.FunctionDef, on: number, off: number): void => {
  attributes.set(def, (functionAttrs(def) | on) & ~off)
}

/** The `-fx`-style flag letters bash prints for a function. */
export const functionFlags = (def: Ast.FunctionDef): string => {
  const attrs = functionAttrs(def)
  return `f${attrs & Attr.export ? "x" : ""}${attrs & Attr.readonly ? "r" : ""}`
}
