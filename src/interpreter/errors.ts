import { Data } from "effect"
import type { BrokenPipe } from "../commands/Command.js"
import type { LimitExceeded } from "../limits/ExecutionLimits.js"

/**
 * An expansion failed (`${x:?}`, `set -u`, bad arithmetic, readonly assignment). Fatal ones end
 * a non-interactive shell, as in bash; the others fail only the current command.
 */
export class ExpansionFailed extends Data.TaggedError("ExpansionFailed")<{
  readonly message: string
  readonly status: number
  readonly fatal: boolean
  /** Abandon the rest of the current input line only (failglob). */
  readonly abortsLine?: boolean
  /** bash stops reading input (set -u, `${x:?}`): status 127 at the top of a `bash -c` string. */
  readonly endsInput?: boolean
  /** `NAME: line N: ` where the error happened, when the report comes after unwinding (a function's frame gone). */
  readonly location?: string
}> {}

/** The run was aborted by a sandbox rule (e.g. process substitution in a logic-only shell). */
export class ExecutionAborted extends Data.TaggedError("ExecutionAborted")<{ readonly message: string }> {}

/** What can abort the interpreter's walk: a limit, a closed pipe, a failed expansion, a rule. */
export type ExecFailure = LimitExceeded | BrokenPipe | ExpansionFailed | ExecutionAborted

/** Non-local control flow, carried as a value beside the status (never as an exception). */
export type Flow =
  | { readonly kind: "break"; readonly levels: number }
  | { readonly kind: "continue"; readonly levels: number }
  | { readonly kind: "return"; readonly status: number }
  | { readonly kind: "exit"; readonly status: number }
  /** The rest of the current input line is abandoned; the script goes on with the next line. */
  | { readonly kind: "abortLine"; readonly status: number }
