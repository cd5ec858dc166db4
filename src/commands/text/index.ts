import type { Command } from "../Command.js"

/** Text-processing commands (grep, sed, awk, sort, ...). */
export const textCommands: ReadonlyArray<Command> = []
