import type { Command } from "../../Command.js"
import { bcCommand } from "./bc/index.js"
import { cmpCommand } from "./cmp.js"
import { columnCommand } from "./column.js"
import { commCommand } from "./comm.js"
import { cutCommand } from "./cut.js"
import { diffCommand } from "./diff/index.js"
import { expandCommand, unexpandCommand } from "./expand.js"
import { exprCommand } from "./expr.js"
import { factorCommand } from "./factor.js"
import { fmtCommand } from "./fmt.js"
import { foldCommand } from "./fold.js"
import { headCommand, tailCommand } from "./headTail.js"
import { joinCommand } from "./join.js"
import { hdCommand, hexdumpCommand, xxdCommand } from "./hex.js"
import { nlCommand } from "./nl.js"
import { numfmtCommand } from "./numfmt.js"
import { odCommand } from "./od.js"
import { shufCommand } from "./shuf.js"
import { stringsCommand } from "./strings.js"
import { pasteCommand } from "./paste.js"
import { patchCommand } from "./patch/index.js"
import { revCommand, tacCommand } from "./revTac.js"
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
  wcCommand,
  pasteCommand,
  commCommand,
  joinCommand,
  nlCommand,
  revCommand,
  tacCommand,
  foldCommand,
  fmtCommand,
  factorCommand,
  expandCommand,
  unexpandCommand,
  columnCommand,
  odCommand,
  xxdCommand,
  hexdumpCommand,
  hdCommand,
  stringsCommand,
  shufCommand,
  exprCommand,
  numfmtCommand,
  diffCommand,
  cmpCommand,
  patchCommand,
  bcCommand
]
