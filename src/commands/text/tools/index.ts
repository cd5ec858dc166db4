import type { Command } from "../../Command.js"
import { sortCommand } from "./sort/index.js"

/** sort, uniq, cut, tr, head, tail, wc and the rest of the text toolbox. */
export const textToolCommands: ReadonlyArray<Command> = [sortCommand]
