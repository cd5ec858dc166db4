/**
 * The AST back to bash's canonical text, as `declare -f` and `type` print it: 4-space
 * indentation, `;` placement, `elif` shown as a nested `if` in `else`, `|&` as `2>&1 |`,
 * command substitutions re-printed, here-document bodies after their command line.
 */
import type { Command, FunctionDef, Redirect, StatementList, Word } from "./Ast.js"
import { newlineTerminated } from "./internal/layout.js"
import { printRedirect, printWord } from "./printWords.js"

const indentUnit = 4

class Printer {
  private out = ""
  private indentation = 0
  /** > 0 while printing a function body: lists go one statement per line. */
  private inFunction = 0
  /** The next command starts on a line already indented (bash's skip_this_indent). */
  private skipIndent = 0
  /** Here-document bodies to emit once the current command line ends. */
  private deferred: Array<Redirect> = []
  /** A here-document was just flushed at a `;`: the next `;` is not printed (as bash does). */
  private wasHereDoc = false

  text(): string {
    return this.out
  }

  emit(s: string): void {
    this.out += s
  }

  private indent(): void {
    this.out += " ".repeat(this.indentation)
  }

  private newline(s: string): void {
    this.out += "\n"
    this.indent()
    this.out += s
  }

  private semicolon(): void {
    const last = this.out.charCodeAt(this.out.length - 1)
    if (this.out.length > 0 && (last === 38 /* & */ || last === 10 /* \n */)) return
    this.out += ";"
  }

  private flushHereDocs(): void {
    this.wasHereDoc = true
    for (const r of this.deferred) {
      const doc = r.heredoc
      if (doc === undefined) continue
      this.out += "\n" + doc.body.raw + doc.delimiter + "\n"
    }
    this.deferred = []
  }

  private startCommand(): void {
    if (this.skipIndent > 0) this.skipIndent--
    else this.indent()
  }

  list(statements: StatementList): void {
    statements.forEach((statement, i) => {
      const last = i === statements.length - 1
      this.andOr(statement.body)
      if (statement.background) {
        this.emit(" &")
        if (!last) {
          if (this.deferred.length > 0) this.flushHereDocs()
          this.emit(" ")
          this.skipIndent++
        }
        return
      }
      if (last) return
      if (this.inFunction === 0 && newlineTerminated.has(statement)) {
        // Inside $(...) bash keeps the newlines that separated commands.
        if (this.deferred.length > 0) this.flushHereDocs()
        this.wasHereDoc = false
        this.emit("\n")
        this.skipIndent++
        return
      }
      if (this.deferred.length > 0) {
        // bash's lists nest to the left: the first statement's here-docs are flushed at this
        // `;` and also swallow the next `;`; a later statement's only swallow this one.
        this.flushHereDocs()
        if (i > 0) this.wasHereDoc = false
      } else if (this.wasHereDoc) {
        this.wasHereDoc = false
      } else {
        this.emit(";")
      }
      if (this.inFunction > 0) this.emit("\n")
      else {
        this.emit(" ")
        this.skipIndent++
      }
    })
  }

  private andOr(node: StatementList[number]["body"]): void {
    this.pipeline(node.first)
    for (const { operator, pipeline } of node.rest) {
      this.connect(` ${operator} `, " ")
      this.pipeline(pipeline)
      // bash flushes pending here-doc bodies at the end of each connection.
      if (this.deferred.length > 0) this.flushHereDocs()
    }
  }

  /** The text between two connected commands, with any pending here-document bodies. */
  private connect(op: string, afterHereDoc: string): void {
    if (this.deferred.length > 0) {
      this.emit(op.trimEnd() + (op.endsWith(" ") && op.trim() !== "|" ? " " : ""))
      this.flushHereDocs()
      this.emit(afterHereDoc)
    } else this.emit(op)
    this.skipIndent++
  }

  private pipeline(node: StatementList[number]["body"]["first"]): void {
    this.startCommand()
    if (node.timed !== undefined) this.emit(node.timed === "posix" ? "time -p " : "time ")
    if (node.negated) this.emit("! ")
    node.commands.forEach((command, i) => {
      if (i > 0) {
        this.connect(" | ", "  ")
      } else this.skipIndent++
      this.command(command)
      if (node.stderrPiped[i] === true) this.emit(" 2>&1")
    })
  }

  command(command: Command): void {
    this.startCommand()
    switch (command._tag) {
      case "SimpleCommand": {
        const pieces: Array<string> = []
        for (const a of command.assignments) pieces.push(printWord(assignmentWord(a)))
        for (const w of command.words) pieces.push(printWord(w.assignment === undefined ? w : assignmentWord(w.assignment)))
        this.emit(pieces.join(" "))
        this.redirects(command.redirects, pieces.length > 0)
        return
      }
      case "Subshell":
        this.emit("( ")
        this.skipIndent++
        this.list(command.body)
        this.emit(" )")
        this.redirects(command.redirects, true)
        return
      case "Group":
        this.group(command.body)
        this.redirects(command.redirects, true)
        return
      case "If":
        this.ifCommand(command.clauses, command.elseBody)
        this.redirects(command.redirects, true)
        return
      case "While":
        this.emit(command.until ? "until " : "while ")
        this.skipIndent++
        this.list(command.condition)
        this.semicolon()
        this.emit(" do\n")
        this.body(command.body)
        this.semicolon()
        this.newline("done")
        this.redirects(command.redirects, true)
        return
      case "For":
      case "Select": {
        const words = command.words === undefined ? '"$@"' : command.words.map(printWord).join(" ")
        this.emit(`${command._tag === "For" ? "for" : "select"} ${command.variable} in ${words};`)
        this.newline("do\n")
        this.body(command.body)
        this.semicolon()
        this.newline("done")
        this.redirects(command.redirects, true)
        return
      }
      case "ArithFor": {
        const part = (w: Word | undefined): string => (w === undefined ? "1" : w.raw.trimStart())
        this.emit(`for ((${part(command.init)}; ${part(command.condition)}; ${part(command.step)}))`)
        this.newline("do\n")
        this.body(command.body)
        this.semicolon()
        this.newline("done")
        this.redirects(command.redirects, true)
        return
      }
      case "Case":
        this.emit(`case ${printWord(command.subject)} in `)
        this.indentation += indentUnit
        for (const item of command.items) {
          this.newline(item.patterns.map(printWord).join(" | ") + ")\n")
          this.body(item.body)
          if (this.deferred.length > 0) this.flushHereDocs()
          this.newline(item.terminator)
        }
        this.indentation -= indentUnit
        this.newline("esac")
        this.redirects(command.redirects, true)
        return
      case "ArithCommand":
        this.emit(`((${command.expression.raw}))`)
        this.redirects(command.redirects, true)
        return
      case "CondCommand":
        this.emit(`[[ ${printCond(command.expression)} ]]`)
        this.redirects(command.redirects, true)
        return
      case "FunctionDef":
        this.emit(`function ${command.name} () `)
        this.functionBody(command)
        return
      case "Coproc":
        this.emit(`coproc ${command.name} `)
        this.skipIndent++
        this.command(command.body)
        return
    }
  }

  /** A list one level deeper (the bodies of if/while/for/case). */
  private body(statements: StatementList): void {
    this.indentation += indentUnit
    this.list(statements)
    if (this.deferred.length > 0) this.flushHereDocs()
    this.indentation -= indentUnit
  }

  private group(statements: StatementList): void {
    this.emit("{ ")
    if (this.inFunction === 0) {
      this.skipIndent++
      this.list(statements)
      if (this.deferred.length > 0) this.flushHereDocs()
      this.semicolon()
      this.emit(" }")
      return
    }
    this.emit("\n")
    this.indentation += indentUnit
    this.list(statements)
    if (this.deferred.length > 0) this.flushHereDocs()
    this.emit("\n")
    this.indentation -= indentUnit
    this.indent()
    this.emit("}")
  }

  private ifCommand(clauses: ReadonlyArray<{ condition: StatementList; body: StatementList }>, elseBody: StatementList | undefined): void {
    const [first, ...rest] = clauses
    if (first === undefined) return
    this.emit("if ")
    this.skipIndent++
    this.list(first.condition)
    this.semicolon()
    this.emit(" then\n")
    this.body(first.body)
    if (rest.length > 0 || elseBody !== undefined) {
      this.semicolon()
      this.newline("else\n")
      this.indentation += indentUnit
      if (rest.length > 0) {
        this.startCommand()
        this.ifCommand(rest, elseBody)
      } else {
        this.list(elseBody!)
        if (this.deferred.length > 0) this.flushHereDocs()
      }
      this.indentation -= indentUnit
    }
    this.semicolon()
    this.newline("fi")
  }

  /** `name () ` has been written: the body, always shown as a brace group. */
  functionBody(def: FunctionDef): void {
    this.emit("\n")
    this.indent()
    this.inFunction++
    const savedHereDoc = this.wasHereDoc
    this.wasHereDoc = false
    const body = def.body
    if (body._tag === "Group") {
      this.group(body.body)
      this.redirects(body.redirects, true)
    } else {
      this.group([
        {
          _tag: "Statement",
          background: false,
          line: body.line,
          body: { _tag: "AndOr", rest: [], first: { _tag: "Pipeline", negated: false, timed: undefined, commands: [body], stderrPiped: [], line: body.line } }
        }
      ])
    }
    this.wasHereDoc = savedHereDoc
    this.inFunction--
  }

  private redirects(redirects: ReadonlyArray<Redirect>, spaceBefore: boolean): void {
    // Printing a redirection list clears bash's "just printed a here-doc" state.
    if (redirects.length > 0) this.wasHereDoc = false
    redirects.forEach((r, i) => {
      if (i > 0 || spaceBefore) this.emit(" ")
      this.emit(printRedirect(r))
      if (r.heredoc !== undefined) this.deferred.push(r)
    })
  }

  finish(): string {
    if (this.deferred.length > 0) this.flushHereDocs()
    return this.out
  }
}

const assignmentWord = (a: import("./Ast.js").Assignment): Word => {
  if (a.value._tag === "Word") {
    const head = a.raw.slice(0, a.raw.length - a.value.raw.length)
    return { _tag: "Word", parts: [{ _tag: "Literal", value: head }, ...a.value.parts], raw: a.raw }
  }
  const head = a.raw.slice(0, a.raw.indexOf("=") + 1)
  const elements = a.value.elements.map((e) => (e.key === undefined ? printWord(e.value) : `[${e.key.raw}]${e.append ? "+=" : "="}${printWord(e.value)}`))
  return { _tag: "Word", parts: [{ _tag: "Literal", value: `${head}(${elements.join(" ")})` }], raw: a.raw }
}

const printCond = (e: import("./Ast.js").CondExpr): string => {
  switch (e._tag) {
    case "CondAnd":
      return `${printCond(e.left)} && ${printCond(e.right)}`
    case "CondOr":
      return `${printCond(e.left)} || ${printCond(e.right)}`
    case "CondNot":
      return `! ${printCond(e.expr)}`
    case "CondGroup":
      return `( ${printCond(e.expr)} )`
    case "CondUnary":
      return `${e.operator} ${printWord(e.operand)}`
    case "CondBinary":
      return `${printWord(e.left)} ${e.operator} ${e.operator === "=~" ? e.right.raw : printWord(e.right)}`
    case "CondWord":
      return `-n ${printWord(e.word)}`
  }
}

/** What `declare -f name` prints for a function. */
export const printFunction = (def: FunctionDef): string => {
  const p = new Printer()
  p.emit(`${def.name} () `)
  p.functionBody(def)
  return p.finish()
}

/** A command in bash's canonical one-line-per-list form (as in `$(...)` re-printing). */
export const printCommand = (command: Command): string => {
  if (command._tag === "FunctionDef") return printFunction(command)
  const p = new Printer()
  p.command(command)
  return p.finish()
}

/** A list of statements in the inline form bash uses inside `$(...)`. */
export const printStatements = (statements: StatementList): string => {
  const p = new Printer()
  p.list(statements)
  return p.finish()
}
