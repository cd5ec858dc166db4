/** The awk program's syntax tree. Every node carries the source line for error messages. */

export type Expr =
  | { readonly _tag: "Num"; readonly value: number }
  | { readonly _tag: "Str"; readonly value: string }
  /** `/re/` used as a value: matches against `$0`. */
  | { readonly _tag: "Regex"; readonly source: string }
  | { readonly _tag: "Var"; readonly name: string }
  | { readonly _tag: "Index"; readonly name: string; readonly subscripts: ReadonlyArray<Expr> }
  | { readonly _tag: "Field"; readonly index: Expr }
  | { readonly _tag: "Assign"; readonly op: string; readonly target: LValue; readonly value: Expr }
  | { readonly _tag: "Cond"; readonly test: Expr; readonly then: Expr; readonly otherwise: Expr }
  | { readonly _tag: "And"; readonly left: Expr; readonly right: Expr }
  | { readonly _tag: "Or"; readonly left: Expr; readonly right: Expr }
  | { readonly _tag: "In"; readonly subscripts: ReadonlyArray<Expr>; readonly array: string }
  | { readonly _tag: "Match"; readonly negate: boolean; readonly subject: Expr; readonly pattern: Expr }
  | { readonly _tag: "Binary"; readonly op: string; readonly left: Expr; readonly right: Expr; readonly line: number }
  | { readonly _tag: "Concat"; readonly parts: ReadonlyArray<Expr> }
  | { readonly _tag: "Unary"; readonly op: "-" | "+" | "!"; readonly operand: Expr }
  | { readonly _tag: "IncDec"; readonly op: "++" | "--"; readonly prefix: boolean; readonly target: LValue }
  | { readonly _tag: "Group"; readonly expr: Expr }
  | { readonly _tag: "Call"; readonly name: string; readonly args: ReadonlyArray<Expr>; readonly line: number }
  | { readonly _tag: "Builtin"; readonly name: string; readonly args: ReadonlyArray<Expr>; readonly line: number }
  /** `getline [var] [< file]` */
  | { readonly _tag: "Getline"; readonly target: LValue | undefined; readonly file: Expr | undefined }
  /** `cmd | getline [var]` */
  | { readonly _tag: "PipeGetline"; readonly command: Expr; readonly target: LValue | undefined }
  /** A pre-computed value, substituted by the interpreter when it hoists effectful operands. */
  | { readonly _tag: "Hole"; readonly slot: number }

export type LValue = Extract<Expr, { _tag: "Var" | "Index" | "Field" }>

export interface Redirect {
  readonly mode: ">" | ">>" | "|"
  readonly target: Expr
}

export type Stmt =
  | { readonly _tag: "Block"; readonly body: ReadonlyArray<Stmt> }
  | { readonly _tag: "ExprStmt"; readonly expr: Expr }
  | { readonly _tag: "Print"; readonly args: ReadonlyArray<Expr>; readonly redirect: Redirect | undefined }
  | { readonly _tag: "Printf"; readonly args: ReadonlyArray<Expr>; readonly redirect: Redirect | undefined; readonly line: number }
  | { readonly _tag: "If"; readonly test: Expr; readonly then: Stmt; readonly otherwise: Stmt | undefined }
  | { readonly _tag: "While"; readonly test: Expr; readonly body: Stmt }
  | { readonly _tag: "Do"; readonly body: Stmt; readonly test: Expr }
  | {
      readonly _tag: "For"
      readonly init: Expr | undefined
      readonly test: Expr | undefined
      readonly update: Expr | undefined
      readonly body: Stmt
    }
  | { readonly _tag: "ForIn"; readonly variable: LValue; readonly array: string; readonly body: Stmt }
  | { readonly _tag: "Break" }
  | { readonly _tag: "Continue" }
  | { readonly _tag: "Next" }
  | { readonly _tag: "NextFile" }
  | { readonly _tag: "Exit"; readonly code: Expr | undefined }
  | { readonly _tag: "Return"; readonly value: Expr | undefined }
  | { readonly _tag: "Delete"; readonly array: string; readonly subscripts: ReadonlyArray<Expr> | undefined }
  /** gawk's `switch`: the first matching case (a constant or a regex) and fall-through. */
  | { readonly _tag: "Switch"; readonly subject: Expr; readonly cases: ReadonlyArray<SwitchCase> }

export interface SwitchCase {
  /** `undefined` for `default:`; otherwise a Num, Str or Regex. */
  readonly label: Expr | undefined
  readonly body: ReadonlyArray<Stmt>
}

export type Pattern =
  | { readonly _tag: "All" }
  | { readonly _tag: "Begin" }
  | { readonly _tag: "End" }
  | { readonly _tag: "BeginFile" }
  | { readonly _tag: "EndFile" }
  | { readonly _tag: "Expr"; readonly expr: Expr }
  | { readonly _tag: "Range"; readonly start: Expr; readonly end: Expr }

export interface Rule {
  readonly pattern: Pattern
  /** `undefined`: the default action, `print $0`. */
  readonly action: Stmt | undefined
}

export interface FunctionDef {
  readonly name: string
  readonly params: ReadonlyArray<string>
  readonly body: Stmt
  readonly line: number
}

export interface Program {
  readonly rules: ReadonlyArray<Rule>
  readonly functions: ReadonlyArray<FunctionDef>
}
