a=(1); a+=(${#a[@]} ${#a[@]}); echo "${a[@]}"
#--
a=(1 2); a+=([5]=x y [-1]+=z); declare -p a
#--
a=(1 2); a+=([-9]=x); echo "st=$?"; declare -p a
#--
a=(1 2); a+=(p [-9]=x q); echo "st=$?"; declare -p a
#--
a=(1 2); a=(p [-9]=x q); echo "st=$?"; declare -p a
#--
declare -i n=(1 2); n+=(3+4); declare -p n
#--
a=(); for ((i=0; i<300; i++)); do a+=($i "x$i"); done; echo "${#a[@]} ${a[599]} ${a[-2]}"
#--
a=([3]=c [1]=a); a+=(d); unset 'a[4]'; a+=(e f); declare -p a
#--
s=x; s+=(y z); declare -p s
#--
f() { local -a l=(1); l+=(2 3); echo "${l[@]}"; }; f; a=(g); f; echo "${a[@]}"
#--
a=(1 2 3); b=$(a+=(4); echo "${#a[@]}"); echo "$b ${#a[@]}"
#--
a=(x); (a+=(y); echo "${a[@]}"); echo "${a[@]}"
#--
echo a | { read v; echo "got $v"; } ; echo "${PIPESTATUS[@]}"
#--
false | true | (exit 3); echo "${PIPESTATUS[@]} $?"
#--
set -o pipefail; (exit 2) | (exit 3) | true; echo "st=$?"; true | (exit 4); echo "st=$?"
#--
yes | head -n 3; echo "${PIPESTATUS[@]}"
#--
{ echo one; echo two >&2; } 2>&1 | cat; echo three | { cat; echo four; }
#--
x=0; echo hi | x=1; echo "x=$x"; shopt -s lastpipe; echo hi | read y; echo "y=$y"
#--
f() { echo "in f $1"; return 3; }; f a | cat; echo "${PIPESTATUS[@]}"
#--
for i in 1 2 3; do echo $i; done | while read n; do echo "n=$n"; done | tail -n 1
#--
seq 5 | { while read x; do [ "$x" = 3 ] && break; echo "$x"; done; cat; }
#--
f(){ local -i n=2+3; echo $n; local s=abc; s+=d; echo $s; local -u U=hey; echo $U; local x=1 y="a b" z; echo "$x $y [$z]"; }; f
#--
f(){ local -i n=1+; echo "r=$?"; }; f; echo after
#--
x=1; f(){ local x+=2; echo $x; }; f; echo $x
#--
f(){ local -a arr; local arr=5; declare -p arr; }; f; declare -a a; a=x; declare -p a; declare -A m; m=y; declare -p m
#--
x="(1 2)"; declare y=$x; declare -p y; declare z="(1 2)"; declare -p z; declare -a w="(1 2)"; declare -p w
#--
a=(x); declare a="(1 2)"; declare -p a; f(){ local -a l="(3 4)"; declare -p l; local s=(5 6); declare -p s; local t="(7)"; declare -p t; }; f
#--
export e="(1 2)"; declare -p e; readonly r=(1 2); declare -p r; x="(9 8)"; declare -a y=$x; declare -p y; declare -i n=(1+1 2); declare -p n
#--
fib() { local n=$1; if [ $n -le 1 ]; then echo $n; else local a=$(fib $((n-1))); local b=$(fib $((n-2))); echo $((a + b)); fi; }; fib 9
#--
f() { echo "$# $*"; return 4; }; x=$(f a b); echo "$x $?"; (f c; exit 3); echo $?
#--
trap 'echo trapped' EXIT; x=$(trap 'echo inner' EXIT; echo body); echo "[$x]"
#--
f() { trap 'echo ret' RETURN; return 2; }; f; echo "st=$?"
#--
case abc in a*) echo one ;& b*) echo two ;; *) echo three ;; esac; case x in y) ;; esac; echo "st=$?"
#--
x=1; { sleep 0.01; echo "bg $x"; } & x=2; wait; echo "fg $x"
#--
a=(1 2); declare -A m=([k]=v); { sleep 0.01; echo "${a[@]} ${m[k]}"; } & a[0]=9; a+=(3); m[k]=w; wait; echo "${a[@]} ${m[k]}"
#--
shopt -s lastpipe; x=1; { sleep 0.01; echo "up $x"; } | { x=2; cat; }; echo "x=$x"
#--
x=1; y=$(x=2; (x=3; echo $x); echo $x); echo "$x $y"; x=5; z=$(echo $x); echo $z
#--
f(){ g=$1; }; v=$(f 3; echo $g); echo "$v [$g]"; f 4; echo $g
#--
x=1; for i in 1 2 3; do x=$(echo $((x+i))); done; echo $x; a=(); for i in 1 2 3; do a+=($(echo $i) "$(echo x$i)"); done; echo "${a[@]}"
#--
declare -A m=([a]=1); (m[b]=2; echo ${#m[@]}); echo ${#m[@]}; x=1; echo a | { x=3; read y; echo $x $y; }; echo $x
#--
export E=1; (export E=2; E=3 printenv E); printenv E; (unset E; echo "[${E-unset}]"); echo "[$E]"
#--
x=0; while [ $x -lt 3 ]; do x=$(( $(echo $x) + 1 )); ( x=100 ); done; echo $x
#--
n=0; inc() { n=$((n+1)); echo $n; }; a=$(inc); b=$(inc); inc >/dev/null; echo "$a $b $n"
#--
readonly R=1; (R=2) 2>/dev/null; echo "st=$? R=$R"; x=$(readonly Q=5; echo $Q); echo "$x [${Q-unset}]"
#--
f(){ echo f; }; (unset -f f; f 2>/dev/null || echo gone); f; (g(){ echo g; }; g); g 2>/dev/null || echo nog
#--
shopt -s expand_aliases; alias a="echo A"
(unalias a; a 2>/dev/null || echo none)
a
#--
(shopt -s nullglob; echo x*); echo x*; x=$(shopt -s extglob; shopt extglob); echo "$x"; shopt extglob
#--
hash -p /bin/true t; (hash -r; hash -t t 2>/dev/null || echo cleared); hash -t t
#--
f(){ local a=1 b; local; }; f; x=1; g(){ local x; echo "[$x]"; local x=2; echo $x; }; g; echo $x
#--
declare -i n=5; f(){ local n=3*4; echo $n; }; f; readonly r=1; g(){ local r=2; echo "st=$? $r"; }; g
#--
set -a; f(){ local q=1; env | grep ^q=; }; f; set +a; h(){ local s="a b"; local t=$s; echo "$t"; }; h
#--
f(){ local -u u=abc; local v=xyz; echo $u $v; }; f; declare -u U; g(){ local U=abc; echo $U; }; g
#--
f(){ local -- RANDOM=5; echo ${#RANDOM}; local SECONDS=100; echo $SECONDS; }; f; RANDOM=3; a=$RANDOM; RANDOM=3; b=$RANDOM; [ $a = $b ] && echo same
#--
f(){ local n=$1; [ "$n" -le 0 ] && return; local m=$((n-1)); f $m; echo "$n $m"; }; f 3
