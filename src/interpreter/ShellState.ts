import type { FunctionDef, SimpleCommand } from "../parser/Ast.js"
import { capitalizeFirst, toLower, toUpper } from "../expansion/caseMap.js"
import { printCommand } from "../parser/printer.js"
import { bashLinenoArray, bashSourceArray, funcnameArray } from "./callStack.js"
import { Shared } from "./shared.js"
import {
  AssocArray,
  Attr,
  cloneScope,
  IndexedArray,
  scalarOf,
  type Scope,
  type Variable,
  type VarValue
} from "./variables.js"
import { scalarBytes, valueBytes, type StateMemory } from "./memory.js"

const copyMap = <K, V>(map: Map<K, V>): Map<K, V> => new Map(map)
const VARIABLE_BYTES = scalarBytes("")


/** `set -o` options, by their long names. */
export const setOptionNames = [
  "allexport",
  "braceexpand",
  "emacs",
  "errexit",
  "errtrace",
  "functrace",
  "hashall",
  "histexpand",
  "history",
  "ignoreeof",
  "interactive-comments",
  "keyword",
  "monitor",
  "noclobber",
  "noexec",
  "noglob",
  "nolog",
  "notify",
  "nounset",
  "onecmd",
  "physical",
  "pipefail",
  "posix",
  "privileged",
  "verbose",
  "vi",
  "xtrace"
] as const
export type SetOption = (typeof setOptionNames)[number]

/** Single-letter flags of `set` and `$-`. */
export const setFlagLetters: Record<string, SetOption> = {
  a: "allexport",
  B: "braceexpand",
  e: "errexit",
  E: "errtrace",
  T: "functrace",
  h: "hashall",
  H: "histexpand",
  k: "keyword",
  m: "monitor",
  C: "noclobber",
  n: "noexec",
  f: "noglob",
  b: "notify",
  u: "nounset",
  t: "onecmd",
  P: "physical",
  p: "privileged",
  v: "verbose",
  x: "xtrace"
}

export const shoptDefaults: Record<string, boolean> = {
  autocd: false,
  assoc_expand_once: false,
  cdable_vars: false,
  cdspell: false,
  checkhash: false,
  checkjobs: false,
  checkwinsize: false,
  cmdhist: true,
  compat31: false,
  compat32: false,
  compat40: false,
  compat41: false,
  compat42: false,
  compat43: false,
  compat44: false,
  complete_fullquote: true,
  direxpand: false,
  dirspell: false,
  dotglob: false,
  execfail: false,
  expand_aliases: false,
  extdebug: false,
  extglob: false,
  extquote: true,
  failglob: false,
  force_fignore: true,
  globasciiranges: true,
  globskipdots: true,
  globstar: false,
  gnu_errfmt: false,
  histappend: false,
  histreedit: false,
  histverify: false,
  hostcomplete: true,
  huponexit: false,
  inherit_errexit: false,
  interactive_comments: true,
  lastpipe: false,
  lithist: false,
  localvar_inherit: false,
  localvar_unset: false,
  login_shell: false,
  mailwarn: false,
  no_empty_cmd_completion: false,
  nocaseglob: false,
  nocasematch: false,
  noexpand_translation: false,
  nullglob: false,
  patsub_replacement: true,
  progcomp: true,
  progcomp_alias: false,
  promptvars: true,
  restricted_shell: false,
  shift_verbose: false,
  sourcepath: true,
  varredir_close: false,
  xpg_echo: false
}

/** A variable could not be assigned (readonly); the message is bash's. */
export class AssignmentError {
  readonly _tag = "AssignmentError"
  constructor(readonly message: string) {}
}

export interface CallFrame {
  readonly name: string
  readonly source: string
  readonly callLine: number
}

/**
 * Everything a shell session remembers: variables, functions, options, positional parameters,
 * working directory, traps, aliases, directory stack. Plain data, so a subshell is a deep copy and
 * a session can be snapshotted.
 */
export class ShellState {
  /** Global variables, functions, aliases, hashed paths and shopt options: shared with subshells until written. */
  private readonly sharedGlobals: Shared<Scope>
  private readonly sharedFunctions: Shared<Map<string, FunctionDef>>
  private readonly sharedAliases: Shared<Map<string, string>>
  private readonly sharedHashTable: Shared<Map<string, string>>
  private readonly sharedShopt: Shared<Record<string, boolean>>
  /** Function-local scopes, innermost last. */
  locals: Array<Scope>
  positional: Array<string>
  scriptName: string
  options: Set<SetOption>
  cwd: string
  lastStatus: number
  lastBackgroundPid: number | undefined
  lastArgument: string
  traps: Map<string, string>
  /** A subshell's parent's traps: not run here, but `trap -p` lists them, as bash does. */
  parentTraps: Map<string, string> | undefined
  dirStack: Array<string>
  callStack: Array<CallFrame>
  pipeStatus: Array<number>
  lineNumber: number
  /** The simple command being run, for BASH_COMMAND (printed only when asked for). */
  currentCommand: SimpleCommand | undefined
  randomState: number
  startTimeMs: number
  pid: number
  bashPid: number
  subshellLevel: number
  history: Array<string>
  umask: number
  completions: Map<string, string>
  /**
   * The running exec's memory account of shell state (set by the shell for each exec, inherited
   * by subshell copies); mutation paths report their growth to it before they store anything,
   * so an assignment over the memory limit changes nothing.
   */
  memory: StateMemory | undefined
  /** The state's size when the memory account last measured it (the next exec starts from it). */
  measuredBytes = 0

  /**
   * A new session's state, or a subshell's deep copy of `from`. One constructor for both, so
   * every state has the same shape (and the copy allocates nothing it throws away).
   */
  constructor(from?: ShellState) {
    if (from === undefined) {
      this.sharedGlobals = Shared.of<Scope>(new Map(), cloneScope)
      this.sharedFunctions = Shared.of(new Map(), copyMap)
      this.sharedAliases = Shared.of(new Map(), copyMap)
      this.sharedHashTable = Shared.of(new Map(), copyMap)
      this.sharedShopt = Shared.of({ ...shoptDefaults }, (o) => ({ ...o }))
      this.locals = []
      this.positional = []
      this.scriptName = "bash"
      this.options = new Set<SetOption>(["braceexpand", "hashall", "interactive-comments"])
      this.cwd = "/home/user"
      this.lastStatus = 0
      this.lastBackgroundPid = undefined
      this.lastArgument = ""
      this.traps = new Map()
      this.parentTraps = undefined
      this.dirStack = []
      this.callStack = []
      this.pipeStatus = [0]
      this.lineNumber = 0
      this.currentCommand = undefined
      this.randomState = Math.floor(Math.random() * 4294967296)
      this.startTimeMs = Date.now()
      this.pid = 1000
      this.bashPid = 1000
      this.subshellLevel = 0
      this.history = []
      this.umask = 0o022
      this.completions = new Map()
      this.memory = undefined
      return
    }
    this.sharedGlobals = from.sharedGlobals.share()
    this.sharedFunctions = from.sharedFunctions.share()
    this.sharedAliases = from.sharedAliases.share()
    this.sharedHashTable = from.sharedHashTable.share()
    this.sharedShopt = from.sharedShopt.share()
    this.locals = from.locals.map(cloneScope)
    this.positional = [...from.positional]
    this.scriptName = from.scriptName
    this.options = new Set(from.options)
    this.cwd = from.cwd
    this.lastStatus = from.lastStatus
    this.lastBackgroundPid = from.lastBackgroundPid
    this.lastArgument = from.lastArgument
    this.traps = new Map(from.traps)
    this.parentTraps = from.parentTraps
    this.dirStack = [...from.dirStack]
    this.callStack = [...from.callStack]
    this.pipeStatus = [...from.pipeStatus]
    this.lineNumber = from.lineNumber
    this.currentCommand = from.currentCommand
    this.randomState = from.randomState
    this.startTimeMs = from.startTimeMs
    this.pid = from.pid
    this.bashPid = from.bashPid
    this.subshellLevel = from.subshellLevel
    this.history = from.history
    this.umask = from.umask
    this.completions = from.completions
    this.memory = from.memory
    this.memory?.register(this)
  }

  clone(): ShellState {
    return new ShellState(this)
  }

  /**
   * The global scope, for any use that may change it or a variable in it: a scope still shared
   * with a subshell (or a parent) is copied first. Readers inside this class use `globalsView`.
   */
  get globals(): Scope {
    return this.sharedGlobals.write
  }

  set globals(map: Scope) {
    this.sharedGlobals.replace(map)
  }

  /** The global scope for reading only (never change it or the variables in it). */
  private get globalsView(): Scope {
    return this.sharedGlobals.read
  }

  /** The global scope as the memory account walks it (read only). */
  get globalsForMeasure(): Scope {
    return this.sharedGlobals.read
  }

  /** Functions by name, for reading; `functionsForWrite` to define or remove one. */
  get functions(): ReadonlyMap<string, FunctionDef> {
    return this.sharedFunctions.read
  }

  functionsForWrite(): Map<string, FunctionDef> {
    return this.sharedFunctions.write
  }

  get aliases(): ReadonlyMap<string, string> {
    return this.sharedAliases.read
  }

  aliasesForWrite(): Map<string, string> {
    return this.sharedAliases.write
  }

  /** `hash`'s remembered command paths. */
  get hashTable(): ReadonlyMap<string, string> {
    return this.sharedHashTable.read
  }

  hashTableForWrite(): Map<string, string> {
    return this.sharedHashTable.write
  }

  /** `shopt` options by name. */
  get shopt(): Readonly<Record<string, boolean>> {
    return this.sharedShopt.read
  }

  setShopt(name: string, on: boolean): void {
    this.sharedShopt.write[name] = on
  }

  /**
   * This state's shell has finished (a command substitution, subshell or pipeline stage) and is
   * never used again: it stops sharing, so its parent can change its tables in place.
   */
  release(): void {
    this.memory?.unregister(this)
    this.sharedGlobals.release()
    this.sharedFunctions.release()
    this.sharedAliases.release()
    this.sharedHashTable.release()
    this.sharedShopt.release()
  }

  /** The variable record for `name` in the innermost scope that has it (no nameref resolution). */
  findRaw(name: string): { variable: Variable; scope: Scope } | undefined {
    for (let i = this.locals.length - 1; i >= 0; i--) {
      const scope = this.locals[i]!
      const v = scope.get(name)
      if (v !== undefined) return { variable: v, scope }
    }
    const v = this.globals.get(name)
    return v === undefined ? undefined : { variable: v, scope: this.globals }
  }

  /** `findRaw` without the scope, for a caller that may change the variable. */
  private findVariable(name: string): Variable | undefined {
    for (let i = this.locals.length - 1; i >= 0; i--) {
      const v = this.locals[i]!.get(name)
      if (v !== undefined) return v
    }
    return this.globals.get(name)
  }

  /** `findVariable` for reading only: the hot path of every expansion, it copies and allocates nothing. */
  private peekVariable(name: string): Variable | undefined {
    for (let i = this.locals.length - 1; i >= 0; i--) {
      const v = this.locals[i]!.get(name)
      if (v !== undefined) return v
    }
    return this.globalsView.get(name)
  }

  /** The record of `name` itself (no nameref resolution), for reading only. */
  peekRaw(name: string): Variable | undefined {
    return this.peekVariable(name)
  }

  /**
   * `lookup` for reading only: the variable must not be changed through the result, which may
   * be shared with subshells (use `lookup` to change it). Reading never copies a shared scope.
   */
  peek(name: string): Variable | undefined {
    const found = this.peekVariable(name)
    if (found === undefined || (found.attrs & Attr.nameref) === 0) return found
    return this.peekVariable(this.resolveName(name))
  }

  /** Follow namerefs to the name finally referred to (bounded, as bash warns on loops). */
  resolveName(name: string): string {
    let current = name
    for (let hops = 0; hops < 16; hops++) {
      const found = this.peekVariable(current)
      if (found === undefined || (found.attrs & Attr.nameref) === 0) return current
      const target = typeof found.value === "string" ? found.value : undefined
      if (target === undefined || target === "") return current
      current = target
    }
    return current
  }

  /** The variable `name` refers to, for a caller that may change it (see `peek` to read). */
  lookup(name: string): Variable | undefined {
    const found = this.findVariable(name)
    if (found === undefined || (found.attrs & Attr.nameref) === 0) return found
    return this.findVariable(this.resolveName(name))
  }

  /** The scalar value of a variable, including the dynamic specials (RANDOM, SECONDS, ...). */
  getScalar(name: string): string | undefined {
    const special = this.computedValue(name)
    if (special !== undefined) return scalarOf(special)
    return scalarOf(this.peek(name)?.value)
  }

  getValue(name: string): VarValue | undefined {
    const special = this.computedValue(name)
    if (special !== undefined) return special
    return this.peek(name)?.value
  }

  /** A function's `local RANDOM` (or SECONDS...) is a plain variable there, as in bash. */
  private shadowedLocally(name: string): boolean {
    for (let i = this.locals.length - 1; i >= 0; i--) if (this.locals[i]!.has(name)) return true
    return false
  }

  isSet(name: string): boolean {
    return this.getValue(name) !== undefined
  }

  /**
   * Variables whose value the shell computes on each read (RANDOM, SECONDS, FUNCNAME...); a
   * function's `local` of one of these names is a plain variable there, as in bash.
   */
  private static readonly computed = new Map<string, { readonly value: (state: ShellState) => string | VarValue | undefined; readonly attrs: number }>([
    ["RANDOM", { value: (s) => String(s.nextRandom()), attrs: Attr.integer }],
    ["SRANDOM", { value: () => String(Math.floor(Math.random() * 4294967296)), attrs: Attr.integer }],
    ["SECONDS", { value: (s) => String(Math.floor((Date.now() - s.startTimeMs) / 1000) + s.secondsOffset), attrs: Attr.integer }],
    ["BASHPID", { value: (s) => String(s.bashPid), attrs: Attr.integer }],
    ["LINENO", { value: (s) => String(s.lineNumber), attrs: 0 }],
    ["EPOCHSECONDS", { value: () => String(Math.floor(Date.now() / 1000)), attrs: 0 }],
    ["EPOCHREALTIME", { value: () => (Date.now() / 1000).toFixed(6), attrs: 0 }],
    ["BASH_SUBSHELL", { value: (s) => String(s.subshellLevel), attrs: 0 }],
    ["BASH_COMMAND", { value: (s) => (s.currentCommand === undefined ? undefined : printCommand(s.currentCommand)), attrs: 0 }],
    ["FUNCNAME", { value: (s) => funcnameArray(s), attrs: Attr.indexed }],
    ["BASH_SOURCE", { value: (s) => bashSourceArray(s), attrs: Attr.indexed }],
    ["BASH_LINENO", { value: (s) => bashLinenoArray(s), attrs: Attr.indexed }],
    ["DIRSTACK", { value: (s) => IndexedArray.from([s.cwd, ...s.dirStack]), attrs: Attr.indexed }],
    ["PIPESTATUS", { value: (s) => IndexedArray.from(s.pipeStatus.map(String)), attrs: Attr.indexed }]
  ])

  /** The computed value of `name` here, or undefined (not a computed name, or shadowed by a local). */
  private computedValue(name: string): string | VarValue | undefined {
    const computed = ShellState.computed.get(name)
    return computed === undefined || this.shadowedLocally(name) ? undefined : computed.value(this)
  }

  /** A computed variable as `declare -p` shows it (RANDOM is an integer, FUNCNAME an array...). */
  computedVariable(name: string): Variable | undefined {
    const computed = ShellState.computed.get(name)
    return computed === undefined ? undefined : { value: this.getValue(name), attrs: computed.attrs }
  }

  /** A name the shell computes, not shadowed by a function's local. */
  private isComputed(name: string): boolean {
    return ShellState.computed.has(name) && !this.shadowedLocally(name)
  }


  secondsOffset = 0

  /** bash's RANDOM: a 15-bit value from a seedable generator. */
  nextRandom(): number {
    // A linear congruential generator: deterministic once seeded (RANDOM=n), as scripts expect.
    this.randomState = (Math.imul(this.randomState, 1103515245) + 12345) >>> 0
    return (this.randomState >>> 16) & 0x7fff
  }

  // ------------------------------------------------------------------------------------------
  // Assignment
  // ------------------------------------------------------------------------------------------

  /** Where a new variable named `name` goes: the innermost scope that has it, else globals. */
  private scopeFor(name: string): Scope {
    return this.findRaw(name)?.scope ?? this.globals
  }

  private checkWritable(name: string, v: Variable | undefined): void {
    if (v !== undefined && (v.attrs & Attr.readonly) !== 0) throw new AssignmentError(`${name}: readonly variable`)
  }

  /** Apply case attributes to a value being stored. */
  transform(attrs: number, value: string): string {
    if ((attrs & (Attr.lower | Attr.upper | Attr.capitalize)) === 0) return value
    const meter = this.memory?.meter
    if ((attrs & Attr.lower) !== 0) return toLower(value, meter)
    if ((attrs & Attr.upper) !== 0) return toUpper(value, meter)
    return capitalizeFirst(toLower(value, meter))
    return value
  }

  /** Handle writes to special variables; true when handled. */
  private assignSpecial(name: string, value: string): boolean {
    if (name === "RANDOM") {
      this.randomState = Number.parseInt(value, 10) >>> 0
      return true
    }
    if (name === "SECONDS") {
      this.startTimeMs = Date.now()
      this.secondsOffset = Number.parseInt(value, 10) || 0
      return true
    }
    if (name === "LINENO" || name === "BASHPID" || name === "EPOCHSECONDS" || name === "EPOCHREALTIME" || name === "SRANDOM") return true
    return false
  }

  /**
   * Set a scalar (or element 0 of an array). `integerEval` evaluates arithmetic for `-i`
   * variables; the caller supplies it so this module stays free of the evaluator.
   */
  setScalar(name: string, value: string, options: { append?: boolean; integerEval?: (text: string) => string } = {}): void {
    this.memory?.grew(scalarBytes(value))
    const target = this.resolveName(name)
    if (this.isComputed(target) && this.assignSpecial(target, value)) return
    // A nameref to an array element (`declare -n r='a[1]'`) assigns that element.
    if (target !== name && target.endsWith("]")) {
      const element = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/s.exec(target)
      if (element !== null) {
        const [, array, subscript] = element as unknown as [string, string, string]
        const assoc = ((this.peek(array)?.attrs ?? 0) & Attr.assoc) !== 0
        const key = assoc ? subscript : Number(options.integerEval?.(subscript) ?? subscript)
        return this.setElement(array, Number.isNaN(key) ? subscript : key, value, options.append === true)
      }
    }
    const v = this.findVariable(target)
    this.checkWritable(target, v)
    if (v === undefined) {
      const attrs = this.options.has("allexport") ? Attr.export : 0
      this.globals.set(target, { value, attrs })
      return
    }
    let next = value
    if ((v.attrs & Attr.integer) !== 0 && options.integerEval !== undefined) {
      next = options.integerEval(options.append === true ? `${scalarOf(v.value) ?? "0"}+(${value})` : value)
    } else if (options.append === true) {
      next = (scalarOf(v.value) ?? "") + value
    }
    next = this.transform(v.attrs, next)
    if (typeof v.value === "object") {
      if (v.value._tag === "IndexedArray") v.value.set(0, next)
      else v.value.items.set("0", next)
    } else if ((v.attrs & Attr.indexed) !== 0) {
      // Declared as an array but still unset (`local -a a; a=x`): the value becomes element 0.
      v.value = IndexedArray.from([next])
    } else if ((v.attrs & Attr.assoc) !== 0) {
      v.value = new AssocArray(new Map([["0", next]]))
    } else {
      v.value = next
    }
    if (this.options.has("allexport")) v.attrs |= Attr.export
  }

  /** Replace a variable's whole value (array assignment `a=(...)`). */
  setValue(name: string, value: VarValue, extraAttrs = 0): void {
    this.memory?.grew(valueBytes(value) + VARIABLE_BYTES)
    const target = this.resolveName(name)
    const found = this.findRaw(target)
    this.checkWritable(target, found?.variable)
    const kindAttr = typeof value === "string" ? 0 : value._tag === "IndexedArray" ? Attr.indexed : Attr.assoc
    if (found === undefined) {
      this.globals.set(target, { value, attrs: kindAttr | extraAttrs | (this.options.has("allexport") ? Attr.export : 0) })
      return
    }
    found.variable.value = value
    found.variable.attrs = (found.variable.attrs & ~(Attr.indexed | Attr.assoc)) | kindAttr | extraAttrs
  }

  /** `a[key]=value`: the container is created (indexed unless declared -A) when missing. */
  setElement(name: string, key: string | number, value: string, append = false): void {
    this.memory?.grew(scalarBytes(value))
    const target = this.resolveName(name)
    const found = this.findRaw(target)
    const v = found?.variable
    this.checkWritable(target, v)
    const attrs = v?.attrs ?? 0
    let container = v?.value
    if (container === undefined || typeof container === "string") {
      const prior = container
      if ((attrs & Attr.assoc) !== 0) {
        container = new AssocArray()
        if (prior !== undefined) container.items.set("0", prior)
      } else {
        container = new IndexedArray()
        if (prior !== undefined) container.set(0, prior)
      }
      if (v === undefined) this.scopeFor(target).set(target, { value: container, attrs: (container._tag === "IndexedArray" ? Attr.indexed : Attr.assoc) | (this.options.has("allexport") ? Attr.export : 0) })
      else {
        v.value = container
        v.attrs |= container._tag === "IndexedArray" ? Attr.indexed : Attr.assoc
      }
    }
    if (container._tag === "IndexedArray") {
      const index = typeof key === "number" ? key : Number.parseInt(key, 10)
      const old = container.get(index)
      container.set(index, this.transform(attrs, append ? (old ?? "") + value : value))
    } else {
      const k = String(key)
      const old = container.items.get(k)
      container.items.set(k, this.transform(attrs, append ? (old ?? "") + value : value))
    }
  }

  /** Declare (or modify attributes of) a variable in the current function scope or globally. */
  declare(name: string, options: { local: boolean; attrsOn?: number; attrsOff?: number }): Variable {
    const scope = options.local && this.locals.length > 0 ? this.locals[this.locals.length - 1]! : undefined
    let v: Variable | undefined
    if (scope !== undefined) {
      v = scope.get(name)
      if (v === undefined) {
        v = { value: undefined, attrs: 0 }
        scope.set(name, v)
      }
    } else {
      v = this.lookup(name)
      if (v === undefined) {
        v = { value: undefined, attrs: 0 }
        this.globals.set(this.resolveName(name), v)
      }
    }
    v.attrs = (v.attrs | (options.attrsOn ?? 0)) & ~(options.attrsOff ?? 0)
    return v
  }

  /** `unset name`: removes the innermost binding (readonly fails). */
  unset(name: string, options: { nameref?: boolean } = {}): void {
    const target = options.nameref === true ? name : this.resolveName(name)
    const found = this.findRaw(target)
    if (found === undefined) return
    this.checkWritable(target, found.variable)
    if (found.scope !== this.globals && found.scope === this.locals[this.locals.length - 1]) {
      // bash keeps an unset local as "declared but unset" in its scope, hiding outer values;
      // a caller's local unset from a called function goes away and uncovers the outer one.
      found.variable.value = undefined
      found.variable.attrs = 0
      return
    }
    found.scope.delete(target)
  }

  unsetElement(name: string, key: string): void {
    const v = this.lookup(name)
    if (v === undefined || v.value === undefined) return
    this.checkWritable(name, v)
    if (typeof v.value === "string") {
      if (key === "0") v.value = undefined
      return
    }
    if (v.value._tag === "IndexedArray") {
      let index = Number.parseInt(key, 10)
      if (index < 0) index += v.value.nextIndex()
      v.value.delete(index)
    } else v.value.items.delete(key)
  }

  /** Names of all set or declared variables, sorted. */
  variableNames(): Array<string> {
    const names = new Set<string>(this.globalsView.keys())
    for (const scope of this.locals) for (const k of scope.keys()) names.add(k)
    return [...names].sort()
  }

  /** The environment a child process would see: exported, set scalars (and array element 0 is not exported, as bash). */
  exportedEnv(): Record<string, string> {
    const env: Record<string, string> = {}
    for (const name of this.variableNames()) {
      const v = this.peek(name)
      if (v === undefined || (v.attrs & Attr.export) === 0) continue
      if (typeof v.value === "string") env[name] = v.value
    }
    return env
  }

  pushScope(): void {
    this.locals.push(new Map())
  }

  popScope(): void {
    this.locals.pop()
  }

  /** `$-` */
  flagString(): string {
    let out = ""
    for (const [letter, option] of Object.entries(setFlagLetters)) if (this.options.has(option)) out += letter
    const letters = out.split("")
    const lower = letters.filter((c) => c >= "a").sort()
    const upper = letters.filter((c) => c < "a").sort()
    return lower.join("") + upper.join("")
  }
}
