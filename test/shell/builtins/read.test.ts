import { describe, expect, it } from "vitest"
import { Bash } from "../../../src/index.js"
import { differential } from "./differential.js"

differential("read", [
  "printf 'ab cd\\\\\\nef gh\\n' | { read -N 4 a b; echo \"[$a][$b] $?\"; read -n 3 x; echo \"[$x] $?\"; read -r y; echo \"[$y]\"; }",
  "printf 'a:b:c\\0d e\\0' | { read -d '' v; echo \"[$v] $?\"; IFS=: read -d '' -a arr; declare -p arr; read -d '' q; echo \"[$q] $?\"; }",
  "echo hi | { read -t 0.5 l; echo \"[$l] $?\"; read -t 0 <<< x; echo \"t0=$?\"; }",
  { script: "read -t abc x </dev/null; echo $?; read -n abc x </dev/null; echo $?", stderr: true },
  { script: "read -u 9 x; echo $?; exec 3<<<'from3'; read -u 3 l; echo \"[$l]\"; read -u x; echo $?", stderr: true },
  "printf 'one\\ntwo\\n' | { read -n 0 a; echo \"[$a] $?\"; read -N 2 b; echo \"[$b]\"; read -s -p 'prompt' c; echo \"[$c]\"; }",
  "echo '  lead  trail  ' | { read -N 20 v; echo \"[$v]\"; }",
  "printf ab | { read -n 5 x; echo $? $x; }; printf ab | { read -N 5 x; echo $? $x; }; printf 'a\\\\' | { read x; echo $? \"[$x]\"; }",
  { script: "printf 'a b\\n' | { read 1x; echo $?; }; printf 'x\\n' | { read -a 1x; echo $?; }", stderr: true },
  "printf 'a\\tb  c\\n' | { IFS= read -r x; echo \"[$x]\"; }; printf '  a  b  \\n' | { read; echo \"[$REPLY]\"; }; printf '  a  b  \\n' | { read x; echo \"[$x]\"; }",
  "printf 'a\\\\ b c\\n' | { read x y; echo \"[$x][$y]\"; }; printf 'a\\\\ b c\\n' | { read -r x y; echo \"[$x][$y]\"; }",
  "printf 'a b c d\\n' | { read -a arr x; declare -p arr; echo \"[$x]\"; }",
  "read x <<< 'héllo wörld'; echo \"$x\"; read -n 2 y <<< 'héllo'; echo \"$y\"",
  "printf 'a,b,,c\\n' | { IFS=, read -r p q r s; echo \"[$p][$q][$r][$s]\"; }",
  "read -r x < /dev/null; echo \"st=$? [$x]\"",
  { script: "read -z; echo $?; read -d; echo $?", stderr: true },
  "sleep 1 | { read -t 0.1 z; echo \"to=$?\"; }"
])

differential("mapfile", [
  "printf 'a\\nb\\nc\\n' | { mapfile -t -C 'echo cb' -c 2 arr; declare -p arr; }",
  "printf 'a\\nb\\n' | { mapfile -C 'echo cb' arr; declare -p arr; }",
  { script: "exec 3<<<$'x\\ny'; mapfile -u 3 -t q; declare -p q; mapfile -u 7 z; echo $?; mapfile -n x r </dev/null; echo $?; mapfile -t 1bad </dev/null; echo $?; mapfile -c 0 -C : r </dev/null; echo $?", stderr: true },
  "printf 'a,b,c' | { mapfile -d , -t v; declare -p v; }",
  "printf 'a\\nb\\n' | { arr=(x y z w); mapfile -O 1 arr; declare -p arr; }",
  "printf 'l1\\nl2\\nl3\\nl4\\n' | { readarray -s 1 -n 2 -t a; declare -p a; }",
  "printf 'x\\ny\\n' | { mapfile; declare -p MAPFILE; }"
])

describe("read of an endless record", () => {
  it("ends at the string limit (126), not in the host's memory", async () => {
    const result = await new Bash({ limits: { maxStringLength: 100_000 } }).exec("read -r x < /dev/zero; echo after")
    expect(result.exitCode).toBe(126)
    expect(result.stderr).toContain("maximum string length exceeded (100000 characters)")
    expect(result.stdout).toBe("")
  })

  it("holds what it has read on the memory budget", async () => {
    const result = await new Bash({ limits: { maxMemoryBytes: 200_000 } }).exec("yes | tr -d '\\n' | { read -r x; echo ${#x}; }")
    expect(result.exitCode).toBe(126)
    expect(result.stderr).toContain("memory limit exceeded")
  })
})
