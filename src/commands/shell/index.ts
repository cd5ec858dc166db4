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
import {
  aliasBuiltin,
  bashBuiltin,
  cdBuiltin,
  commandBuiltin,
  letBuiltin,
  mapfileBuiltin,
  pwdBuiltin,
  readBuiltin,
  trapBuiltin,
  typeBuiltin,
  unaliasBuiltin,
  waitBuiltin
} from "./environment.js"
import { dirsBuiltin, popdBuiltin, pushdBuiltin } from "./dirstack.js"
import { execBuiltin } from "./exec.js"
import { setBuiltin, shoptBuiltin } from "./options.js"
import { callerBuiltin, getoptsBuiltin } from "./positional.js"
import { echoBuiltin, printfBuiltin } from "./output.js"
import { bracketBuiltin, testBuiltin } from "./test.js"
import {
  declareBuiltin,
  exportBuiltin,
  localBuiltin,
  readonlyBuiltin,
  typesetBuiltin,
  unsetBuiltin
} from "./variables.js"

/** Every builtin that reads or changes shell state. */
export const shellBuiltins: ReadonlyArray<ShellBuiltin> = [
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
  dirsBuiltin
]
