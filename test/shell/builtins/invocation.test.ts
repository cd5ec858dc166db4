import { differential } from "./differential.js"

differential("bash and sh re-invocation", [
  "bash -c 'echo $0 $1 $#' a b c; echo 'echo $0 $# $1' | bash -s x y",
  "bash -O extglob -c 'shopt extglob'; bash -ec 'false; echo no'; echo $?; bash -c 'exit 3'; echo $?",
  { script: "bash -o invalidopt -c 'echo hi'; echo \"st=$?\"", stderr: true },
  { script: "bash --verison; echo \"st=$?\"", lines: 1 },
  { script: "bash -q; echo \"st=$?\"", lines: 1 },
  { script: "bash -c; echo \"st=$?\"", stderr: true },
  { script: "bash nonexist.sh; echo \"st=$?\"", stderr: true },
  "bash -n -c 'echo hi'; echo \"st=$?\"",
  "bash --norc -c 'echo ran'; bash --noprofile --norc -c 'echo ran2'; bash --posix -c 'echo p'",
  "printf 'echo \"[$0] [$1] [$#]\"\\nexit 5\\n' > s.sh; bash s.sh a b; echo $?; sh s.sh; echo $?; bash -- s.sh q; echo $?",
  "x=1; export y=2; bash -c 'echo \"[$x] [$y]\"'; z=3 bash -c 'echo $z'",
  "echo 'echo in; echo $1' | bash -s -- -x; echo 'read a; echo \"got $a\"' | bash",
  "bash -eu -c 'set -o | grep -E \"^(errexit|nounset)\"'; bash -o pipefail -c 'false | true; echo $?'; bash +o braceexpand -c 'echo {a,b}'",
  "mkdir d; bash d; echo $?",
  "bash -c 'exit'; echo $?; bash -c 'false'; echo $?; bash -c '\"$@\"' x echo a b",
  "bash -c 'f() { return 4; }; f'; echo $?; bash -c 'echo $BASH_SUBSHELL'"
])
