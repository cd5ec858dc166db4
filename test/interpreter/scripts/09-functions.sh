f() { echo "args: $# [$1] [$2]"; }; f; f a; f "a b" c
#--
f() { return 3; }; f; echo $?; g() { false; }; g; echo $?; h() { :; }; h; echo $?
#--
x=global; f() { local x=local; echo $x; g; }; g() { echo "g sees $x"; }; f; echo $x
#--
f() { x=changed; }; x=orig; f; echo $x; g() { local x; x=inner; }; g; echo $x
#--
fact() { if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 10
#--
fib() { local n=$1; if ((n < 2)); then echo $n; return; fi; echo $(( $(fib $((n-1))) + $(fib $((n-2))) )); }; fib 12
#--
f() { echo "${FUNCNAME[0]} ${FUNCNAME[1]:-top}"; g; }; g() { echo "${FUNCNAME[@]}"; }; f
#--
function f { echo kw; }; f; function g() { echo both; }; g
#--
f() { local -a arr=(1 2 3); echo ${#arr[@]}; }; f; echo "[${arr[@]}]"
#--
f() { set -- x y z; echo $#; }; set -- a; f; echo $# $1
#--
f() { shift; echo "$@"; shift 2; echo "$@"; }; f 1 2 3 4 5
#--
counter=0; inc() { counter=$((counter+1)); }; inc; inc; inc; echo $counter
#--
f() { local v=1; g() { echo "g: $v"; }; g; }; f; g 2>/dev/null; echo "st=$?"
#--
f() { echo out; return 5; }; x=$(f); echo "$x $?"
#--
f() { local x=$1; if [ "$x" -gt 0 ]; then f $((x-1)); echo $x; fi; }; f 3
#--
f() { local IFS=,; echo "$*"; }; f a b c; echo "$*" x
#--
f() { echo in f; }; unset -f f; f 2>/dev/null; echo "st=$?"
#--
f() { return; }; false; f; echo $?; g() { false; return; }; g; echo $?
#--
f() (x=sub; echo $x); x=main; f; echo $x
#--
f() { echo "$1"; } ; f "$(echo 'a  b')"; f $(echo 'a  b')
#--
f() { local a=1 b=2; local c=$a$b; echo $c; }; f
#--
outer() { local v=outer; inner; echo "after inner: $v"; }; inner() { v=modified; }; outer
#--
f() { local x; echo "[${x-unset}]"; }; x=5; f
#--
f() { declare y=in; echo $y; }; f; echo "[${y-gone}]"
#--
a() { echo a; }; b() { a; echo b; }; c() { b; echo c; }; c | tr '\n' ' '; echo
#--
f() { return 256; }; f; echo $?; g() { return -1; }; g; echo $?
#--
f() { echo $1; }; alias_check=$(f first second); echo $alias_check
#--
f() { echo "$@" | wc -w; }; f "a b" c; f
#--
f() { :; }; declare -F f; type -t f; g() { echo x; }; declare -f g
#--
f() { local -i n=5; n+=1; echo $n; }; f
#--
recurse() { (( $1 > 0 )) || return 0; echo -n "$1 "; recurse $(( $1 - 1 )); }; recurse 5; echo
#--
f() { trap 'echo ret' RETURN; echo body; }; f; echo after
#--
f() { local x=1; unset x; echo "[${x-unset}]"; }; x=g; f; echo $x
#--
f() { echo "$FUNCNAME"; }; f; echo "[${FUNCNAME-}]"
#--
f() { exit 3; }; (f; echo not); echo "st=$?"
