x=outer; x=temp printenv x 2>/dev/null || x=temp sh -c 'echo $x' 2>/dev/null || echo skip; echo $x
#--
f() { echo "f sees $v"; }; v=temp f; echo "[${v-unset}]"
#--
v=1; v=2 true; echo $v; IFS=: read -r a b <<< "p:q"; echo "$a $b [$IFS]" | od -c | head -1 | wc -l
#--
export E=base; E=over bash -c 'echo $E'; echo $E
#--
declare -l lo=MiXeD; declare -u up=MiXeD; echo $lo $up; lo+=ABC; up+=def; echo $lo $up
#--
declare -i n=3*4; echo $n; n+=1; echo $n; declare -i m; m="n + 1"; echo $m
#--
declare -r ro=1; (ro=2) 2>/dev/null; echo "st=$?"; echo $ro
#--
readonly rv=5; f() { local rv=6; echo $rv; }; f 2>/dev/null; echo "st=$? $rv"
#--
declare -x exp=1; bash -c 'echo "[$exp]"'; declare +x exp; bash -c 'echo "[$exp]"'
#--
unset x; declare x; echo "[${x-unset}]"; declare -p x 2>/dev/null | cut -c1-10
#--
a=1 b=2; echo $a $b; a=3 b=$a; echo $b
#--
x=1; unset x; echo "[${x-gone}]"; y=2; unset -v y; echo "[${y-gone}]"
#--
read -r a <<< 'back\slash'; echo "$a"; read a <<< 'back\slash'; echo "$a"
#--
printf 'one\ntwo\n' | { read -r l1; read -r l2; echo "$l2 $l1"; }
#--
read -r -a arr <<< "x y z"; echo ${#arr[@]} ${arr[2]}; read -d , -r tok <<< "a,b"; echo $tok
#--
read -n 3 -r c <<< "abcdef"; echo $c; read -r <<< "to-reply"; echo $REPLY
#--
echo "no newline" | tr -d '\n' > nn; read -r l < nn; echo "st=$? [$l]"
#--
read -r x < /dev/null; echo "st=$? [$x]"
#--
while IFS=, read -r k v; do echo "$k=>$v"; done <<< $'a,1\nb,2'
#--
mapfile -t m < <(printf 'p\nq\n'); echo "${m[@]}"; printf 'x\ny\n' | mapfile -t gone; echo "${#gone[@]}"
#--
readarray -t -d , parts <<< "a,b,c"; echo "${#parts[@]}" "${parts[0]}"
#--
printf '%s-%d-%x-%o-%5s|%-5s|%05d\n' str 42 255 8 r l 7
#--
printf '%s\n' a b c; printf '%s %s\n' 1 2 3; printf '[%3.1f]\n' 3.14159
#--
printf '%c%c\n' abc def; printf '%%\n'; printf '%b\n' 'a\tb'; printf '%q\n' "it's x"
#--
printf -v out '%03d' 5; echo $out; printf '%s' "no nl"; echo; printf 'x\ty\n'
#--
printf '%d\n' 0x10 010 "'A"; printf '%e\n' 1234.5; printf '%i|%u\n' -3 3
#--
printf '%*d|%-*d|\n' 5 1 4 2; printf '%.3s\n' abcdef; printf '%s\n'
#--
printf '%d\n' abc 2>/dev/null; echo "st=$?"
#--
v=hi; printf "%s:%s\n" "$v" "${v^^}"; printf -- '-dash\n'
#--
echo $((RANDOM >= 0 && RANDOM < 32768)); echo ${#PIPESTATUS[@]}; echo "${SHLVL:+set}"
#--
f() { echo $LINENO; }; echo $LINENO
#--
echo "$-" | grep -q h && echo hashall; set -- a b; echo "$#$1$2"; shift; echo "$#$1"
#--
alias_test() { echo fn; }; type -t alias_test echo cat if
#--
command -v echo; command -V true 2>/dev/null | head -1; type -t nosuch_xyz; echo "st=$?"
#--
eval 'x=1; echo $x'; eval "echo \$x"; cmd='echo a b'; $cmd; eval "$cmd"
#--
set -- 3 1 2; echo "$@"; set -- $(printf '%s\n' "$@" | sort); echo "$@"
#--
getopts_test() { local OPTIND=1 o; while getopts "ab:" o; do echo "$o:${OPTARG-}"; done; }; getopts_test -a -b val
#--
nosuchcmd_xyz 2>/dev/null; echo "st=$?"; ./nope.sh 2>/dev/null; echo "st=$?"
#--
echo 'echo sourced $1' > s.sh; . ./s.sh arg; source ./s.sh other
#--
echo 'echo run-as-script; exit 4' > sc.sh; bash sc.sh; echo "st=$?"
#--
let x=5 "y=x*2"; echo $x $y; : $((z=7)); echo $z
