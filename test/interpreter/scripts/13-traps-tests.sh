trap 'echo bye' EXIT; echo main
#--
trap 'echo "exit with $?"' EXIT; exit 3
#--
f() { trap 'echo in-exit-trap' EXIT; }; f; echo after-f
#--
trap 'echo err-trap' ERR; false; echo next; true; echo end
#--
set -E; trap 'echo "ERR in ${FUNCNAME:-main}"' ERR; f() { false; }; f; echo end
#--
trap 'echo err' ERR; if false; then :; fi; false || true; echo quiet
#--
trap 'echo one' EXIT; trap 'echo two' EXIT; trap - EXIT; echo none
#--
trap 'echo t' EXIT; trap -p EXIT; trap '' EXIT; echo x
#--
f() { trap 'echo "ret from f"' RETURN; return 4; }; f; echo "st=$?"
#--
trap 'echo trap-out; exit 9' EXIT; echo body; exit 2
#--
(trap 'echo sub-trap' EXIT; exit 1); echo "st=$?"
#--
set -e; trap 'echo "cleanup $?"' EXIT; f() { false; }; f; echo never
#--
[[ abc == a* ]] && echo glob; [[ abc == "a*" ]] || echo literal; [[ a < b ]] && echo lt; [[ b > a ]] && echo gt
#--
[[ -n x && -z "" ]] && echo nz; [[ ! -n "" ]] && echo not; [[ (1 -eq 1) || 0 -eq 1 ]] && echo paren
#--
[[ 10 -gt 9 ]] && echo num; [[ 10 > 9 ]] || echo lexical; [[ 1+1 -eq 2 ]] && echo arith
#--
[[ hello123 =~ ^([a-z]+)([0-9]+)$ ]] && echo "${BASH_REMATCH[0]} ${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${#BASH_REMATCH[@]}"
#--
re='^[0-9]+$'; [[ 42 =~ $re ]] && echo digits; [[ 4a =~ $re ]] || echo notdigits; [[ a.b =~ a.b ]] && echo dot
#--
[[ "a.b" =~ "a.b" ]] && echo quoted; [[ axb =~ "a.b" ]] || echo literal-dot; [[ x =~ y ]]; echo "st=$? ${#BASH_REMATCH[@]}"
#--
[[ "foo bar" =~ o\ b ]] && echo esc-space; [[ ab =~ (a)(x)? ]] && echo "[${BASH_REMATCH[2]}]"
#--
x=; [[ $x ]] || echo empty; x=v; [[ $x ]] && echo set; [[ -v x ]] && echo v-set; [[ -v nope ]] || echo v-unset
#--
touch f; mkdir d; [[ -f f ]] && echo file; [[ -d d ]] && echo dir; [[ -e nope ]] || echo none; [[ -s f ]] || echo empty
#--
echo x > f; [[ -s f ]] && echo nonempty; [[ -r f && -w f ]] && echo rw; [ -f f ] && [ ! -d f ] && echo test
#--
[ a = a ]; echo $?; [ a != a ]; echo $?; [ -z "" ]; echo $?; [ 2 -lt 1 ]; echo $?; test 3 -ge 3; echo $?
#--
[ "" ]; echo $?; [ x ]; echo $?; [ ! "" ]; echo $?; [ a = b -o c = c ]; echo $?; [ a = a -a b = c ]; echo $?
#--
[ 1 -eq x ] 2>/dev/null; echo $?; [[ abc == ?b? ]]; echo $?; [[ a == [abc] ]]; echo $?
#--
shopt -s nocasematch; [[ ABC == abc ]] && echo nocase; case ABC in abc) echo case-nocase;; esac
#--
[[ a =~ ^(b)?a$ ]] && echo "m [${BASH_REMATCH[1]}]"; v="x y"; [[ $v == "x y" ]] && echo nosplit
#--
(( 2 > 1 )) && echo gt; (( 0 )) || echo zero-false; (( x = 4, x * 2 == 8 )) && echo comma
#--
declare -n ref=target; target=hello; echo $ref; ref=changed; echo $target
#--
f() { local -n out=$1; out="set by f"; }; f result; echo "$result"
#--
f() { local -n arr=$1; arr+=(new); echo "${#arr[@]}"; }; list=(a b); f list; echo "${list[@]}"
#--
a=1; declare -n r=a; unset -n r; echo "[${r-}]" $a; declare -n r2=a; unset r2; echo "[${a-unset}]"
#--
declare -n r=arr; arr=(x y z); echo "${r[1]}" "${#r[@]}" "${!r[@]}"
#--
declare -A h=([k]=v); declare -n hr=h; echo "${hr[k]}"; hr[n]=w; echo "${h[n]}"
#--
x=1; declare -n ref=x; echo "${!ref}"; ref+=2; echo $x
