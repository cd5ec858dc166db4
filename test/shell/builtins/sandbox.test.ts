import { describe, expect, it } from "vitest"
import { Bash } from "../../../src/index.js"

/** Builtins whose sandbox behaviour has no /bin/bash counterpart to compare with. */
const rows: ReadonlyArray<{ readonly script: string; readonly stdout: string; readonly stderr?: string; readonly exitCode?: number }> = [
  // `which` is the debianutils program: files in PATH only, no functions.
  { script: "which echo cat; which nope; echo $?; f(){ :; }; which f; echo $?; which cd; echo $?", stdout: "/usr/bin/echo\n/usr/bin/cat\n1\n1\n1\n" },
  { script: "mkdir -p /s; printf 'echo hi\\n' > /s/tool; chmod +x /s/tool; PATH=/s:$PATH; which tool; which -s tool; echo $?", stdout: "/s/tool\n0\n" },
  { script: "help -d cd; help -s echo", stdout: "cd - Change the working directory.\necho: echo [-neE] [arg ...]\n" },
  { script: "declare --help | head -1; echo ${PIPESTATUS[0]}", stdout: "declare: declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]\n2\n" },
  // The sandbox presents itself as the GNU bash it emulates (bash invoked as sh too).
  { script: "bash --version | head -1; sh --version | head -1", stdout: "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)\n".repeat(2) },
  { script: "bash --help | head -1; echo ${PIPESTATUS[0]}", stdout: "GNU bash, version 5.2.15(1)-release-(x86_64-pc-linux-gnu)\n0\n" },
  { script: "enable -n echo; enable -n; enable echo; enable -n", stdout: "enable -n echo\n" },
  { script: "history -s one; history -s two; history; fc -l; history -c; history", stdout: "    1  one\n    2  two\n1\t one\n2\t two\n" },
  { script: "fc -e vi 1", stdout: "", stderr: "bash: line 1: fc: only listing (fc -l) is available in this sandbox\n", exitCode: 1 },
  { script: "compgen -c ech | sort -u", stdout: "echo\n" },
  { script: "times", stdout: "0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n" },
  { script: "sleep 5 & jobs -p | grep -c .; kill %1; wait %1; echo $?", stdout: "1\n143\n" },
  { script: "sleep 5 & kill -s KILL $!; wait $!; echo $?", stdout: "137\n" },
  { script: "fg; bg", stdout: "", stderr: "bash: line 1: fg: no job control\nbash: line 1: bg: no job control\n", exitCode: 1 },
  { script: "suspend", stdout: "", stderr: "bash: line 1: suspend: cannot suspend: no job control\n", exitCode: 1 },
  { script: "complete -W 'a b' x; bash -c 'complete -p' ; complete -p", stdout: "complete -W 'a b' x\n" },
  { script: "umask 027; touch /tmp/u; umask", stdout: "0027\n" }
]

describe("sandbox-only builtin behaviour", () => {
  for (const row of rows) {
    it(row.script, async () => {
      const result = await new Bash().exec(row.script)
      expect(result.stdout).toBe(row.stdout)
      if (row.stderr !== undefined) expect(result.stderr).toBe(row.stderr)
      if (row.exitCode !== undefined) expect(result.exitCode).toBe(row.exitCode)
    })
  }
})
