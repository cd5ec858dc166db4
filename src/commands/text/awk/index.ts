import type { Command } from "../../Command.js"

/** awk. */
export const awkCommands: ReadonlyArray<Command> = []
