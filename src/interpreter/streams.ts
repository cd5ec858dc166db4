import { Effect } from "effect"
import { BrokenPipe, type CommandFailure, type InputStream, type OutputSink } from "../commands/Command.js"
import { concatBytes } from "../commands/support/io.js"
import type { Budget } from "../limits/Budget.js"
import { heldCost } from "../commands/support/held.js"
import { deviceChunk, type EndlessDevice } from "../vfs/devices.js"

export { concatBytes }

/**
 * Byte plumbing between commands: pipes with backpressure, readers with push-back (so `read`
 * can take one line and leave the rest), and sinks that collect or discard.
 */

const encoder = new TextEncoder()
export const toBytes = (data: Uint8Array | string): Uint8Array => (typeof data === "string" ? encoder.encode(data) : data)

/** An input stream that can give back unread bytes (shared by loop iterations of `read`). */
export interface ShellInput extends InputStream {
  readonly unread: (bytes: Uint8Array) => void
}

/**
 * A reader over a source of chunks, with a push-back buffer in front. With a budget (a pipe's
 * reading end, a device), `readAll` charges what it accumulates to the memory account as it
 * grows and passes a checkpoint per chunk, so `yes | cmd-that-reads-all` ends with the memory
 * limit; the charge is given back by `release` (the pipe's reader closing when its stage ends).
 */
export class PushbackInput implements ShellInput {
  private pending: Array<Uint8Array> = []
  private held = 0
  constructor(
    private readonly source: Effect.Effect<Uint8Array | undefined, CommandFailure>,
    private readonly budget?: Budget
  ) {}

  readonly read: Effect.Effect<Uint8Array | undefined, CommandFailure> = Effect.suspend(() => {
    const head = this.pending.shift()
    if (head !== undefined) return Effect.succeed(head)
    const budget = this.budget
    if (budget === undefined) return this.source
    // The writer may have ended because the script was stopped: that end of input is the stop,
    // so no reader goes on to sort or print a cut input.
    return Effect.flatMap(this.source, (chunk) =>
      chunk === undefined && budget.exhausted !== undefined ? Effect.fail(budget.exhausted) : Effect.succeed(chunk)
    )
  })

  readonly readAll: Effect.Effect<Uint8Array, CommandFailure> = Effect.suspend(() => {
    const chunks: Array<Uint8Array> = this.pending
    this.pending = []
    const budget = this.budget
    if (budget === undefined) {
      const loop: Effect.Effect<Uint8Array, CommandFailure> = Effect.flatMap(this.source, (chunk) => {
        if (chunk === undefined) return Effect.succeed(concatBytes(chunks))
        chunks.push(chunk)
        return loop
      })
      return loop
    }
    const charged: Effect.Effect<Uint8Array, CommandFailure> = Effect.flatMap(Effect.zipRight(budget.checkpoint, this.source), (chunk) => {
      // The writer may have ended because the script was stopped: never hand on a cut input.
      if (chunk === undefined) return budget.exhausted !== undefined ? Effect.fail(budget.exhausted) : Effect.succeed(concatBytes(chunks))
      const cost = heldCost(chunk)
      const stop = budget.tryAlloc(cost)
      if (stop !== undefined) return Effect.fail(stop)
      this.held += cost
      chunks.push(chunk)
      return charged
    })
    return charged
  })

  /** Give back what `readAll` charged (its reader is done with the bytes). */
  release(): void {
    this.budget?.free(this.held)
    this.held = 0
  }

  unread(bytes: Uint8Array): void {
    if (bytes.length > 0) this.pending.unshift(bytes)
  }
}

/** Input from bytes already in memory (here-documents, files, strings). */
export const bytesInput = (bytes: Uint8Array): ShellInput => {
  let data: Uint8Array | undefined = bytes.length > 0 ? bytes : undefined
  return new PushbackInput(
    Effect.sync(() => {
      const out = data
      data = undefined
      return out
    })
  )
}

export const emptyInput = (): ShellInput => bytesInput(new Uint8Array(0))

/** Input from an endless device (`< /dev/zero`): a chunk per read, forever, each read a checkpoint. */
export const deviceInput = (device: EndlessDevice, budget: Budget): ShellInput => {
  const zeros = device === "zero" ? deviceChunk("zero") : undefined
  return new PushbackInput(Effect.zipRight(budget.checkpoint, Effect.sync(() => zeros ?? deviceChunk(device))), budget)
}

/**
 * A pipe between two concurrent pipeline stages. Writers block when more than `capacity` bytes
 * are waiting; once the reader closes, writes fail with BrokenPipe (SIGPIPE's role). With a
 * budget, what waits in the pipe is charged to the exec's memory account (one write may be a
 * whole 64 MiB string, and a thousand pipes may wait on readers that never read).
 */
export class Pipe {
  private chunks: Array<Uint8Array> = []
  private buffered = 0
  private writerClosed = false
  private readerClosed = false
  private wakeReader: (() => void) | undefined
  private wakeWriter: (() => void) | undefined

  constructor(
    private readonly capacity = 64 * 1024,
    private readonly budget?: Budget
  ) {}

  readonly sink: OutputSink = {
    write: (data) =>
      Effect.suspend((): Effect.Effect<void, CommandFailure> => {
        if (this.readerClosed) return Effect.fail(new BrokenPipe())
        const bytes = toBytes(data)
        const stop = this.budget?.tryAlloc(bytes.length)
        if (stop !== undefined) return Effect.fail(stop)
        this.push(bytes)
        return this.buffered > this.capacity ? this.waitForDrain : Effect.void
      }),
    // Only while the write neither fills the pipe (the writer must wait) nor hits a closed reader.
    writeSync: (data) => {
      if (this.readerClosed) return false
      const bytes = toBytes(data)
      if (this.buffered + bytes.length > this.capacity) return false
      if (this.budget?.tryAlloc(bytes.length) !== undefined) return false
      this.push(bytes)
      return true
    }
  }

  private push(bytes: Uint8Array): void {
    if (bytes.length === 0) return
    this.chunks.push(bytes)
    this.buffered += bytes.length
    this.notifyReader()
  }

  /** The waiting bytes left the pipe (read or discarded): give their charge back. */
  private drained(): void {
    this.budget?.free(this.buffered)
    this.buffered = 0
  }

  private readonly waitForDrain: Effect.Effect<void, BrokenPipe> = Effect.async<void, BrokenPipe>((resume) => {
    const check = () => {
      if (this.readerClosed) resume(Effect.fail(new BrokenPipe()))
      else if (this.buffered <= this.capacity) resume(Effect.void)
      else this.wakeWriter = check
    }
    check()
    return Effect.sync(() => {
      this.wakeWriter = undefined
    })
  })

  private notifyReader(): void {
    const wake = this.wakeReader
    this.wakeReader = undefined
    wake?.()
  }

  private notifyWriter(): void {
    const wake = this.wakeWriter
    this.wakeWriter = undefined
    wake?.()
  }

  private readonly readChunk: Effect.Effect<Uint8Array | undefined, never> = Effect.async<Uint8Array | undefined>((resume) => {
    const attempt = () => {
      if (this.chunks.length > 0) {
        // Everything waiting, in one piece: a reader pays per read, a writer (a loop of echos)
        // often leaves many small chunks.
        const chunk = this.chunks.length === 1 ? this.chunks[0]! : concatBytes(this.chunks)
        this.chunks = []
        this.drained()
        this.notifyWriter()
        resume(Effect.succeed(chunk))
      } else if (this.writerClosed) resume(Effect.succeed(undefined))
      else this.wakeReader = attempt
    }
    attempt()
    return Effect.sync(() => {
      this.wakeReader = undefined
    })
  })

  private reader: PushbackInput | undefined

  /** The reading end (made on first use: it needs the fields above, whatever their init order). */
  get input(): PushbackInput {
    return (this.reader ??= new PushbackInput(this.readChunk, this.budget))
  }

  /** The writing stage finished: the reader sees end of input after the buffered data. */
  closeWriter(): void {
    this.writerClosed = true
    this.notifyReader()
  }

  /** The reading stage finished: pending and future writes fail with BrokenPipe. */
  closeReader(): void {
    this.readerClosed = true
    this.chunks = []
    this.drained()
    this.reader?.release()
    this.notifyWriter()
  }
}

/** Discards everything (`/dev/null`). */
export const nullSink: OutputSink = { write: () => Effect.void, writeSync: () => true }

/**
 * Collects output in memory (command substitution). With a budget, what it holds is charged to
 * the exec's memory account (a write over the limit throws the stop) until `release`.
 */
export class CollectSink implements OutputSink {
  chunks: Array<Uint8Array> = []
  size = 0
  constructor(
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly budget?: Budget
  ) {}
  readonly write = (data: Uint8Array | string) => Effect.sync(() => void this.writeSync(data))
  readonly writeSync = (data: Uint8Array | string): boolean => {
    const bytes = toBytes(data)
    if (this.size + bytes.length > this.maxBytes) return true
    this.budget?.alloc(bytes.length)
    this.chunks.push(bytes)
    this.size += bytes.length
    return true
  }
  bytes(): Uint8Array {
    return concatBytes(this.chunks)
  }
  /** Give back what the sink held to the memory account (it must not be written again). */
  release(): void {
    this.budget?.free(this.size)
    this.size = 0
    this.chunks = []
  }
}
