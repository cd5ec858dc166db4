import type { ShellState } from "./ShellState.js"
import { Attr } from "./variables.js"

/** Whether `name` itself (not what it refers to) is a nameref. */
export const isNameref = (state: ShellState, name: string): boolean => ((state.peekRaw(name)?.attrs ?? 0) & Attr.nameref) !== 0

const REFERABLE = /^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?$/s

/**
 * A nameref as a `for` variable: each word becomes the name it refers to (bash re-points the
 * reference instead of assigning through it). Returns bash's error for a word that is no name.
 */
export const retargetNameref = (state: ShellState, name: string, target: string): string | undefined => {
  if (!REFERABLE.test(target)) return `\`${target}': not a valid identifier`
  const found = state.findRaw(name)
  if (found !== undefined) found.variable.value = target
  return undefined
}
