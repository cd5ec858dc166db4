import type * as Ast from "../parser/Ast.js"
import type { CallFrame, ShellState } from "./ShellState.js"
import { IndexedArray } from "./variables.js"

/**
 * The shell's call stack as bash exposes it: FUNCNAME, BASH_SOURCE and BASH_LINENO, innermost
 * first. Frames are functions, `source`d files and, at the bottom of a script run from a file,
 * `main` (a `bash -c` string has no bottom frame: its BASH_SOURCE is empty).
 */

/** Name of the bottom frame of a script file; its source is the file as it was invoked. */
export const MAIN_FRAME = "main"
export const SOURCE_FRAME = "source"

/** Where each function was defined (BASH_SOURCE of its frames), keyed by the definition. */
const definitionSources = new WeakMap<Ast.FunctionDef, string>()

/** The file being run now: BASH_SOURCE[0], or undefined in a `bash -c` string. */
export const currentSource = (state: ShellState): string | undefined => state.callStack[state.callStack.length - 1]?.source

/**
 * Remember where a function is defined. bash takes BASH_SOURCE[0]; without one (a `-c` string)
 * the function counts as coming from the environment, as bash reports it.
 */
export const recordDefinition = (def: Ast.FunctionDef, state: ShellState): void => {
  definitionSources.set(def, currentSource(state) || "environment")
}

export const functionFrame = (def: Ast.FunctionDef, state: ShellState): CallFrame => ({
  name: def.name,
  source: definitionSources.get(def) ?? "environment",
  callLine: state.lineNumber
})

/** The bottom frame of a script run from a file. */
export const mainFrame = (file: string): CallFrame => ({ name: MAIN_FRAME, source: file, callLine: 0 })

const innermostFirst = <A>(state: ShellState, pick: (frame: CallFrame) => A): Array<A> => {
  const out: Array<A> = []
  for (let i = state.callStack.length - 1; i >= 0; i--) out.push(pick(state.callStack[i]!))
  return out
}

/** FUNCNAME: set only while a function runs; then every frame, `source` and `main` included. */
export const funcnameArray = (state: ShellState): IndexedArray | undefined =>
  state.callStack.some((f) => f.name !== SOURCE_FRAME && f.name !== MAIN_FRAME) ? IndexedArray.from(innermostFirst(state, (f) => f.name)) : undefined

export const bashSourceArray = (state: ShellState): IndexedArray => IndexedArray.from(innermostFirst(state, (f) => f.source))

export const bashLinenoArray = (state: ShellState): IndexedArray => IndexedArray.from(innermostFirst(state, (f) => String(f.callLine)))

/** The name bash puts before an error message: BASH_SOURCE[0] when set, else $0. */
export const nameForError = (state: ShellState): string => currentSource(state) || state.scriptName

export type CallerAnswer = { readonly line: string } | { readonly status: number }

/**
 * `caller [LEVEL]`, read off the three arrays as bash does: without LEVEL, `LINE FILE` of the
 * current call; with it, `LINE FUNCTION FILE` of that frame, failing when the frame is missing.
 */
export const callerLine = (state: ShellState, level: number | undefined): CallerAnswer => {
  const linenos = innermostFirst(state, (f) => String(f.callLine))
  const sources = innermostFirst(state, (f) => f.source)
  if (linenos.length === 0 || sources.length === 0) return { status: 1 }
  if (level === undefined) return { line: `${linenos[0]} ${sources[1] ?? "NULL"}\n` }
  const names = funcnameArray(state) === undefined ? [] : innermostFirst(state, (f) => f.name)
  const lineno = linenos[level]
  const source = sources[level + 1]
  const name = names[level + 1]
  if (lineno === undefined || source === undefined || name === undefined) return { status: 1 }
  return { line: `${lineno} ${name} ${source}\n` }
}

/**
 * What bash puts before a runtime error: `NAME: line N: ` (bash, not being interactive, always
 * names the line of the command being run; line 0 means none is known yet).
 */
export const errorPrefix = (state: ShellState): string =>
  state.lineNumber > 0 ? `${nameForError(state)}: line ${state.lineNumber}: ` : `${nameForError(state)}: `

/** Before a syntax error: `NAME: LABEL: line N: `, LABEL being `-c`, `eval`, `exit trap`... */
export const syntaxErrorPrefix = (state: ShellState, label: string | undefined, line: number): string =>
  `${nameForError(state)}: ${label === undefined ? "" : `${label}: `}line ${line}: `
