# set -e corners, redirections and file descriptors, builtin options and their messages.
set -e; f() { false; echo "continues in if-context"; }; if f; then echo yes; fi; f && echo and; echo end
#--
set -e; x=$(false; echo "cs continues"); echo "[$x]"
#--
set -e; shopt -s inherit_errexit; x=$(false; echo "cs continues"); echo "[$x]"
#--
set -e; f() { return 1; }; g() { f; echo "g continues"; }; g || echo "g failed"; echo end
#--
set -e; (false; echo "sub continues") || echo "sub failed"
#--
set -e; false && true; echo "and-list ok"; true && false; echo never
#--
set -e; until false; do break; done; while false; do :; done; echo loops-ok
#--
set -e; case x in x) false;; esac; echo never
#--
set -e; [[ 1 -eq 2 ]]; echo never
#--
set -e; declare x=$(false); echo "declare masks"; local_fn() { local y=$(false); echo "local masks"; }; local_fn
#--
set -e; export Z=$(false); echo "export masks"; readonly R=$(false); echo "readonly masks"
#--
set -e; x=$(false) y=1; echo never
#--
set -e; eval false; echo never
#--
set -e; eval 'false; echo in-eval'; echo never
#--
set -e; printf '%s\n' a | grep -q b; echo never
#--
set -e; trap 'echo ERR-trap' ERR; false; echo never
#--
set -o errexit; f() { set +e; false; echo "f disabled"; }; f; false; echo never
#--
set -e; { false; } 2>/dev/null; echo never
#--
set -e; time false 2>/dev/null; echo never
#--
set -e; ! false; ! true; echo "negation never triggers"
#--
set -e; for x in 1 2; do false && true; done; echo "last && in loop"
#--
set -e; f() { false && true; }; f; echo never
#--
exec 3>out3.txt; echo to3 >&3; exec 3>&-; cat out3.txt; echo x >&3 2>&1 || echo "closed"
#--
exec {fd}>fdfile.txt; echo "fd>=10: $(( fd >= 10 ))"; echo via-fd >&$fd; exec {fd}>&-; cat fdfile.txt
#--
echo a > f1; set -o noclobber; echo b > f1 2>&1; echo "st=$?"; echo c >| f1; cat f1; set +o noclobber
#--
echo hello > rw.txt; exec 4<>rw.txt; read -r l <&4; echo "$l"; exec 4>&-
#--
{ echo out; echo err >&2; } > both.txt 2>&1; cat both.txt; { echo o2; echo e2 >&2; } &> both2.txt; cat both2.txt
#--
echo x 2>&1 >/dev/null | cat; ls nonexist 2>&1 >/dev/null | sed 's/.*nonexist.*/ERR/'
#--
cat < /dev/null; echo "st=$?"; cat < nonexist.txt 2>&1; echo "st=$?"
#--
echo abc > in.txt; tr a-z A-Z < in.txt > out.txt; cat out.txt; cat <in.txt >>out.txt; cat out.txt
#--
exec 5<&0; echo "dup ok"; exec 5<&-; echo data | { exec 6<&0; read -r v <&6; echo "$v"; }
#--
echo "$(echo out; echo err >&2)" 2>/dev/null; x=$( { echo a; echo b >&2; } 2>&1 ); echo "$x"
#--
> empty.out; [[ -f empty.out && ! -s empty.out ]] && echo created-empty
#--
echo 1 >&2 2>/dev/null | cat; echo "---"; (echo 2 >&2) 2>&1 | cat
#--
f() { echo "in f" >&2; }; f 2>/dev/null; echo "silenced"; f 2>&1 | tr a-z A-Z
#--
read -r a <<< "$(echo here-string-cs)"; echo "$a"; cat <<< 'lit $x'
#--
mkdir -p a/b; pushd a >/dev/null; pushd b >/dev/null; dirs | wc -w; popd >/dev/null; basename "$PWD"; popd >/dev/null; dirs -c; dirs | wc -w
#--
mkdir -p real; ln -s real link; cd link; pwd | xargs basename; pwd -P | xargs basename; cd ..
#--
umask 077; umask; umask -S; umask 022; umask -S
#--
x=5; readonly x; declare -p x; y=1; declare -r y; readonly -p | grep -E 'declare -r [xy]='
#--
shopt -q nullglob; echo "nullglob=$?"; shopt -s nullglob; shopt -q nullglob; echo "now=$?"; shopt nullglob extglob
#--
shopt -p failglob globstar; set -o | grep -E '^(errexit|nounset|pipefail) '
#--
set -o pipefail; false | true; echo $?; set +o pipefail; false | true; echo $?; set -o | grep pipefail
#--
type -a echo | head -2; type -P ls; command -V echo; command -V if 2>&1; type -t [[
#--
f() { :; }; type f | head -1; command -v f; type -a f | head -1
#--
alias ll='ls -l'; type ll; alias; unalias ll; type ll 2>&1; echo "st=$?"
#--
compgen -W "apple banana avocado" a; compgen -v BASH_VERSI | head -2
#--
kill -l 9; kill -l SIGTERM; kill -l 130 2>&1; trap -l | head -1
#--
echo -e 'a\\b'; echo -e '\0101'; echo -e '\x4'; echo 'a\nb'; echo -e 'no\c more'; echo end
#--
shopt -s xpg_echo; echo 'a\tb'; shopt -u xpg_echo; echo 'a\tb'
#--
printf -- '%s\n' -x; printf '%s\n' -- -y; echo -- -z; echo - dash
#--
read -r -u 3 line 3<<< "from fd3"; echo "$line"
#--
read -s -r x <<< "silent"; echo "[$x]"; read -r -t 1 y <<< "timed"; echo "[$y] $?"
#--
IFS= read -r -d '' data < <(printf 'a\nb\0c'); echo "[$data]"
#--
read -ra arr -d ';' <<< "a b;c d"; echo "${#arr[@]} ${arr[1]}"
#--
read a b <<< ""; echo "st=$? [$a][$b]"; read -r <<< "  x  "; echo "[$REPLY]"
#--
readonly rv=1; read rv <<< 2 2>&1; echo "st=$? rv=$rv"
#--
read 1bad <<< x 2>&1; echo "st=$?"
#--
while read -r -n 1 c; do printf '[%s]' "$c"; done <<< "ab c"; echo
#--
printf 'a:b:c\n' | { IFS=: read -r -a f; echo "${f[2]}"; }
#--
hash -r; hash 2>&1; hash -t ls 2>&1; echo "st=$?"
#--
ulimit -n >/dev/null && echo ulimit-ok; ulimit -a >/dev/null && echo ulimit-a
#--
times >/dev/null && echo times-ok; type times | head -1
#--
let a=1+2 b=a*3; echo $a $b; let "c = (a + b) % 4"; echo $c; let d++; echo $d
#--
set -- x y z; echo "$#"; set --; echo "$#"; set -- "$@"; echo "$#"
#--
set a b c; echo "$2"; set -- -a; echo "$1"; set - b; echo "$1" "$-" | tr -d c
#--
set -o | head -3; set +o | head -3
#--
declare -F | head; declare -x | grep -c '^declare -x' >/dev/null && echo exports
#--
export -n PATH 2>/dev/null; declare -p PATH | cut -c1-11; export -p | grep -c PATH
#--
unset -f nope; echo "st=$?"; unset -v nope2; echo "st=$?"; unset nope3; echo "st=$?"
#--
f() { echo f; }; unset f; f 2>&1; echo "st=$?"; g=1; g() { echo gfn; }; unset g; echo "[${g-unset}]"; g
#--
source /dev/null; echo "st=$?"; . /dev/null arg; echo "st=$?"
#--
printf 'echo "in sourced $1 $#"; return 4; echo never\n' > s.sh; source s.sh a b; echo "st=$?"; echo "$# outside"
#--
printf 'x_from_src=1\n' > s2.sh; . ./s2.sh; echo "$x_from_src"; (source s2.sh; echo sub) ; f() { source s2.sh; local y=2; }; f; echo ok
#--
printf 'f_src() { echo "src fn"; }\n' > lib.sh; source lib.sh; f_src; type -t f_src
#--
caller 2>&1; echo "st=$?"; builtin caller; echo "st=$?"
#--
false; echo $?; ! :; echo $?; : ; echo $?; true false; echo $?
#--
echo last-arg-test; echo "$_"; f() { :; }; f a b; echo "$_"; g() { echo inner x; }; g; echo "$_"
#--
{ readonly a; read -a a <<< "1 2"; echo st=$?; read "b c" <<< x; echo st=$?; declare -A m; read -a m <<< x; echo st=$?; readonly rv=1; read rv <<< 2; echo "st=$? rv=$rv"; } 2>&1
#--
readonly ro=1; { printf -v ro x; echo "1 $?"; mapfile ro <<< x; echo "2 $?"; getopts a ro -a; echo "3 $?"; let ro=2; echo "4 $?"; (( ro=3 )); echo "5 $?"; declare ro=2; echo "6 $?"; unset ro; echo "7 $?"; export ro=2; echo "8 $?"; } 2>&1
#--
readonly ro=1; for ro in a; do echo in; done 2>&1; echo "st=$?"
#--
readonly ro=1; ro+=x 2>&1; echo "st=$?"
#--
readonly ro=1; : ${ro:=x}; echo "st=$? $ro"; unset nn; readonly nn; echo ${nn:=v} 2>&1; echo "st=$?"
#--
readonly ro=1; f() { local ro=2; echo "local $ro"; }; f 2>&1; echo "st=$?"
#--
readonly ro=1; read ro <<< x 2>&1; echo "st=$?"; ro=2 true 2>&1; echo "st=$?"
#--
readonly -a RA=(1 2); RA[0]=5 2>&1; echo "st=$?"; RA+=(3) 2>&1; echo "st=$? ${RA[*]}"
#--
declare -r x=1; declare -r x=2 2>&1; echo "st=$?"; declare +r x 2>&1; echo "st=$?"
