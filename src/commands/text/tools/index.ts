import type { Command } from "../../Command.js"

/** sort, uniq, cut, tr, head, tail, wc and the rest of the text toolbox. */
export const textToolCommands: ReadonlyArray<Command> = []
