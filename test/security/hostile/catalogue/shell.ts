import type { Attack } from "../types.js"
import { JS_INTERNALS, LIMIT, SMALL_MEMORY, STOPPED, TIMEOUT, unbounded } from "./common.js"

/** The shell itself: parse bombs, arithmetic, case conversion, the memory of shell state. */

/** A 1 MiB string in `x` (20 doublings), built inside the script. */
const MIB = "x=a; for i in {1..20}; do x=$x$x; done; "
/** A 32 MiB string in `x`. */
const MIB32 = "x=a; for i in {1..25}; do x=$x$x; done; "

const memory = (id: string, script: string, extra: Partial<Attack> = {}): Attack => ({
  id,
  category: "memory",
  script,
  ...extra,
  limits: { maxMemoryBytes: SMALL_MEMORY, ...unbounded, timeoutMs: 1500, ...extra.limits },
  expect: { status: STOPPED, stderrNot: JS_INTERNALS, ...extra.expect }
})

export const shellAttacks: ReadonlyArray<Attack> = [
  // ---- parse bombs ----------------------------------------------------------------------------
  { id: "parse-4mb-one-line", category: "parse", script: `echo ${"a ".repeat(2_000_000)}| wc -c`, limits: { timeoutMs: 1000 }, expect: { status: [0, 2, TIMEOUT, LIMIT], stdoutNot: /^(?!4000000\n$)./ } },
  { id: "parse-case-200k-alternatives", category: "parse", script: `case x in ${"a|".repeat(200_000)}b) echo y;; *) echo n;; esac`, limits: { timeoutMs: 1000 }, expect: { status: [0, 2, TIMEOUT, LIMIT], stdoutNot: /y/ } },
  { id: "parse-deep-parens", category: "parse", script: "(".repeat(100_000), expect: { status: [2, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "parse-deep-braces", category: "parse", script: `${"{ ".repeat(50_000)}:${" ;}".repeat(50_000)}`, expect: { status: [0, 2, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "parse-deep-if", category: "parse", script: `${"if true; then ".repeat(20_000)}:${" ; fi".repeat(20_000)}`, expect: { status: [0, 2, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "parse-deep-cmdsub", category: "parse", script: `echo ${"$(echo ".repeat(5000)}x${")".repeat(5000)}`, expect: { status: [2, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "parse-deep-param-default", category: "parse", script: `echo ${"${x:-".repeat(20_000)}y${"}".repeat(20_000)}`, expect: { status: [0, 1, 2, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "parse-deep-cond", category: "parse", script: `[[ ${"( ".repeat(50_000)}a${" )".repeat(50_000)} ]]; echo $?`, expect: { status: [0, 2, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "parse-million-semicolons", category: "parse", script: ": ;".repeat(1_000_000), limits: { timeoutMs: 1000 }, expect: { status: [0, 2, TIMEOUT, LIMIT] } },
  { id: "parse-long-pipeline", category: "parse", script: `true${" | true".repeat(50_000)}; echo $?`, limits: { timeoutMs: 1000 }, expect: { status: [0, 2, TIMEOUT, LIMIT] } },
  {
    id: "parse-eval-long-function",
    category: "parse",
    script: "body=$(printf 'echo x; %.0s' {1..20000}); eval \"f() { $body }\"; echo ok",
    limits: { timeoutMs: 2000 },
    expect: { status: [0], stdout: "ok\n" }
  },
  { id: "parse-array-million-words", category: "parse", script: `a=(${"x ".repeat(1_000_000)}); echo \${#a[@]}`, limits: { timeoutMs: 1000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!1000000\n$)./ } },
  { id: "brace-exponential", category: "parse", script: `echo ${"{a,b}".repeat(30)} | wc -c`, expect: { status: [LIMIT], stderr: /brace expansion/ } },
  // ---- arithmetic -----------------------------------------------------------------------------
  { id: "arith-200k-nested-parens", category: "arithmetic", script: `echo $(( ${"(".repeat(200_000)}1${")".repeat(200_000)} ))`, expect: { status: [1, 2, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "arith-200k-unary-minus", category: "arithmetic", script: `echo $(( ${"-".repeat(200_000)}1 ))`, expect: { status: [0, 1, 2, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "arith-million-terms", category: "arithmetic", script: `echo $(( ${"1+".repeat(1_000_000)}1 ))`, limits: { timeoutMs: 1000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!1000001\n$)./ } },
  { id: "arith-self-reference", category: "arithmetic", script: "x=x; echo $((x))", expect: { status: [1], stderr: /expression recursion level exceeded/ } },
  { id: "arith-mutual-reference", category: "arithmetic", script: "a=b; b=a; echo $((a))", expect: { status: [1], stderr: /expression recursion level exceeded/ } },
  { id: "arith-for-ever", category: "arithmetic", script: "for ((;;)); do :; done", limits: unbounded, expect: { status: [TIMEOUT] } },
  { id: "arith-nested-in-variables", category: "arithmetic", script: `v="${"(".repeat(100_000)}1${")".repeat(100_000)}"; echo $((v))`, expect: { status: [1, 2, LIMIT], stderrNot: JS_INTERNALS } },
  // ---- case conversion and other ops on huge strings --------------------------------------------
  { id: "upper-32mib", category: "case-conversion", script: `${MIB32}y=\${x^^}; echo \${#y}`, limits: { timeoutMs: 3000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!33554432\n$)./ } },
  { id: "lower-32mib", category: "case-conversion", script: `${MIB32}y=\${x,,}; echo \${#y}`, limits: { timeoutMs: 3000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!33554432\n$)./ } },
  { id: "toggle-32mib", category: "case-conversion", script: `${MIB32}y=\${x~~}; echo \${#y}`, limits: { timeoutMs: 3000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!33554432\n$)./ } },
  { id: "upper-U-32mib", category: "case-conversion", script: `${MIB32}y=\${x@U}; echo \${#y}`, limits: { timeoutMs: 3000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!33554432\n$)./ } },
  { id: "declare-u-32mib", category: "case-conversion", script: `${MIB32}declare -u y; y=$x; echo \${#y}`, limits: { timeoutMs: 3000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!33554432\n$)./ } },
  { id: "replace-all-32mib", category: "case-conversion", script: `${MIB32}y=\${x//a/b}; echo \${#y}`, limits: { timeoutMs: 3000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!33554432\n$)./ } },
  { id: "quote-Q-32mib", category: "case-conversion", script: `${MIB32}y=\${x@Q}; echo \${#y}`, limits: { timeoutMs: 3000 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!33554434\n$)./ } },
  // ---- memory of shell state --------------------------------------------------------------------
  memory("many-big-variables", `${MIB}for i in {1..200}; do eval "v$i=\\$x\\$i"; done`, { expect: { status: [LIMIT], stderr: /memory/ } }),
  memory("array-from-word-splitting", "a=($(seq 1 5000000)); echo ${#a[@]}"),
  memory("mapfile-endless", "mapfile -t a < <(yes); echo ${#a[@]}"),
  memory("set-positional-huge", "set -- $(seq 1 5000000); echo $#"),
  memory("exec-fd-copies", `${MIB}for i in {3..250}; do eval "exec $i<<<\\"\\$x\\""; done; echo done`, { expect: { status: [LIMIT], stderr: /memory|descriptor/ } }),
  memory("background-jobs-holding", `${MIB}for i in {1..300}; do { y=$x$i; sleep 5; } & done; wait`),
  memory("pushd-endless", "x=$(printf 'd%.0s' {1..200}); mkdir -p /tmp/$x; while :; do pushd -n /tmp/$x > /dev/null; done"),
  // Here the peak-RSS bound is the guard: the deadline may come before the memory limit.
  memory("functions-thousands", `${MIB}for i in {1..100000}; do eval "f$i() { echo \\"$x\\"; }"; done`),
  memory("aliases-thousands", `${MIB}for i in {1..100000}; do alias a$i="$x"; done`),
  memory("assoc-array-growth", `${MIB}declare -A m; i=0; while :; do m[$i]=$x$i; i=$((i+1)); done`, { expect: { status: [LIMIT], stderr: /memory/ } }),
  memory("array-append-growth", `${MIB}a=(); while :; do a+=("$x"); done`, { expect: { status: [LIMIT], stderr: /memory/ } }),
  memory("args-doubling-recursion", "f() { f \"$@\" \"$@\"; }; f x"),
  memory("local-array-recursion", "f() { local a=(\"$@\" \"$@\"); f \"${a[@]}\"; }; f x"),
  memory("cmdsub-endless", "x=$(yes); echo ${#x}", { expect: { status: [LIMIT] } }),
  memory("cmdsub-dev-zero", "x=$(cat /dev/zero); echo ${#x}", { expect: { status: [LIMIT] } }),
  memory("heredoc-in-loop", `${MIB}while :; do cat <<EOF\n$x$x\nEOF\ndone > /dev/null`, { expect: { status: [TIMEOUT] } }),
  memory("pipe-never-read", "yes | sleep 5"),
  memory("pipe-never-read-dev-zero", "cat /dev/zero | { sleep 5; }"),
  memory("coproc-never-read", "coproc yes; sleep 5"),
  memory("printf-v-doubling", "x=a; while :; do printf -v x '%s%s' \"$x\" \"$x\"; done", { expect: { status: [LIMIT] } }),
  memory("read-a-huge", "read -r -a a < <(yes | head -c 100000000 | tr '\\n' ' '); echo ${#a[@]}"),
  memory("sort-3gb-stream", "yes 1234567890abcdef | head -c 3000000000 | sort | tail -1", { limits: { timeoutMs: 2000 } }),
  memory("awk-array-stream", "yes | awk '{ a[NR] = $0 }'"),
  memory("jq-slurp-huge", "yes '[1,2,3]' | head -c 100000000 | jq -s length", { expect: { status: [2, 5, TIMEOUT, LIMIT] } }),
  memory("uniq-endless", "yes | uniq -c", { expect: { status: [TIMEOUT] } }),
  // ---- limits read in one place -----------------------------------------------------------------
  { id: "hardened-brace-words", category: "limits-one-place", script: "echo {1..20000} | wc -w", profile: "hardened", expect: { status: [LIMIT], stderr: /too many words/ } },
  {
    id: "hardened-glob-words",
    category: "limits-one-place",
    script: "mkdir /tmp/g && touch /tmp/g/a{1..900} && touch /tmp/g/b{1..900} && echo /tmp/g/* | wc -w",
    profile: "hardened",
    limits: { maxExpansionWords: 1000, maxCommands: 1e6, maxLoopIterations: 1e6 },
    expect: { status: [LIMIT] }
  },
  { id: "hardened-string-length", category: "limits-one-place", script: `${MIB}x=$x$x; echo \${#x}`, profile: "hardened", expect: { status: [LIMIT], stderr: /string length/ } },
  // ---- concurrent execs on one shell --------------------------------------------------------------
  {
    id: "same-shell-concurrent-execs",
    category: "concurrent-shell",
    script: "set -e; cd /tmp; secret=first; sleep 0.2; false; echo not-reached",
    alongside: ["echo \"$PWD:${secret:-unset}\"; case $- in *e*) echo errexit;; *) echo plain;; esac"],
    expect: { status: [1], stdout: "", alongsideStdout: [/^(\/home\/user:unset|\/tmp:first)\n(plain|errexit)\n$/] }
  }
]
