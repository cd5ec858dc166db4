import { Effect } from "effect"
import type { CommandContext, CommandFailure } from "../../../Command.js"
import type { MemoryLease } from "../../../../limits/Budget.js"
import { LimitExceeded } from "../../../../limits/ExecutionLimits.js"
import { endlessDeviceAt } from "../../../../vfs/devices.js"
import { vfsErrorText, type VfsError } from "../../../../vfs/VfsError.js"
import { bytesReader, deviceReader, stdinReader } from "../../../support/input.js"
import { concatBytes } from "../../../support/io.js"
import { LineQueue, type Pause, type SedMachine } from "./execute.js"
import { LineSplitter } from "./lines.js"

/**
 * sed's input and output loop: input is read chunk by chunk and cut into lines only as fast as
 * the machine takes them (`sed q` reads one chunk of an endless pipe), output is written as the
 * machine produces it, and the exec's budget is checked between chunks and whenever the
 * machine pauses for its time slice.
 */

/** Largest piece of a chunk cut into lines at once (a writer may hand over a huge chunk). */
const PIECE_BYTES = 64 * 1024

/** Paths that name the command's stdin. */
const STDIN_PATHS = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])

export interface StreamOptions {
  /** Operands in order; `-` is stdin (unless editing in place). */
  readonly operands: ReadonlyArray<string>
  /** -s or -i: each file is a stream of its own (line numbers and `$` per file). */
  readonly separate: boolean
  /** -i[SUFFIX]: the edited text replaces each file (a backup with the suffix when not empty). */
  readonly inPlace: string | undefined
  readonly followSymlinks: boolean
  /** The line terminator byte: LF, or NUL with -z. */
  readonly separatorByte: number
}

/** A source of chunks: stdin, or a file's bytes cut in pieces. */
interface Source {
  readonly name: string
  /** The file's absolute path (undefined for stdin). */
  readonly path: string | undefined
  readonly read: Effect.Effect<Uint8Array | undefined, CommandFailure>
}

/** Run the machine over the operands; the exit status. */
export const runSedStreams = (ctx: CommandContext, machine: SedMachine, options: StreamOptions, lease: MemoryLease): Effect.Effect<number, CommandFailure> =>
  Effect.gen(function* () {
    const splitter = new LineSplitter(options.separatorByte, lease, ctx.limits.maxStringLength)
    const fileWrites = new Map<string, Array<string>>()
    let status = 0

    const open = (operand: string): Effect.Effect<Source | undefined, CommandFailure> =>
      Effect.gen(function* () {
        if (operand === "-" && options.inPlace === undefined) return { name: "-", path: undefined, read: stdinReader(ctx) }
        const path = ctx.resolvePath(operand)
        if (options.inPlace === undefined) {
          if (STDIN_PATHS.has(path)) return { name: operand, path: undefined, read: stdinReader(ctx) }
          // /dev/zero, /dev/urandom: endless streams (sed q reads what it needs of them).
          const device = yield* endlessDeviceAt(ctx.fs, path)
          if (device !== undefined) return { name: operand, path: undefined, read: deviceReader(ctx, device) }
        }
        const stat = yield* Effect.either(ctx.fs.stat(path))
        if (stat._tag === "Right" && stat.right.type === "directory") {
          yield* ctx.stderr.write(options.inPlace !== undefined ? `sed: couldn't edit ${operand}: not a regular file\n` : `sed: read error on ${operand}: Is a directory\n`)
          status = options.inPlace !== undefined ? 4 : 2
          return undefined
        }
        const bytes = yield* Effect.either(ctx.fs.readFile(path))
        if (bytes._tag === "Left") {
          yield* ctx.stderr.write(`sed: can't read ${operand}: ${vfsErrorText(bytes.left.reason)}\n`)
          status = 2
          return undefined
        }
        return { name: operand, path, read: bytesReader(ctx, bytes.right) }
      })

    /** Feeds the queue from a list of sources, one chunk piece at a time. */
    const feeder = (queue: LineQueue, operands: ReadonlyArray<string>) => {
      let next = 0
      let source: Source | undefined
      let chunk: Uint8Array | undefined
      let offset = 0
      const feed = {
        /** Some source could be opened (in-place editing writes only those). */
        opened: false,
        /** Read until at least one line is queued or every source is done. */
        fill: Effect.gen(function* () {
          for (;;) {
            if (source === undefined) {
              if (next >= operands.length) {
                queue.ended = true
                return
              }
              source = yield* open(operands[next++]!)
              if (source !== undefined) feed.opened = true
              continue
            }
            if (chunk === undefined || offset >= chunk.length) {
              // The readers pass the budget's checkpoint before each chunk.
              chunk = yield* source.read
              offset = 0
              if (chunk === undefined) {
                const last = yield* charged(() => splitter.end())
                const name = source.name
                source = undefined
                if (last !== undefined) {
                  queue.push([last], name, true)
                  return
                }
                continue
              }
            }
            const piece = chunk.subarray(offset, offset + PIECE_BYTES)
            offset += piece.length
            const lines = yield* charged(() => splitter.push(piece))
            if (lines.length === 0) continue
            yield* charged(() => ctx.budget.step(lines.length))
            queue.push(lines, source.name)
            return
          }
        })
      }
      return feed
    }

    /** Pass the machine's output (and `w` text) on: to stdout, or into the edited file's text. */
    const flush = (into: Array<Uint8Array> | undefined): Effect.Effect<void, CommandFailure> =>
      Effect.gen(function* () {
        const text = machine.takeOutput()
        if (text !== "") {
          const bytes = splitter.encode(text)
          if (into === undefined) yield* ctx.stdout.write(bytes)
          else {
            yield* charged(() => lease.alloc(bytes.length))
            into.push(bytes)
          }
        }
        for (const [file, written] of machine.takeWrites()) {
          if (file === "/dev/stdout") yield* ctx.stdout.write(splitter.encode(written))
          else if (file === "/dev/stderr") yield* ctx.stderr.write(splitter.encode(written))
          else {
            yield* charged(() => lease.alloc(written.length))
            const pieces = fileWrites.get(file) ?? []
            pieces.push(written)
            fileWrites.set(file, pieces)
          }
        }
      })

    /** Run one stream to its end (or `q`): the machine's pauses drive the reading and writing. */
    const runStream = (operands: ReadonlyArray<string>, into: Array<Uint8Array> | undefined) =>
      Effect.gen(function* () {
        const queue = new LineQueue()
        const feed = feeder(queue, operands)
        // Edited files are outputs of their own; otherwise a last line without newline gets one if more output follows.
        machine.beginStream(queue, into !== undefined)
        for (;;) {
          const pause: Pause = yield* resume(machine)
          yield* flush(into)
          if (pause === "end") break
          if (pause === "input") yield* feed.fill
          else yield* ctx.budget.checkpoint
        }
        return feed
      })

    if (!options.separate) {
      yield* runStream(options.operands, undefined)
    } else {
      for (const operand of options.operands) {
        if (options.inPlace === undefined) {
          yield* runStream([operand], undefined)
        } else {
          const edited: Array<Uint8Array> = []
          const feed = yield* runStream([operand], edited)
          // A file that could not be read is reported and left alone.
          if (feed.opened) {
            const wrote = yield* writeInPlace(ctx, ctx.resolvePath(operand), operand, options, concatBytes(edited))
            if (!wrote) status = 4
          }
          for (const piece of edited) lease.free(piece.length)
        }
        if (machine.error !== undefined || machine.quit) break
      }
    }
    if (machine.error !== undefined) yield* ctx.stderr.write(`sed: ${machine.error}\n`)
    for (const [file, pieces] of fileWrites) {
      const result = yield* Effect.either(ctx.fs.writeFile(ctx.resolvePath(file), splitter.encode(pieces.join(""))))
      if (result._tag === "Left") yield* ctx.stderr.write(`sed: couldn't open file ${file}: ${vfsErrorText(result.left.reason)}\n`)
    }
    return machine.exitCode !== 0 ? machine.exitCode : status
  })

/** One run of the machine, with a limit it throws turned into the command's failure. */
const resume = (machine: SedMachine): Effect.Effect<Pause, LimitExceeded> => charged(() => machine.resume())

/** Synchronous work that may throw a limit (the budget's meter, the memory lease), as an Effect that fails with it. */
const charged = <A>(work: () => A): Effect.Effect<A, LimitExceeded> =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(work())
    } catch (error) {
      if (error instanceof LimitExceeded) return Effect.fail(error)
      throw error
    }
  })


/** Back up (with -iSUFFIX) and replace one edited file; false when it could not be written. */
const writeInPlace = (ctx: CommandContext, path: string, operand: string, options: StreamOptions, bytes: Uint8Array): Effect.Effect<boolean, CommandFailure> =>
  Effect.gen(function* () {
    const suffix = options.inPlace ?? ""
    if (suffix !== "") {
      const slash = path.lastIndexOf("/")
      const base = path.slice(slash + 1)
      const backup = suffix.includes("*") ? suffix.replaceAll("*", base) : base + suffix
      const backupPath = backup.includes("/") ? ctx.resolvePath(backup) : path.slice(0, slash + 1) + backup
      yield* Effect.ignore(ctx.fs.copy(path, backupPath))
    }
    const written = yield* Effect.either(replaceFile(ctx, path, bytes, options.followSymlinks))
    if (written._tag === "Right") return true
    yield* ctx.stderr.write(`sed: couldn't open file ${operand}: ${vfsErrorText(written.left.reason)}\n`)
    return false
  })

/**
 * Write the edited text of `sed -i`. GNU sed renames a new file over the old one, so a
 * symlink is replaced by a regular file (with its target's mode) unless --follow-symlinks.
 */
const replaceFile = (ctx: CommandContext, path: string, bytes: Uint8Array, followSymlinks: boolean): Effect.Effect<void, VfsError> =>
  Effect.gen(function* () {
    const link = yield* ctx.fs.lstat(path)
    if (link.type !== "symlink") return yield* ctx.fs.writeFile(path, bytes)
    if (followSymlinks) return yield* ctx.fs.writeFile(yield* ctx.fs.realpath(path), bytes)
    const target = yield* ctx.fs.stat(path)
    yield* ctx.fs.remove(path)
    yield* ctx.fs.writeFile(path, bytes, { mode: target.mode & 0o7777 })
  })
