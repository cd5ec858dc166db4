import type { Attack } from "../types.js"
import { JS_INTERNALS, LIMIT, SMALL_MEMORY, STOPPED, TIMEOUT, unbounded } from "./common.js"

/** One command that runs forever or grows without bound inside itself; odd values. */
export const commandAttacks: ReadonlyArray<Attack> = [
  // ---- sed ------------------------------------------------------------------------------------
  { id: "sed-branch-loop", category: "command-loop", script: "echo a | sed ':a;s/a/a/;ta'", expect: { status: STOPPED } },
  { id: "sed-n-branch-loop", category: "command-loop", script: "echo a | sed -n ':a;ba'", expect: { status: STOPPED } },
  { id: "sed-hold-growth", category: "command-loop", script: "yes | sed 'H;$!d'", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  { id: "sed-N-accumulate", category: "command-loop", script: "yes | sed ':a;N;ba'", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  { id: "sed-pattern-doubling", category: "command-loop", script: "echo a | sed ':a;h;G;ba'", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: [LIMIT], stderr: /memory|string length/ } },
  // ---- awk ------------------------------------------------------------------------------------
  { id: "awk-while-true", category: "command-loop", script: "awk 'BEGIN { while (1) {} }'", expect: { status: STOPPED } },
  { id: "awk-for-ever", category: "command-loop", script: "awk 'BEGIN { for (;;) x++ }'", expect: { status: STOPPED } },
  {
    id: "awk-recursion",
    category: "command-loop",
    script: "awk 'function f(n) { return f(n + 1) } BEGIN { f(1) }'",
    expect: { status: STOPPED, stderrNot: JS_INTERNALS }
  },
  { id: "awk-string-doubling", category: "command-loop", script: "awk 'BEGIN { s = \"a\"; while (1) s = s s }'", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: [LIMIT] } },
  { id: "awk-array-growth", category: "command-loop", script: "awk 'BEGIN { while (1) a[i++] = i }'", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  { id: "awk-getline-yes", category: "command-loop", script: "yes | awk 'BEGIN { while ((getline line) > 0) n++; print n }'", expect: { status: STOPPED } },
  // ---- bc -------------------------------------------------------------------------------------
  { id: "bc-while-true", category: "command-loop", script: "echo 'while (1) { }' | bc", expect: { status: STOPPED } },
  // A refusal with a clear error (status 0, as bc reports runtime errors) is as safe as a stop.
  { id: "bc-huge-power", category: "command-loop", script: "echo '2^99999999' | bc | tail -c 10", expect: { status: [0, TIMEOUT, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "bc-pi-100k-digits", category: "command-loop", script: "echo 'scale=100000; 4*a(1)' | bc -l | tail -c 10", expect: { status: [0, TIMEOUT, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "bc-recursion", category: "command-loop", script: "echo 'define f(x) { return f(x+1); }; f(1)' | bc", expect: { status: [0, 1, 2, TIMEOUT, LIMIT], stderrNot: JS_INTERNALS } },
  // ---- hex dumps ------------------------------------------------------------------------------
  { id: "xxd-c0", category: "command-loop", script: "echo hi | xxd -c 0", expect: { status: [0], stdout: "00000000: 6869 0a                                  hi.\n" } },
  { id: "xxd-huge-columns", category: "command-loop", script: "echo hi | xxd -c 999999999 | wc -l", expect: { status: [0, 1, LIMIT] } },
  // ---- sort, shuf, split, tac ---------------------------------------------------------------
  { id: "yes-sort-head", category: "command-loop", script: "yes | sort | head -1", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  { id: "yes-tac-head", category: "command-loop", script: "yes | tac | head -1", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  {
    id: "sort-two-million-lines",
    category: "command-loop",
    script: "seq 1 2000000 | sort -n | tail -1",
    limits: { timeoutMs: 1500 },
    expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!2000000\n$)./ }
  },
  { id: "shuf-repeat-huge", category: "command-loop", script: "shuf -r -n 99999999 -e a b | tail -1", expect: { status: STOPPED } },
  { id: "shuf-huge-range", category: "command-loop", script: "shuf -i 1-99999999999 -n 1", expect: { status: [0], stdout: /^\d+\n$/ } },
  { id: "split-n-huge", category: "command-loop", script: "cd /tmp && echo abc | split -n 99999999; echo $?", expect: { status: [0, 1, TIMEOUT, LIMIT] } },
  { id: "split-lines-many-files", category: "command-loop", script: "cd /tmp && yes | split -l 1", limits: { maxFileCount: 2000 }, expect: { status: [1, TIMEOUT, LIMIT] } },
  // ---- other tools ----------------------------------------------------------------------------
  {
    id: "diff-disjoint-files",
    category: "command-loop",
    script: "seq 1 40000 > /tmp/a; seq 40001 80000 > /tmp/b; diff /tmp/a /tmp/b | wc -l",
    limits: { timeoutMs: 1500 },
    expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!80002\n$)./ }
  },
  { id: "jq-infinite-recursion", category: "command-loop", script: "jq -n 'def f: f; f'", expect: { status: [5, TIMEOUT, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "jq-huge-range", category: "command-loop", script: "jq -n '[range(1e9)] | length'", expect: { status: [5, TIMEOUT, LIMIT] } },
  { id: "seq-to-devnull", category: "command-loop", script: "seq 1 1000000000000 > /dev/null", expect: { status: [TIMEOUT] } },
  { id: "xargs-endless", category: "command-loop", script: "yes | xargs echo > /dev/null", limits: unbounded, expect: { status: STOPPED } },
  { id: "factor-big-prime", category: "command-loop", script: "factor 170141183460469231731687303715884105727", expect: { status: [0, 1, TIMEOUT, LIMIT] } },
  { id: "column-huge-input", category: "command-loop", script: "yes 'a b c' | head -c 50000000 | column -t | tail -1", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  // ---- a limit inside a command ends the whole script ----------------------------------------
  { id: "awk-limit-ends-script", category: "limit-ends-script", script: "awk 'BEGIN { while (1) {} }'; echo after", expect: { status: STOPPED, stdoutNot: /after/ } },
  { id: "sed-limit-ends-script", category: "limit-ends-script", script: "echo a | sed ':a;s/a/a/;ta'; echo after", expect: { status: STOPPED, stdoutNot: /after/ } },
  { id: "sort-memory-ends-script", category: "limit-ends-script", script: "yes | sort; echo after", limits: { maxMemoryBytes: SMALL_MEMORY, timeoutMs: 5000 }, expect: { status: [LIMIT], stdoutNot: /after/, stderr: /memory/ } },
  // The memory limit or, on a slow machine, the deadline: either way nothing runs after awk.
  { id: "awk-memory-ends-script", category: "limit-ends-script", script: "yes | awk '{ a[NR] = $0 }'; echo after", limits: { maxMemoryBytes: SMALL_MEMORY, timeoutMs: 5000 }, expect: { status: STOPPED, stdoutNot: /after/ } },
  { id: "printf-width-ends-script", category: "limit-ends-script", script: "printf '%*s' 999999999 | wc -c; echo after", expect: { status: [LIMIT], stdoutNot: /after/ } },
  { id: "jq-timeout-ends-script", category: "limit-ends-script", script: "jq -n 'def f: f; f'; echo after", expect: { status: STOPPED, stdoutNot: /after/ } },
  // ---- odd values -----------------------------------------------------------------------------
  {
    id: "printf-T-huge",
    category: "odd-value",
    script: "printf '%(%Y)T\\n' 99999999999999999999",
    expect: { status: [0], stdout: "1970\n", stderr: /Numerical result out of range/ }
  },
  { id: "printf-T-negative", category: "odd-value", script: "printf '%(%Y)T\\n' -99999999999999; echo $?", expect: { status: [0], stdoutNot: JS_INTERNALS } },
  {
    id: "touch-d-negative-epoch",
    category: "odd-value",
    script: "touch -d @-99999999999999 /tmp/f; echo $?; ls -l /tmp/f",
    expect: { status: [0, 1, 2], stdoutNot: JS_INTERNALS, stderrNot: JS_INTERNALS }
  },
  {
    id: "date-next-year-huge-days",
    category: "odd-value",
    script: "date -d 'next year 99999999999 days'",
    expect: { status: [1], stderr: /invalid date/, stderrNot: JS_INTERNALS }
  },
  { id: "date-epoch-out-of-range", category: "odd-value", script: "date -d @99999999999999999", expect: { status: [1], stderrNot: JS_INTERNALS } },
  {
    id: "printf-d-out-of-range",
    category: "odd-value",
    script: "printf '%d\\n' 99999999999999999999999",
    expect: { status: [0, 1], stdout: "9223372036854775807\n", stderr: /Numerical result out of range/ }
  },
  { id: "arith-min-div-minus-one", category: "odd-value", script: "echo $(( -9223372036854775808 / -1 ))", expect: { status: [0], stdout: "-9223372036854775808\n" } },
  { id: "arith-huge-shift", category: "odd-value", script: "echo $(( 1 << 99999999 ))", expect: { status: [0], stdout: "-9223372036854775808\n" } },
  { id: "expr-bignum", category: "odd-value", script: "expr 99999999999999999999 + 1", expect: { status: [0], stdout: "100000000000000000000\n" } },
  { id: "head-c-huge-count", category: "odd-value", script: "head -c 99999999999999999999 /dev/null", expect: { status: [0, 1], stderrNot: JS_INTERNALS } },
  { id: "printf-huge-precision", category: "odd-value", script: "printf '%.999999999f' 1 | wc -c", expect: { status: [0, 1, LIMIT], stderrNot: JS_INTERNALS } },
  { id: "awk-huge-width", category: "odd-value", script: "awk 'BEGIN { printf \"%*d\", 1e9, 1 }' | wc -c", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: [0, 2, LIMIT] } },
  { id: "substring-huge-offset", category: "odd-value", script: "s=abc; echo \"[${s:99999999999999999999}][${s:2**62:2**62}]\"", expect: { status: [0, 1], stderrNot: JS_INTERNALS } },
  { id: "sleep-infinity", category: "odd-value", script: "sleep inf", expect: { status: [TIMEOUT] } },
  { id: "seq-infinity-head", category: "odd-value", script: "seq 1 inf | head -3", expect: { status: [0], stdout: "1\n2\n3\n" } },
  {
    id: "yq-deep-nesting",
    category: "odd-value",
    script: "yq . /tmp/deep.yaml > /dev/null",
    binaryFiles: { "/tmp/deep.yaml": "deepYaml" },
    expect: { status: [1, 2, LIMIT], stderrNot: JS_INTERNALS }
  },
  {
    id: "jq-deep-nesting",
    category: "odd-value",
    script: "jq . /tmp/deep.json > /dev/null",
    binaryFiles: { "/tmp/deep.json": "deepJson" },
    limits: { timeoutMs: 5000 },
    expect: { status: [0, 2, 5, LIMIT], stderrNot: JS_INTERNALS }
  }
]
