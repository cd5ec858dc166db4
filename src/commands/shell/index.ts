import type { ShellBuiltin } from "../../interpreter/Interpreter.js"
import {
  breakBuiltin,
  colonBuiltin,
  continueBuiltin,
  evalBuiltin,
  exitBuiltin,
  falseBuiltin,
  returnBuiltin,
  shiftBuiltin,
  sourceBuiltin,
  trueBuiltin
} from "./control.js"
import { aliasBuiltin, unaliasBuiltin } from "./aliases.js"
import { cdBuiltin, letBuiltin, pwdBuiltin } from "./environment.js"
import { mapfileBuiltin } from "./mapfile.js"
import { readBuiltin } from "./read.js"
import { compgenBuiltin, completeBuiltin } from "./completion.js"
import { bashBuiltin } from "./invocation.js"
import { fcBuiltin, helpBuiltin, historyBuiltin, timesBuiltin, umaskBuiltin } from "./session.js"
import { disownBuiltin, foregroundBuiltin, jobsBuiltin, killBuiltin, suspendBuiltin, trapBuiltin, waitBuiltin } from "./jobs.js"
import { builtinBuiltin, commandBuiltin, enableBuiltin, hashBuiltin, typeBuiltin, whichBuiltin } from "./lookupBuiltins.js"
import { dirsBuiltin, popdBuiltin, pushdBuiltin } from "./dirstack.js"
import { execBuiltin } from "./exec.js"
import { setBuiltin, shoptBuiltin } from "./options.js"
import { callerBuiltin, getoptsBuiltin } from "./positional.js"
import { echoBuiltin, printfBuiltin } from "./output.js"
import { bracketBuiltin, testBuiltin } from "./test.js"
import { compoptBuiltin, logoutBuiltin, ulimitBuiltin } from "./ulimit.js"
import { withHelp } from "./usage.js"
import {
  declareBuiltin,
  exportBuiltin,
  localBuiltin,
  readonlyBuiltin,
  typesetBuiltin,
  unsetBuiltin
} from "./variables.js"

const builtins: ReadonlyArray<ShellBuiltin> = [
  colonBuiltin,
  trueBuiltin,
  falseBuiltin,
  exitBuiltin,
  returnBuiltin,
  breakBuiltin,
  continueBuiltin,
  shiftBuiltin,
  evalBuiltin,
  sourceBuiltin("source"),
  sourceBuiltin("."),
  execBuiltin,
  echoBuiltin,
  printfBuiltin,
  testBuiltin,
  bracketBuiltin,
  declareBuiltin,
  typesetBuiltin,
  localBuiltin,
  exportBuiltin,
  readonlyBuiltin,
  unsetBuiltin,
  setBuiltin,
  shoptBuiltin,
  cdBuiltin,
  pwdBuiltin,
  readBuiltin,
  mapfileBuiltin("mapfile"),
  mapfileBuiltin("readarray"),
  letBuiltin,
  typeBuiltin,
  commandBuiltin,
  aliasBuiltin,
  unaliasBuiltin,
  trapBuiltin,
  waitBuiltin,
  bashBuiltin("bash"),
  bashBuiltin("sh"),
  getoptsBuiltin,
  callerBuiltin,
  pushdBuiltin,
  popdBuiltin,
  dirsBuiltin,
  hashBuiltin,
  whichBuiltin,
  builtinBuiltin,
  enableBuiltin,
  compgenBuiltin,
  completeBuiltin,
  helpBuiltin,
  historyBuiltin,
  fcBuiltin,
  timesBuiltin,
  umaskBuiltin,
  jobsBuiltin,
  killBuiltin,
  disownBuiltin,
  suspendBuiltin,
  foregroundBuiltin("fg"),
  foregroundBuiltin("bg"),
  ulimitBuiltin,
  logoutBuiltin,
  compoptBuiltin
]

/** Every builtin that reads or changes shell state, each answering `--help` as bash does. */
export const shellBuiltins: ReadonlyArray<ShellBuiltin> = builtins.map(withHelp)
