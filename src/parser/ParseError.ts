import { Data } from "effect"

/**
 * A syntax error, located and worded as bash words it (without bash's `bash: line N: ` prefix),
 * e.g. "syntax error near unexpected token `fi'". `context` is the second line bash prints for
 * some errors (the offending source line), when it prints one.
 */
export class ParseError extends Data.TaggedError("ParseError")<{
  readonly message: string
  readonly line: number
  readonly column: number
  readonly context?: string
}> {}
