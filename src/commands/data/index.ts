import type { Command } from "../Command.js"

/** Data and archive commands (jq, yq, base64, checksums, gzip, tar, zip). */
export const dataCommands: ReadonlyArray<Command> = []
