import type { ExecutionLimitsShape, LimitProfile } from "../../../src/index.js"

/**
 * The shape of one hostile script and of the safe outcome it must have. The catalogue is data:
 * everything that needs code (custom commands, tool callbacks, host directories, archive bombs)
 * is named here and built by `execute.ts` in the child process.
 */

/** The lines of issue 17's "What was seen" list, plus the holds that must keep holding. */
export type Category =
  | "command-loop" // one command runs forever (sed branches, awk, xxd, sort, shuf, split...)
  | "regex" // exponential matching in every regex consumer
  | "glob" // glob/extglob backtracking
  | "parse" // parse bombs
  | "arithmetic" // arithmetic nesting and recursion
  | "case-conversion" // ${x^^} and friends on huge strings
  | "memory" // no overall memory budget
  | "archive" // zip/gzip/tar bombs
  | "filesystem" // limits on HostDirectoryFs / OverlayFs / MountableFs
  | "custom-command" // host commands that hang, lie about their shape, throw odd values
  | "scripted-tool" // ScriptedTool callbacks
  | "fairness" // other sandboxes and the host keep running
  | "cancellation" // AbortSignal, fiber interruption, timeouts of every long-running kind
  | "device" // /dev/zero, /dev/urandom are endless
  | "streaming" // filters stream; early exit answers at once
  | "limit-ends-script" // a limit inside a command ends the whole script
  | "limits-one-place" // profiles and limits are read once
  | "concurrent-shell" // concurrent execs on one shell never interleave
  | "odd-value" // huge or negative numbers in dates, formats, sizes
  | "escape" // sandbox escapes and prototype pollution (must keep holding)

/** The API the attack goes through. */
export type Entry =
  | "facade" // new Bash(options).exec(script)
  | "shell" // Effect API: Shell.layer(options) with the chosen Vfs layer; shell.exec
  | "shellStream" // Effect API: shell.execStream, counting the bytes streamed
  | "bashTool" // BashTool.builder()...build().execution({ commands }).execute()
  | "scriptedTool" // ScriptedTool.builder()...build().execution({ commands }).execute()

/** Host-side filesystems, built on a fresh temp directory (checked after the run). */
export type HostFs =
  | "hostDir" // HostDirectoryFs over <tmp>/root
  | "overlayHost" // OverlayFs over HostDirectoryFs(<tmp>/root): the host must see no write
  | "mountedHost" // MountableFs: "/" in memory, "/mnt" a HostDirectoryFs

/** Host code the attack calls (facade `commands`, BashTool `builtin`s, ScriptedTool callbacks). */
export type CommandFixture =
  | "hang" // a Promise that never settles
  | "slow" // resolves after 30 s
  | "stdoutNumber" // { stdout: 42 }
  | "stderrObject" // { stderr: { a: 1 } }
  | "exitCodeString" // { exitCode: "x" }
  | "throwNullProto" // throws Object.create(null)
  | "rejectNullProto" // rejects with Object.create(null)
  | "returnNullProto" // returns Object.create(null)
  | "throwString" // throws "boom"
  | "throwSecret" // throws Error("secret-token-123 at /srv/internal")
  | "huge" // returns 200 MB of output
  | "getterThrows" // { get stdout() { throw } }
  | "toStringThrows" // { stdout: { toString() { throw } } }
  | "proxy" // a Proxy whose every trap throws
  | "reenterYes" // ctx.exec("yes > /dev/null"): a sub-script that never ends on its own
  | "recurse" // ctx.exec("recurse"): unbounded host recursion through the sandbox
  | "effectNever" // (BashTool only) an Effect command { run: () => Effect.never }
  | "number" // returns 42

/** Binary files built in the child (written to the sandbox before the run). */
export type BinaryFixture =
  | "gzipBomb" // gzip of 512 MiB of zeros (~500 KB)
  | "zipBomb" // zip with one entry inflating to 512 MiB
  | "tarGzBomb" // tar.gz with one 512 MiB file of zeros
  | "deepJson" // 100k nested arrays
  | "deepYaml" // 20k nested flow sequences

export interface Cancel {
  /** `abort`: the exec's AbortSignal; `interrupt`: Fiber.interrupt on the Effect API. */
  readonly kind: "abort" | "interrupt"
  readonly atMs: number
}

export interface Expectation {
  /** Allowed exit statuses (124 timeout, 126 limit, 130 abort, or bash's own). */
  readonly status?: ReadonlyArray<number>
  /** The Effect exec was interrupted (cancel kind `interrupt`). */
  readonly interrupted?: boolean
  readonly stdout?: string | RegExp
  readonly stdoutNot?: RegExp
  readonly stderr?: RegExp
  readonly stderrNot?: RegExp
  /** Wall time past the exec's timeout (or past the cancel) allowed; default in `policy.ts`. */
  readonly overrunMs?: number
  /** Time from abort/interrupt to the exec's end (cancellation); default in `policy.ts`. */
  readonly stopMs?: number
  /** Peak RSS growth during the attack; default: 2 x maxMemoryBytes + a constant. */
  readonly rssGrowthMb?: number
  /** Longest event-loop stall; default in `policy.ts`. */
  readonly loopDelayMs?: number
  /** Slowest `echo hi` of a second sandbox running meanwhile; default in `policy.ts`. */
  readonly echoMs?: number
  /** Host filesystems: bytes under the root after the run (apparent sizes). */
  readonly hostBytesAtMost?: number
  readonly hostFilesAtMost?: number
  readonly hostDepthAtMost?: number
  /** shellStream: bytes streamed at most. */
  readonly streamedBytesAtMost?: number
}

export interface Attack {
  readonly id: string
  readonly category: Category
  /** The script (the `commands` of the tools). */
  readonly script: string
  readonly entry?: Entry
  /** Merged over the suite's defaults (`policy.ts`: a short timeout). */
  readonly limits?: Partial<ExecutionLimitsShape>
  readonly profile?: LimitProfile
  readonly stdin?: string
  /** In-memory files (text). */
  readonly files?: Readonly<Record<string, string>>
  readonly binaryFiles?: Readonly<Record<string, BinaryFixture>>
  readonly hostFs?: HostFs
  /** Files created in the host directory before the run (`count` small files under `dir`). */
  readonly hostSeed?: { readonly dir: string; readonly count: number }
  readonly commands?: ReadonlyArray<CommandFixture>
  readonly cancel?: Cancel
  /** Run this many copies of the attack at once, each on its own sandbox (all must pass). */
  readonly concurrent?: number
  /** Scripts run concurrently on the same shell as `script` (one after another, never interleaved). */
  readonly alongside?: ReadonlyArray<string>
  /** BashTool per-call timeout (`timeout_ms`). */
  readonly toolTimeoutMs?: number
  readonly expect: Expectation & {
    /** Expected stdout of each `alongside` script. */
    readonly alongsideStdout?: ReadonlyArray<string | RegExp>
  }
  readonly note?: string
}

/** What the child measured for one attack (returned as the isolated job's value). */
export interface AttackMeasure {
  readonly id: string
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
  readonly interrupted: boolean
  /** The entry point rejected/failed instead of returning a result (a finding by itself). */
  readonly rejected?: string
  readonly elapsedMs: number
  /** The exec's timeout in force (undefined: none). */
  readonly timeoutMs: number | undefined
  /** From the abort/interrupt to the end. */
  readonly stopMs?: number
  readonly rssBeforeMb: number
  /** Peak RSS during the attack (VmHWM after a reset, so a frozen event loop hides nothing). */
  readonly peakRssMb: number
  readonly loopDelayMs: number
  /** Slowest of the `echo hi` probes run on a second sandbox every few ms during the attack. */
  readonly echoMs: number
  readonly echoCount: number
  readonly host?: { readonly bytes: number; readonly files: number; readonly depth: number; readonly outsideTouched: boolean }
  readonly streamedBytes?: number
  /** Object.prototype / Array.prototype / globalThis gained or lost properties. */
  readonly polluted?: string
  /** Output of each `alongside` script and of each concurrent copy (stdouts), when used. */
  readonly alongside?: ReadonlyArray<{ readonly stdout: string; readonly exitCode: number }>
  readonly copies?: ReadonlyArray<{ readonly stdout: string; readonly stderr: string; readonly exitCode: number }>
}
