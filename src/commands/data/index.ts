import type { Command } from "../Command.js"
import { gunzipCommand, gzipCommand, zcatCommand } from "./archive/gzip.js"
import { tarCommand } from "./archive/tar.js"
import { unzipCommand } from "./archive/unzip.js"
import { zipCommand } from "./archive/zip.js"
import { checksumCommands } from "./checksum/checksum.js"
import { cksumCommand } from "./checksum/cksum.js"
import { base32Command, base64Command } from "./encoding/base64.js"
import { jqCommand } from "./jq/jq.js"
import { yqCommand } from "./yq/yq.js"

/** Data and archive commands (jq, yq, base64, checksums, gzip, tar, zip). */
export const dataCommands: ReadonlyArray<Command> = [
  jqCommand,
  yqCommand,
  base64Command,
  base32Command,
  ...checksumCommands,
  cksumCommand,
  gzipCommand,
  gunzipCommand,
  zcatCommand,
  tarCommand,
  zipCommand,
  unzipCommand
]
