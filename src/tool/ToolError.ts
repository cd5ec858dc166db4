import { Data } from "effect"

/**
 * A failure of the tool contract itself (never of the script: a script that fails is a
 * successful `ToolOutput` with a non-zero exit code).
 */

/** Safe to show a model; localized (bad tool arguments). */
export class UserFacing extends Data.TaggedError("UserFacing")<{ readonly message: string }> {}

/** For logs and diagnostics; always English (a second `execute()`, a serialization fault). */
export class Internal extends Data.TaggedError("Internal")<{ readonly message: string }> {}

export type ToolError = UserFacing | Internal

/** Constructors and the consumer-side test, grouped as the contract names them. */
export const ToolError = {
  UserFacing: (message: string): ToolError => new UserFacing({ message }),
  Internal: (message: string): ToolError => new Internal({ message }),
  isUserFacing: (error: ToolError): error is UserFacing => error._tag === "UserFacing",
  isToolError: (value: unknown): value is ToolError => value instanceof UserFacing || value instanceof Internal
} as const

export const isUserFacing = ToolError.isUserFacing
