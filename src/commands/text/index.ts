import type { Command } from "../Command.js"
import { awkCommands } from "./awk/index.js"
import { searchCommands } from "./search/index.js"
import { textToolCommands } from "./tools/index.js"

/** Text-processing commands (grep, sed, awk, sort, ...). */
export const textCommands: ReadonlyArray<Command> = [...searchCommands, ...awkCommands, ...textToolCommands]
