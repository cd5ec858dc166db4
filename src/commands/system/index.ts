import type { Command } from "../Command.js"

/** System commands: date, sleep, timeout, env, seq, xargs?, uname, ... */
export const systemCommands: ReadonlyArray<Command> = []
