/**
 * Layout facts the printer needs but the AST does not carry: which statements were ended by a
 * newline rather than `;` (bash keeps those newlines when it re-prints a `$(...)`), which
 * arithmetic was written `$[...]`. Kept in WeakSets so the AST contract stays unchanged; a
 * copied node simply prints in the default form.
 */
import type { ArithmeticExpansion, Statement } from "../Ast.js"

export const newlineTerminated = new WeakSet<Statement>()

/** Arithmetic expansions written in the deprecated `$[...]` form (printed back that way). */
export const bracketArithmetic = new WeakSet<ArithmeticExpansion>()
