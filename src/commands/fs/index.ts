import type { Command } from "../Command.js"
import { cat, less, more } from "./cat.js"
import { chmod } from "./chmod.js"
import { chgrp, chown } from "./chown.js"
import { cp } from "./cp.js"
import { dd } from "./dd.js"
import { df, du } from "./du.js"
import { file } from "./file.js"
import { find } from "./find/index.js"
import { install } from "./install.js"
import { ln } from "./ln.js"
import { ls } from "./ls/index.js"
import { mkdir, rmdir } from "./mkdir.js"
import { mktemp } from "./mktemp.js"
import { mv } from "./mv.js"
import { basename, dirname } from "./names.js"
import { readlink, realpath } from "./paths.js"
import { rm } from "./rm.js"
import { split } from "./split.js"
import { stat } from "./stat.js"
import { tee } from "./tee.js"
import { touch } from "./touch.js"
import { tree } from "./tree.js"
import { truncate } from "./truncate.js"

/** File commands over the VFS (ls, cp, find, ...). */
export const fsCommands: ReadonlyArray<Command> = [
  cat,
  less,
  more,
  ls,
  cp,
  mv,
  rm,
  mkdir,
  rmdir,
  touch,
  ln,
  chmod,
  chown,
  chgrp,
  stat,
  file,
  realpath,
  readlink,
  basename,
  dirname,
  find,
  tree,
  du,
  df,
  mktemp,
  tee,
  split,
  truncate,
  dd,
  install
]
