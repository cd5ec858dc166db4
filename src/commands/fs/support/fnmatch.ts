/**
 * Shell-pattern matching as fnmatch(3) without FNM_PATHNAME/FNM_PERIOD (find -name, tree -I,
 * ls --ignore, du --exclude): the shell's own matcher without extglob, so it is linear in the
 * pattern and the name and charges the exec's budget.
 */
import { matchPattern } from "../../../expansion/Pattern.js"
import type { WorkMeter } from "../../../limits/Budget.js"

export const fnmatch = (pattern: string, text: string, caseInsensitive: boolean, meter: WorkMeter): boolean =>
  matchPattern(pattern, text, { nocase: caseInsensitive, meter })

/** A glob bound to a meter, for code that tests many names against it (`test(name)`). */
export interface GlobTest {
  readonly test: (text: string) => boolean
}

export const globTest = (pattern: string, meter: WorkMeter): GlobTest => ({ test: (text) => fnmatch(pattern, text, false, meter) })
