import type { Command } from "../../Command.js"
import { cutCommand } from "./cut.js"
import { headCommand, tailCommand } from "./headTail.js"
import { sortCommand } from "./sort/index.js"
import { trCommand } from "./tr.js"
import { uniqCommand } from "./uniq.js"
import { wcCommand } from "./wc.js"

/** sort, uniq, cut, tr, head, tail, wc and the rest of the text toolbox. */
export const textToolCommands: ReadonlyArray<Command> = [
  sortCommand,
  uniqCommand,
  cutCommand,
  trCommand,
  headCommand,
  tailCommand,
  wcCommand
]
