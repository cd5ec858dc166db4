import type { Attack, Cancel, Entry } from "../types.js"
import { ABORT, as, JS_INTERNALS, LIMIT, SMALL_MEMORY, STOPPED, TIMEOUT, unbounded } from "./common.js"

/** Host code at the boundary, fairness between sandboxes, cancellation, escapes. */

const custom = (id: string, script: string, commands: Attack["commands"], expect: Attack["expect"], extra: Partial<Attack> = {}): Attack => ({
  id,
  category: "custom-command",
  script,
  commands,
  ...extra,
  expect: { stderrNot: JS_INTERNALS, ...expect }
})

const scripted = (id: string, script: string, commands: Attack["commands"], expect: Attack["expect"], extra: Partial<Attack> = {}): Attack => ({
  id,
  category: "scripted-tool",
  entry: "scriptedTool",
  script,
  commands,
  ...extra,
  expect: { stderrNot: JS_INTERNALS, ...expect }
})

/** Long-running kinds, each cancelled at 200 ms under a 30 s deadline: must stop within the bound. */
const longRunning: ReadonlyArray<{ readonly kind: string; readonly script: string; readonly files?: Attack["binaryFiles"]; readonly commands?: Attack["commands"] }> = [
  { kind: "busy-loop", script: "while :; do :; done" },
  { kind: "sleep", script: "sleep 100" },
  { kind: "sed-branch", script: "echo a | sed ':a;s/a/a/;ta'" },
  { kind: "awk-loop", script: "awk 'BEGIN { while (1) {} }'" },
  { kind: "sort", script: "yes | sort" },
  // Matching is bounded now: a loop of matches keeps it running until the cancel.
  { kind: "regex-backref", script: `while :; do echo ${as(30)} | grep -E '(a|a)*\\1b'; done` },
  { kind: "glob", script: `s=${as(40)}; while :; do [[ $s == *a*a*a*a*a*a*a*a*a*a*a*a*b ]]; done` },
  { kind: "pipe-endless", script: "yes | wc -l" },
  { kind: "jq", script: "jq -n 'def f: f; f'" },
  { kind: "gunzip-bomb", script: "gunzip -c /tmp/bomb.gz | wc -c", files: { "/tmp/bomb.gz": "gzipBomb" } },
  { kind: "case-conversion", script: "x=a; for i in {1..25}; do x=$x$x; done; while :; do y=${x^^}; done" },
  { kind: "custom-hang", script: "hang", commands: ["hang"] },
  { kind: "bc-loop", script: "echo 'while (1) { }' | bc" }
]

const cancelled = (kind: string, script: string, cancel: Cancel, entry: Entry, extra: Partial<Attack>): Attack => ({
  id: `${cancel.kind}-${kind}`,
  category: "cancellation",
  script,
  entry,
  cancel,
  ...extra,
  limits: { timeoutMs: 30_000, maxMemoryBytes: 256 * 1024 * 1024, ...unbounded },
  expect: cancel.kind === "abort" ? { status: [ABORT] } : { interrupted: true }
})

const cancellations: ReadonlyArray<Attack> = longRunning.flatMap(({ kind, script, files, commands }) => {
  const extra: Partial<Attack> = { ...(files !== undefined ? { binaryFiles: files } : {}), ...(commands !== undefined ? { commands } : {}) }
  return [cancelled(kind, script, { kind: "abort", atMs: 200 }, "facade", extra), cancelled(kind, script, { kind: "interrupt", atMs: 200 }, "shell", extra)]
})

const CANARY = "/tmp/bashkit-hostile-canary"

export const hostAttacks: ReadonlyArray<Attack> = [
  // ---- custom commands (facade `commands`) ---------------------------------------------------------
  custom("custom-never-resolves", "hang; echo after", ["hang"], { status: [TIMEOUT], stdoutNot: /after/ }),
  custom("custom-slow", "slow; echo after", ["slow"], { status: [TIMEOUT], stdoutNot: /after/ }),
  custom("custom-stdout-number", "stdoutNumber; echo \"s=$?\"", ["stdoutNumber"], { status: [0], stdout: "s=1\n", stderr: /invalid result/ }),
  custom("custom-stderr-object", "stderrObject; echo \"s=$?\"", ["stderrObject"], { status: [0], stdout: "s=1\n", stderr: /invalid result/ }),
  custom("custom-exit-code-string", "exitCodeString; echo \"s=$?\"", ["exitCodeString"], { status: [0], stdout: "s=1\n" }),
  custom("custom-throws-null-proto", "throwNullProto; echo \"s=$?\"", ["throwNullProto"], { status: [0], stdout: "s=1\n" }),
  custom("custom-rejects-null-proto", "rejectNullProto; echo \"s=$?\"", ["rejectNullProto"], { status: [0], stdout: "s=1\n" }),
  // An object without a prototype has the result's shape (every field is optional): status 0 or 1.
  custom("custom-returns-null-proto", "returnNullProto; echo \"s=$?\"", ["returnNullProto"], { status: [0], stdout: /^s=[01]\n$/ }),
  custom("custom-throws-string", "throwString; echo \"s=$?\"", ["throwString"], { status: [0], stdout: "s=1\n" }),
  custom("custom-getter-throws", "getterThrows; echo \"s=$?\"", ["getterThrows"], { status: [0], stdout: "s=1\n" }),
  custom("custom-tostring-throws", "toStringThrows; echo \"s=$?\"", ["toStringThrows"], { status: [0], stdout: "s=1\n" }),
  custom("custom-proxy", "proxy; echo \"s=$?\"", ["proxy"], { status: [0], stdout: "s=1\n" }),
  custom("custom-number", "number; echo \"s=$?\"", ["number"], { status: [0], stdout: "s=1\n" }),
  custom("custom-huge-output", "huge | wc -c; echo \"s=$?\"", ["huge"], { status: [0, LIMIT], stdoutNot: /^2\d{8}\n/ }, { limits: { timeoutMs: 3000 } }),
  custom("custom-reenter-endless", "reenterYes; echo after", ["reenterYes"], { status: [TIMEOUT], stdoutNot: /after/ }, { limits: unbounded }),
  custom("custom-recursion", "recurse", ["recurse"], { status: STOPPED }, { limits: { timeoutMs: 2000 } }),
  custom("tool-builtin-never-resolves", "hang; echo after", ["hang"], { status: [TIMEOUT], stdoutNot: /after/ }, { entry: "bashTool", toolTimeoutMs: 600 }),
  custom("tool-builtin-effect-never", "effectNever; echo after", ["effectNever"], { status: [TIMEOUT], stdoutNot: /after/ }, { entry: "bashTool", toolTimeoutMs: 600 }),
  custom("tool-builtin-error-sanitized", "throwSecret; echo \"s=$?\"", ["throwSecret"], { status: [0], stdout: "s=1\n", stderr: /callback failed/, stderrNot: /secret-token|\/srv\/internal/ }, { entry: "bashTool" }),
  custom("tool-builtin-null-proto", "throwNullProto; echo \"s=$?\"", ["throwNullProto"], { status: [0], stdout: "s=1\n" }, { entry: "bashTool" }),
  custom("tool-builtin-huge-output", "huge | wc -c", ["huge"], { status: [0, 1, LIMIT] }, { entry: "bashTool", toolTimeoutMs: 3000 }),
  // ---- ScriptedTool callbacks ----------------------------------------------------------------------
  scripted("scripted-returns-null-proto", "returnNullProto; echo \"s=$?\"", ["returnNullProto"], { status: [0], stdout: /^(\[object Object\])?s=[01]\n$/ }),
  scripted("scripted-throws-null-proto", "throwNullProto; echo \"s=$?\"", ["throwNullProto"], { status: [0], stdout: "s=1\n" }),
  scripted("scripted-rejects-null-proto", "rejectNullProto; echo \"s=$?\"", ["rejectNullProto"], { status: [0], stdout: "s=1\n" }),
  // A callback has its own timeout in ScriptedTool: the call fails and the script goes on.
  scripted("scripted-never-resolves", "hang; echo \"s=$?\"", ["hang"], { status: [0, TIMEOUT], stdout: /^(s=1\n)?$/ }, { toolTimeoutMs: 600 }),
  scripted("scripted-returns-number", "number; echo \"s=$?\"", ["number"], { status: [0], stdout: /^(42)?s=[01]\n$/ }),
  scripted("scripted-huge-output", "huge | wc -c", ["huge"], { status: [0, 1, LIMIT] }, { toolTimeoutMs: 3000 }),
  scripted("scripted-error-sanitized", "throwSecret; echo \"s=$?\"", ["throwSecret"], { status: [0], stdout: "s=1\n", stderrNot: /secret-token|\/srv\/internal/ }),
  // The tool contract reports a limit as exit 1 "resource limit exceeded: ..."; a slow machine
  // reaches the 600 ms timeout (124) before the command limit.
  scripted("scripted-callback-loop", "while :; do number > /dev/null; done", ["number"], { status: [1, TIMEOUT], stderr: /resource limit exceeded|timed out/ }, { toolTimeoutMs: 600 }),
  // ---- fairness -------------------------------------------------------------------------------------
  { id: "fair-busy-loop", category: "fairness", script: "while :; do :; done", limits: { ...unbounded, timeoutMs: 1500 }, expect: { status: [TIMEOUT] } },
  { id: "fair-sort", category: "fairness", script: "seq 1 2000000 | sort -n > /dev/null", limits: { timeoutMs: 3000 }, expect: { status: [0, TIMEOUT] } },
  { id: "fair-glob", category: "fairness", script: `s=${as(40)}; [[ $s == *a*a*a*a*a*a*a*a*a*a*a*a*b ]]`, limits: { timeoutMs: 1500 }, expect: { status: [1, TIMEOUT] } },
  { id: "fair-regex-backref", category: "fairness", script: `echo ${as(30)} | grep -E '(a|a)*\\1b'`, limits: { timeoutMs: 1500 }, expect: { status: [1, TIMEOUT, LIMIT] } },
  {
    id: "fair-200-concurrent-execs",
    category: "fairness",
    script: "i=0; while [ $i -lt 100 ]; do i=$((i+1)); done; echo $i",
    concurrent: 200,
    limits: { timeoutMs: 10_000 },
    expect: { status: [0], stdout: "100\n", echoMs: 1500 }
  },
  { id: "fair-20-spinners", category: "fairness", script: "while :; do :; done", concurrent: 20, limits: { ...unbounded, timeoutMs: 1000 }, expect: { status: [TIMEOUT], overrunMs: 2000 } },
  ...cancellations,
  {
    id: "tool-timeout-ms-busy",
    category: "cancellation",
    entry: "bashTool",
    script: "while :; do :; done",
    toolTimeoutMs: 300,
    limits: unbounded,
    expect: { status: [TIMEOUT] }
  },
  { id: "tool-timeout-ms-sed", category: "cancellation", entry: "bashTool", script: "echo a | sed -n ':a;ba'", toolTimeoutMs: 300, expect: { status: [TIMEOUT] } },
  // ---- escapes and prototype pollution (must keep holding) --------------------------------------------
  {
    id: "escape-host-files",
    category: "escape",
    script: "cat /etc/shadow /proc/self/environ /proc/1/cmdline /work/attacks/package.json /work/main/package.json ~/.ssh/id_rsa; ls /proc/self /work",
    expect: { stdoutNot: /HOSTILE_SECRET|hostile-secret-value|"bashkit-effect"|PRIVATE KEY/ }
  },
  { id: "escape-dotdot", category: "escape", script: "cd /../../../..; pwd; ls /work 2>&1 | head -1", expect: { status: [0], stdout: /^\/\n/ } },
  { id: "escape-write-host-tmp", category: "escape", script: `echo owned > ${CANARY}; cat ${CANARY}`, expect: { status: [0], stdout: "owned\n" }, note: "the child checks the canary path on the host" },
  { id: "escape-spawn-host", category: "escape", script: `node -e 'require("fs").writeFileSync("${CANARY}", "x")'; echo "node:$?"; exec /bin/sh -c 'echo inner'`, expect: { stdout: "node:127\ninner\n" } },
  { id: "escape-enable-f", category: "escape", script: "enable -f /lib/x86_64-linux-gnu/libc.so.6 printf; echo $?", expect: { status: [0], stdout: /^[12]\n$/ } },
  { id: "escape-env-leak", category: "escape", script: "env; set; declare -p; compgen -v", expect: { status: [0], stdoutNot: /hostile-secret-value|HOSTILE_SECRET/ } },
  { id: "escape-network", category: "escape", script: "curl -s http://169.254.169.254/latest/meta-data/; echo \"s=$?\"", expect: { stdout: /s=[1-9]/ } },
  {
    id: "proto-assoc-keys",
    category: "escape",
    script: "declare -A m; m[__proto__]=x; m[constructor]=y; m[toString]=z; echo ${#m[@]} ${m[__proto__]}; __proto__=1; constructor=2; hasOwnProperty=3; echo $__proto__ $constructor $hasOwnProperty; echo ${m[valueOf]:-unset}",
    expect: { status: [0], stdout: "3 x\n1 2 3\nunset\n" }
  },
  { id: "proto-awk-array", category: "escape", script: "awk 'BEGIN { a[\"__proto__\"] = 1; a[\"constructor\"] = 2; for (k in a) n++; print n, length(a) }'", expect: { status: [0], stdout: "2 2\n" } },
  { id: "proto-jq", category: "escape", limits: { timeoutMs: 5000 }, script: "jq -nc '{\"__proto__\": {\"polluted\": 1}} | ., .polluted'", expect: { status: [0], stdout: "{\"__proto__\":{\"polluted\":1}}\nnull\n" } },
  { id: "proto-yq", category: "escape", limits: { timeoutMs: 5000 }, script: "echo '__proto__: {polluted: 1}' | yq -o=json -I=0 '.'; echo '{}' | yq '.polluted'", expect: { status: [0], stdout: "{\"__proto__\":{\"polluted\":1}}\nnull\n" } },
  { id: "proto-nameref-export", category: "escape", script: "declare -n r=__proto__; r=1; export constructor=2; env | grep -c -e __proto__ -e constructor; echo $__proto__", expect: { status: [0], stdout: "1\n1\n" } },
  { id: "proto-hardened-memory", category: "escape", profile: "hardened", script: "x=__proto__; declare -A m; m[$x]=1; m[prototype]=2; echo ${!m[@]} | wc -w", expect: { status: [0], stdout: "2\n" }, limits: { maxMemoryBytes: SMALL_MEMORY } }
]
