# Known gaps with bash 5.2, each a regression row: messages are compared through 2>&1.
echo $(( 'x' )) 2>&1; echo after $?
#--
{ x=$(( 'x' )); echo "never"; } 2>&1; echo after $?
#--
echo start
echo $(( 'x' )) 2>&1
echo after $?
#--
{ (( '1' + 1 )); echo "st=$?"; let "'1'+1"; echo "st=$?"; } 2>&1
#--
a=(1 2); s=abc; { echo ${a['1']}; } 2>&1; echo "st=$?"; { echo ${s:'1'}; } 2>&1; echo "st=$?"
#--
declare -A m; m['k']=1; echo "${!m[@]} ${m['k']} ${m["k"]}"; echo $(( "1" + "2" )); [[ '1' -eq 1 ]] && echo yes
#--
for (( i='0'; i<2; i++ )); do echo $i; done 2>&1; echo "after $?"
#--
{ [[ 1 -eq "x+" ]]; echo "after $?"; [[ 1 -eq 1/0 ]]; echo "after $?"; } 2>&1
#--
{ for ((i=1/0;;)); do :; done; echo "after $?"; for ((i=0; i<1/0; i++)); do :; done; echo "after $?"; } 2>&1
#--
{ if (( 1/0 )); then echo y; else echo n; fi; (( $(echo 1 +) )); echo "after $?"; } 2>&1
#--
{ s=abc; echo ${s:1/0}; echo "after $?"; } 2>&1
#--
echo $(( 1 + 08 )) 2>&1; echo $(( 2#3 )) 2>&1; echo $(( 65#1 )) 2>&1; echo $(( 08 )) 2>&1
#--
cat <<EOF 2>&1
$((1/0))
EOF
echo "after $?"
#--
{ cat <<< $((1/0)); echo "after $?"; cat <<EOF
${x:?msg}
EOF
echo "after2 $?"; } 2>&1
#--
set -u; echo $x; echo after
#--
set -u; echo ${x}; echo after
#--
echo ${x:?oops}; echo after
#--
set -u; echo $(( x + 1 )); echo after
#--
set -u; (echo $x) 2>&1; echo "after $?"
#--
set -u; f(){ echo $y; }; f; echo after
#--
set -u; a=(); echo ${a[0]}; echo after
#--
set -u; { echo "${@}"; echo $1; } 2>&1; echo after
#--
set -u; (( y + 1 )); echo after $?
#--
set -u; [[ y -eq 1 ]]; echo after $?
#--
set -u; let y+1; echo after $?
#--
printf 'set -u\necho $x\necho after\n' > u.sh; bash u.sh 2>&1; echo "file rc=$?"; x=$(set -u; echo $y; echo in); echo "cs rc=$? [$x]"; bash -c 'set -u; echo $z' 2>&1; echo "c rc=$?"
#--
set -u; printf 'echo $nope\n' > v.sh; source v.sh; echo after
#--
set -u; eval 'echo $nope'; echo after
#--
declare -n r; for r in a b; do echo "[$r]"; done; declare -p r; x=5; declare -n q=x; for q in y z; do :; done; declare -p q x
#--
a=1 b=2; declare -n r; for r in a b; do echo "$r"; r+=0; done; echo $a $b
#--
f(){ local -n w; for w in "$@"; do w=set; done; }; f m n; echo $m $n
#--
declare -n r; for r in "bad name" ok; do echo "<$r>"; done 2>&1; echo done $?
#--
trap 'echo "T:$BASH_COMMAND"' DEBUG; echo hi; x=1; y=$(echo 2)
#--
trap 'echo "E:$BASH_COMMAND"' ERR; false; echo after; f() { return 3; }; f
#--
trap 'echo "X:$BASH_COMMAND"' EXIT; echo hi; true
#--
trap 'echo "err $BASH_COMMAND"' ERR; trap 'echo "exit $BASH_COMMAND"; false; echo "$BASH_COMMAND"' EXIT; echo hi
#--
set -e; trap 'echo "failed: $BASH_COMMAND (status $?)"' EXIT; x=1; grep -q nope /dev/null; echo never
#--
echo "[$BASH_COMMAND]"; f() { echo "in f: $BASH_COMMAND"; }; f arg1 "arg 2"
#--
eval 'if then' 2>&1; echo "st=$?"
#--
eval 'echo (' 2>&1; echo "st=$?"
#--
echo
eval "true
if then" 2>&1
f() { eval "true
 fi"; }
f 2>&1
#--
{ x=$(eval "fi"); echo "st=$?"; (eval "fi"); echo "st=$?"; } 2>&1
#--
trap "true
fi" EXIT; exec 2>&1
#--
echo 1
eval "nope; echo \$LINENO" 2>&1
f() {
  eval "echo \$LINENO
  nope" 2>&1
}
f
#--
enable -n echo; echo hi; enable echo; echo back
#--
enable -n printf; printf 'x\n'; echo st=$?
#--
enable -n true; true; echo st=$?; type -t true
#--
enable -n test; test 1 = 1; echo st=$?; [ 1 = 1 ]; echo st=$?
#--
enable -n echo; builtin echo x 2>&1; echo st=$?; command echo y; enable -n
#--
f(){ caller; }; f
#--
f(){ caller 0; echo st=$?; }; f
#--
f(){ caller 0; caller 1; echo st=$?; }; g(){ f; }; g
#--
f(){ caller 0; }

g() {
  f
}
g
#--
caller; echo st=$?
#--
cat > c1.sh <<'X'
f(){ caller; caller 0; echo "F=${FUNCNAME[*]} S=${BASH_SOURCE[*]} L=${BASH_LINENO[*]}"; }
g(){ f; caller 0; caller 1; echo st=$?; }
f
g
caller; echo top=$?
X
bash c1.sh; echo ===; source c1.sh; echo ===; chmod +x c1.sh; ./c1.sh
#--
printf 'echo "top F=${FUNCNAME[*]}|${#FUNCNAME[@]} S=${BASH_SOURCE[*]} L=${BASH_LINENO[*]}"\nh(){ echo "h F=${FUNCNAME[*]} S=${BASH_SOURCE[*]} L=${BASH_LINENO[*]}"; }\n' > c2.sh
echo "top F=${FUNCNAME[*]}|${#FUNCNAME[@]} S=${BASH_SOURCE[*]}|${#BASH_SOURCE[@]} L=${BASH_LINENO[*]}|${#BASH_LINENO[@]}"
f(){ echo "f F=${FUNCNAME[*]} S=${BASH_SOURCE[*]} L=${BASH_LINENO[*]}"; h; }
source c2.sh
f
h
bash c2.sh
#--
f(){ caller x; echo $?; caller -5; echo $?; caller 1 2; echo $?; caller -- 0; echo $?; }; g(){ f; }; g 2>&1
#--
trace() { local i=0; while caller $i; do i=$((i+1)); done; }
a() { trace; }
b() { a; }
b
#--
readonly x=1; x=2; echo same
echo next $?
#--
a=(1); a[-5]=3; echo same
echo next $?
#--
f(){ a=(1); a[-5]=3; echo in f; }; f; echo same
echo next $?
#--
{ foo; cd /nonexistent; echo hi >&3; local z; read -n abc x; printf '%d\n' abc; set -o nope; shopt -s nope; } 2>&1
#--
{ kill -9 999999; wait 99999; declare -p nope; type nope; [ 1 -eq x ]; test a = ; trap 'x' NOPE; break; return 1; } 2>&1
#--
f() {
  nope
}
f 2>&1
g() { local a; a=$(nope2); }
g 2>&1
(nope3) 2>&1
#--
printf 'echo a\nif then\n' > bad.sh; bash bad.sh 2>&1; source bad.sh 2>&1; echo "st=$?"
#--
bash -c 'fi' 2>&1; bash -c 'fi' name 2>&1; bash -c 'echo ok
if then' 2>&1; echo "st=$?"
