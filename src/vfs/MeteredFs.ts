import { Effect } from "effect"
import type { Budget } from "../limits/Budget.js"
import { LimitExceeded } from "../limits/ExecutionLimits.js"
import { backendInfo } from "./internal/backendInfo.js"
import { makeVfs } from "./make.js"
import type { VfsPrimitives, VfsService } from "./Vfs.js"
import type { VfsError } from "./VfsError.js"

/**
 * The filesystem as one exec sees it: every operation passes the exec's budget first, so a
 * walk of any length (find, du, ls -R, cp -r, rm -r, chmod -R, mkdir -p, tree, grep -r, a
 * glob) stops at the deadline or abort and yields to the event loop when its slice is spent.
 * On a backend that waits (a host directory, a host's own), each operation is also raced
 * against the deadline and the abort, so one long operation (a deep `mkdir -p`, a recursive
 * copy, a listing of a huge directory, a backend that never answers) ends with the exec.
 *
 * A stop is raised as a defect carrying the `LimitExceeded` (the operations' error channel is
 * `VfsError`): a command that turns filesystem errors into messages cannot swallow it, and the
 * command boundary ends the script with it (the budget keeps it in any case).
 */
export const meterFs = (fs: VfsService, budget: Budget): VfsService => {
  const synchronous = backendInfo(fs)?.synchronous === true
  const stopAsDefect = <A>(effect: Effect.Effect<A, VfsError | LimitExceeded>): Effect.Effect<A, VfsError> =>
    Effect.catchIf(
      effect,
      (error): error is LimitExceeded => error instanceof LimitExceeded,
      (stop) => Effect.die(stop)
    ) as Effect.Effect<A, VfsError>
  const gate = Effect.orDie(budget.checkpoint)
  const metered =
    <A, Args extends ReadonlyArray<unknown>>(run: (...args: Args) => Effect.Effect<A, VfsError>) =>
    (...args: Args): Effect.Effect<A, VfsError> =>
      synchronous ? Effect.zipRight(gate, Effect.suspend(() => run(...args))) : Effect.zipRight(gate, stopAsDefect(budget.interruptible(Effect.suspend(() => run(...args)))))
  const primitives: VfsPrimitives = {
    stat: metered(fs.stat),
    lstat: metered(fs.lstat),
    readFile: metered(fs.readFile),
    writeFile: metered(fs.writeFile),
    appendFile: metered(fs.appendFile),
    readdir: metered(fs.readdir),
    mkdir: metered(fs.mkdir),
    remove: metered(fs.remove),
    rename: metered(fs.rename),
    copy: metered(fs.copy),
    symlink: metered(fs.symlink),
    readlink: metered(fs.readlink),
    realpath: metered(fs.realpath),
    link: metered(fs.link),
    chmod: metered(fs.chmod),
    chown: metered(fs.chown),
    utimes: metered(fs.utimes),
    truncate: metered(fs.truncate)
  }
  return makeVfs(primitives)
}
