/**
 * The bash abstract syntax tree: plain data, discriminated by `_tag`.
 *
 * The parser produces it and knows nothing of execution; the interpreter walks it. Words keep
 * their quoting structure (so expansion knows what is quoted) and their source text (so the
 * printer can reproduce what `declare -f` shows).
 */

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

/** A shell word: a sequence of parts, plus the exact source text it came from. */
export interface Word {
  readonly _tag: "Word"
  readonly parts: ReadonlyArray<WordPart>
  /** The source text of the word as written (used by the printer and by `declare -f`). */
  readonly raw: string
  /**
   * Set on an argument of a declaration builtin (`declare`, `local`, `export`, `readonly`,
   * `typeset`) written as an assignment (`a=1`, `m=([k]=v)`): the parsed assignment, so the
   * builtin can assign arrays with their quoting intact. `parts` still spell the word.
   */
  readonly assignment?: Assignment
}

export type WordPart =
  | Literal
  | Escaped
  | SingleQuoted
  | AnsiCQuoted
  | LocaleQuoted
  | DoubleQuoted
  | ParamExpansion
  | CommandSubstitution
  | ArithmeticExpansion
  | ProcessSubstitution
  | TildePrefix
  | BraceExpansion

/**
 * Unquoted literal text. Glob characters (`* ? [` and extglob groups such as `@(a|b)`) inside it
 * are active; field splitting never applies to it (only to expansion results).
 */
export interface Literal {
  readonly _tag: "Literal"
  readonly value: string
}

/** A backslash-escaped character outside quotes (`\*`): literal, never a glob or separator. */
export interface Escaped {
  readonly _tag: "Escaped"
  readonly value: string
}

/** `'text'` */
export interface SingleQuoted {
  readonly _tag: "SingleQuoted"
  readonly value: string
}

/** `$'text'` with its escapes already decoded. */
export interface AnsiCQuoted {
  readonly _tag: "AnsiCQuoted"
  readonly value: string
}

/** `$"text"`: treated as a double-quoted string (no message catalogs in the sandbox). */
export interface LocaleQuoted {
  readonly _tag: "LocaleQuoted"
  readonly parts: ReadonlyArray<WordPart>
}

/** `"..."`: its parts are Literal (quoted text), Escaped, and expansions. */
export interface DoubleQuoted {
  readonly _tag: "DoubleQuoted"
  readonly parts: ReadonlyArray<WordPart>
}

/** `~` or `~user`, `~+`, `~-`, `~+N`: only at the start of a word or after `:`/`=` in assignments. */
export interface TildePrefix {
  readonly _tag: "TildePrefix"
  readonly user: string
}

/**
 * Brace expansion, recognised by the parser in unquoted text: `{a,b,c}` (each alternative a
 * word fragment, possibly itself containing braces) or a sequence `{1..10..2}` / `{a..z}`.
 */
export type BraceExpansion = BraceList | BraceSequence

export interface BraceList {
  readonly _tag: "BraceList"
  readonly alternatives: ReadonlyArray<ReadonlyArray<WordPart>>
}

export interface BraceSequence {
  readonly _tag: "BraceSequence"
  /** Endpoints as written: integers (possibly zero-padded, signed) or single characters. */
  readonly start: string
  readonly end: string
  readonly step: string | undefined
}

/** `$(...)` or `` `...` ``. */
export interface CommandSubstitution {
  readonly _tag: "CommandSubstitution"
  readonly body: Script
  readonly backquoted: boolean
  /** Source text between the delimiters, used for printing. */
  readonly raw: string
}

/** `$((expr))` (also the deprecated `$[expr]`): the expression is a word expanded first, then evaluated. */
export interface ArithmeticExpansion {
  readonly _tag: "ArithmeticExpansion"
  readonly expression: Word
}

/** `<(...)` or `>(...)`. */
export interface ProcessSubstitution {
  readonly _tag: "ProcessSubstitution"
  readonly direction: "<" | ">"
  readonly body: Script
  readonly raw: string
}

/**
 * Parameter expansion: `$name`, `$1`, `$@`, `${...}` with every operator.
 *
 * `name` is the parameter: an identifier, a positional number, or one of `@ * # ? - $ ! 0 _`.
 * `index` is the array subscript when written (`${a[i]}`), `"@"`/`"*"` for the splats.
 */
export interface ParamExpansion {
  readonly _tag: "ParamExpansion"
  readonly name: string
  readonly index: Word | "@" | "*" | undefined
  /** `${!name}`: indirect expansion (or, with `op` PrefixNames/ArrayKeys, those forms). */
  readonly indirect: boolean
  /** `${#name}` */
  readonly length: boolean
  readonly op: ParamOperator | undefined
  /** Written with braces (affects only printing). */
  readonly braced: boolean
}

export type ParamOperator =
  | DefaultOp
  | RemovePatternOp
  | ReplaceOp
  | CaseModifyOp
  | SubstringOp
  | TransformOp
  | PrefixNamesOp
  | ArrayKeysOp

/** `:-` `-` `:=` `=` `:?` `?` `:+` `+` */
export interface DefaultOp {
  readonly _tag: "DefaultOp"
  readonly kind: "-" | "=" | "?" | "+"
  /** With a colon: also applies when the value is empty. */
  readonly colon: boolean
  readonly word: Word
}

/** `#` `##` `%` `%%` */
export interface RemovePatternOp {
  readonly _tag: "RemovePatternOp"
  readonly side: "prefix" | "suffix"
  readonly longest: boolean
  readonly pattern: Word
}

/** `/pat/rep`, `//pat/rep`, `/#pat/rep`, `/%pat/rep` */
export interface ReplaceOp {
  readonly _tag: "ReplaceOp"
  readonly mode: "first" | "all" | "prefix" | "suffix"
  readonly pattern: Word
  readonly replacement: Word | undefined
}

/** `^` `^^` `,` `,,` `~` `~~` with an optional pattern. */
export interface CaseModifyOp {
  readonly _tag: "CaseModifyOp"
  /** `^` upper, `,` lower, `~` toggle (bash's undocumented case reversal). */
  readonly direction: "upper" | "lower" | "toggle"
  readonly all: boolean
  readonly pattern: Word | undefined
}

/** `:offset` or `:offset:length`: both arithmetic expressions (as words, expanded first). */
export interface SubstringOp {
  readonly _tag: "SubstringOp"
  readonly offset: Word
  readonly length: Word | undefined
}

/** `@Q` `@E` `@P` `@A` `@a` `@U` `@u` `@L` `@K` `@k` */
export interface TransformOp {
  readonly _tag: "TransformOp"
  readonly operator: "Q" | "E" | "P" | "A" | "a" | "U" | "u" | "L" | "K" | "k"
}

/** `${!prefix*}` / `${!prefix@}`: the names of variables starting with `name`. */
export interface PrefixNamesOp {
  readonly _tag: "PrefixNamesOp"
  readonly star: boolean
}

/** `${!arr[@]}` / `${!arr[*]}`: the keys of an array. */
export interface ArrayKeysOp {
  readonly _tag: "ArrayKeysOp"
  readonly star: boolean
}

// ---------------------------------------------------------------------------------------------
// Assignments and redirections
// ---------------------------------------------------------------------------------------------

/** `name=value`, `name+=value`, `name[sub]=value`, `name=(a b [k]=v)`. */
export interface Assignment {
  readonly _tag: "Assignment"
  readonly name: string
  readonly index: Word | undefined
  readonly append: boolean
  readonly value: Word | ArrayLiteral
  /** The source text of the whole assignment word. */
  readonly raw: string
}

export interface ArrayLiteral {
  readonly _tag: "ArrayLiteral"
  readonly elements: ReadonlyArray<ArrayElement>
}

/** One element of `( ... )`: `value`, or `[key]=value` / `[key]+=value`. */
export interface ArrayElement {
  readonly key: Word | undefined
  readonly append: boolean
  readonly value: Word
}

export type RedirectOperator =
  | "<"
  | ">"
  | ">>"
  | ">|"
  | "<>"
  | "&>"
  | "&>>"
  | "<&"
  | ">&"
  | "<<"
  | "<<-"
  | "<<<"

export interface Redirect {
  readonly _tag: "Redirect"
  readonly operator: RedirectOperator
  /** Explicit fd number written before the operator (`2>`), if any. */
  readonly fd: number | undefined
  /** `{var}>file`: allocate an fd and store it in `var`. */
  readonly fdVariable: string | undefined
  /** The target word (a file name, an fd number or `-` for `>&`/`<&`, the here-string). */
  readonly target: Word
  /** Here-documents (`<<`, `<<-`): the body. `target` is then the delimiter word. */
  readonly heredoc: HereDoc | undefined
}

export interface HereDoc {
  readonly _tag: "HereDoc"
  /** When the delimiter was quoted, the body is literal and `body` is one Literal part. */
  readonly quoted: boolean
  /** `<<-`: leading tabs were stripped from the body and delimiter lines. */
  readonly stripTabs: boolean
  readonly delimiter: string
  /** The body, as a word in double-quote-like mode (expansions, `\$ \` \\` escapes), or literal. */
  readonly body: Word
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/** A whole script, or the body of a command substitution. */
export interface Script {
  readonly _tag: "Script"
  readonly statements: StatementList
}

export type StatementList = ReadonlyArray<Statement>

/** One `and_or` list followed by `;`, newline or `&`. */
export interface Statement {
  readonly _tag: "Statement"
  readonly body: AndOr
  readonly background: boolean
  readonly line: number
}

export interface AndOr {
  readonly _tag: "AndOr"
  readonly first: Pipeline
  readonly rest: ReadonlyArray<{ readonly operator: "&&" | "||"; readonly pipeline: Pipeline }>
}

export interface Pipeline {
  readonly _tag: "Pipeline"
  /** `!` prefix */
  readonly negated: boolean
  /** `time` / `time -p` prefix */
  readonly timed: "default" | "posix" | undefined
  readonly commands: ReadonlyArray<Command>
  /** `stderrPiped[i]`: the pipe after command i was `|&`. Length is commands.length - 1. */
  readonly stderrPiped: ReadonlyArray<boolean>
  readonly line: number
}

export type Command =
  | SimpleCommand
  | Subshell
  | Group
  | If
  | While
  | For
  | ArithFor
  | Select
  | Case
  | ArithCommand
  | CondCommand
  | FunctionDef
  | Coproc

export type CompoundCommand =
  | Subshell
  | Group
  | If
  | While
  | For
  | ArithFor
  | Select
  | Case
  | ArithCommand
  | CondCommand

export interface SimpleCommand {
  readonly _tag: "SimpleCommand"
  readonly assignments: ReadonlyArray<Assignment>
  /** The command name and its arguments, unexpanded. May be empty (assignments only). */
  readonly words: ReadonlyArray<Word>
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

/** `( list )` */
export interface Subshell {
  readonly _tag: "Subshell"
  readonly body: StatementList
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

/** `{ list; }` */
export interface Group {
  readonly _tag: "Group"
  readonly body: StatementList
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

export interface If {
  readonly _tag: "If"
  /** `if` then each `elif`, in order. */
  readonly clauses: ReadonlyArray<{ readonly condition: StatementList; readonly body: StatementList }>
  readonly elseBody: StatementList | undefined
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

/** `while` and `until` */
export interface While {
  readonly _tag: "While"
  readonly until: boolean
  readonly condition: StatementList
  readonly body: StatementList
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

/** `for name [in words]; do ...; done` (words undefined: iterate over `"$@"`). */
export interface For {
  readonly _tag: "For"
  readonly variable: string
  readonly words: ReadonlyArray<Word> | undefined
  readonly body: StatementList
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

/** `for (( init; condition; step )); do ...; done`: each part an arithmetic word, possibly empty. */
export interface ArithFor {
  readonly _tag: "ArithFor"
  readonly init: Word | undefined
  readonly condition: Word | undefined
  readonly step: Word | undefined
  readonly body: StatementList
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

export interface Select {
  readonly _tag: "Select"
  readonly variable: string
  readonly words: ReadonlyArray<Word> | undefined
  readonly body: StatementList
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

export interface CaseItem {
  readonly patterns: ReadonlyArray<Word>
  readonly body: StatementList
  /** `;;` stop, `;&` fall through into the next body, `;;&` test the next patterns. */
  readonly terminator: ";;" | ";&" | ";;&"
}

export interface Case {
  readonly _tag: "Case"
  readonly subject: Word
  readonly items: ReadonlyArray<CaseItem>
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

/** `(( expr ))` */
export interface ArithCommand {
  readonly _tag: "ArithCommand"
  readonly expression: Word
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

/** `[[ expr ]]` */
export interface CondCommand {
  readonly _tag: "CondCommand"
  readonly expression: CondExpr
  readonly redirects: ReadonlyArray<Redirect>
  readonly line: number
}

export interface FunctionDef {
  readonly _tag: "FunctionDef"
  readonly name: string
  /** A compound command (usually a Group). */
  readonly body: CompoundCommand
  /** Source text of the whole definition. */
  readonly raw: string
  readonly line: number
}

/** `coproc [NAME] command` */
export interface Coproc {
  readonly _tag: "Coproc"
  readonly name: string
  readonly body: Command
  readonly line: number
}

// ---------------------------------------------------------------------------------------------
// [[ ... ]] expressions
// ---------------------------------------------------------------------------------------------

export type CondExpr = CondAnd | CondOr | CondNot | CondGroup | CondUnary | CondBinary | CondWord

export interface CondAnd {
  readonly _tag: "CondAnd"
  readonly left: CondExpr
  readonly right: CondExpr
}

export interface CondOr {
  readonly _tag: "CondOr"
  readonly left: CondExpr
  readonly right: CondExpr
}

export interface CondNot {
  readonly _tag: "CondNot"
  readonly expr: CondExpr
}

export interface CondGroup {
  readonly _tag: "CondGroup"
  readonly expr: CondExpr
}

/** `-f file`, `-z str`, `-v name`, `-o opt`, ... */
export interface CondUnary {
  readonly _tag: "CondUnary"
  readonly operator: string
  readonly operand: Word
}

/**
 * `==` `=` `!=` (right side a pattern), `=~` (right side a regex; quoted parts are literal),
 * `<` `>`, `-eq -ne -lt -le -gt -ge` (arithmetic), `-nt -ot -ef`.
 */
export interface CondBinary {
  readonly _tag: "CondBinary"
  readonly operator: string
  readonly left: Word
  readonly right: Word
}

/** A lone word: true when non-empty. */
export interface CondWord {
  readonly _tag: "CondWord"
  readonly word: Word
}
