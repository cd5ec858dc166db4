import type { SetOption, ShellState } from "./ShellState.js"
import type { Scope } from "./variables.js"

/**
 * `local -`: the shell options (`set -e`, `set -x`, ...) as they were when a function declared
 * them local, restored when it returns. Kept beside the function's variable scope.
 */
const saved = new WeakMap<Scope, Set<SetOption>>()

export const saveLocalOptions = (state: ShellState): void => {
  const scope = state.locals[state.locals.length - 1]
  if (scope !== undefined && !saved.has(scope)) saved.set(scope, new Set(state.options))
}

export const restoreLocalOptions = (state: ShellState, scope: Scope | undefined): void => {
  const options = scope === undefined ? undefined : saved.get(scope)
  if (options !== undefined) state.options = options
}
