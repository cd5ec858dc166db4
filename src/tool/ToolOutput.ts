import { Either } from "effect"
import { toSortedJson } from "./json.js"
import type { ToolResult } from "./schemas.js"
import { ToolError } from "./ToolError.js"

/** An image a tool returns; BashTool never returns any. */
export interface ToolImage {
  readonly data: string
  readonly mime_type: string
}

/** The authoritative outcome of one execution (the streamed chunks are informational). */
export interface ToolOutput {
  readonly result: ToolResult
  readonly images: ReadonlyArray<ToolImage>
  readonly metadata: {
    /** Elapsed wall-clock time, whole milliseconds. */
    readonly duration_ms: number
    readonly extra: { readonly exit_code: number }
  }
}

export const makeToolOutput = (result: ToolResult, durationMs: number): ToolOutput => ({
  result,
  images: [],
  metadata: { duration_ms: Math.max(0, Math.round(durationMs)), extra: { exit_code: result.exit_code } }
})

/** JSON with sorted keys; `images` is left out when empty, as the reference does. */
export const serializeToolOutput = (output: ToolOutput): Either.Either<string, ToolError> => {
  try {
    const { images, ...rest } = output
    return Either.right(toSortedJson(images.length === 0 ? rest : output))
  } catch (error) {
    return Either.left(ToolError.Internal(`failed to serialize tool response: ${error instanceof Error ? error.message : String(error)}`))
  }
}
