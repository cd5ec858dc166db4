/**
 * A shell glob (`*`, `?`, `[...]`, `\x`) as a name test, for grep --include/--exclude and rg -g:
 * the shell's own linear-time matcher, charged to the exec's budget.
 */
import { globTest, type GlobTest } from "../../fs/support/fnmatch.js"

export { globTest, type GlobTest }
