import type { Command } from "../Command.js"

/** File and system commands over the VFS (ls, cp, find, date, xargs, ...). */
export const fsCommands: ReadonlyArray<Command> = []
