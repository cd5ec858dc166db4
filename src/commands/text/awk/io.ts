/** awk's effects on the sandbox: main input, getline sources, output files and pipes, system(). */
import { Effect, Either } from "effect"
import type { CommandContext, InputStream, OutputSink } from "../../Command.js"
import { concatBytes } from "../../support/io.js"
import { bytesReader, deviceReader, stdinReader } from "../../support/input.js"
import { endlessDeviceAt } from "../../../vfs/devices.js"
import { vfsErrorText, type VfsError } from "../../../vfs/VfsError.js"
import { decodeBytes, encodeText } from "./bytes.js"
import type { Gen } from "./effects.js"
import type { DriverIO } from "./interpreter.js"
import { processEscapes, type EscapeStyle } from "./lexer.js"
import { NEED_MORE, RecordReader, type ReaderBudget, type RecordResult } from "./records.js"
import type { AwkMemory } from "./memory.js"
import { LimitExceeded } from "../../../limits/ExecutionLimits.js"
import { AwkFatal } from "./regex.js"
import { AwkPlainError } from "./strings.js"
import { SPECIAL_INDEX, type AwkArray, type OutputBuffer, type Runtime } from "./runtime.js"
import { StrNum } from "./values.js"


const RT = SPECIAL_INDEX.get("RT")!
const FILENAME = SPECIAL_INDEX.get("FILENAME")!

const emptyInput: InputStream = { read: Effect.succeed(undefined), readAll: Effect.succeed(new Uint8Array(0)) }

const inputOf = (text: string): InputStream => {
  let sent = false
  const bytes = encodeText(text)
  return {
    read: Effect.sync(() => {
      if (sent) return undefined
      sent = true
      return bytes
    }),
    readAll: Effect.sync(() => {
      const out = sent ? new Uint8Array(0) : bytes
      sent = true
      return out
    })
  }
}

/** Yield an effect to the driver and receive its result. */
function* perform<A>(effect: Effect.Effect<A, never> | Effect.Effect<A, import("../../Command.js").CommandFailure>): Gen<A> {
  return (yield effect as Effect.Effect<unknown, import("../../Command.js").CommandFailure>) as A
}

interface CommandOutput {
  readonly reader: RecordReader
  readonly status: number
}

export interface MainInputSetup {
  /** Slots of ARGV and ARGC, and a way to assign `var=value` operands. */
  readonly argv: () => AwkArray
  readonly argc: () => number
  readonly assign: (rt: Runtime, name: string, value: string) => void
}

export class SandboxIO implements DriverIO {
  private argIndex = 1
  private reader: RecordReader | undefined
  private usedOperand = false
  private stdinReader: RecordReader | undefined
  private readonly files = new Map<string, RecordReader | null>()
  private readonly commands = new Map<string, CommandOutput>()
  private beginFileHook: ((rt: Runtime) => Gen<void>) | undefined
  private endFileHook: ((rt: Runtime) => Gen<void>) | undefined
  private fileOpen = false

  /** What readers may hold: their buffers on the command's memory account, records within the string limit. */
  private readonly readerBudget: ReaderBudget

  constructor(
    private readonly ctx: CommandContext,
    private readonly setup: MainInputSetup,
    private readonly memory: AwkMemory
  ) {
    this.readerBudget = { alloc: (n) => memory.alloc(n), free: (n) => memory.free(n), maxRecordLength: ctx.limits.maxStringLength }
  }

  // ---- main input ----

  setFileHooks(begin: (rt: Runtime) => Gen<void>, end: (rt: Runtime) => Gen<void>): void {
    this.beginFileHook = begin
    this.endFileHook = end
  }

  private *fileEnded(rt: Runtime): Gen<void> {
    if (!this.fileOpen) return
    this.fileOpen = false
    if (this.endFileHook !== undefined) yield* this.endFileHook(rt)
  }

  private *fileStarted(rt: Runtime): Gen<void> {
    this.fileOpen = true
    if (this.beginFileHook !== undefined) yield* this.beginFileHook(rt)
  }

  private stdin(): RecordReader {
    if (this.stdinReader === undefined) this.stdinReader = new RecordReader(this.readerBudget, stdinReader(this.ctx))
    return this.stdinReader
  }

  /** Read the next chunk of a reader's input (the chunk readers pass the budget's checkpoint). */
  private *fill(reader: RecordReader): Gen<void> {
    const chunk = yield* perform(reader.pull ?? stdinReader(this.ctx))
    if (chunk === undefined) reader.end()
    else reader.push(chunk)
  }

  /** A reader over a file: an endless device streams; a file is read and decoded a chunk at a time. */
  private openFile(name: string): Effect.Effect<RecordReader, VfsError> {
    const ctx = this.ctx
    const budget = this.readerBudget
    const path = ctx.resolvePath(name)
    return Effect.flatMap(endlessDeviceAt(ctx.fs, path), (device) =>
      device !== undefined
        ? Effect.succeed(new RecordReader(budget, deviceReader(ctx, device)))
        : Effect.map(ctx.fs.readFile(path), (bytes) => new RecordReader(budget, bytesReader(ctx, bytes)))
    )
  }

  /** A reader is done with: its buffer leaves the memory account (stdin's stays, getline may share it). */
  private done(reader: RecordReader | null | undefined): void {
    if (reader !== undefined && reader !== null && reader !== this.stdinReader) reader.release()
  }

  *readMain(rt: Runtime): Gen<string | undefined> {
    for (;;) {
      const reader = this.reader
      if (reader !== undefined) {
        const result = reader.next(rt.rs, rt.regexMode)
        if (result === NEED_MORE) {
          yield* this.fill(reader)
          continue
        }
        if (result !== undefined) {
          rt.incrementRecordCounters()
          rt.specials[RT] = result.terminator
          return result.record
        }
        this.done(reader)
        this.reader = undefined
      }
      yield* this.fileEnded(rt)
      if (!(yield* this.openNext(rt))) return undefined
      yield* this.fileStarted(rt)
    }
  }

  skipFile(): void {
    this.done(this.reader)
    this.reader = undefined
  }

  private *openNext(rt: Runtime): Gen<boolean> {
    const argv = this.setup.argv()
    while (this.argIndex < this.setup.argc()) {
      const value = argv.get(String(this.argIndex++))
      const text = value === undefined ? "" : rt.str(value)
      if (text === "") continue
      const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(text)
      if (assignment !== null) {
        this.setup.assign(rt, assignment[1]!, assignment[2]!)
        continue
      }
      this.usedOperand = true
      rt.specials[FILENAME] = text
      rt.resetFNR()
      if (text === "-" || text === "/dev/stdin") {
        this.reader = this.stdin()
        return true
      }
      const read = yield* perform(Effect.either(this.openFile(text)))
      if (Either.isLeft(read)) {
        const reason = (read.left as VfsError).reason
        if (reason === "IsADirectory") {
          yield* perform(this.ctx.stderr.write(`awk: warning: command line argument \`${text}' is a directory: skipped\n`))
          continue
        }
        // gawk reports this outside any rule, so without a source location.
        throw new AwkPlainError(`fatal: cannot open file \`${text}' for reading: ${vfsErrorText(reason)}`)
      }
      this.reader = read.right
      return true
    }
    if (!this.usedOperand) {
      this.usedOperand = true
      rt.resetFNR()
      this.reader = this.stdin()
      return true
    }
    return false
  }

  // ---- getline sources ----

  *readFile(rt: Runtime, name: string): Gen<RecordResult | undefined | null> {
    let reader = this.files.get(name)
    if (reader === undefined && !this.files.has(name)) {
      if (name === "-" || name === "/dev/stdin") reader = this.stdin()
      else {
        const pending = rt.outputs.get(name)
        if (pending !== undefined) yield* this.flushBuffer(pending)
        const read = yield* perform(Effect.either(this.openFile(name)))
        reader = Either.isLeft(read) ? null : read.right
      }
      this.files.set(name, reader)
    }
    if (reader === null || reader === undefined) return null
    for (;;) {
      const result = reader.next(rt.rs, rt.regexMode)
      if (result === NEED_MORE) {
        yield* this.fill(reader)
        continue
      }
      return result
    }
  }

  *readCommand(rt: Runtime, command: string): Gen<RecordResult | undefined> {
    let output = this.commands.get(command)
    if (output === undefined) {
      yield* this.flushAll(rt)
      // The command runs to its end first; what it writes is held, so it is on the memory account.
      const chunks: Array<Uint8Array> = []
      let held = 0
      const memory = this.memory
      const sink: OutputSink = {
        write: (data) =>
          Effect.suspend(() => {
            const bytes = typeof data === "string" ? encodeText(data) : data
            try {
              memory.alloc(bytes.length)
            } catch (error) {
              if (error instanceof LimitExceeded) return Effect.fail(error)
              throw error
            }
            held += bytes.length
            chunks.push(bytes)
            return Effect.void
          })
      }
      const status = yield* perform(
        Effect.ensuring(
          this.ctx.runScript(command, { stdin: emptyInput, stdout: sink, stderr: this.ctx.stderr }),
          Effect.sync(() => memory.free(held))
        )
      )
      output = { reader: RecordReader.ofText(decodeBytes(concatBytes(chunks)), this.readerBudget), status }
      this.commands.set(command, output)
    }
    const result = output.reader.next(rt.rs, rt.regexMode)
    return result === NEED_MORE ? undefined : result
  }

  // ---- output ----

  private *writeFile(buffer: OutputBuffer, text: string): Gen<void> {
    if (buffer.kind === "null") return
    const path = this.ctx.resolvePath(buffer.name)
    const bytes = encodeText(text)
    const append = buffer.kind === "append" || buffer.truncated
    const result = yield* perform(Effect.either(append ? this.ctx.fs.appendFile(path, bytes) : this.ctx.fs.writeFile(path, bytes)))
    buffer.truncated = true
    if (Either.isLeft(result)) {
      throw new AwkFatal(`can't redirect to \`${buffer.name}' (${vfsErrorText((result.left as VfsError).reason)})`)
    }
  }

  /** Write out a buffer's pending text (pipes wait for close). */
  private *flushBuffer(buffer: OutputBuffer): Gen<void> {
    if (buffer.kind === "pipe") return
    if (buffer.chunks.length === 0 && (buffer.truncated || buffer.kind === "stdout" || buffer.kind === "stderr")) return
    const text = buffer.chunks.join("")
    this.memory.free(buffer.size)
    buffer.chunks = []
    buffer.size = 0
    if (buffer.kind === "stdout") yield* perform(this.ctx.stdout.write(encodeText(text)))
    else if (buffer.kind === "stderr") yield* perform(this.ctx.stderr.write(encodeText(text)))
    else yield* this.writeFile(buffer, text)
  }

  *pause(rt: Runtime): Gen<void> {
    yield* this.flushStandard(rt)
    yield* perform(this.ctx.budget.checkpoint)
  }

  *flushStandard(rt: Runtime): Gen<void> {
    yield* this.flushBuffer(rt.stdout)
    yield* this.flushBuffer(rt.stderr)
    for (const buffer of rt.outputs.values()) {
      if (buffer.size > 1 << 20) yield* this.flushBuffer(buffer)
    }
  }

  private *flushAll(rt: Runtime): Gen<void> {
    yield* this.flushBuffer(rt.stdout)
    yield* this.flushBuffer(rt.stderr)
    for (const buffer of rt.outputs.values()) yield* this.flushBuffer(buffer)
  }

  private *runPipe(rt: Runtime, buffer: OutputBuffer): Gen<number> {
    yield* this.flushBuffer(rt.stdout)
    yield* this.flushBuffer(rt.stderr)
    const text = buffer.chunks.join("")
    this.memory.free(buffer.size)
    buffer.chunks = []
    buffer.size = 0
    return yield* perform(this.ctx.runScript(buffer.name, { stdin: inputOf(text), stdout: this.ctx.stdout, stderr: this.ctx.stderr }))
  }

  *close(rt: Runtime, name: string): Gen<number> {
    let status = -1
    const buffer = rt.outputs.get(name)
    if (buffer !== undefined) {
      rt.outputs.delete(name)
      status = buffer.kind === "pipe" ? yield* this.runPipe(rt, buffer) : (yield* this.flushBuffer(buffer), 0)
    }
    const command = this.commands.get(name)
    if (command !== undefined) {
      this.commands.delete(name)
      this.done(command.reader)
      status = command.status
    }
    if (this.files.has(name)) {
      this.done(this.files.get(name))
      this.files.delete(name)
      status = 0
    }
    return status
  }

  *flush(rt: Runtime, name: string | undefined): Gen<number> {
    if (name === undefined || name === "") {
      yield* this.flushAll(rt)
      return 0
    }
    if (name === "/dev/stdout" || name === "-") {
      yield* this.flushBuffer(rt.stdout)
      return 0
    }
    if (name === "/dev/stderr") {
      yield* this.flushBuffer(rt.stderr)
      return 0
    }
    const buffer = rt.outputs.get(name)
    if (buffer === undefined) return -1
    yield* this.flushBuffer(buffer)
    return 0
  }

  *system(rt: Runtime, command: string): Gen<number> {
    yield* this.flushAll(rt)
    return yield* perform(this.ctx.runScript(command, { stdout: this.ctx.stdout, stderr: this.ctx.stderr }))
  }

  *closeAll(rt: Runtime): Gen<void> {
    yield* this.flushBuffer(rt.stdout)
    yield* this.flushBuffer(rt.stderr)
    for (const [name, buffer] of Array.from(rt.outputs)) {
      rt.outputs.delete(name)
      if (buffer.kind === "pipe") yield* this.runPipe(rt, buffer)
      else yield* this.flushBuffer(buffer)
    }
    yield* this.flushBuffer(rt.stdout)
  }
}

/** The value of a command-line `var=value` or `-v` assignment: escapes processed, a strnum. */
export const assignmentValue = (text: string, style: EscapeStyle = "gawk"): StrNum => new StrNum(processEscapes(text, style))

