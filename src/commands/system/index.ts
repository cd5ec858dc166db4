import type { Command } from "../Command.js"
import { dateCommand } from "./date/date.js"
import { seqCommand } from "./seq.js"

/** System commands: date, sleep, timeout, env, seq, uname, ... */
export const systemCommands: ReadonlyArray<Command> = [seqCommand, dateCommand]
