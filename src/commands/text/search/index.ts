import type { Command } from "../../Command.js"

/** grep, rg, sed. */
export const searchCommands: ReadonlyArray<Command> = []
