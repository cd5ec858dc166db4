import type { Command } from "../../Command.js"
import { egrepCommand, fgrepCommand, grepCommand } from "./grep/grep.js"
import { rgCommand } from "./rg.js"
import { sedCommand } from "./sed/sed.js"

/** grep, egrep, fgrep, rg, sed. */
export const searchCommands: ReadonlyArray<Command> = [grepCommand, egrepCommand, fgrepCommand, rgCommand, sedCommand]
