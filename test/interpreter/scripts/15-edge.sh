IFS=: ; set -- "a:b" c; echo "$*"; for w in $*; do printf '[%s]' "$w"; done; echo
#--
set -- "a b" "c d"; IFS=; for w in $@; do printf '[%s]' "$w"; done; echo; for w in $*; do printf '<%s>' "$w"; done; echo
#--
IFS=; set -- "" a ""; for w in "$@"; do printf '[%s]' "$w"; done; echo; x=("$@"); echo ${#x[@]}
#--
set -- a b c; echo "${@/b/X}" "${*/#/-}"; echo "${@^}"
#--
a=(x y); echo "pre${a[@]}post"; set -- 1 2; echo "<$@>"; b=("<$@>"); echo ${#b[@]}
#--
IFS=,; a=(1 2 3); echo "${a[*]}" "${a[@]}"; s="${a[*]}"; echo $s; unset IFS
#--
s=aaa; echo ${#s} "${s:1:1}" "${s:-x}${s:+y}"; s=; echo "[${s:-${UNSET:-nested}}]"
#--
x='$y'; y=1; echo $x "$x" "${x}"; eval echo $x
#--
v="a*b"; echo "${v/\*/-}" "${v/'*'/+}" "${v/"*"/=}"
#--
s=abcabc; echo "${s/b*/X}" "${s%b*}" "${s%%b*}" "${s#*b}" "${s##*b}"
#--
s=/a/b/c; echo "${s%/*}" "${s##*/}" "${s#/}"; t=noslash; echo "${t%/*}" "${t##*/}"
#--
x=10; echo $(( x > 5 ? x-5 : x+5 )); echo $(( (x = 3) + x )); echo $x
#--
a=5; b=a; c=b; echo $(( c + 1 )); (( c++ )); echo $a $b $c
#--
echo $(( 1 + 2 ))$(( 3 ))"$(( 4 ))"; n=$(( 5 )); echo ${n}
#--
echo $(( 0x10 + 010 + 0b1 )) 2>/dev/null; echo "st=$?"
#--
(( a = 2, b = a ** 3 )); echo $a $b; (( c = b > 7 )); echo $c
#--
declare -i x=5; x=x+1; echo $x; x+=x; echo $x; declare -i y=x/4; echo $y
#--
for i in {1..3}; do for j in {1..3}; do (( i == j )) && continue; (( j > 2 )) && break; printf '%s%s ' $i $j; done; done; echo
#--
f() { local i; for i in 1 2; do echo "f$i"; done; }; for i in a b; do f; echo "main$i"; done | tr '\n' ' '; echo
#--
f() { echo "${@: -1}"; echo "${@:1:1}"; echo "${*:2}"; }; f a b c
#--
f() { local -a a=("$@"); echo "${#a[@]}:${a[-1]}"; }; f 1 "2 3"
#--
f() { return $(( $1 * 2 )); }; f 3; echo $?; f 200; echo $?
#--
outer() { inner() { echo inner-defined; }; }; inner 2>/dev/null || echo undef; outer; inner
#--
f() { g; }; g() { echo "${FUNCNAME[*]}"; echo ${#FUNCNAME[@]}; }; f
#--
f() { local x=f; g; }; g() { local x=g; h; }; h() { echo $x; }; x=top; f; h
#--
x=1; { x=2; echo $x; } | cat; echo $x
#--
echo a; (echo b; exit 3; echo c); echo "d $?"
#--
r=$(exit 4); echo $?; r=$( (exit 5) ); echo $?; echo $(exit 6) $?
#--
v=$(printf 'x\n\n'); echo "${#v}"; w="$(printf '\n\n')"; echo "[${#w}]"
#--
x=$(echo a; (echo b; echo c) | tr b B); echo $x
#--
case "$(echo hi)" in h*) echo sub-case;; esac; [[ $(echo 5) -gt 3 ]] && echo sub-test
#--
for f in $(echo "a b" c); do echo "[$f]"; done; for f in "$(echo "a b" c)"; do echo "<$f>"; done
#--
echo ${x:-$(echo "a   b")}; echo "${x:-$(echo "a   b")}"
#--
i=0; while (( i < 10 )); do (( i += 3 )); done; echo $i; until (( i == 0 )); do (( i-- )); done; echo $i
#--
case a in *) echo first;;& a) echo second;; esac
#--
case x in x) echo one;& y) echo two;& z) echo three;; esac
#--
case '*' in '*') echo star-lit;; esac; case 'a?' in 'a?') echo q;; esac; case "[" in \[) echo br;; esac
#--
x=b; case a in $x|a) echo var-alt;; esac; case - in -) echo dash;; esac
#--
set -e; false; true
#--
set -e; f() { echo start; false; echo never; }; if f; then echo "if-ok"; fi; f; echo never2
#--
set -e; x=5; let x-=5 || echo let-zero; echo "x=$x"
#--
set -e; v=$(echo ok); echo "$v"; declare d=$(false); echo "declare masks $?"
#--
set -eo pipefail; if false | true; then echo no; else echo caught-pipe; fi; echo end
#--
set -e; trap 'echo ERR-trap' ERR; false || true; (false); echo never
#--
set -u; f() { local v; echo "${v:-empty}"; }; f; g() { local w; (echo $w); echo "st=$?"; }; g
#--
set -u; a=(1); echo "${a[0]}"; (echo "${a[5]}"); echo "st=$?"; echo "${a[5]:-d}"
#--
set -u; echo "${#}" "${@:-none}" "${*:-none}"
#--
[[ abc =~ b ]] && echo "[${BASH_REMATCH[0]}]"; [[ xyz =~ (x)(y)(z) ]]; echo "${BASH_REMATCH[@]:1}"
#--
[[ "a b c" =~ ^a\ (.)\ c$ ]] && echo "${BASH_REMATCH[1]}"; [[ 2023-01-15 =~ ^([0-9]{4})-([0-9]{2}) ]] && echo "${BASH_REMATCH[2]}"
#--
[[ a == a && b == b || c == d ]] && echo prec; [[ ! a == b ]] && echo neg; [[ -z "" && ! -n "" ]] && echo both
#--
x=5; [[ $x -eq 5 && $x == 5 ]] && echo eq; [[ 05 -eq 5 ]] && echo num-eq; [[ 05 == 5 ]] || echo str-ne
#--
[[ x -eq y ]] 2>/dev/null; echo "st=$?"; x=3; y=3; [[ x -eq y ]] && echo names-as-arith
#--
shopt -s extglob
[[ foo.tar.gz == *.@(gz|bz2) ]] && echo ext; [[ abc == !(*b*) ]] || echo notb; [[ "" == *([0-9]) ]] && echo emptystar
#--
shopt -s extglob
v="  trim me  "; v="${v##+([[:space:]])}"; v="${v%%+([[:space:]])}"; echo "[$v]"
#--
exec 3>&1; out=$( { echo to-stdout; echo to-fd3 >&3; } ); exec 3>&-; echo "captured [$out]"
#--
{ echo 1; echo 2 >&2; echo 3; } 2>/dev/null | wc -l; { echo a >&2; } 2>&1 | tr a A
#--
cat <<EOF
${x:-default} $(( 2 ** 4 )) "quotes" 'single'
EOF
#--
a=(1 2 3); cat <<EOF
${a[@]} ${#a[@]} ${a[1]}
EOF
#--
cat <<'X' | wc -l
a
b

X
#--
v=hello; cat <<< "${v^^}"; cat <<< "$((1+1))"; tr a-z A-Z <<< abc
#--
echo -n "" > e.txt; [ -s e.txt ] || echo empty; [ -e e.txt ] && echo exists; rm e.txt; [ -e e.txt ] || echo gone
#--
mkdir -p a/b/c; touch a/b/c/f; [ -d a/b ] && echo d; ls a/b; rm -r a; ls
#--
x=1; declare -n r=x; r=2; declare -n r2=r; echo $r2; r2=3; echo $x
#--
f() { declare -n _ret=$1; _ret=(a b c); }; f out; echo "${#out[@]} ${out[2]}"
#--
declare -u U; U=abc; U+=def; echo $U; declare -l L=ABC; L=XyZ; echo $L
#--
declare -i n; n=" 7 + 3 "; echo $n; n=n*n; echo $n
#--
v=abc; declare -u v; echo $v; v=$v; echo $v
#--
printf '%s|' "${arr[@]}"; echo; printf '%d %d\n' 1; printf '%s=%s\n' a 1 b
#--
printf '%5.2f|%-8s|%+d\n' 2.5 hi 5; printf '%x %X %o\n' 255 255 255
#--
printf '%s\n' "$(printf '%s,' a b c)"; printf '%b' 'x\ny\n'
#--
printf '%(%Y)T\n' 0 2>/dev/null | grep -c 19; echo done
#--
read -r a b <<< "  leading   spaces  here "; echo "[$a][$b]"
#--
IFS= read -r line <<< "  keep  all  "; echo "[$line]"; read -r line <<< "  trim  "; echo "[$line]"
#--
printf 'a\\\nb\n' | { read line; echo "[$line]"; }; printf 'a\\\nb\n' | { read -r line; echo "[$line]"; }
#--
read -r -t 1 x <<< "timed"; echo "$x $?"
#--
echo "1 2 3" | { read -a arr; echo ${#arr[@]}; }; read x y <<< "only"; echo "[$x][$y]"
#--
mapfile arr <<< $'a\nb'; echo "${#arr[@]}"; printf '[%s]' "${arr[@]}" | od -c | head -1 | wc -l
#--
mapfile -t -O 2 arr <<< $'x\ny'; echo "${!arr[@]}" "${arr[@]}"
