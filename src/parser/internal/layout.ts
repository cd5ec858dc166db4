/**
 * Layout facts the printer needs but the AST does not carry: which statements were ended by a
 * newline rather than `;` (bash keeps those newlines when it re-prints a `$(...)`). Kept in a
 * WeakSet so the AST contract stays unchanged; a copied statement simply prints with `;`.
 */
import type { Statement } from "../Ast.js"

export const newlineTerminated = new WeakSet<Statement>()
