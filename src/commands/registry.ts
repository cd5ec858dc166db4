import type { Command } from "./Command.js"
import { dataCommands } from "./data/index.js"
import { fsCommands } from "./fs/index.js"
import { systemCommands } from "./system/index.js"
import { withStandardDevices } from "./support/standardDevices.js"
import { textCommands } from "./text/index.js"

/** Every registered (non-shell-state) command shipped with the package. */
export const allCommands: ReadonlyArray<Command> = [...fsCommands, ...systemCommands, ...textCommands, ...dataCommands].map(withStandardDevices)
