import type { Command } from "../Command.js"
import { dateCommand } from "./date/date.js"
import { envCommand, printenvCommand } from "./env.js"
import { groupsCommand, hostnameCommand, idCommand, nprocCommand, unameCommand, whoamiCommand } from "./identity.js"
import { killCommand } from "./kill.js"
import { seqCommand } from "./seq.js"
import { sleepCommand } from "./sleep.js"
import { clearCommand, syncCommand, ttyCommand, watchCommand } from "./terminal.js"
import { timeoutCommand } from "./timeout.js"
import { xargsCommand } from "./xargs.js"
import { yesCommand } from "./yes.js"

/** System commands: clock, environment, identity, processes and terminal stand-ins. */
export const systemCommands: ReadonlyArray<Command> = [
  seqCommand,
  dateCommand,
  envCommand,
  printenvCommand,
  sleepCommand,
  timeoutCommand,
  whoamiCommand,
  hostnameCommand,
  unameCommand,
  idCommand,
  groupsCommand,
  nprocCommand,
  yesCommand,
  killCommand,
  watchCommand,
  clearCommand,
  ttyCommand,
  syncCommand,
  xargsCommand
]
