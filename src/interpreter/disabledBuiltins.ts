import type { ShellState } from "./ShellState.js"

/**
 * Builtins switched off with `enable -n`, per session: keyed by the session's completion table,
 * an object every subshell copy of the state shares (as a forked bash inherits the setting).
 */
const disabled = new WeakMap<object, Set<string>>()

/** Set once `enable -n` is ever used, so command dispatch skips the lookup otherwise. */
let anyDisabled = false

export const disabledBuiltins = (state: ShellState): Set<string> => {
  let set = disabled.get(state.completions)
  if (set === undefined) {
    set = new Set()
    disabled.set(state.completions, set)
  }
  return set
}

export const disableBuiltin = (state: ShellState, name: string): void => {
  anyDisabled = true
  disabledBuiltins(state).add(name)
}

export const isBuiltinDisabled = (state: ShellState, name: string): boolean => anyDisabled && disabled.get(state.completions)?.has(name) === true
