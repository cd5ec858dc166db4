import type { Command } from "../Command.js"
import { jqCommand } from "./jq/jq.js"

/** Data and archive commands (jq, yq, base64, checksums, gzip, tar, zip). */
export const dataCommands: ReadonlyArray<Command> = [jqCommand]
