/** Walking the awk AST: children of each node, and the static facts the compiler needs. */
import type { Expr, Stmt } from "./ast.js"


/**
 * Every loop runs as a generator, so the driver can flush output between iterations (a BEGIN
 * loop printing millions of lines must not buffer them all) and a long loop can pause when the
 * exec's time slice is spent (the event loop is never held for a whole runaway loop).
 */
export const isLoop = (s: Stmt): boolean => s._tag === "While" || s._tag === "Do" || s._tag === "For" || s._tag === "ForIn"

/**
 * A loop that prints. Inside a function only such loops make the function a generator: a
 * generator per call level costs native stack, and deep recursion must stay as deep as gawk's
 * (a function's other loops still charge the budget, so the deadline ends them).
 */
export const isPrintingLoop = (s: Stmt): boolean => {
  if (s._tag !== "While" && s._tag !== "Do" && s._tag !== "For" && s._tag !== "ForIn") return false
  let prints = false
  walkStmt(s.body, () => {}, (inner) => {
    if (inner._tag === "Print" || inner._tag === "Printf") prints = true
  })
  return prints
}

export const arrayUses = (e: Expr): Array<string> => {
  switch (e._tag) {
    case "Index":
      return [e.name]
    case "In":
      return [e.array]
    case "Builtin": {
      const position = e.name === "split" || e.name === "patsplit" ? 1 : e.name === "match" ? 2 : e.name === "asort" || e.name === "asorti" ? 0 : -1
      const names: Array<string> = []
      const arg = position >= 0 ? e.args[position] : undefined
      if (arg?._tag === "Var") names.push(arg.name)
      if ((e.name === "split" || e.name === "patsplit") && e.args[3]?._tag === "Var") names.push((e.args[3] as { name: string }).name)
      if ((e.name === "asort" || e.name === "asorti") && e.args[1]?._tag === "Var") names.push((e.args[1] as { name: string }).name)
      return names
    }
    default:
      return []
  }
}

export const exprChildren = (e: Expr): Array<Expr> => {
  switch (e._tag) {
    case "Index":
      return [...e.subscripts]
    case "Field":
      return [e.index]
    case "Assign":
      return [e.target, e.value]
    case "Cond":
      return [e.test, e.then, e.otherwise]
    case "And":
    case "Or":
      return [e.left, e.right]
    case "In":
      return [...e.subscripts]
    case "Match":
      return [e.subject, e.pattern]
    case "Binary":
      return [e.left, e.right]
    case "Concat":
      return [...e.parts]
    case "Unary":
      return [e.operand]
    case "IncDec":
      return [e.target]
    case "Group":
      return [e.expr]
    case "Call":
    case "Builtin":
      return [...e.args]
    case "Getline":
      return [...(e.target !== undefined ? [e.target] : []), ...(e.file !== undefined ? [e.file] : [])]
    case "PipeGetline":
      return [e.command, ...(e.target !== undefined ? [e.target] : [])]
    default:
      return []
  }
}

export const walkExpr = (e: Expr, visit: (e: Expr) => void): void => {
  visit(e)
  for (const child of exprChildren(e)) walkExpr(child, visit)
}

export const stmtExprs = (s: Stmt): Array<Expr> => {
  switch (s._tag) {
    case "ExprStmt":
      return [s.expr]
    case "Print":
    case "Printf":
      return [...s.args, ...(s.redirect !== undefined ? [s.redirect.target] : [])]
    case "If":
    case "While":
    case "Do":
      return [s.test]
    case "For":
      return [s.init, s.test, s.update].filter((x): x is Expr => x !== undefined)
    case "Exit":
      return s.code !== undefined ? [s.code] : []
    case "Return":
      return s.value !== undefined ? [s.value] : []
    case "Delete":
      return s.subscripts !== undefined ? [...s.subscripts] : []
    case "Switch":
      return [s.subject, ...s.cases.flatMap((c) => (c.label !== undefined && c.label._tag !== "Regex" ? [c.label] : []))]
    default:
      return []
  }
}

export const stmtChildren = (s: Stmt): Array<Stmt> => {
  switch (s._tag) {
    case "Block":
      return [...s.body]
    case "If":
      return s.otherwise !== undefined ? [s.then, s.otherwise] : [s.then]
    case "While":
    case "Do":
    case "For":
    case "ForIn":
      return [s.body]
    case "Switch":
      return s.cases.flatMap((c) => c.body)
    default:
      return []
  }
}

export const walkStmt = (s: Stmt, visitExpr: (e: Expr) => void, visitStmt: (s: Stmt) => void): void => {
  visitStmt(s)
  for (const e of stmtExprs(s)) walkExpr(e, visitExpr)
  for (const child of stmtChildren(s)) walkStmt(child, visitExpr, visitStmt)
}
