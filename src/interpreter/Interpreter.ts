import { Effect, Either, Fiber } from "effect"
import type { Command, CommandContext, Identity, OutputSink, SubcommandIO } from "../commands/Command.js"
import { BrokenPipe } from "../commands/Command.js"
import { evaluateArithmetic, type ArithEnv } from "../expansion/Arithmetic.js"
import {
  ExpansionError,
  expandArithmetic,
  expandPattern,
  expandString,
  expandWords,
  type Expansion,
  type ExpandRequest,
  type ExpandResponse,
  type ExpansionHost
} from "../expansion/Expander.js"
import { expandPathname } from "../expansion/Pathname.js"
import { matchPattern } from "../expansion/Pattern.js"
import { Budget } from "../limits/Budget.js"
import { LimitExceeded, stringTooLong, type ExecutionLimitsShape } from "../limits/ExecutionLimits.js"
import type * as Ast from "../parser/Ast.js"
import { LINE_CONTINUES, makeIncrementalParser, type IncrementalParser } from "../parser/Parser.js"
import type { ParseError } from "../parser/ParseError.js"
import { printStatements } from "../parser/printer.js"
import { resolvePath } from "../vfs/paths.js"
import { vfsErrorText } from "../vfs/VfsError.js"
import type { VfsService } from "../vfs/Vfs.js"
import { commandArithFailure } from "./arithFailure.js"
import { conditionalStatus } from "./conditional.js"
import { ExecutionAborted, ExpansionFailed, type ExecFailure, type Flow } from "./errors.js"
import { type FdTable, applyRedirects, standardFds } from "./redirects.js"
import { AssignmentError, ShellState } from "./ShellState.js"
import { ShellCommandContext } from "./commandContext.js"
import { bytesInput, CollectSink, emptyInput, Pipe, type ShellInput, concatBytes } from "./streams.js"
import { MAIN_FRAME, currentSource, errorPrefix, nameForError, functionFrame, mainFrame, recordDefinition, syntaxErrorPrefix } from "./callStack.js"
import { isBuiltinDisabled } from "./disabledBuiltins.js"
import { functionAttrs } from "./functionAttrs.js"
import { restoreLocalOptions } from "./localOptions.js"
import { isNameref, retargetNameref } from "./nameref.js"
import { expandPs4 } from "./ps4.js"
import { formatTrace, traceWord } from "./trace.js"
import { AssocArray, Attr, IndexedArray } from "./variables.js"
import { functionBytes, scalarBytes } from "./memory.js"
import { meteredParse } from "./parseMeter.js"
import { stopForRangeError } from "./defects.js"
import { describeThrown } from "../commands/support/thrown.js"

/** A shell builtin: runs with access to the interpreter through `ShellBuiltinContext`. */
export interface ShellBuiltin {
  readonly name: string
  /** POSIX special builtins keep prefix assignments and their errors end a posix shell. */
  readonly special?: boolean
  readonly run: (ctx: ShellBuiltinContext) => Effect.Effect<number, ExecFailure>
  /**
   * Optional: run at once, outside Effect, for a builtin that needs nothing but the shell and
   * in-memory output (`:`, `true`, `echo` to a pipe or a capture). The interpreter uses it for a
   * command without redirections or prefix assignments; undefined means "use `run`", and then
   * nothing must have happened yet.
   */
  readonly runSync?: (shell: Interpreter, argv: ReadonlyArray<string>) => number | undefined
}

export interface ShellBuiltinContext extends CommandContext {
  readonly shell: Interpreter
  readonly stdin: ShellInput
}

/** Everything an interpreter shares with its subshells. */
export interface InterpreterServices {
  readonly fs: VfsService
  readonly limits: ExecutionLimitsShape
  readonly identity: Identity
  readonly commands: ReadonlyMap<string, Command>
  readonly builtins: ReadonlyMap<string, ShellBuiltin>
  /**
   * A logic-only shell (scripted tools): redirections only to /dev/null, no process
   * substitution, no commands by path.
   */
  readonly logicOnly: boolean
  /**
   * The exec's budget, shared by every subshell, job and command of one `exec`: it cannot be
   * escaped by forking. Its `exhausted` is the first limit hit anywhere (a background job too):
   * every later command fails with it.
   */
  readonly budget: Budget
  /** `Date.now()` past which the script is stopped (the budget's deadline). */
  readonly deadline: number | undefined
  /** Background jobs by virtual pid. */
  readonly jobs: Map<number, { fiber: Fiber.RuntimeFiber<number, ExecFailure>; command: string }>
  nextPid: { value: number }
}

const textDecoder = new TextDecoder()

/**
 * Walks the AST. One instance per shell or subshell: `fork()` gives a subshell a deep copy of
 * the state and the same services. Control flow (break/continue/return/exit) is a value in
 * `flow`, checked after every statement.
 */
export class Interpreter implements ExpansionHost {
  flow: Flow | undefined
  /** >0 while running a condition or a non-final `&&`/`||` element: `set -e` does not apply. */
  errexitSuppressed = 0
  loopDepth = 0
  /** Set by `exec` without a command: the current redirections become permanent. */
  keepRedirects = false
  /** getopts' position inside a bundle of flags, and the OPTIND it belongs to. */
  getoptsOffset = 1
  getoptsIndex = 0
  /** The syntax error that ended the top-level script, if any (reported to hosts). */
  parseError: { readonly message: string; readonly line: number; readonly column: number } | undefined
  /** True while a trap action runs (ERR and DEBUG traps do not fire inside it). */
  inTrap = false
  /** > 0 while a trap action runs (BASH_COMMAND is not updated then). */
  trapDepth = 0
  /**
   * Inside a function (without `set -T`), the DEBUG and RETURN traps of its caller do not
   * apply; one the function sets itself does. True while the current trap is only inherited.
   */
  debugTrapInherited = false
  returnTrapInherited = false
  /** Exit status of the last command substitution in the current simple command. */
  substitutionStatus: number | undefined
  /** The last status came from a short-circuited `&&`/`||` list, which `set -e` ignores. */
  exemptStatus = false
  /** Nesting of `source`/`.` (where `return` is allowed). */
  sourceDepth = 0
  functionDepth = 0
  subshellDepth = 0
  /** Nesting of command substitutions (how many times `set -x` repeats PS4's first character). */
  traceDepth = 0
  /** True while in a command substitution (for `inherit_errexit`). */
  inCommandSubstitution = false
  /**
   * argv positions of the current declaration command (`declare`, `local`...) written as
   * `name=(...)`: only those, or values for array variables, are compound assignments; a
   * quoted or expanded `"(1 2)"` is a plain string, as in bash.
   */
  compoundDeclarationWords: ReadonlySet<number> = new Set()

  constructor(
    readonly state: ShellState,
    readonly services: InterpreterServices,
    public fds: FdTable
  ) {}

  /** The exec's budget (the expansion host's view of it). */
  get budget(): Budget {
    return this.services.budget
  }

  fork(fds: FdTable = this.fds): Interpreter {
    const child = new Interpreter(this.state.clone(), this.services, fds)
    child.subshellDepth = this.subshellDepth + 1
    child.functionDepth = this.functionDepth
    child.errexitSuppressed = this.errexitSuppressed
    child.state.subshellLevel = this.state.subshellLevel + 1
    child.state.bashPid = this.services.nextPid.value++
    child.inCommandSubstitution = this.inCommandSubstitution
    child.traceDepth = this.traceDepth
    child.state.parentTraps = this.state.traps.size > 0 ? this.state.traps : this.state.parentTraps
    child.state.traps = new Map()
    return child
  }

  // ------------------------------------------------------------------------------------------
  // Expansion host
  // ------------------------------------------------------------------------------------------

  /** A diagnostic bash prints and goes on after (written at once, in order with the output). */
  readonly warn = (message: string): void => void Effect.runFork(this.errorLine(message))

  readonly arithEnv: ArithEnv = {
    warn: this.warn,
    get: (name) => {
      const v = this.state.getScalar(name)
      if (v === undefined && this.state.options.has("nounset")) throw new ArithUnbound(name)
      return v
    },
    set: (name, value) => this.assignOrThrow(() => this.state.setScalar(name, value.toString())),
    getElement: (name, subscript) => {
      const value = this.state.getValue(name)
      if (value === undefined || typeof value === "string") return subscript === "0" ? (value as string | undefined) : undefined
      if (value._tag === "AssocArray") return value.items.get(subscript)
      let i = Number(subscript)
      if (i < 0) i += value.nextIndex()
      if (i < 0) this.warn(`${name}: bad array subscript`)
      return value.get(i)
    },
    setElement: (name, subscript, value) =>
      this.assignOrThrow(() => {
        const current = this.state.getValue(name)
        if (current !== undefined && typeof current === "object" && current._tag === "IndexedArray") {
          let i = Number(subscript)
          if (i < 0) i += current.nextIndex()
          this.state.setElement(name, i, value.toString())
        } else this.state.setElement(name, subscript, value.toString())
      }),
    isAssociative: (name) => {
      const v = this.state.peek(name)
      return v !== undefined && (v.attrs & Attr.assoc) !== 0
    }
  }

  private assignOrThrow(assign: () => void): void {
    try {
      assign()
    } catch (e) {
      if (e instanceof AssignmentError) throw new ExpansionError(e.message, 1, false)
      throw e
    }
  }

  readonly arithmetic = (text: string): bigint => {
    let result: Either.Either<bigint, { message: string }>
    try {
      result = evaluateArithmetic(text, this.arithEnv)
    } catch (e) {
      if (e instanceof ArithUnbound) throw ExpansionError.unbound(e.name)
      throw e
    }
    if (Either.isLeft(result)) {
      const message = result.left.message
      if (message.endsWith(": unbound variable")) throw ExpansionError.unbound(message.slice(0, -": unbound variable".length))
      throw new ExpansionError(message, 1, true)
    }
    return result.right
  }

  readonly homeOf = (user: string): string | undefined => {
    if (user === "" || user === this.services.identity.user) return this.state.getScalar("HOME") ?? `/home/${this.services.identity.user}`
    if (user === "root") return "/root"
    return undefined
  }

  readonly promptExpand = (text: string): string =>
    text.replace(/\\([uhHwWs$\\n])/g, (_, c: string) => {
      switch (c) {
        case "u":
          return this.services.identity.user
        case "h":
        case "H":
          return this.services.identity.host
        case "w":
          return this.state.cwd
        case "W":
          return this.state.cwd.slice(this.state.cwd.lastIndexOf("/") + 1) || "/"
        case "s":
          return "bash"
        case "$":
          return this.services.identity.uid === 0 ? "#" : "$"
        case "n":
          return "\n"
        default:
          return "\\"
      }
    })

  /** Run an expansion generator, answering its requests (command substitution, globbing). */
  drive<A>(gen: Expansion<A>): Effect.Effect<A, ExecFailure> {
    return Effect.suspend(() => this.driveNow(gen))
  }

  /** `drive`, starting the expansion at once: for callers already running (inside a suspend). */
  driveNow<A>(gen: Expansion<A>): Effect.Effect<A, ExecFailure> {
    const step = (input: ExpandResponse): Effect.Effect<A, ExecFailure> => {
      let result: IteratorResult<ExpandRequest, A>
      try {
        result = gen.next(input)
      } catch (e) {
        if (e instanceof RangeError && /string length/i.test(e.message)) return Effect.fail(this.stringTooLong())
        if (e instanceof LimitExceeded) return Effect.fail(e)
        const failed = toExpansionFailed(e)
        if (failed.location !== undefined) return Effect.fail(failed)
        const { message, status, fatal, abortsLine, endsInput } = failed
        return Effect.fail(new ExpansionFailed({ message, status, fatal, abortsLine, endsInput, location: errorPrefix(this.state) }))
      }
      if (result.done === true) return Effect.succeed(result.value)
      return Effect.flatMap(this.answer(result.value), step)
    }
    return step(undefined)
  }

  private answer(request: ExpandRequest): Effect.Effect<ExpandResponse, ExecFailure> {
    switch (request._tag) {
      case "CommandSubstitution":
        return this.commandSubstitution(request.body)
      case "ProcessSubstitution":
        return this.processSubstitution(request.node)
      case "Glob":
        return expandPathname(request.pattern, this.state.cwd, this.services.fs, {
          dotglob: this.state.shopt["dotglob"] === true,
          nocaseglob: this.state.shopt["nocaseglob"] === true,
          globstar: this.state.shopt["globstar"] === true,
          extglob: this.state.shopt["extglob"] === true,
          maxWords: this.services.limits.maxExpansionWords,
          meter: this.services.budget,
          ...(this.state.getScalar("GLOBIGNORE") !== undefined ? { globIgnore: this.state.getScalar("GLOBIGNORE")! } : {})
        }) as Effect.Effect<ExpandResponse, ExecFailure>
    }
  }

  /** `$(...)`: run in a subshell capturing stdout; trailing newlines removed, NULs dropped. */
  commandSubstitution(body: Ast.Script): Effect.Effect<string, ExecFailure> {
    return Effect.suspend(() => {
      if (this.subshellDepth >= this.services.limits.maxSubshellDepth) {
        return Effect.fail(
          new LimitExceeded({ limit: "maxSubshellDepth", value: this.services.limits.maxSubshellDepth, message: `maximum subshell depth exceeded (${this.services.limits.maxSubshellDepth})` })
        )
      }
      // What the substitution captures is charged to the memory account until it is a string.
      const sink = new CollectSink(this.services.limits.maxStringLength, this.services.budget)
      const fileOnly = readsFileOnly(body)
      if (fileOnly !== undefined) return Effect.tap(this.readFileSubstitution(fileOnly, sink), () => sink.release())
      const child = this.fork(this.fds.with(1, { output: sink }))
      child.inCommandSubstitution = true
      child.traceDepth = this.traceDepth + 1
      if (this.state.shopt["inherit_errexit"] !== true) child.state.options.delete("errexit")
      // A failed substitution (a limit) ends the exec, whose account goes with it: no release needed then.
      return Effect.flatMap(child.runSubshellBody(body.statements), (status) => {
        child.state.release()
        this.state.lastStatus = status
        this.substitutionStatus = status
        const output = textDecoder.decode(sink.bytes())
        sink.release()
        if (!output.includes("\0")) return Effect.succeed(stripTrailingNewlines(output))
        return Effect.as(this.errorLine("warning: command substitution: ignored null byte in input"), stripTrailingNewlines(output))
      })
    })
  }

  /** `$(< file)`: the file's contents, without running a command. */
  private readFileSubstitution(word: Ast.Word, sink: CollectSink): Effect.Effect<string, ExecFailure> {
    return Effect.gen(this, function* () {
      const path = yield* this.drive(expandString(this, word))
      const data = yield* Effect.either(this.services.fs.readFile(resolvePath(this.state.cwd, path)))
      if (Either.isLeft(data)) {
        yield* this.errorLine(`${path}: ${vfsErrorText(data.left.reason)}`)
        this.state.lastStatus = this.substitutionStatus = 1
        return ""
      }
      yield* sink.write(data.right)
      this.state.lastStatus = this.substitutionStatus = 0
      return stripTrailingNewlines(textDecoder.decode(sink.bytes()))
    })
  }

  /**
   * `<(...)` runs the list now and captures its output in a VFS file; `>(...)` creates the file
   * and runs the list on its content after the command. Either expands to the file's path.
   */
  processSubstitution(node: Ast.ProcessSubstitution): Effect.Effect<string, ExecFailure> {
    return Effect.gen(this, function* () {
      if (this.services.logicOnly) return yield* Effect.fail(new ExecutionAborted({ message: "process substitution disabled in logic-only shell" }))
      const path = `/tmp/.procsub-${this.services.nextPid.value++}`
      if (node.direction === "<") {
        const sink = new CollectSink(this.services.limits.maxFileBytes)
        const child = this.fork(this.fds.with(1, { output: sink }))
        yield* child.runSubshellBody(node.body.statements)
        yield* Effect.ignore(this.services.fs.writeFile(path, sink.bytes()))
      } else {
        yield* Effect.ignore(this.services.fs.writeFile(path, new Uint8Array(0)))
        this.pendingOutputSubstitutions.push({ path, body: node.body, fds: this.fds })
      }
      return path
    })
  }

  /**
   * `>(...)` bodies run after the command that wrote to them, with the descriptors in effect
   * where they were written; one still open (`exec > >(tee log)`) runs when the shell ends.
   */
  pendingOutputSubstitutions: Array<{ path: string; body: Ast.Script; fds: FdTable }> = []

  // ------------------------------------------------------------------------------------------
  // Scripts and lists
  // ------------------------------------------------------------------------------------------

  /**
   * Run source text the way bash runs a script: parse a line, run it, parse the next, so lines
   * before a syntax error run and aliases apply from the next line on. `nested` text (eval, a
   * sourced file, a trap action) fails with status 2 on a syntax error instead of ending the
   * shell, and an empty one succeeds; `label` names it in syntax errors (`eval`, `exit trap`).
   */
  runSource(source: string, options: { readonly startLine?: number; readonly label?: string; readonly nested?: boolean } = {}): Effect.Effect<number, ExecFailure> {
    return Effect.suspend(() => {
      const metered = meteredParse(this.services.budget)
      return Effect.gen(this, function* () {
        const parser = makeIncrementalParser(source, {
          maxDepth: this.services.limits.maxParserDepth,
          maxFuel: this.services.limits.maxParserFuel,
          maxInputBytes: this.services.limits.maxInputBytes,
          meter: metered.meter,
          ...(options.startLine !== undefined ? { startLine: options.startLine } : {})
        })
        const nested = options.nested === true
        let status = nested ? 0 : this.state.lastStatus
        for (;;) {
          const aliases = this.state.shopt["expand_aliases"] === true ? (name: string) => this.state.aliases.get(name) : undefined
          // The previous line has run: its AST is no longer held (functions it defined are counted apart).
          metered.release()
          const chunk = yield* this.nextChunk(parser, aliases)
          for (const warning of parser.takeWarnings()) yield* this.stderr().write(`${nameForError(this.state)}: line ${warning.line}: ${warning.message}\n`).pipe(Effect.ignore)
          if (Either.isLeft(chunk)) {
            const error = chunk.left
            // A `bash -c` string names itself `-c`; a script or sourced file goes by its name.
            const label = options.label ?? (currentSource(this.state) === undefined ? "-c" : undefined)
            yield* this.reportSyntaxError(error, label, error.line)
            this.state.lastStatus = 2
            if (nested) return 2
            if (this.subshellDepth === 0 && this.sourceDepth === 0) this.parseError = error
            this.flow = { kind: "exit", status: 2 }
            return 2
          }
          if (chunk.right === undefined) break
          if (this.state.options.has("noexec")) continue
          // An expansion error no command caught (a `for` list, a redirection target) ends the line or the shell here.
          status = yield* Effect.catchTag(this.runList(chunk.right), "ExpansionFailed", (e) => this.expansionFailure(e))
          const flow = this.flow as Flow | undefined
          if (flow?.kind === "abortLine") {
            // Expansion errors, failglob and the like abandon the rest of this line only.
            this.flow = undefined
            status = this.state.lastStatus = flow.status
            continue
          }
          if (flow !== undefined) break
        }
        return status
      }).pipe(Effect.ensuring(Effect.sync(metered.release)))
    })
  }

  /**
   * The parser's next line, read a few hundred statements at a time with the budget's
   * checkpoint between them (a long line yields the event loop like a long loop does); a budget
   * stop the parser's meter threw (deadline, memory) fails the run.
   */
  private nextChunk(parser: IncrementalParser, aliases: ((name: string) => string | undefined) | undefined): Effect.Effect<Either.Either<Ast.StatementList | undefined, ParseError>, LimitExceeded> {
    const part = (): Effect.Effect<Either.Either<Ast.StatementList | undefined, ParseError>, LimitExceeded> => {
      let result: ReturnType<IncrementalParser["nextPart"]>
      try {
        result = parser.nextPart(aliases, STATEMENTS_PER_PARSE)
      } catch (e) {
        if (e instanceof LimitExceeded) return Effect.fail(this.services.budget.stop(e))
        throw e
      }
      if (Either.isRight(result) && result.right === LINE_CONTINUES) return Effect.zipRight(this.services.budget.checkpoint, Effect.suspend(part))
      return Effect.succeed(result as Either.Either<Ast.StatementList | undefined, ParseError>)
    }
    return part()
  }

  /**
   * Run a string in the current shell: `eval` text or a trap action, numbered on from the
   * current line as bash does (the EXIT trap passes `startLine` 1); with `trap`, BASH_COMMAND
   * keeps naming the command that triggered it. Syntax errors: status 2, reported under `label`.
   */
  runString(source: string, options: { readonly label?: string; readonly trap?: boolean; readonly startLine?: number } = {}): Effect.Effect<number, ExecFailure> {
    return Effect.suspend(() => {
      const startLine = options.startLine ?? Math.max(this.state.lineNumber, 1)
      const run = this.runSource(source, { startLine, label: options.label ?? "eval", nested: true })
      if (options.trap !== true) return run
      this.trapDepth++
      return Effect.ensuring(run, Effect.sync(() => void this.trapDepth--))
    })
  }

  /** bash's two-line syntax error report: the message, then the offending line when known. */
  private reportSyntaxError(error: ParseError, label: string | undefined, line: number): Effect.Effect<void> {
    const prefix = syntaxErrorPrefix(this.state, label, line)
    const text = `${prefix}${error.message}\n${error.context === undefined ? "" : `${prefix}${error.context}\n`}`
    return this.stderr().write(text).pipe(Effect.catchAll(() => Effect.void))
  }

  /** The body of a subshell: run, settle `exit`, run its EXIT trap. */
  runSubshellBody(body: Ast.StatementList): Effect.Effect<number, ExecFailure> {
    return this.runList(body).pipe(
      Effect.catchTag("ExpansionFailed", (e) => Effect.as(this.errorLine(e.message), e.status)),
      Effect.flatMap((status) => this.settleSubshell(status))
    )
  }

  /** A subshell's end: `exit` (or an aborted line) gives the status, then its EXIT trap runs. */
  private settleSubshell(status: number): Effect.Effect<number, ExecFailure> {
    if (this.flow?.kind === "exit" || this.flow?.kind === "abortLine") status = this.flow.status
    this.flow = undefined
    return this.runExitTrap(status)
  }

  runExitTrap(status: number): Effect.Effect<number, ExecFailure> {
    return Effect.suspend(() => {
      const action = this.state.traps.get("EXIT")
      if (action === undefined) return this.pendingOutputSubstitutions.length === 0 ? Effect.succeed(status) : Effect.as(this.flushOutputSubstitutions(true), status)
      this.state.traps.delete("EXIT")
      this.state.lastStatus = status
      this.flow = undefined
      return Effect.map(this.runString(action, { label: "exit trap", trap: true, startLine: 1 }), () => {
        const flow = this.flow as Flow | undefined
        this.flow = undefined
        return flow?.kind === "exit" ? flow.status : status
      }).pipe(Effect.tap(() => this.flushOutputSubstitutions(true)))
    })
  }

  // The walk below is written with flatMap chains rather than Effect.gen: a generator per
  // statement costs several times more than the statement itself in tight loops.

  runList(statements: Ast.StatementList): Effect.Effect<number, ExecFailure> {
    const count = statements.length
    if (count === 0) return Effect.sync(() => this.state.lastStatus)
    if (count === 1) return this.runStatement(statements[0]!)
    const step = (i: number): Effect.Effect<number, ExecFailure> =>
      Effect.flatMap(this.runStatement(statements[i]!), (status) => (i + 1 >= count || this.flow !== undefined ? Effect.succeed(status) : step(i + 1)))
    return step(0)
  }

  /** Run with `set -e` suspended (conditions, non-final `&&`/`||` elements, `!` pipelines). */
  private withoutErrexit(effect: Effect.Effect<number, ExecFailure>): Effect.Effect<number, ExecFailure> {
    return Effect.suspend(() => {
      this.errexitSuppressed++
      return Effect.ensuring(effect, Effect.sync(() => void this.errexitSuppressed--))
    })
  }

  runStatement(statement: Ast.Statement): Effect.Effect<number, ExecFailure> {
    if (statement.background) return this.runBackground(statement)
    const body = statement.body
    const pipeline = body.first
    if (body.rest.length === 0 && pipeline.commands.length === 1 && !pipeline.negated && pipeline.timed === undefined) {
      // One command, the commonest statement: the and-or list and pipeline layers in one step.
      return Effect.flatMap(this.runCommand(pipeline.commands[0]!), (status) => {
        this.state.pipeStatus = singleStatus(status)
        const checked = this.errexitCheck(pipeline, status)
        if (checked === undefined) {
          this.state.lastStatus = status
          return Effect.succeed(status)
        }
        return Effect.map(checked, (final) => (this.state.lastStatus = final))
      })
    }
    return Effect.flatMap(this.runAndOr(body), (status) => {
      this.state.lastStatus = status
      return Effect.succeed(status)
    })
  }

  private runBackground(statement: Ast.Statement): Effect.Effect<number, ExecFailure> {
    return Effect.gen(this, function* () {
      yield* this.acquireProcesses(1)
      const pid = this.services.nextPid.value++
      const child = this.fork()
      child.state.bashPid = pid
      const fiber = yield* Effect.fork(
        Effect.gen(function* () {
          const status = yield* child.runAndOr(statement.body)
          return child.flow?.kind === "exit" ? child.flow.status : status
        }).pipe(
          Effect.catchAllDefect((defect) => (defect instanceof LimitExceeded ? Effect.fail(defect) : Effect.die(defect))),
          Effect.catchAll((e) => {
            // A limit hit in a job ends the whole script: the next command fails with it.
            if (e._tag === "LimitExceeded") this.services.budget.stop(e)
            return Effect.succeed(1)
          }),
          Effect.ensuring(Effect.zipRight(this.releaseProcesses(1), Effect.sync(() => child.state.release())))
        )
      )
      this.services.jobs.set(pid, { fiber, command: printStatements([{ ...statement, background: false }]) })
      this.state.lastBackgroundPid = pid
      this.state.lastStatus = 0
      // Let the job start before the next command, as a forked process would.
      yield* Effect.yieldNow()
      return 0
    })
  }

  private runAndOr(node: Ast.AndOr): Effect.Effect<number, ExecFailure> {
    if (node.rest.length === 0) return this.runPipelineChecked(node.first)
    const rest = node.rest
    const next = (i: number, status: number): Effect.Effect<number, ExecFailure> => {
      for (; i < rest.length; i++) {
        if (this.flow !== undefined) return Effect.succeed(status)
        const { operator, pipeline } = rest[i]!
        if ((operator === "&&") !== (status === 0)) continue
        this.state.lastStatus = status
        const after = i + 1
        if (after === rest.length) return this.runPipelineChecked(pipeline)
        return Effect.flatMap(this.withoutErrexit(this.runPipeline(pipeline)), (s) => next(after, s))
      }
      // The list stopped before its last element: a failure here never triggers `set -e`,
      // not even as the status of an enclosing compound command.
      this.exemptStatus = status !== 0
      return Effect.succeed(status)
    }
    return Effect.flatMap(this.withoutErrexit(this.runPipeline(node.first)), (status) => next(0, status))
  }

  /** Run a pipeline, then apply `set -e` and the ERR trap to its status. */
  private runPipelineChecked(pipeline: Ast.Pipeline): Effect.Effect<number, ExecFailure> {
    return Effect.flatMap(this.runPipeline(pipeline), (status) => this.errexitCheck(pipeline, status) ?? Effect.succeed(status))
  }

  /**
   * After a pipeline: the ERR trap and `set -e` for a failure that counts. Undefined when there is
   * nothing to do (success, an exempt context, or neither an ERR trap nor `set -e`).
   */
  private errexitCheck(pipeline: Ast.Pipeline, status: number): Effect.Effect<number, ExecFailure> | undefined {
    const exempt = this.exemptStatus && pipeline.commands.length === 1 && pipeline.commands[0]!._tag !== "SimpleCommand"
    this.exemptStatus = false
    if (status === 0 || exempt || pipeline.negated || this.errexitSuppressed > 0 || this.flow !== undefined) return undefined
    if (!this.state.traps.has("ERR") && !this.state.options.has("errexit")) return undefined
    return Effect.gen(this, function* () {
      const errTrap = this.state.traps.get("ERR")
      if (errTrap !== undefined && !this.inTrap && (this.functionDepth === 0 || this.state.options.has("errtrace"))) {
        this.state.lastStatus = status
        this.inTrap = true
        yield* this.runString(errTrap, { label: "error trap", trap: true }).pipe(Effect.ensuring(Effect.sync(() => (this.inTrap = false))))
        this.flow = undefined
        this.state.lastStatus = status
      }
      if (this.state.options.has("errexit")) this.flow = { kind: "exit", status }
      return status
    })
  }

  runPipeline(pipeline: Ast.Pipeline): Effect.Effect<number, ExecFailure> {
    const negate = (status: number) => (pipeline.negated ? (status === 0 ? 1 : 0) : status)
    if (pipeline.commands.length === 1 && pipeline.timed === undefined) {
      const command = pipeline.commands[0]!
      if (!pipeline.negated) return this.runCommandRecordingStatus(command)
      return Effect.gen(this, function* () {
        this.errexitSuppressed++
        try {
          return negate(yield* this.runCommandRecordingStatus(command))
        } finally {
          this.errexitSuppressed--
        }
      })
    }
    return Effect.gen(this, function* () {
      const first = pipeline.commands[0]
      if (this.services.logicOnly && pipeline.timed !== undefined && first?._tag === "SimpleCommand" && first.words[0]?.raw === "-o") {
        // `time -o file`: writing the timing to a file needs a filesystem.
        yield* this.stderr().write("time: output files disabled in logic-only shell\n")
        return 1
      }
      const started = Date.now()
      if (pipeline.negated) this.errexitSuppressed++
      let status: number
      try {
        status = pipeline.commands.length === 1 ? yield* this.runCommandRecordingStatus(pipeline.commands[0]!) : yield* this.runStages(pipeline)
      } finally {
        if (pipeline.negated) this.errexitSuppressed--
      }
      if (pipeline.timed !== undefined) {
        const seconds = (Date.now() - started) / 1000
        const text =
          pipeline.timed === "posix"
            ? `real ${seconds.toFixed(2)}\nuser 0.00\nsys 0.00\n`
            : `\nreal\t0m${seconds.toFixed(3)}s\nuser\t0m0.000s\nsys\t0m0.000s\n`
        yield* this.writeErr(text)
      }
      return negate(status)
    })
  }

  private runCommandRecordingStatus(command: Ast.Command): Effect.Effect<number, ExecFailure> {
    return Effect.map(this.runCommand(command), (status) => {
      this.state.pipeStatus = singleStatus(status)
      return status
    })
  }

  /**
   * Run pipeline stages concurrently, connected by pipes. Every stage but the last runs in a
   * forked fiber; the last runs on this fiber (forking costs more than the stage itself in most
   * pipelines, and `Effect.all`'s concurrent mode several times more). A stage that ends for any
   * reason closes its pipe ends, so its neighbours see end of input or a broken pipe and finish
   * too: no stage can wait forever on one that failed.
   */
  private runStages(pipeline: Ast.Pipeline): Effect.Effect<number, ExecFailure> {
    const count = pipeline.commands.length
    return Effect.flatMap(this.acquireProcesses(count), () => {
      const pipes = Array.from({ length: count - 1 }, () => new Pipe(PIPE_CAPACITY, this.services.budget))
      const lastInShell = this.state.shopt["lastpipe"] === true && !this.state.options.has("monitor")
      const stageFds = (i: number): FdTable => {
        let fds = this.fds
        if (i > 0) fds = fds.with(0, { input: pipes[i - 1]!.input })
        if (i < count - 1) {
          fds = fds.with(1, { output: pipes[i]!.sink })
          if (pipeline.stderrPiped[i] === true) fds = fds.with(2, { output: pipes[i]!.sink })
        }
        return fds
      }
      const stage = (i: number): Effect.Effect<number, ExecFailure> => {
        const command = pipeline.commands[i]!
        if (i === count - 1 && lastInShell) {
          const saved = this.fds
          this.fds = stageFds(i)
          return this.runStage(this, command, pipes[i - 1], undefined).pipe(Effect.ensuring(Effect.sync(() => (this.fds = saved))))
        }
        const child = this.fork(stageFds(i))
        return Effect.tap(this.runStage(child, command, i > 0 ? pipes[i - 1] : undefined, i < count - 1 ? pipes[i] : undefined), () => child.state.release())
      }
      const forkUpstream = Effect.forEach(pipeline.commands.slice(0, -1), (_, i) => Effect.fork(stage(i)))
      const run = Effect.flatMap(forkUpstream, (fibers) =>
        // Let the upstream stages start before the last one, so their side effects come first
        // as they would in bash for short pipelines.
        Effect.zipRight(Effect.yieldNow(), stage(count - 1)).pipe(
          Effect.onError(() => Effect.forEach(fibers, Fiber.interrupt, { discard: true })),
          Effect.flatMap((last) =>
            Effect.map(Effect.forEach(fibers, Fiber.join), (upstream) => {
              upstream.push(last)
              return upstream
            })
          )
        )
      )
      return run.pipe(
        Effect.ensuring(this.releaseProcesses(count)),
        Effect.map((statuses) => {
          this.state.pipeStatus = statuses
          if (this.state.options.has("pipefail")) {
            for (let i = statuses.length - 1; i >= 0; i--) if (statuses[i] !== 0) return statuses[i]!
            return 0
          }
          return statuses[statuses.length - 1]!
        })
      )
    })
  }

  private runStage(runner: Interpreter, command: Ast.Command, input: Pipe | undefined, output: Pipe | undefined): Effect.Effect<number, ExecFailure> {
    const run = runner === this ? this.runCommand(command) : runner.runSubshellCommand(command)
    return run.pipe(
      Effect.catchTag("BrokenPipe", () => Effect.succeed(141)),
      Effect.ensuring(
        Effect.sync(() => {
          output?.closeWriter()
          input?.closeReader()
        })
      )
    )
  }

  /** A command run in a forked interpreter (pipeline stage): settle exit and the EXIT trap. */
  runSubshellCommand(command: Ast.Command): Effect.Effect<number, ExecFailure> {
    return this.runCommand(command).pipe(
      Effect.catchTag("ExpansionFailed", (e) => Effect.as(this.errorLine(e.message), e.status)),
      Effect.flatMap((status) => this.settleSubshell(status))
    )
  }

  // ------------------------------------------------------------------------------------------
  // Commands
  // ------------------------------------------------------------------------------------------

  runCommand(command: Ast.Command): Effect.Effect<number, ExecFailure> {
    switch (command._tag) {
      case "SimpleCommand":
        return this.runSimple(command)
      case "FunctionDef":
        return Effect.suspend(() => {
          if (this.services.builtins.get(command.name)?.special === true && this.state.options.has("posix")) return Effect.succeed(1)
          const stop = this.services.budget.exhausted ?? chargeGrowth(this.state, functionBytes(command))
          if (stop !== undefined) return Effect.fail(stop)
          this.state.functionsForWrite().set(command.name, command)
          recordDefinition(command, this.state)
          return Effect.succeed(0)
        })
      case "Coproc":
        return this.runCoproc(command)
      default:
        this.state.lineNumber = command.line
        return this.withRedirects(command.redirects, () => this.runCompound(command))
    }
  }

  private runCoproc(command: Ast.Coproc): Effect.Effect<number, ExecFailure> {
    return Effect.gen(this, function* () {
      // The coprocess's output is held (as descriptor 60) for the rest of the exec: charged.
      const sink = new CollectSink(this.services.limits.maxStringLength, this.services.budget)
      const child = this.fork(this.fds.with(1, { output: sink }))
      yield* child.runSubshellCommand(command.body)
      this.state.setValue(command.name, IndexedArray.from(["60", "61"]))
      this.fds = this.fds.with(60, { input: bytesInput(sink.bytes()) })
      this.state.setScalar(`${command.name}_PID`, String(this.services.nextPid.value++))
      return 0
    })
  }

  private runCompound(command: Ast.CompoundCommand): Effect.Effect<number, ExecFailure> {
    switch (command._tag) {
      case "Group":
        return this.runList(command.body)
      case "Subshell":
        return this.runSubshell(command.body)
      case "If":
        return this.runIf(command)
      case "While":
        return this.runWhile(command)
      case "For":
        return this.runFor(command)
      case "ArithFor":
        return this.runArithFor(command)
      case "Select":
        return this.runSelect(command)
      case "Case":
        return this.runCase(command)
      case "ArithCommand":
        // An error in `(( ))` fails the command (status 1); bash goes on, unlike `$(( ))`.
        return this.trapExpansion(
          Effect.flatMap(this.drive(expandArithmetic(this, command.expression)), (text) =>
            Effect.try({ try: () => (this.traceArith(text), this.arithmetic(text) === 0n ? 1 : 0), catch: commandArithFailure("((") })
          )
        )
      case "CondCommand":
        return this.trapExpansion(conditionalStatus(this, command.expression))
    }
  }

  /** The DEBUG trap's action, run before a command (never recursively). */
  private runDebugTrap(action: string): Effect.Effect<void, ExecFailure> {
    return Effect.suspend(() => {
      this.inTrap = true
      return this.runString(action, { label: "debug trap", trap: true }).pipe(
        Effect.ensuring(Effect.sync(() => (this.inTrap = false))),
        Effect.tap(() => void (this.flow = undefined)),
        Effect.asVoid
      )
    })
  }

  /** One `set -x` line (compound commands show their header as written). */
  trace(text: string): void {
    if (this.state.options.has("xtrace")) void Effect.runFork(this.writeErr(`${this.ps4()}${text}\n`).pipe(Effect.ignore))
  }

  private traceArith(text: string): void {
    if (this.state.options.has("xtrace")) void Effect.runFork(this.writeErr(`${this.ps4()}(( ${text} ))\n`).pipe(Effect.ignore))
  }

  /** Expansion errors inside a compound command's own words: report, fail the command. */
  trapExpansion(effect: Effect.Effect<number, ExecFailure>): Effect.Effect<number, ExecFailure> {
    return effect.pipe(Effect.catchTag("ExpansionFailed", (e) => this.expansionFailure(e)))
  }

  /** The top level of a `bash -c` string: not a subshell, not a script file. */
  runsCommandString(): boolean {
    return this.state.subshellLevel === 0 && this.state.callStack[0]?.name !== MAIN_FRAME
  }

  /** Print an expansion error; fatal ones end the shell (status 1, or the error's). */
  expansionFailure(e: ExpansionFailed): Effect.Effect<number, ExecFailure> {
    return Effect.gen(this, function* () {
      yield* this.stderr().write(`${e.location ?? errorPrefix(this.state)}${e.message}\n`).pipe(Effect.ignore)
      // Unbound variables and `${x:?}` end the shell; other expansion errors (bad arithmetic, bad
      // substitution) abandon the rest of the input line, as bash's non-interactive shell does.
      if (e.fatal && e.endsInput === true) this.flow = { kind: "exit", status: this.runsCommandString() && !this.state.options.has("errexit") ? 127 : e.status }
      else if (e.fatal || e.abortsLine === true) this.flow = { kind: "abortLine", status: e.status }
      return e.status
    })
  }

  private runSubshell(body: Ast.StatementList): Effect.Effect<number, ExecFailure> {
    return Effect.suspend(() => {
      if (this.subshellDepth >= this.services.limits.maxSubshellDepth) {
        return Effect.fail(new LimitExceeded({ limit: "maxSubshellDepth", value: this.services.limits.maxSubshellDepth, message: `maximum subshell depth exceeded (${this.services.limits.maxSubshellDepth})` }))
      }
      const child = this.fork()
      return Effect.tap(child.runSubshellBody(body), () => child.state.release())
    })
  }

  private runCondition(condition: Ast.StatementList): Effect.Effect<number, ExecFailure> {
    return this.withoutErrexit(this.runList(condition))
  }

  private runIf(node: Ast.If): Effect.Effect<number, ExecFailure> {
    const clauses = node.clauses
    const clause = (i: number): Effect.Effect<number, ExecFailure> => {
      if (i >= clauses.length) return node.elseBody !== undefined ? this.runList(node.elseBody) : Effect.succeed(0)
      const { condition, body } = clauses[i]!
      return Effect.flatMap(this.runCondition(condition), (status) => {
        if (this.flow !== undefined) return Effect.succeed(status)
        return status === 0 ? this.runList(body) : clause(i + 1)
      })
    }
    return clause(0)
  }

  /** Run `body` with the loop depth raised (for break/continue). */
  private inLoop(body: Effect.Effect<number, ExecFailure>): Effect.Effect<number, ExecFailure> {
    return Effect.suspend(() => {
      this.loopDepth++
      return Effect.ensuring(body, Effect.sync(() => void this.loopDepth--))
    })
  }

  private commandLimit(): LimitExceeded {
    const max = this.services.limits.maxCommands
    return new LimitExceeded({ limit: "maxCommands", value: max, message: `maximum command count exceeded (${max})` })
  }

  stringTooLong(): LimitExceeded {
    return stringTooLong(this.services.limits.maxStringLength)
  }

  /**
   * A command's stdout that passes the budget's checkpoint every 64 writes, so a command that
   * only writes (`yes > /dev/null`) still stops at the deadline or an abort and yields when its
   * time slice is spent. The synchronous write stays available between checkpoints.
   */
  private budgetedSink(sink: OutputSink): OutputSink {
    const budget = this.services.budget
    let writes = 0
    const writeSync = sink.writeSync
    return {
      write: (data) => ((++writes & 63) === 0 ? Effect.zipRight(budget.checkpoint, sink.write(data)) : sink.write(data)),
      ...(writeSync !== undefined ? { writeSync: (data: Uint8Array | string) => (writes & 63) !== 63 && (++writes, writeSync(data)) } : {})
    }
  }

  /** Count pipeline stages and background jobs running at once. */
  private acquireProcesses(count: number): Effect.Effect<void, LimitExceeded> {
    const budget = this.services.budget
    const max = this.services.limits.maxConcurrentProcesses
    if (budget.liveProcesses + count > max) {
      return Effect.fail(new LimitExceeded({ limit: "maxConcurrentProcesses", value: max, message: `too many concurrent processes (limit ${max})` }))
    }
    budget.liveProcesses += count
    return Effect.void
  }

  private releaseProcesses(count: number): Effect.Effect<void> {
    return Effect.sync(() => {
      this.services.budget.liveProcesses -= count
    })
  }

  /** Count a loop iteration against the limits. */
  private tickLoop(iterations: number): Effect.Effect<void, LimitExceeded> {
    if ((iterations & 15) === 0 || this.services.budget.yieldRequested) return Effect.zipRight(this.services.budget.checkpoint, this.tickLoopLimits(iterations))
    return this.tickLoopLimits(iterations)
  }

  private tickLoopLimits(iterations: number): Effect.Effect<void, LimitExceeded> {
    const limits = this.services.limits
    if (iterations > limits.maxLoopIterations) {
      return Effect.fail(new LimitExceeded({ limit: "maxLoopIterations", value: limits.maxLoopIterations, message: `maximum loop iterations exceeded (${limits.maxLoopIterations})` }))
    }
    if (++this.services.budget.loopIterations > limits.maxTotalLoopIterations) {
      return Effect.fail(new LimitExceeded({ limit: "maxTotalLoopIterations", value: limits.maxTotalLoopIterations, message: `maximum total loop iterations exceeded (${limits.maxTotalLoopIterations})` }))
    }
    return Effect.void
  }

  /** After a loop body: consume break/continue aimed at this loop. Returns true to stop looping. */
  private loopFlow(): boolean {
    const flow = this.flow
    if (flow === undefined) return false
    if (flow.kind === "break") {
      this.flow = flow.levels > 1 ? { kind: "break", levels: flow.levels - 1 } : undefined
      return true
    }
    if (flow.kind === "continue") {
      if (flow.levels > 1) {
        this.flow = { kind: "continue", levels: flow.levels - 1 }
        return true
      }
      this.flow = undefined
      return false
    }
    return true
  }

  private runWhile(node: Ast.While): Effect.Effect<number, ExecFailure> {
    let iterations = 0
    const iterate = (status: number): Effect.Effect<number, ExecFailure> =>
      Effect.flatMap(this.runCondition(node.condition), (cond) => {
        if (this.flow !== undefined) return this.loopFlow() ? Effect.succeed(status) : iterate(status)
        if ((cond === 0) === node.until) return Effect.succeed(status)
        return Effect.zipRight(
          this.tickLoop(++iterations),
          Effect.flatMap(this.runList(node.body), (s) => (this.loopFlow() ? Effect.succeed(s) : iterate(s)))
        )
      })
    return this.inLoop(Effect.suspend(() => iterate(0)))
  }

  private runFor(node: Ast.For): Effect.Effect<number, ExecFailure> {
    const items = node.words === undefined ? Effect.sync(() => [...this.state.positional]) : this.drive(expandWords(this, node.words))
    return Effect.flatMap(items, (values) => {
      const nameref = isNameref(this.state, node.variable)
      const iterate = (i: number, status: number): Effect.Effect<number, ExecFailure> => {
        if (i >= values.length) return Effect.succeed(status)
        return Effect.zipRight(
          this.tickLoop(i + 1),
          Effect.suspend(() => {
            this.trace(`for ${node.variable} in ${node.words === undefined ? '"$@"' : node.words.map((w) => w.raw).join(" ")}`)
            const assigned = nameref ? retargetNameref(this.state, node.variable, values[i]!) : this.assign(() => this.state.setScalar(node.variable, values[i]!))
            if (assigned !== undefined) return Effect.as(this.errorLine(assigned), 1)
            return Effect.flatMap(this.runList(node.body), (s) => (this.loopFlow() ? Effect.succeed(s) : iterate(i + 1, s)))
          })
        )
      }
      return this.inLoop(iterate(0, 0))
    })
  }

  private runArithFor(node: Ast.ArithFor): Effect.Effect<number, ExecFailure> {
    const evaluate = (word: Ast.Word | undefined) =>
      word === undefined
        ? Effect.succeed(1n)
        : Effect.flatMap(this.drive(expandArithmetic(this, word)), (text) =>
            Effect.try({ try: () => (this.trace(`(( ${text.trim()} ))`), text.trim() === "" ? 1n : this.arithmetic(text)), catch: commandArithFailure("((") })
          )
    let iterations = 0
    const iterate = (status: number): Effect.Effect<number, ExecFailure> =>
      Effect.flatMap(evaluate(node.condition), (cond) => {
        if (cond === 0n) return Effect.succeed(status)
        return Effect.zipRight(
          this.tickLoop(++iterations),
          Effect.flatMap(this.runList(node.body), (s) => {
            if (this.loopFlow()) return Effect.succeed(s)
            return node.step === undefined ? iterate(s) : Effect.zipRight(evaluate(node.step), iterate(s))
          })
        )
      })
    const init = node.init === undefined ? Effect.void : Effect.asVoid(evaluate(node.init))
    return this.trapExpansion(this.inLoop(Effect.zipRight(init, Effect.suspend(() => iterate(0)))))
  }

  private runSelect(node: Ast.Select): Effect.Effect<number, ExecFailure> {
    return Effect.gen(this, function* () {
      const items = node.words === undefined ? [...this.state.positional] : yield* this.drive(expandWords(this, node.words))
      if (items.length === 0) return 0
      const menu = items.map((item, i) => `${i + 1}) ${item}\n`).join("")
      let status = 0
      let iterations = 0
      this.loopDepth++
      try {
        for (;;) {
          yield* this.tickLoop(++iterations)
          this.trace(`select ${node.variable} in ${node.words === undefined ? '"$@"' : node.words.map((w) => w.raw).join(" ")}`)
          yield* this.writeErr(menu + (this.state.getScalar("PS3") ?? "#? "))
          const line = yield* this.readLine(this.stdin())
          if (line === undefined) {
            // bash ends the menu with a newline and status 1 at end of input.
            yield* this.stdout().write("\n")
            status = 1
            break
          }
          this.state.setScalar("REPLY", line)
          const n = Number.parseInt(line.trim(), 10)
          this.state.setScalar(node.variable, String(n) === line.trim() && n >= 1 && n <= items.length ? items[n - 1]! : "")
          status = yield* this.runList(node.body)
          if (this.loopFlow()) break
        }
      } finally {
        this.loopDepth--
      }
      return status
    })
  }

  private runCase(node: Ast.Case): Effect.Effect<number, ExecFailure> {
    const items = node.items
    return this.trapExpansion(
      Effect.flatMap(Effect.suspend(() => (this.trace(`case ${node.subject.raw} in`), this.drive(expandString(this, node.subject)))), (subject) => {
        const options = { extglob: true, nocase: this.state.shopt["nocasematch"] === true, meter: this.services.budget }
        // Run item i's body, then stop, or fall into the next body (`;&`) or test (`;;&`).
        const runItem = (i: number): Effect.Effect<number, ExecFailure> =>
          Effect.flatMap(this.runList(items[i]!.body), (status) => {
            const terminator = items[i]!.terminator
            if (this.flow !== undefined || terminator === ";;" || i + 1 >= items.length) return Effect.succeed(status)
            return terminator === ";&" ? runItem(i + 1) : tryItem(i + 1, status)
          })
        // Try item i's patterns in order; the first match runs its body. A case may have
        // thousands of patterns: every 64 pass the budget's checkpoint.
        let tried = 0
        const tryItem = (i: number, status: number): Effect.Effect<number, ExecFailure> => {
          if (i >= items.length) return Effect.succeed(status)
          const patterns = items[i]!.patterns
          const tryPattern = (p: number): Effect.Effect<number, ExecFailure> => {
            if (p >= patterns.length) return tryItem(i + 1, status)
            const attempt = Effect.flatMap(this.drive(expandPattern(this, patterns[p]!)), (pattern) =>
              matchPattern(pattern, subject, options) ? runItem(i) : tryPattern(p + 1)
            )
            return (++tried & 63) === 0 ? Effect.zipRight(this.services.budget.checkpoint, attempt) : attempt
          }
          return tryPattern(0)
        }
        return tryItem(0, 0)
      })
    )
  }


  // ------------------------------------------------------------------------------------------
  // Simple commands
  // ------------------------------------------------------------------------------------------

  private runSimple(node: Ast.SimpleCommand): Effect.Effect<number, ExecFailure> {
    return Effect.suspend(() => {
      this.state.lineNumber = node.line
      if (this.trapDepth === 0) this.state.currentCommand = node
      const budget = this.services.budget
      if (budget.exhausted !== undefined) return Effect.fail(budget.exhausted)
      if (++budget.commands > this.services.limits.maxCommands) return Effect.fail(this.commandLimit())
      // Assignments only: the commonest statement in loops, kept off the general path.
      if (node.words.length === 0 && node.redirects.length === 0 && !this.state.traps.has("DEBUG")) {
        return Effect.catchTag(this.runAssignmentsOnly(node), "ExpansionFailed", (e) => this.expansionFailure(e))
      }
      const expand = Effect.suspend(() => {
        this.substitutionStatus = undefined
        return this.driveNow(expandCommandWords(this, node.words))
      })
      let prelude: Effect.Effect<void, ExecFailure> | undefined
      if ((budget.commands & 15) === 0 || budget.yieldRequested) prelude = budget.checkpoint
      const debugTrap = this.state.traps.get("DEBUG")
      if (debugTrap !== undefined && !this.inTrap && !this.debugTrapInherited) {
        const trap = this.runDebugTrap(debugTrap)
        prelude = prelude === undefined ? trap : Effect.zipRight(prelude, trap)
      }
      const expanded = prelude === undefined ? expand : Effect.zipRight(prelude, expand)
      return expanded.pipe(
        Effect.flatMap((argv) => this.runExpanded(node, argv)),
        Effect.catchTag("ExpansionFailed", (e) => this.expansionFailure(e))
      )
    })
  }

  /** A simple command once its words are expanded: assignments, tracing, redirections, dispatch. */
  private runExpanded(node: Ast.SimpleCommand, argv: Array<string>): Effect.Effect<number, ExecFailure> {
    if (argv.length === 0) {
      const wordsStatus = this.substitutionStatus
      return Effect.map(this.runAssignmentsOnly(node), (status) =>
        status === 0 && wordsStatus !== undefined && node.assignments.length === 0 ? wordsStatus : status
      )
    }
    const name = argv[0]!
    const fn = this.state.functions.get(name)
    const builtin = fn === undefined && !isBuiltinDisabled(this.state, name) ? this.services.builtins.get(name) : undefined
    const special = builtin?.special === true && this.state.options.has("posix")
    // Prefix assignments: permanent before special builtins in posix mode, temporary otherwise.
    const withAssignments = (assignments: Array<[string, string]>): Effect.Effect<number, ExecFailure> => {
      const traced = this.state.options.has("xtrace")
        ? this.writeErr(
            // bash traces prefix assignments on a line of their own, then the command.
            (assignments.length > 0 ? `${this.ps4()}${assignments.map(([n, v]) => `${n}=${traceWord(v)}`).join(" ")}\n` : "") +
              `${this.ps4()}${formatTrace(argv)}\n`
          )
        : undefined
      this.state.lastArgument = argv[argv.length - 1]!
      if (builtin?.runSync !== undefined && assignments.length === 0 && node.redirects.length === 0 && traced === undefined && this.pendingOutputSubstitutions.length === 0) {
        const status = this.runBuiltinSync(builtin.runSync, argv)
        if (status !== undefined) return Effect.succeed(status)
      }
      let tempEnv: Record<string, string> = {}
      // A prefix assignment to a readonly variable is reported and dropped; the command runs.
      let refused: Effect.Effect<void> | undefined
      if (special) for (const [n, v] of assignments) this.assignScalarReport(n, v)
      else if (assignments.length > 0) {
        tempEnv = {}
        for (const [n, v] of assignments) {
          if (((this.state.peek(n)?.attrs ?? 0) & Attr.readonly) !== 0) refused = Effect.zipRight(refused ?? Effect.void, this.errorLine(`${n}: readonly variable`))
          else tempEnv[n] = v
        }
      }
      let run = this.withRedirects(node.redirects, () => this.dispatch(argv, fn, builtin, tempEnv))
      if (refused !== undefined) run = Effect.zipRight(refused, run)
      // `>(cmd)` bodies read what the command wrote, after its redirections are undone.
      // (a redirection target like `> >(cmd)` registers its body while the redirections apply)
      if (this.pendingOutputSubstitutions.length > 0 || node.redirects.length > 0) run = run.pipe(Effect.ensuring(this.flushOutputSubstitutions()))
      return traced === undefined ? run : Effect.zipRight(traced, run)
    }
    return node.assignments.length === 0 ? withAssignments([]) : Effect.flatMap(this.evaluateAssignments(node.assignments), withAssignments)
  }

  private assignScalarReport(name: string, value: string): void {
    this.assign(() => this.state.setScalar(name, value, { integerEval: (t) => this.arithmetic(t).toString() }))
  }

  /** Run an assignment, returning bash's error message instead of throwing. */
  assign(f: () => void): string | undefined {
    try {
      f()
      return undefined
    } catch (e) {
      if (e instanceof AssignmentError) return e.message
      throw e
    }
  }

  /** Expand prefix assignments to name/value pairs (for temporary bindings). */
  private evaluateAssignments(assignments: ReadonlyArray<Ast.Assignment>): Effect.Effect<Array<[string, string]>, ExecFailure> {
    if (assignments.length === 0) return Effect.succeed([])
    const out: Array<[string, string]> = []
    const from = (i: number): Effect.Effect<Array<[string, string]>, ExecFailure> => {
      for (; i < assignments.length; i++) {
        const a = assignments[i]!
        if (a.value._tag === "ArrayLiteral") continue
        const after = i + 1
        return Effect.flatMap(this.drive(expandString(this, a.value)), (value) => {
          out.push([a.name, a.append ? (this.state.getScalar(a.name) ?? "") + value : value])
          return from(after)
        })
      }
      return Effect.succeed(out)
    }
    return Effect.suspend(() => from(0))
  }


  /** `a=1 b=(x y)` with no command: assign in the current shell. */
  private runAssignmentsOnly(node: Ast.SimpleCommand): Effect.Effect<number, ExecFailure> {
    const assignments = node.assignments
    // The status is that of the last command substitution in the values, else 0.
    let substitutionStatus: number | undefined
    const assignFrom = (i: number): Effect.Effect<number, ExecFailure> => {
      if (i >= assignments.length) return this.finishAssignments(node, substitutionStatus, tracePrefix)
      return Effect.flatMap(this.performAssignment(assignments[i]!, {}), (error) => {
        if (error !== undefined) {
          // A readonly variable or a bad subscript abandons the rest of the input line, as in bash.
          if (error.endsWith("readonly variable") || error.endsWith("bad array subscript")) this.flow = { kind: "abortLine", status: 1 }
          return Effect.as(this.errorLine(error), 1)
        }
        if (this.substitutionStatus !== undefined) substitutionStatus = this.substitutionStatus
        return assignFrom(i + 1)
      })
    }
    // The trace line is prefixed with PS4 as it was before the assignments (`PS4=...` included).
    let tracePrefix = ""
    return Effect.suspend(() => {
      // `$?` in a value is the previous command's status; a command substitution's replaces it.
      this.substitutionStatus = undefined
      if (this.state.options.has("xtrace")) tracePrefix = this.ps4()
      return assignFrom(0)
    })
  }

  private finishAssignments(node: Ast.SimpleCommand, substitutionStatus: number | undefined, tracePrefix: string): Effect.Effect<number, ExecFailure> {
    const status = substitutionStatus ?? (containsSubstitution(node) ? this.state.lastStatus : 0)
    let result: Effect.Effect<number, ExecFailure> = Effect.succeed(status)
    if (node.redirects.length > 0) {
      result = Effect.map(this.withRedirects(node.redirects, () => Effect.succeed(0)), (redirected) => (redirected !== 0 ? redirected : status))
    }
    if (this.state.options.has("xtrace") && node.assignments.length > 0) {
      const shown = node.assignments.map((a) =>
        a.value._tag === "ArrayLiteral" || a.index !== undefined ? a.raw : `${a.name}${a.append ? "+=" : "="}${traceWord(this.state.getScalar(a.name) ?? "")}`
      )
      result = Effect.zipRight(this.writeErr(`${tracePrefix || this.ps4()}${shown.join(" ")}\n`), result)
    }
    return result
  }

  /**
   * Perform one assignment in the current shell (also used by declare/local/export).
   * Returns bash's error message on failure.
   */
  performAssignment(a: Ast.Assignment, options: { local?: boolean; attrs?: number }): Effect.Effect<string | undefined, ExecFailure> {
    if (a.value._tag === "Word" && a.index === undefined && options.local !== true && options.attrs === undefined) {
      // `name=value` / `name+=value`: the hot case, without the general machinery.
      return Effect.flatMap(this.drive(expandString(this, a.value)), (value): Effect.Effect<string | undefined, ExecFailure> => {
        if (value.length > this.services.limits.maxStringLength) return Effect.fail(this.stringTooLong())
        try {
          return Effect.succeed(this.assign(() => this.state.setScalar(a.name, value, { append: a.append, integerEval: (t) => this.arithmetic(t).toString() })))
        } catch (e) {
          const failed = toExecFailure(e)
          return failed._tag === "LimitExceeded" || failed.fatal ? Effect.fail(failed) : Effect.succeed(failed.message)
        }
      })
    }
    return Effect.gen(this, function* () {
      const state = this.state
      if (options.local === true || options.attrs !== undefined) {
        const v = state.declare(a.name, { local: options.local === true, attrsOn: options.attrs ?? 0 })
        void v
      }
      const integerEval = (t: string) => this.arithmetic(t).toString()
      if (a.value._tag === "ArrayLiteral") {
        const variable = state.peek(a.name)
        const assoc = variable !== undefined && (variable.attrs & Attr.assoc) !== 0
        if (a.index !== undefined) return `${a.name}[${a.index.raw}]: cannot assign list to array member`
        if (assoc) {
          const map = a.append && variable?.value instanceof AssocArray ? variable.value.clone() : new AssocArray()
          const literal = a.value
          for (let i = 0; i < literal.elements.length; i++) {
            const el = literal.elements[i]!
            if (el.key === undefined) {
              // `(k1 v1 k2 v2)` form
              const k = yield* this.drive(expandString(this, el.value))
              const next = literal.elements[i + 1]
              const v = next === undefined ? "" : yield* this.drive(expandString(this, next.value))
              map.items.set(k, v)
              i++
              continue
            }
            const k = yield* this.drive(expandString(this, el.key, true))
            const v = yield* this.drive(expandString(this, el.value))
            map.items.set(k, el.append ? (map.items.get(k) ?? "") + v : v)
          }
          return this.assign(() => state.setValue(a.name, map))
        }
        // `arr+=(...)` on a plain array appends in place: copying it each time made a loop of
        // appends quadratic. Otherwise the elements go into a copy (or a new array) that replaces
        // the value. Either way every element is expanded before any is stored, so the
        // expansions see the array as it was.
        const inPlace = a.append && variable?.value instanceof IndexedArray && (variable.attrs & (Attr.readonly | Attr.integer)) === 0
        const copy = inPlace
          ? undefined
          : a.append && variable?.value instanceof IndexedArray
            ? variable.value.clone()
            : a.append && typeof variable?.value === "string"
              ? IndexedArray.from([variable.value])
              : new IndexedArray()
        const staged: Array<{ readonly index?: number; readonly element?: Ast.ArrayElement; readonly values: ReadonlyArray<string> }> = []
        const elements = a.value.elements
        for (let i = 0; i < elements.length; ) {
          const el = elements[i]!
          if (el.key !== undefined) {
            const keyText = yield* this.drive(expandString(this, el.key, true))
            const index = Number(yield* Effect.try({ try: () => this.arithmetic(keyText), catch: toExecFailure }))
            staged.push({ index, element: el, values: [yield* this.drive(expandString(this, el.value))] })
            i++
            continue
          }
          // Elements without a subscript are expanded a batch at a time (in order, as one
          // word list), with the budget's checkpoint between batches: a literal of a million
          // words costs one expansion per batch, not one per word, and yields the event loop.
          const batch: Array<Ast.Word> = []
          while (i < elements.length && elements[i]!.key === undefined && batch.length < ELEMENTS_PER_BATCH) batch.push(elements[i++]!.value)
          staged.push({ values: yield* this.drive(expandWords(this, batch)) })
          if (i < elements.length) yield* this.services.budget.checkpoint
        }
        if (copy === undefined) {
          // An in-place append stores without `setValue`: report what it adds.
          let added = 0
          for (const { values } of staged) for (const v of values) added += scalarBytes(v)
          const stop = chargeGrowth(state, added)
          if (stop !== undefined) return yield* Effect.fail(stop)
        }
        let target = copy
        if (target === undefined) {
          // The expansions may have run subshells that share the variables: look the array up
          // again for writing (which unshares it), rather than changing the one seen before.
          const current = state.lookup(a.name)?.value
          target = current instanceof IndexedArray ? current : new IndexedArray()
          if (target !== current) this.assign(() => state.setValue(a.name, target!))
        }
        let next = target.nextIndex()
        for (const { index, element, values } of staged) {
          if (index === undefined || element === undefined) {
            for (const v of values) target.set(next++, v)
            continue
          }
          const at = index < 0 ? index + target.nextIndex() : index
          if (at < 0) {
            yield* this.errorLine(badElementSubscript(element))
            continue
          }
          target.set(at, element.append ? (target.get(at) ?? "") + values[0]! : values[0]!)
          next = at + 1
        }
        if (copy === undefined) return undefined
        if (variable !== undefined && (variable.attrs & Attr.integer) !== 0) {
          for (const k of copy.keys()) copy.set(k, integerEval(copy.get(k)!))
        }
        return this.assign(() => state.setValue(a.name, copy))
      }
      const value = yield* this.drive(expandString(this, a.value))
      if (value.length > this.services.limits.maxStringLength) return yield* Effect.fail(this.stringTooLong())
      if (a.index !== undefined) {
        const variable = state.peek(a.name)
        const assoc = variable !== undefined && (variable.attrs & Attr.assoc) !== 0
        const keyText = yield* this.drive(expandString(this, a.index, true))
        if (assoc) {
          const integer = variable !== undefined && (variable.attrs & Attr.integer) !== 0
          if (!integer) return this.assign(() => state.setElement(a.name, keyText, value, a.append))
          const old = variable.value instanceof AssocArray ? variable.value.items.get(keyText) : undefined
          const computed = integerEval(a.append ? `${old ?? 0}+(${value})` : value)
          return this.assign(() => state.setElement(a.name, keyText, computed))
        }
        const indexResult = yield* Effect.try({ try: () => Number(this.arithmetic(keyText)), catch: toExecFailure })
        let index = indexResult
        const current = variable?.value
        if (index < 0) {
          const size = current instanceof IndexedArray ? current.nextIndex() : current === undefined ? 0 : 1
          index += size
          if (index < 0) return `${a.name}[${keyText}]: bad array subscript`
        }
        const finalValue = variable !== undefined && (variable.attrs & Attr.integer) !== 0 ? integerEval(a.append ? `${(current instanceof IndexedArray ? current.get(index) : undefined) ?? 0}+(${value})` : value) : value
        return this.assign(() => state.setElement(a.name, index, finalValue, a.append && !(variable !== undefined && (variable.attrs & Attr.integer) !== 0)))
      }
      return this.assign(() => state.setScalar(a.name, value, { append: a.append, integerEval }))
    }).pipe(
      Effect.catchTag("ExpansionFailed", (e) => {
        if (e.fatal) return Effect.fail(e)
        return Effect.succeed(e.message)
      })
    )
  }

  /** Find and run a command: function, builtin, registered command, or 127. */
  dispatch(
    argv: ReadonlyArray<string>,
    fn: Ast.FunctionDef | undefined,
    builtin: ShellBuiltin | undefined,
    tempEnv: Record<string, string>
  ): Effect.Effect<number, ExecFailure> {
    const name = argv[0]!
    const run = (): Effect.Effect<number, ExecFailure> => {
      if (fn !== undefined) {
        // After a function call `$_` is the call's last argument again, whatever ran inside.
        const last = argv[argv.length - 1]!
        return Effect.tap(this.withTempBindings(tempEnv, () => this.callFunction(fn, argv.slice(1))), () => void (this.state.lastArgument = last))
      }
      if (builtin !== undefined) return this.withTempBindings(tempEnv, () => this.runBuiltin(builtin, argv))
      const command = this.services.commands.get(name)
      if (command !== undefined) return this.runRegistered(command, argv, tempEnv)
      if (name.includes("/")) {
        if (this.services.logicOnly) return Effect.as(this.errorLine(`${name}: command not found`), 127)
        return this.runPathCommand(argv, tempEnv)
      }
      return Effect.flatMap(this.findInPath(name), (path) =>
        path === undefined ? Effect.as(this.errorLine(`${name}: command not found`), 127) : this.runPathCommand([path, ...argv.slice(1)], tempEnv)
      )
    }
    return run()
  }

  /** An executable file named `name` in a `PATH` directory of the VFS. */
  private findInPath(name: string): Effect.Effect<string | undefined> {
    const dirs = (this.state.getScalar("PATH") ?? "").split(":").filter((d) => d !== "")
    return Effect.gen(this, function* () {
      for (const dir of dirs) {
        const path = resolvePath(this.state.cwd, `${dir}/${name}`)
        const stat = yield* Effect.either(this.services.fs.stat(path))
        if (Either.isRight(stat) && stat.right.type === "file" && (stat.right.mode & 0o111) !== 0) return path
      }
      return undefined
    })
  }

  /** `./script.sh` or `/path/to/cmd`: run a script file from the VFS in a child shell. */
  private runPathCommand(argv: ReadonlyArray<string>, tempEnv: Record<string, string>): Effect.Effect<number, ExecFailure> {
    return Effect.gen(this, function* () {
      const name = argv[0]!
      const path = resolvePath(this.state.cwd, name)
      const stat = yield* Effect.either(this.services.fs.stat(path))
      if (Either.isLeft(stat)) {
        yield* this.errorLine(`${name}: No such file or directory`)
        return 127
      }
      if (stat.right.type === "directory") {
        yield* this.errorLine(`${name}: Is a directory`)
        return 126
      }
      if ((stat.right.mode & 0o111) === 0) {
        yield* this.errorLine(`${name}: Permission denied`)
        return 126
      }
      const base = name.slice(name.lastIndexOf("/") + 1)
      const registered = this.services.commands.get(base)
      const bytes = yield* Effect.orElseSucceed(this.services.fs.readFile(path), () => new Uint8Array(0))
      const text = textDecoder.decode(bytes)
      if (registered !== undefined && (path.startsWith("/bin/") || path.startsWith("/usr/bin/"))) return yield* this.runRegistered(registered, [base, ...argv.slice(1)], tempEnv)
      return yield* this.runChildShell(text, [name, ...argv.slice(1)], tempEnv, (child) => void child.state.callStack.push(mainFrame(name)))
    })
  }

  /** Run a script in a child shell: exported variables only, its own positional parameters. */
  runChildShell(
    source: string,
    argv: ReadonlyArray<string>,
    tempEnv: Record<string, string> = {},
    setup?: (child: Interpreter) => void,
    fds?: FdTable
  ): Effect.Effect<number, ExecFailure> {
    return Effect.gen(this, function* () {
      if (this.subshellDepth >= this.services.limits.maxSubshellDepth) {
        return yield* Effect.fail(new LimitExceeded({ limit: "maxSubshellDepth", value: this.services.limits.maxSubshellDepth, message: `maximum subshell depth exceeded (${this.services.limits.maxSubshellDepth})` }))
      }
      const state = new ShellState()
      state.cwd = this.state.cwd
      for (const [k, v] of Object.entries({ ...this.state.exportedEnv(), ...tempEnv })) state.globals.set(k, { value: v, attrs: Attr.export })
      // `export -f` functions reach child shells, as bash passes them through the environment.
      for (const [name, def] of this.state.functions) if ((functionAttrs(def) & Attr.export) !== 0) state.functionsForWrite().set(name, def)
      const shlvl = Number.parseInt(state.getScalar("SHLVL") ?? "1", 10)
      state.setScalar("SHLVL", String(shlvl + 1))
      state.scriptName = argv[0] ?? "bash"
      state.positional = argv.slice(1)
      state.pid = this.services.nextPid.value++
      state.bashPid = state.pid
      state.umask = this.state.umask
      const child = new Interpreter(state, this.services, fds ?? this.fds)
      child.subshellDepth = this.subshellDepth + 1
      setup?.(child)
      let status = yield* child.runSource(source).pipe(Effect.catchTag("ExpansionFailed", (e) => Effect.as(child.errorLine(e.message), e.status)))
      if (child.flow?.kind === "exit") status = child.flow.status
      child.flow = undefined
      return yield* child.runExitTrap(status)
    })
  }

  private withTempBindings<A>(tempEnv: Record<string, string>, body: () => Effect.Effect<A, ExecFailure>): Effect.Effect<A, ExecFailure> {
    const names = Object.keys(tempEnv)
    if (names.length === 0) return body()
    return Effect.suspend(() => {
      const scope = new Map()
      for (const n of names) {
        const existing = this.state.peek(n)
        scope.set(n, { value: tempEnv[n], attrs: (existing?.attrs ?? 0) | Attr.export })
      }
      this.state.locals.push(scope)
      const depth = this.state.locals.length
      return body().pipe(
        Effect.ensuring(
          Effect.sync(() => {
            if (this.state.locals.length >= depth) this.state.locals.splice(depth - 1, 1)
          })
        )
      )
    })
  }

  callFunction(fn: Ast.FunctionDef, args: ReadonlyArray<string>): Effect.Effect<number, ExecFailure> {
    return Effect.suspend(() => {
      const limits = this.services.limits
      if (this.functionDepth >= limits.maxFunctionDepth) {
        return Effect.fail(new LimitExceeded({ limit: "maxFunctionDepth", value: limits.maxFunctionDepth, message: `maximum function nesting level exceeded (${limits.maxFunctionDepth})` }))
      }
      const state = this.state
      // Every frame keeps its arguments until it returns: deep recursion with large arguments
      // is charged to the memory account for as long as the frame lives.
      const argBytes = argumentBytes(args)
      if (argBytes >= CHARGED_ARGUMENT_BYTES) {
        const stop = this.services.budget.tryAlloc(argBytes)
        if (stop !== undefined) return Effect.fail(stop)
      }
      const savedPositional = state.positional
      state.positional = [...args]
      state.callStack.push(functionFrame(fn, state))
      state.pushScope()
      this.functionDepth++
      const depth = state.locals.length
      const functrace = state.options.has("functrace")
      const savedDebugInherited = this.debugTrapInherited
      const savedReturnInherited = this.returnTrapInherited
      if (!functrace) {
        this.debugTrapInherited = true
        this.returnTrapInherited = true
      }
      const body = this.runCommand(fn.body)
      // With `set -T` the DEBUG trap also runs as the function starts, still naming the call.
      const debugTrap = functrace && !this.inTrap ? state.traps.get("DEBUG") : undefined
      const entered = debugTrap === undefined ? body : Effect.zipRight(this.runDebugTrap(debugTrap), body)
      return entered.pipe(
        Effect.flatMap((status) => {
          let result = status
          const flow = this.flow
          if (flow?.kind === "return") {
            result = flow.status
            this.flow = undefined
          }
          const returnTrap = state.traps.get("RETURN")
          if (returnTrap !== undefined && this.flow === undefined && !this.returnTrapInherited) return Effect.as(this.runString(returnTrap, { label: "trap", trap: true }), result)
          return Effect.succeed(result)
        }),
        Effect.ensuring(
          Effect.sync(() => {
            this.debugTrapInherited = savedDebugInherited
            this.returnTrapInherited = savedReturnInherited
            this.functionDepth--
            restoreLocalOptions(state, state.locals[depth - 1])
            while (state.locals.length >= depth) state.popScope()
            state.callStack.pop()
            state.positional = savedPositional
            if (argBytes >= CHARGED_ARGUMENT_BYTES) this.services.budget.free(argBytes)
          })
        )
      )
    })
  }

  /** A builtin's synchronous run; a thrown error leaves it to the ordinary run, which reports it. */
  private runBuiltinSync(runSync: NonNullable<ShellBuiltin["runSync"]>, argv: ReadonlyArray<string>): number | undefined {
    try {
      return runSync(this, argv)
    } catch {
      return undefined
    }
  }

  runBuiltin(builtin: ShellBuiltin, argv: ReadonlyArray<string>): Effect.Effect<number, ExecFailure> {
    // Builtins that keep their arguments in the shell's state (alias, set --, pushd, trap...)
    // report them to the memory account; assignments report themselves.
    return this.containDefects(
      argv[0]!,
      Effect.suspend(() => {
        if (STATE_STORING_BUILTINS.has(builtin.name)) this.state.memory?.grew(argumentBytes(argv))
        return builtin.run(this.builtinContext(argv))
      })
    )
  }

  private runRegistered(command: Command, argv: ReadonlyArray<string>, tempEnv: Record<string, string>): Effect.Effect<number, ExecFailure> {
    return this.containDefects(argv[0]!, Effect.suspend(() => command.run(this.commandContext(argv, tempEnv))))
  }

  /**
   * The command boundary. A budget stop thrown inside a command (`budget.step` in a synchronous
   * engine) ends the script; so does one the command caught and swallowed (the budget keeps it).
   * A bug or an exhausted engine inside one command (any other thrown exception) fails that
   * command, not the host: an oversized string becomes the string-length limit, anything else
   * status 1.
   */
  private containDefects(name: string, run: Effect.Effect<number, ExecFailure>): Effect.Effect<number, ExecFailure> {
    const budget = this.services.budget
    return run.pipe(
      Effect.catchAllDefect((defect) => {
        if (defect instanceof LimitExceeded) return Effect.fail(budget.stop(defect))
        const stop = stopForRangeError(defect, this.services.limits)
        if (stop !== undefined) return Effect.fail(budget.stop(stop))
        const message = defect instanceof Error ? defect.message : describeThrown(defect)
        return Effect.as(this.errorLine(`${name}: internal error: ${message}`), 1)
      }),
      Effect.flatMap((status) => (budget.exhausted === undefined ? Effect.succeed(status) : Effect.fail(budget.exhausted)))
    )
  }

  private flushOutputSubstitutions(final = false): Effect.Effect<void> {
    return Effect.suspend(() => {
      const all = this.pendingOutputSubstitutions
      if (all.length === 0) return Effect.void
      const pending = final ? all : all.filter((p) => !this.fds.holds(p.path))
      this.pendingOutputSubstitutions = final ? [] : all.filter((p) => this.fds.holds(p.path))
      return Effect.forEach(pending, ({ path, body, fds }) =>
        Effect.gen(this, function* () {
          const data = yield* Effect.orElseSucceed(this.services.fs.readFile(path), () => new Uint8Array(0))
          const child = this.fork(fds.with(0, { input: bytesInput(data) }))
          yield* Effect.ignore(child.runSubshellBody(body.statements))
        })
      , { discard: true })
    })
  }

  stdin(): ShellInput {
    return this.fds.input(0) ?? emptyInput()
  }

  stdout(): OutputSink {
    return this.fds.output(1)
  }

  stderr(): OutputSink {
    return this.fds.output(2)
  }

  /** The context every command gets: streams, env, cwd, the VFS, and sub-command capabilities. */
  commandContext(argv: ReadonlyArray<string>, tempEnv: Record<string, string> = {}): ShellCommandContext {
    return new ShellCommandContext(this, argv, this.budgetedSink(this.stdout()), tempEnv)
  }

  /** A builtin's context: the same, read with the interpreter in view (`ctx.shell`). */
  builtinContext(argv: ReadonlyArray<string>): ShellBuiltinContext {
    return this.commandContext(argv)
  }

  private subcommandFds(io: SubcommandIO | undefined): FdTable {
    let fds = this.fds
    if (io?.stdin !== undefined) fds = fds.with(0, { input: io.stdin as ShellInput })
    if (io?.stdout !== undefined) fds = fds.with(1, { output: io.stdout })
    if (io?.stderr !== undefined) fds = fds.with(2, { output: io.stderr })
    return fds
  }

  /** `ctx.exec` for commands (xargs, find -exec, env, timeout): runs in a subshell-like copy. */
  execFromCommand(argv: ReadonlyArray<string>, io: SubcommandIO | undefined): Effect.Effect<number, LimitExceeded | BrokenPipe> {
    const child = this.fork(this.subcommandFds(io))
    if (io?.cwd !== undefined) child.state.cwd = io.cwd
    if (io?.env !== undefined) {
      for (const [k, v] of Object.entries(io.env)) child.state.globals.set(k, { value: v, attrs: Attr.export })
    }
    const name = argv[0] ?? ""
    return child.dispatch(argv, child.state.functions.get(name), child.services.builtins.get(name), {}).pipe(
      Effect.catchTags({
        ExpansionFailed: (e) => Effect.as(child.errorLine(e.message), e.status),
        ExecutionAborted: (e) => Effect.as(child.errorLine(e.message), 1)
      })
    )
  }

  runScriptFromCommand(script: string, io: SubcommandIO | undefined): Effect.Effect<number, LimitExceeded | BrokenPipe> {
    const run = this.runChildShell(
      script,
      ["sh"],
      io?.env ?? {},
      (child) => {
        if (io?.cwd !== undefined) child.state.cwd = io.cwd
      },
      this.subcommandFds(io)
    )
    return run.pipe(
      Effect.catchTags({
        ExpansionFailed: (e) => Effect.as(this.errorLine(e.message), e.status),
        ExecutionAborted: (e) => Effect.as(this.errorLine(e.message), 1)
      })
    )
  }

  // ------------------------------------------------------------------------------------------
  // Redirections and output helpers
  // ------------------------------------------------------------------------------------------

  /** Apply redirections for the duration of `body`; a failed redirection fails the command (1). */
  withRedirects(redirects: ReadonlyArray<Ast.Redirect>, body: () => Effect.Effect<number, ExecFailure>): Effect.Effect<number, ExecFailure> {
    if (redirects.length === 0) return body()
    return Effect.suspend(() => {
      const saved = this.fds
      return Effect.flatMap(applyRedirects(this, redirects, saved), (applied) => {
        if (applied._tag === "Error") return Effect.as(this.errorLine(applied.message), applied.status ?? 1)
        this.fds = applied.fds
        const restore = Effect.suspend(() => {
          // `exec` may have replaced the table for good (its inputs stay open, and charged);
          // otherwise restore what we changed and close what we opened.
          if (this.keepRedirects) {
            this.keepRedirects = false
            return Effect.void
          }
          if (this.fds === applied.fds) this.fds = saved
          return applied.close
        })
        // A `>(...)` written by a compound command reads what it wrote once it is done.
        return Effect.ensuring(body(), Effect.zipRight(restore, this.flushOutputSubstitutions()))
      })
    })
  }


  writeErr(text: string): Effect.Effect<void, ExecFailure> {
    return this.stderr().write(text)
  }

  /** `bash: line N: message` on stderr (the name and line as bash gives them, see errorPrefix). */
  errorLine(message: string): Effect.Effect<void> {
    return this.stderr().write(`${errorPrefix(this.state)}${message}\n`).pipe(Effect.catchAll(() => Effect.void))
  }

  /** `set -x` prefix: PS4's first character repeated once per command-substitution level. */
  ps4(): string {
    const ps4 = expandPs4(this, this.state.getScalar("PS4") ?? "+ ")
    return ps4.slice(0, 1).repeat(this.traceDepth + 1) + ps4.slice(1)
  }


  /** Read one line from an input (for `read` and `select`), leaving the rest unread. */
  readLine(input: ShellInput, delimiter = 10): Effect.Effect<string | undefined, ExecFailure> {
    const chunks: Array<Uint8Array> = []
    const more: Effect.Effect<string | undefined, ExecFailure> = Effect.flatMap(input.read, (chunk) => {
      if (chunk === undefined) return Effect.succeed(chunks.length === 0 ? undefined : textDecoder.decode(concatBytes(chunks)))
      const at = chunk.indexOf(delimiter)
      if (at === -1) {
        chunks.push(chunk)
        return more
      }
      chunks.push(chunk.subarray(0, at))
      input.unread(chunk.subarray(at + 1))
      return Effect.succeed(textDecoder.decode(chunks.length === 1 ? chunks[0]! : concatBytes(chunks)))
    })
    return more
  }

}

/** `PIPESTATUS` after one command: shared, never-changed arrays instead of one per command. */
const singleStatuses: ReadonlyArray<Array<number>> = Array.from({ length: 256 }, (_, status) => Object.freeze([status]) as Array<number>)
const singleStatus = (status: number): Array<number> => singleStatuses[status] ?? [status]

/** bash's complaint about `[-9]=x` in a compound assignment (the element is skipped). */
const badElementSubscript = (el: Ast.ArrayElement): string => `[${el.key?.raw ?? ""}]${el.append ? "+=" : "="}${el.value.raw}: bad array subscript`

const declarationBuiltins = new Set(["declare", "typeset", "local", "export", "readonly"])
const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/
/** `name=(...)` written with an unquoted parenthesis: a compound (array) assignment. */
const COMPOUND_ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*\+?=\(/

/**
 * Expand a simple command's words. Arguments of declaration builtins that look like
 * assignments are expanded as assignments are: no field splitting, no globbing.
 */
function* expandCommandWords(shell: Interpreter, words: ReadonlyArray<Ast.Word>): Expansion<Array<string>> {
  const first = words[0]
  if (first === undefined || !declarationBuiltins.has(first.raw)) return yield* expandWords(shell, words)
  const out: Array<string> = [first.raw]
  const compound = new Set<number>()
  for (const word of words.slice(1)) {
    if (ASSIGNMENT_WORD.test(word.raw)) {
      if (COMPOUND_ASSIGNMENT_WORD.test(word.raw)) compound.add(out.length)
      out.push(yield* expandString(shell, word))
    } else out.push(...(yield* expandWords(shell, [word])))
  }
  shell.compoundDeclarationWords = compound
  return out
}

/** Thrown by the arithmetic environment for `set -u` on an unset name. */
class ArithUnbound {
  constructor(readonly name: string) {}
}

/** Command substitution output: NUL bytes dropped, trailing newlines removed. */
const stripTrailingNewlines = (raw: string): string => {
  const text = raw.includes("\0") ? raw.replace(/\0/g, "") : raw
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--
  return text.slice(0, end)
}

/** The file word of `$(< file)`: one simple command made of a single `<` redirection. */
const readsFileOnly = (body: Ast.Script): Ast.Word | undefined => {
  if (body.statements.length !== 1) return undefined
  const statement = body.statements[0]!
  if (statement.background || statement.body.rest.length > 0) return undefined
  const pipeline = statement.body.first
  if (pipeline.negated || pipeline.commands.length !== 1) return undefined
  const command = pipeline.commands[0]!
  if (command._tag !== "SimpleCommand" || command.words.length > 0 || command.assignments.length > 0) return undefined
  const redirect = command.redirects.length === 1 ? command.redirects[0]! : undefined
  return redirect?.operator === "<" && redirect.fd === undefined ? redirect.target : undefined
}

const containsSubstitution = (node: Ast.SimpleCommand): boolean =>
  node.assignments.some((a) => a.value._tag === "Word" && a.value.raw.includes("$("))

/** Wait for every background job still running (the end of a script joins its jobs). */
export const joinJobs = (services: InterpreterServices): Effect.Effect<void> =>
  Effect.suspend(() => {
    const fibers = [...services.jobs.values()].map((j) => j.fiber)
    services.jobs.clear()
    return fibers.length === 0 ? Effect.void : Effect.asVoid(Effect.forEach(fibers, (f) => Effect.exit(Fiber.await(f)), { discard: true }))
  })

/** Bytes a pipe buffers before its writer waits (a writer's single chunk may exceed it). */
const PIPE_CAPACITY = 64 * 1024

/** Arguments smaller than this are not worth charging on every call (the fixed limits bound them). */
const CHARGED_ARGUMENT_BYTES = 4096

/** Elements of an array literal expanded between two checkpoints of the budget. */
const ELEMENTS_PER_BATCH = 1024

/** Statements of one line the parser reads between two checkpoints of the budget. */
const STATEMENTS_PER_PARSE = 256

/** Builtins whose arguments end up in the shell's state without going through an assignment. */
const STATE_STORING_BUILTINS: ReadonlySet<string> = new Set(["alias", "set", "pushd", "trap", "complete", "hash", "history"])

/** Report growth of the state to the memory account; the stop, when it says the limit is passed. */
const chargeGrowth = (state: ShellState, bytes: number): LimitExceeded | undefined => {
  try {
    state.memory?.grew(bytes)
    return undefined
  } catch (e) {
    if (e instanceof LimitExceeded) return e
    throw e
  }
}

/**
 * What a list of arguments holds: its text, plus per argument the slots of the argv array and
 * of the frame's copy as `$@`, and what expanding it took (a piece, a field): measured near 60
 * bytes, so a recursion that doubles its arguments is stopped by the account, not by the host.
 */
const ARGUMENT_OVERHEAD = 64

const argumentBytes = (args: ReadonlyArray<string>): number => {
  let total = 0
  for (const arg of args) total += arg.length + ARGUMENT_OVERHEAD
  return total
}

/** A thrown value as the interpreter's failure: a budget stop stays one, the rest become expansion errors. */
export const toExecFailure = (e: unknown): ExpansionFailed | LimitExceeded => (e instanceof LimitExceeded ? e : toExpansionFailed(e))

export const toExpansionFailed = (e: unknown): ExpansionFailed => {
  if (e instanceof ExpansionFailed) return e
  if (e instanceof ExpansionError) return new ExpansionFailed({ message: e.message, status: e.status, fatal: e.fatal, abortsLine: e.abortsLine, endsInput: e.endsInput })
  if (e instanceof AssignmentError) return new ExpansionFailed({ message: e.message, status: 1, fatal: false })
  if (e instanceof LimitExceeded) return new ExpansionFailed({ message: e.message, status: 1, fatal: true })
  return new ExpansionFailed({ message: e instanceof Error ? e.message : describeThrown(e), status: 1, fatal: true })
}

export const makeServices = (options: {
  logicOnly?: boolean
  fs: VfsService
  limits: ExecutionLimitsShape
  identity: Identity
  commands: ReadonlyMap<string, Command>
  builtins: ReadonlyMap<string, ShellBuiltin>
  budget?: Budget
}): InterpreterServices => {
  const budget = options.budget ?? new Budget(options.limits)
  return {
    fs: options.fs,
    limits: options.limits,
    identity: options.identity,
    commands: options.commands,
    builtins: options.builtins,
    logicOnly: options.logicOnly === true,
    budget,
    deadline: budget.deadline,
    jobs: new Map(),
    nextPid: { value: 2000 }
  }
}

export { standardFds }
