import { differential } from "./differential.js"

differential("set and shopt listings", [
  "set -o",
  "set +o",
  "set -eu; set -o | grep -E '^(errexit|nounset)'; set +o | grep -E '(errexit|nounset)'",
  "shopt -p extglob; shopt -s extglob; shopt -p extglob; shopt extglob nullglob; echo $?",
  "shopt -u | head -5; shopt -p | head -5",
  "shopt -o -p errexit; shopt -po | head -3; shopt -q extglob; echo $?",
  { script: "shopt -z; echo $?; shopt nosuch; echo $?; set -o nosuch; echo $?", stderr: true },
  { script: "set -z; echo $?", stderr: true },
  "set -- a 'b c'; echo $#; set --; echo $#; set - x y; echo $# $1",
  "set -o pipefail; false | true; echo $?; set +o pipefail; false | true; echo $?",
  "set -f; echo /*; set +f; set -C; echo x > f; echo y > f; echo $?; set +C",
  "set -a; v=1; env | grep '^v='; set +a; w=2; env | grep '^w='; echo done",
  "trap 'echo x' INT TERM; trap '' HUP; trap -p; trap -p INT; trap -- - INT; trap -p",
  "trap 'echo bye' EXIT; trap 'echo e' ERR; trap -p; trap - EXIT; trap",
  "trap -l",
  { script: "trap 'a' 99; echo $?; trap -z; echo $?; trap echo; echo $?", stderr: true },
  "f() { trap 'echo ret' RETURN; }; f; trap -p RETURN"
])
