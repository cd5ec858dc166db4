import type { Attack } from "../types.js"
import { as, LIMIT, TIMEOUT } from "./common.js"

/**
 * Exponential matching: every regex consumer and flavour, and the glob/extglob matcher. A
 * pattern without back-references or lookaround must answer as GNU does (linear time, so even
 * a long timeout is never reached); one that needs backtracking may also end at the
 * backtracking budget (126), never past the deadline.
 */

const A30 = as(30)
const A40 = as(40)
/** Allowed for patterns that need backtracking: no match (1) or the budget (126) or the deadline. */
const BACKTRACKING = [1, TIMEOUT, LIMIT]
/** A long deadline: a linear engine answers in milliseconds, a backtracking one never. */
const LINEAR = { timeoutMs: 3000 }

const regex = (id: string, script: string, status: ReadonlyArray<number>, stdout?: string): Attack => ({
  id,
  category: "regex",
  script,
  limits: status === BACKTRACKING ? {} : LINEAR,
  expect: { status, ...(stdout !== undefined ? { stdout } : {}) }
})

const glob = (id: string, script: string, stdout: string): Attack => ({ id, category: "glob", script, limits: LINEAR, expect: { status: [0], stdout } })

export const matchingAttacks: ReadonlyArray<Attack> = [
  // ---- grep, every flavour ---------------------------------------------------------------------
  regex("grep-E-nested-star", `echo ${A30} | grep -E '(a*)*b'`, [1], ""),
  regex("grep-E-alternation", `echo ${A40} | grep -E '(a|aa)*c'`, [1], ""),
  regex("grep-E-plus-plus", `echo ${A30} | grep -E '(a+)+b'`, [1], ""),
  regex("grep-E-classic-redos", `echo ${as(28)}! | grep -E '^(x+x+)+y|(a|a?)+$'`, [0], `${as(28)}!\n`),
  regex("grep-BRE-alternation", `echo ${A40} | grep '\\(a\\|aa\\)*c'`, [1], ""),
  regex("grep-E-backref", `echo ${A30} | grep -E '(a|a)*\\1b'`, BACKTRACKING),
  regex("grep-BRE-backref", `echo ${A30} | grep '\\(a*\\)*\\1b'`, BACKTRACKING),
  regex("grep-P-alternation", `echo ${A30} | grep -P '(a|a)*b'`, [1], ""),
  regex("grep-P-lookahead", `echo ${A30} | grep -P '(a+)+(?=b)'`, BACKTRACKING),
  regex("grep-P-lookbehind", `echo ${A30}b | grep -cP '(?<=(a|a)*)c'`, BACKTRACKING),
  regex("grep-w", `echo ${A30} | grep -Ew '(a|aa)*c'`, [1], ""),
  regex("grep-word-boundaries", `echo ${A30} | grep -E '\\<(a|aa)*c\\>'`, [1], ""),
  regex("grep-non-ascii-bracket", `echo ${A30} | grep -E '([aé]|a)*b'`, [1], ""),
  regex("grep-i-o", `echo ${A30} | grep -ioE '(a|aa)*b'`, [1], ""),
  regex("grep-counted-repetition", `echo ${A30} | grep -E '(a{1,30}){1,30}b'`, [1, 2], ""),
  regex(
    "grep-email-redos",
    `echo ${as(28)}! | grep -E '^([a-zA-Z0-9])(([.-]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$'`,
    [1],
    ""
  ),
  regex("grep-long-line", `printf 'a%.0s' {1..20000} | grep -cE '(a|aa)*b'`, [1], "0\n"),
  // ---- sed, awk, expr -------------------------------------------------------------------------
  regex("sed-E-alternation", `echo ${A30} | sed -E 's/(a|aa)*b/X/'`, [0], `${A30}\n`),
  regex("sed-BRE-backref", `echo ${A30} | sed 's/\\(a*\\)*\\1b/X/'`, [0, TIMEOUT, LIMIT]),
  regex("sed-address", `echo ${A30} | sed -n '/\\(a\\|aa\\)*b/p'`, [0], ""),
  regex("awk-pattern", `echo ${A30} | awk '/(a|aa)*b/'`, [0], ""),
  regex("awk-match-dynamic", `echo ${A30} | awk '{ print match($0, "(a*)*b") }'`, [0], "0\n"),
  regex("awk-split", `echo ${A30} | awk '{ print split($0, parts, /(a|aa)*b/) }'`, [0], "1\n"),
  regex("awk-gsub", `echo ${A30} | awk '{ gsub(/(a|aa)*c/, "x"); print }'`, [0], `${A30}\n`),
  regex("awk-regex-from-input", `echo '(a|aa)*b' | awk -v s=${A30} '{ print (s ~ $0) }'`, [0], "0\n"),
  regex("expr-alternation", `expr ${A30} : '\\(a\\|aa\\)*b'`, [1], "\n"),
  regex("expr-backref", `expr ${A30} : '\\(a*\\)*\\1b'`, BACKTRACKING),
  // ---- the shell's [[ =~ ]] ---------------------------------------------------------------------
  regex("cond-regex-alternation", `s=${A30}; [[ $s =~ (a|aa)*b ]]; echo $?`, [0], "1\n"),
  regex("cond-regex-backref", `s=${A30}; [[ $s =~ (a|a)*\\1b ]]; echo $?`, [0, TIMEOUT, LIMIT]),
  // ---- file and text tools with regexes --------------------------------------------------------
  regex("find-regex", `touch /tmp/${A30}; find /tmp -regex '.*\\(a\\|aa\\)*b'`, [0], ""),
  regex("find-regex-extended", `touch /tmp/${A30}; find /tmp -regextype posix-extended -regex '.*(a|aa)*b'`, [0], ""),
  regex("rg-alternation", `echo ${A30} > /tmp/f; rg '(a|aa)*b' /tmp/f`, [1], ""),
  regex("rg-P-backref", `echo ${A30} > /tmp/f; rg -P '(a|a)*\\1b' /tmp/f`, [1, 2, TIMEOUT, LIMIT]),
  regex("nl-body-regex", `echo ${A30} | nl -bp'(a|aa)*b'`, [0], `       ${A30}\n`),
  regex("tac-regex-separator", `echo ${A30} | tac -r -s '(a|aa)*b'`, [0], `${A30}\n`),
  // ---- glob and extglob ------------------------------------------------------------------------
  glob("cond-glob-stars", `s=${A40}; [[ $s == *a*a*a*a*a*a*a*a*a*b ]]; echo $?`, "1\n"),
  glob("cond-glob-nocasematch", `shopt -s nocasematch; s=${A40}; [[ $s == *A*A*A*A*A*A*A*A*A*B ]]; echo $?`, "1\n"),
  glob("cond-extglob-star-alt", `shopt -s extglob; s=${A40}; [[ $s == *(a|aa)b ]]; echo $?`, "1\n"),
  glob("cond-extglob-nested-plus", `shopt -s extglob; s=${A40}; [[ $s == +(+(a)|+(a))b ]]; echo $?`, "1\n"),
  glob("cond-extglob-negation", `shopt -s extglob; s=${A40}; [[ $s == !(*a*a*a*a*a*a*b) ]]; echo $?`, "0\n"),
  glob("cond-extglob-at-star", `shopt -s extglob; s=${A40}; [[ $s == @(*(a)|*(a))*(a)b ]]; echo $?`, "1\n"),
  glob("case-glob-stars", `s=${A40}; case $s in *a*a*a*a*a*a*a*a*a*b) echo y;; *) echo n;; esac`, "n\n"),
  glob("case-extglob", `shopt -s extglob; s=${A40}; case $s in +(a|aa)b) echo y;; *) echo n;; esac`, "n\n"),
  glob("replace-all-extglob", `shopt -s extglob; s=${A40}; echo "[\${s//+(a|aa)/}]"`, "[]\n"),
  glob("replace-anchored-extglob", `shopt -s extglob; s=${A40}; echo "[\${s/%+(a|aa)b/}]"`, `[${A40}]\n`),
  glob("remove-prefix-stars", `s=${A40}; echo \${s#*a*a*a*a*a*a*a*a*b}`, `${A40}\n`),
  glob("remove-longest-prefix-stars", `s=${A40}; echo \${s##*a*a*a*a*a*a*a*a*b}`, `${A40}\n`),
  glob("remove-suffix-stars", `s=${A40}; echo \${s%b*a*a*a*a*a*a*a*a*}`, `${A40}\n`),
  glob("remove-longest-suffix-stars", `s=${A40}; echo \${s%%b*a*a*a*a*a*a*a*a*}`, `${A40}\n`),
  glob("pathname-expansion", `touch /tmp/${A40}; echo /tmp/*a*a*a*a*a*a*a*a*a*b`, "/tmp/*a*a*a*a*a*a*a*a*a*b\n"),
  glob("find-name", `touch /tmp/${A40}; find /tmp -name '*a*a*a*a*a*a*a*a*a*b'`, ""),
  glob("compgen-G", `touch /tmp/${A40}; compgen -G '/tmp/*a*a*a*a*a*a*a*a*b'; echo $?`, "1\n"),
  glob("grep-include-glob", `touch /tmp/${A40}; grep -r --include='*a*a*a*a*a*a*a*a*b' x /tmp; echo $?`, "1\n"),
  glob("replace-on-long-text", `s=$(printf 'a%.0s' {1..20000}); t=\${s//a/bb}; echo \${#t}`, "40000\n")
]
