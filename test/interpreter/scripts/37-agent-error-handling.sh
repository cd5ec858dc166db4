# Agent-style error handling with messages through 2>&1: set -euo pipefail, ERR/EXIT traps and LINENO, bad operands.
set -euo pipefail
exec 2>&1
trap 'echo "error on line $LINENO (exit $?)"' ERR
step() { echo "step $1"; }
step 1
missing_command_xyz
step 2
#--
set -euo pipefail
exec 2>&1
cleanup() { echo "cleanup: status $?"; }
trap cleanup EXIT
echo start
undefined_var_usage="$UNDEFINED_VAR"
echo never
#--
set -eo pipefail
exec 2>&1
cat nonexistent_file.txt | wc -l
echo "not reached"
#--
exec 2>&1
set -u
arr=(a b)
echo "${arr[2]}"
echo after
#--
exec 2>&1
validate() {
  local n=$1
  [[ $n =~ ^[0-9]+$ ]] || { echo "invalid: $n" >&2; return 1; }
  (( n > 0 )) || { echo "must be positive" >&2; return 2; }
  echo "ok $n"
}
for v in 5 x 0; do validate "$v"; echo "rc=$?"; done
#--
exec 2>&1
divide() { echo $(( $1 / $2 )); }
divide 10 2
divide 1 0
echo "after division"
#--
exec 2>&1
f() {
  local x
  x=$(false) || { echo "caught in f"; return 3; }
}
f; echo "f=$?"
#--
exec 2>&1
readonly CONFIG=prod
CONFIG=dev
echo "config=$CONFIG"
#--
exec 2>&1
cd /nonexistent/dir || echo "cd failed with $?"
pwd >/dev/null && echo still-here
#--
exec 2>&1
x=10
if [ $x -gt 5 ] && [ $x -lt "abc" ]; then echo yes; else echo "no ($?)"; fi
#--
exec 2>&1
arr=(1 2 3)
echo ${arr[@]:1:}
echo "${arr[@]:-1}"
echo after
#--
exec 2>&1
s="hello"
echo ${s:1:-10}
echo after
#--
exec 2>&1
declare -A m
m[a]=1
echo "${m[@]"
#--
exec 2>&1
unset f; f; echo "st=$?"
f() { echo defined; }
f
#--
echo 1
trap "echo L=\$LINENO
echo L2=\$LINENO; nope" ERR
echo 3
false 2>&1
trap "echo X=\$LINENO" EXIT
echo 6
#--
set -euo pipefail
exec 2>&1
trap 'echo "error on line $LINENO (exit $?)"' ERR
step() { echo "step $1"; }
step 1
missing_command_xyz
step 2
#--
exec 2>&1
trap 'echo "D=$LINENO"' DEBUG
echo a
echo b
#--
trap "true
fi" EXIT; exec 2>&1
#--
exec 2>&1; echo
echo
trap "true
fi" ERR
false
