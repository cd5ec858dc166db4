import { Effect, Either } from "effect"
import type { OutputSink } from "../commands/Command.js"
import { expandString, expandWords } from "../expansion/Expander.js"
import type * as Ast from "../parser/Ast.js"
import { resolvePath } from "../vfs/paths.js"
import { vfsErrorText } from "../vfs/VfsError.js"
import type { Budget } from "../limits/Budget.js"
import { LimitExceeded } from "../limits/ExecutionLimits.js"
import type { ExecFailure } from "./errors.js"
import type { Interpreter } from "./Interpreter.js"
import { endlessDeviceAt } from "../vfs/devices.js"
import { bytesInput, deviceInput, nullSink, toBytes, type ShellInput } from "./streams.js"

/** One open file descriptor: a reader, a writer, or both. */
export interface FdEntry {
  readonly input?: ShellInput
  readonly output?: OutputSink
  /** The VFS path behind it, when it is a file (for `/dev/fd/N` and process substitution). */
  readonly path?: string
}

/** An immutable file-descriptor table: redirections make a modified copy for one command. */
export class FdTable {
  constructor(private readonly entries: ReadonlyMap<number, FdEntry>) {}

  with(fd: number, entry: FdEntry): FdTable {
    const next = new Map(this.entries)
    next.set(fd, entry)
    return new FdTable(next)
  }

  without(fd: number): FdTable {
    const next = new Map(this.entries)
    next.delete(fd)
    return new FdTable(next)
  }

  get(fd: number): FdEntry | undefined {
    return this.entries.get(fd)
  }

  input(fd: number): ShellInput | undefined {
    return this.entries.get(fd)?.input
  }

  /** A closed or read-only descriptor swallows writes (bash reports `Bad file descriptor`). */
  output(fd: number): OutputSink {
    return this.entries.get(fd)?.output ?? nullSink
  }

  has(fd: number): boolean {
    return this.entries.has(fd)
  }

  /** Whether a descriptor is open on `path` (an output process substitution still written to). */
  holds(path: string): boolean {
    for (const entry of this.entries.values()) if (entry.path === path) return true
    return false
  }

  fds(): ReadonlyArray<number> {
    return [...this.entries.keys()]
  }
}

export const standardFds = (stdin: ShellInput, stdout: OutputSink, stderr: OutputSink): FdTable =>
  new FdTable(
    new Map<number, FdEntry>([
      [0, { input: stdin }],
      [1, { output: stdout }],
      [2, { output: stderr }]
    ])
  )

export type RedirectResult =
  | { readonly _tag: "Ok"; readonly fds: FdTable; readonly close: Effect.Effect<void> }
  | { readonly _tag: "Error"; readonly message: string; readonly status?: number }

const DEV_FD = /^\/dev\/fd\/(\d+)$/

/**
 * A here-document or here-string whose expansion fails only fails its command, even for errors
 * that end the shell elsewhere (`$((1/0))`, `${x:?}`, `set -u`: then status 127), as in bash.
 */
const hereTextExpansion = (expansion: Effect.Effect<string, ExecFailure>): Effect.Effect<Either.Either<string, RedirectResult>, ExecFailure> =>
  expansion.pipe(
    Effect.map((text) => Either.right(text)),
    Effect.catchTag("ExpansionFailed", (e) => Effect.succeed(Either.left<RedirectResult>({ _tag: "Error", message: e.message, status: e.endsInput === true ? 127 : e.status })))
  )

/**
 * A sink that appends to a VFS file. A write failure is reported once on stderr; a full
 * filesystem (a filesystem limit) ends the script, so an endless writer (`yes > f`) stops.
 */
const fileSink = (shell: Interpreter, path: string, shown: string): OutputSink => {
  let failed = false
  return {
    write: (data) =>
      shell.services.fs.appendFile(path, toBytes(data)).pipe(
        Effect.catchTag("VfsError", (e) => {
          const report = failed ? Effect.void : shell.errorLine(`${shown}: ${vfsErrorText(e.reason)}`)
          failed = true
          if (e.reason !== "NoSpace") return report
          const limit = shell.services.limits.maxFileBytes
          return Effect.zipRight(report, Effect.fail(new LimitExceeded({ limit: "maxFileBytes", value: limit, message: `filesystem limit reached writing ${shown}` })))
        })
      )
  }
}

/** Open a path for writing: truncate (or append), honour noclobber, map the /dev names. */
const openForWrite = (
  shell: Interpreter,
  fds: FdTable,
  target: string,
  mode: "truncate" | "append" | "clobber"
): Effect.Effect<Either.Either<FdEntry, string>, ExecFailure> =>
  Effect.gen(function* () {
    if (target === "/dev/null") return Either.right({ output: nullSink })
    if (target === "/dev/stdout") return Either.right({ output: fds.output(1) })
    if (target === "/dev/stderr") return Either.right({ output: fds.output(2) })
    const devFd = DEV_FD.exec(target)
    if (devFd !== null) {
      const entry = fds.get(Number(devFd[1]))
      if (entry === undefined) return Either.left(`${target}: No such file or directory`)
      return Either.right(entry)
    }
    if (target === "") return Either.left(`: No such file or directory`)
    const path = resolvePath(shell.state.cwd, target)
    const fs = shell.services.fs
    const stat = yield* Effect.either(fs.stat(path))
    if (Either.isRight(stat) && stat.right.type === "directory") return Either.left(`${target}: Is a directory`)
    if (mode === "truncate" && Either.isRight(stat) && shell.state.options.has("noclobber") && stat.right.type === "file") {
      return Either.left(`${target}: cannot overwrite existing file`)
    }
    if (Either.isRight(stat) && stat.right.type === "chardev") return Either.right({ output: nullSink, path })
    const opened = yield* Effect.either(mode === "append" ? fs.appendFile(path, new Uint8Array(0)) : fs.writeFile(path, new Uint8Array(0)))
    if (Either.isLeft(opened)) return Either.left(`${target}: ${vfsErrorText(opened.left.reason)}`)
    return Either.right({ output: fileSink(shell, path, target), path })
  })

const openForRead = (shell: Interpreter, fds: FdTable, target: string, held: HeldInputs): Effect.Effect<Either.Either<FdEntry, string>, ExecFailure> =>
  Effect.gen(function* () {
    if (target === "/dev/stdin") return Either.right({ input: fds.input(0) ?? bytesInput(new Uint8Array(0)) })
    if (target === "/dev/null") return Either.right({ input: bytesInput(new Uint8Array(0)) })
    const devFd = DEV_FD.exec(target)
    if (devFd !== null) {
      const entry = fds.get(Number(devFd[1]))
      if (entry?.input !== undefined) return Either.right(entry)
      if (entry?.path !== undefined) target = entry.path
      else return Either.left(`${target}: No such file or directory`)
    }
    const path = resolvePath(shell.state.cwd, target)
    const device = yield* endlessDeviceAt(shell.services.fs, path)
    if (device !== undefined) return Either.right({ input: deviceInput(device, shell.services.budget), path })
    const data = yield* Effect.either(shell.services.fs.readFile(path))
    if (Either.isLeft(data)) return Either.left(`${target}: ${vfsErrorText(data.left.reason)}`)
    yield* held.take(data.right.length)
    return Either.right({ input: bytesInput(data.right), path })
  })

/** The single word a redirection target must expand to. */
const targetWord = (shell: Interpreter, word: Ast.Word): Effect.Effect<Either.Either<string, string>, ExecFailure> =>
  Effect.map(shell.drive(expandWords(shell, [word])), (fields) =>
    fields.length === 1 ? Either.right(fields[0]!) : Either.left(`${word.raw}: ambiguous redirect`)
  )

/** Apply redirections left to right onto a copy of `fds`. */
export const applyRedirects = (
  shell: Interpreter,
  redirects: ReadonlyArray<Ast.Redirect>,
  initial: FdTable
): Effect.Effect<RedirectResult, ExecFailure> =>
  Effect.gen(function* () {
    let fds = initial
    const held = new HeldInputs(shell.services.budget)
    for (const r of redirects) {
      if (shell.services.logicOnly && isFileRedirect(r) && staticText(r.target) !== "/dev/null") {
        const procSub = r.target.parts.some((p) => p._tag === "ProcessSubstitution")
        return { _tag: "Error", message: procSub ? "process substitution disabled in logic-only shell" : `${r.target.raw}: filesystem redirection disabled` }
      }
      let fd = r.fd ?? (r.operator.startsWith("<") && r.operator !== "<>" ? 0 : r.operator === "<>" ? 0 : 1)
      if (r.fdVariable !== undefined) {
        let chosen = 10
        while (fds.has(chosen)) chosen++
        fd = chosen
        if (!(r.operator === ">&" || r.operator === "<&") || !isCloseTarget(r.target)) shell.state.setScalar(r.fdVariable, String(fd))
      }
      switch (r.operator) {
        case "<<":
        case "<<-": {
          const doc = r.heredoc!
          const body = doc.quoted ? Either.right(joinLiteral(doc.body)) : yield* hereTextExpansion(shell.drive(expandString(shell, doc.body, true)))
          if (Either.isLeft(body)) return body.left
          const bytes = toBytes(body.right)
          yield* held.take(bytes.length)
          fds = fds.with(fd, { input: bytesInput(bytes) })
          continue
        }
        case "<<<": {
          const text = yield* hereTextExpansion(shell.drive(expandString(shell, r.target)))
          if (Either.isLeft(text)) return text.left
          const bytes = toBytes(`${text.right}\n`)
          yield* held.take(bytes.length)
          fds = fds.with(fd, { input: bytesInput(bytes) })
          continue
        }
      }
      const target = yield* targetWord(shell, r.target)
      if (Either.isLeft(target)) return { _tag: "Error", message: target.left }
      const name = target.right
      switch (r.operator) {
        case ">":
        case ">|":
        case ">>": {
          const opened = yield* openForWrite(shell, fds, name, r.operator === ">>" ? "append" : r.operator === ">|" ? "clobber" : "truncate")
          if (Either.isLeft(opened)) return { _tag: "Error", message: opened.left }
          fds = fds.with(fd, opened.right)
          continue
        }
        case "&>":
        case "&>>": {
          const opened = yield* openForWrite(shell, fds, name, r.operator === "&>>" ? "append" : "truncate")
          if (Either.isLeft(opened)) return { _tag: "Error", message: opened.left }
          fds = fds.with(1, opened.right).with(2, opened.right)
          continue
        }
        case "<":
        case "<>": {
          if (r.operator === "<>") {
            const exists = yield* shell.services.fs.exists(resolvePath(shell.state.cwd, name))
            if (!exists) yield* Effect.ignore(shell.services.fs.writeFile(resolvePath(shell.state.cwd, name), new Uint8Array(0)))
          }
          const opened = yield* openForRead(shell, fds, name, held)
          if (Either.isLeft(opened)) return { _tag: "Error", message: opened.left }
          fds = fds.with(fd, r.operator === "<>" ? { ...opened.right, output: fileSink(shell, resolvePath(shell.state.cwd, name), name) } : opened.right)
          continue
        }
        case ">&":
        case "<&": {
          if (name === "-") {
            fds = fds.without(fd)
            continue
          }
          const moveMatch = /^(\d+)-$/.exec(name)
          if (/^\d+$/.test(name) || moveMatch !== null) {
            const source = Number(moveMatch !== null ? moveMatch[1] : name)
            const entry = fds.get(source)
            if (entry === undefined) return { _tag: "Error", message: `${source}: Bad file descriptor` }
            fds = fds.with(fd, entry)
            if (moveMatch !== null) fds = fds.without(source)
            continue
          }
          if (r.operator === "<&") return { _tag: "Error", message: `${name}: ambiguous redirect` }
          // `>&file` means `&>file`.
          const opened = yield* openForWrite(shell, fds, name, "truncate")
          if (Either.isLeft(opened)) return { _tag: "Error", message: opened.left }
          fds = r.fd === undefined ? fds.with(1, opened.right).with(2, opened.right) : fds.with(fd, opened.right)
          continue
        }
      }
    }
    return { _tag: "Ok", fds, close: held.release }
  })

/**
 * The bytes that redirections read into memory (a here-document, a here-string, a file opened
 * for reading) are charged to the exec's memory account while the redirection is in force; a
 * redirection `exec` makes permanent stays charged until the exec ends.
 */
class HeldInputs {
  private bytes = 0
  constructor(private readonly budget: Budget) {}
  take(bytes: number): Effect.Effect<void, LimitExceeded> {
    this.bytes += bytes
    return this.budget.allocEffect(bytes)
  }
  readonly release: Effect.Effect<void> = Effect.sync(() => {
    this.budget.free(this.bytes)
    this.bytes = 0
  })
}

const isCloseTarget = (word: Ast.Word): boolean => word.raw === "-"

/** The text of a word with no expansions in it (quotes removed), or undefined. */
const staticText = (word: Ast.Word): string | undefined => {
  let out = ""
  const visit = (parts: ReadonlyArray<Ast.WordPart>): boolean =>
    parts.every((p) => {
      if (p._tag === "Literal" || p._tag === "SingleQuoted" || p._tag === "Escaped" || p._tag === "AnsiCQuoted") {
        out += p.value
        return true
      }
      if (p._tag === "DoubleQuoted") return visit(p.parts)
      return false
    })
  return visit(word.parts) ? out : undefined
}

/** Redirections that open a file (not fd duplication, here-documents or here-strings). */
const isFileRedirect = (r: Ast.Redirect): boolean => {
  if (r.operator === "<<" || r.operator === "<<-" || r.operator === "<<<") return false
  if (r.operator === ">&" || r.operator === "<&") return !/^(\d+-?|-)$/.test(r.target.raw)
  return true
}

const joinLiteral = (word: Ast.Word): string =>
  word.parts.map((p) => ("value" in p && typeof p.value === "string" ? p.value : "")).join("")
