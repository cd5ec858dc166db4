cat <(echo procsub) <(echo two); diff <(echo a) <(echo a) && echo same
#--
while read l; do echo "[$l]"; done < <(printf 'p\nq\n'); echo after
#--
echo x; echo "$_"; : last arg; echo "$_"
#--
shift 5 2>/dev/null; echo "st=$?"; set -- a; shift 2; echo "st=$? $#"
#--
(sleep 0; echo bg) & wait; echo "wait=$?"; false & wait $!; echo "st=$?"
#--
f() { echo fn; } ; f & wait; echo done
#--
echo a | exit 3; echo "still $?"
#--
x=1; f() { local -; set -e; false; }; (f); echo "st=$?"; echo $- | grep -c e
#--
a=(1 2 3); unset 'a[-1]'; echo "${a[@]}"; a+=([5]=five); echo "${!a[@]}"
#--
declare -A m=([a]=1 [b]=2); echo "${m[@]:0:1}" | wc -w
#--
printf '%q\n' 'a b' '$x' "tab	x" ''
#--
s="héllo"; echo ${#s} "${s:1:2}" "${s^^}"
#--
a=(b c a); IFS=$'\n' sorted=($(sort <<<"${a[*]}")); unset IFS; echo "${sorted[@]}"
#--
str="a b"; arr=($str); arr+=("$str"); echo ${#arr[@]}; declare -p arr
#--
echo $(( 5 > 3 ? 1 : 0 ))$(( 2#101 ))$(( -5 % 3 ))$(( 5 / -2 ))
#--
echo $(( 3 - -2 )) $(( - - 3 )) $(( +3 )) $(( ~-1 )) $(( !!3 ))
#--
x=5; echo $(( x+++1 )) $x; y=5; echo $(( y---1 )) $y
#--
let 'x = 1 ? 2 : 3'; echo $x; let x++ y=x; echo $x $y
#--
(( a[1] = 5 )); echo "${a[1]}"; declare -A h; (( h[k] = 3 )); echo "${h[k]}"; k=idx; h[$k]=1; echo "${!h[@]}" | tr ' ' '\n' | sort | tr '\n' ' '
#--
i=3; echo $(( i *= 2, i + 1 )); echo $i
#--
echo $(( 2 ** 62 )) $(( 2 ** 63 - 1 )) $(( -(2**63) ))
#--
echo $((0x7fffffffffffffff + 1 == -0x7fffffffffffffff - 1))
#--
echo $(( 7 & 3 | 8 ^ 1 )) $(( 1 << 2 + 1 )) $(( 10 > 5 == 1 ))
#--
[[ 1 -lt 2 && "b" > "a" ]] && echo ok; [ "b" \> "a" ] && echo ok2; [ 1 -lt 2 -a 3 -gt 2 ] && echo ok3
#--
test; echo $?; test ""; echo $?; test -n; echo $?; test ! ; echo $?; [ ]; echo $?
#--
[ -z ]; echo $?; [ a = ]; echo $? 2>/dev/null; [ = ]; echo $?
#--
[[ -f nosuch || -d . ]] && echo dot; [[ . -ef . ]] && echo ef; touch a; [[ a -nt nosuch ]] && echo nt
#--
foo() { echo "[$*]"; }; foo "$@"; set -- "" ; foo "$@"; foo $@
#--
x="a  b"; echo ${x// /_} "${x// /_}"; echo ${x/  / }
#--
f() { echo "$0"; }; f | grep -c bash
#--
echo ${BASH_VERSINFO[0]}; echo ${BASH_VERSION%%.*}
#--
set -x; echo traced 2>/dev/null; set +x; echo plain
#--
set -f; echo *; set +f; set -o noglob; echo *; set +o noglob
#--
set -a; AUTO=1; bash -c 'echo "[$AUTO]"'; set +a
#--
echo {a,b}$((1+1)); x=3; echo {1..$x}; eval echo {1..$x}
#--
shopt -s nullglob; a=(*.zz); echo ${#a[@]}; for f in *.zz; do echo no; done; echo "[$(echo *.zz)]"
#--
touch .a b; shopt -s dotglob; echo *; shopt -u dotglob; echo *; echo .?
#--
mkdir d; touch d/.hid d/vis; echo d/*; echo d/.*
#--
touch 'a b'; f=(*); echo ${#f[@]}; ls *b
#--
shopt -s globstar; mkdir -p x/y; touch x/y/z; echo **; echo x/**/
#--
touch abc; echo a?c a[b]c a[[:alpha:]]c 'a'*; echo "a"* a\*
#--
declare -a a=(1 2); declare -a a+=(3); echo ${a[@]}
#--
export X=1; env | grep -c '^X=1$'; unset X; env | grep -c '^X='
#--
v=5; f() { echo $v; }; v=6 f; echo $v; v=7 command echo ok
#--
IFS=- read a b <<< "x-y"; echo "$a $b"; echo "[$IFS]" | od -c | head -1 | tr -s ' '
#--
f() { local IFS=-; echo $1; }; f "a-b"; g() { local IFS=-; set -- $1; echo $#; }; g "a-b-c"
#--
trap 'echo "err at $LINENO"' ERR; false
#--
trap 'echo exiting' EXIT; (exit 1); echo $?; exit
#--
trap 'echo int' INT; trap -p INT | wc -l; trap - INT; trap -p INT | wc -l
#--
f() { echo "$1"; }; trap 'f trap-fn' EXIT; echo body
#--
echo $(( $(echo 2) ** $(echo 3) )); echo "$(( $(printf 7) % 4 ))"
#--
x=$( echo "(paren)" ); echo $x; y=$( case a in a) echo "in case";; esac ); echo $y
#--
echo "$( echo "$( echo "$( echo deep )" )" )"
#--
echo `echo \$HOME | tr -d /` | wc -c | tr -d ' ' | grep -c .
#--
a=`echo 'single in back'`; echo $a; b="`echo x`y"; echo $b
