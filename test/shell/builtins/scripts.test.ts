import { differential } from "./differential.js"

/** Builtins as scripts written for agents use them. */
differential("typical script idioms", [
  "set -euo pipefail; echo ok; set -o | grep -E '^(errexit|nounset|pipefail)'",
  "command -v jq >/dev/null && echo has-jq || echo no-jq; hash nosuchtool 2>/dev/null || echo missing; type -P cat",
  "f() { local OPTIND o; while getopts \"v:\" o; do echo \"$o=$OPTARG\"; done; shift $((OPTIND-1)); echo \"rest=$*\"; }; f -v 1 a b; f -v 2 c",
  "declare -A cnt; for w in a b a c a; do cnt[$w]=$(( ${cnt[$w]:-0} + 1 )); done; for k in \"${!cnt[@]}\"; do echo \"$k ${cnt[$k]}\"; done | sort",
  "printf '%-10s|%5.1f|%03d\\n' name 3.14159 7; printf '%s=%s\\n' a 1 b 2",
  "read -r -p 'Enter: ' name <<< 'bob'; echo \"hi $name\"",
  "IFS=, read -ra parts <<< 'a,b,,c'; echo \"${#parts[@]}\"; printf '[%s]' \"${parts[@]}\"; echo",
  "while IFS=: read -r user _ uid _; do echo \"$user $uid\"; done <<< $'root:x:0:0\\nbob:x:1000:1000'",
  "trap 'echo cleanup' EXIT; echo work; exit 3",
  "cleanup() { echo \"status $?\"; }; trap cleanup EXIT; false",
  "x=$(printf '%s\\n' a b c | wc -l); echo $x; mapfile -t lines < <(seq 3); echo \"${lines[@]}\"",
  "declare -a arr=(); arr+=(\"one two\"); arr+=(three); echo \"${#arr[@]}\"; declare -p arr",
  "set -- --name=foo -v file; for a; do case $a in --name=*) echo \"name ${a#*=}\";; -v) echo verbose;; *) echo \"arg $a\";; esac; done",
  "eval \"$(echo 'x=5')\"; echo $x; eval 'y=$((x*2))'; echo $y",
  "export -n PATH 2>/dev/null; declare -p PATH | cut -c1-11",
  "read -n1 c <<< 'xyz'; echo $c; read -d ';' f <<< 'a;b'; echo $f",
  "readarray -t -d '' arr < <(printf 'a\\0b\\0'); declare -p arr",
  "test -d /tmp && echo dir; [ -z \"${UNSET:-}\" ] && echo empty; [[ -n ${HOME} ]] && echo home",
  "printf -v padded '%05d' 42; echo $padded; printf -v joined '%s,' a b c; echo \"${joined%,}\"",
  "let 'a = 5 * 3' 'b = a % 4'; echo $a $b; let c++; echo $c",
])

differential("attribute combinations", [
  "declare -irx a=1; declare -lx b=X; declare -utx c=y; declare -ar d=(1); declare -Ax e=([k]=v); declare -nr f=a; declare -ilrtux g=5; declare -p a b c d e f g",
  "declare -i x=010; echo $x; declare -i y=0x1f; echo $y; declare -i z=2#101; echo $z; declare -i w='1 + 2'; echo $w",
  "declare -a a; declare -i a; a=(1+1 2*3); declare -p a",
  "declare -u up; up=hello; read up <<< 'world'; echo $up; mapfile -t m <<< x; declare -u m; declare -p m",
  "declare -x -i n=5; export -p | grep ' n='",
  "f() { local -x L=1; env | grep ^L=; }; f; env | grep ^L= || echo gone",
])

differential("control builtins, source, closed stdout", [
  "echo a >&-; echo $?",
  "type -t '[' test '[[' ; command -v '[' ; type '[['",
  "f() { return 3; }; f; echo $?; f() { return; }; false; f; echo $?",
  "for i in 1 2 3; do for j in a b; do continue 2; echo no; done; done; echo done; for i in 1 2; do break 5; done; echo ok",
  "exit 256",
  "exit abc",
  "(exit 300); echo $?; (exit -2); echo $?",
  "source; echo $?",
  "echo 'return 7' > r.sh; . ./r.sh; echo $?; echo 'echo $1 $#' > a.sh; . ./a.sh x y; set -- p; . ./a.sh; echo $1",
  ". nosuch.sh; echo $?",
  "shopt -s nullglob; echo x*; shopt -u nullglob; shopt -q nullglob; echo $?",
  "alias x='echo \"it'\"'\"'s\"'; alias x; unalias x nope; echo $?",
  "declare -i a=1 b; b=a+1; echo $b; declare -p b",
  "declare -x A=1; env | grep ^A=; declare +x A; env | grep ^A=; echo $?",
  "x=1; f() { declare x=2; echo $x; }; f; echo $x; g() { declare -g x=3; }; g; echo $x",
  "f() { local -n r=$1; r=changed; }; v=orig; f v; echo $v",
  "echo -n; echo -n \"\"; echo -e; printf ''; echo end",
  "printf '%s\\n' \"$(printf 'a\\tb')\" | od -c | head -1",
  "mapfile -t arr < <(printf 'x\\ny\\n'); declare -p arr",
  "wait; echo $?; wait -n; echo $?",
])
