/** What a tool-command invocation was: a callback run (or dry run), a `help`, or a `discover`. */
export type InvocationKind = "Tool" | "Help" | "Discover"

/** One entry of an execution trace (§2.13). */
export interface ToolInvocation {
  readonly name: string
  readonly kind: InvocationKind
  /** The raw argv after the command name, each truncated to 1024 UTF-8 bytes. */
  readonly args: ReadonlyArray<string>
  readonly exitCode: number
}

/** The tool invocations of one execution, oldest first. */
export interface ExecutionTrace {
  readonly invocations: ReadonlyArray<ToolInvocation>
}

export const MAX_TRACE_ENTRIES = 256
export const MAX_TRACE_ARG_BYTES = 1024

const encoder = new TextEncoder()

/** Cut `text` to at most `maxBytes` UTF-8 bytes without splitting a character. */
export const truncateUtf8 = (text: string, maxBytes: number): string => {
  if (text.length * 3 <= maxBytes || encoder.encode(text).length <= maxBytes) return text
  let bytes = 0
  let end = 0
  for (const ch of text) {
    const size = encoder.encode(ch).length
    if (bytes + size > maxBytes) break
    bytes += size
    end += ch.length
  }
  return text.slice(0, end)
}

/** A per-execution log, capped at 256 entries (the oldest are dropped). */
export class InvocationLog {
  private readonly entries: Array<ToolInvocation> = []

  record(name: string, kind: InvocationKind, args: ReadonlyArray<string>, exitCode: number): void {
    this.entries.push({ name, kind, args: args.map((a) => truncateUtf8(a, MAX_TRACE_ARG_BYTES)), exitCode })
    if (this.entries.length > MAX_TRACE_ENTRIES) this.entries.splice(0, this.entries.length - MAX_TRACE_ENTRIES)
  }

  trace(): ExecutionTrace {
    return { invocations: [...this.entries] }
  }
}
