# Parameter expansion edge cases, as scripts write them.
s="hello world"; echo "${s^}" "${s^^}" "${s,}" "${s,,}" "${s~}" "${#s}"
#--
path=/usr/local/lib/file.tar.gz; echo "${path##*/}" "${path%/*}" "${path#*.}" "${path%%.*}" "${path%.*}"
#--
f=archive.tar.gz; echo "${f%.gz}" "${f%.tar.gz}" "${f/.tar/}" "${f//a/A}" "${f/#arch/ARCH}" "${f/%gz/bz2}"
#--
x=; echo "[${x:-default}] [${x-default}] [${x:+alt}] [${x+alt}]"; unset x; echo "[${x:-default}] [${x-default}] [${x:+alt}] [${x+alt}]"
#--
unset v; echo "${v:=assigned}"; echo "$v"; w=""; echo "${w:=filled}"; echo "$w"
#--
s="abcdef"; echo "${s:2}" "${s:2:2}" "${s: -2}" "${s:(-3):2}" "${s:0:-1}" "${s: -10}" "[${s:10}]"
#--
arr=(one two three four); echo "${arr[@]:1:2}" "${#arr[@]}" "${#arr[1]}" "${arr[-1]}" "${arr[@]: -2}"
#--
s="a.b.c.d"; IFS=. read -ra parts <<< "$s"; echo "${#parts[@]}" "${parts[2]}"; echo "${s//./ }"
#--
name=VAR; VAR=value; echo "${!name}"; declare -n ref=VAR; echo "$ref"; ref=new; echo "$VAR"
#--
prefix_a=1 prefix_b=2 other=3; echo "${!prefix_@}"; for v in "${!prefix_@}"; do echo "$v=${!v}"; done
#--
s="  padded  "; t="${s#"${s%%[![:space:]]*}"}"; t="${t%"${t##*[![:space:]]}"}"; echo "[$t]"
#--
x="a*b"; echo "${x/\*/-}" "${x//[*]/+}"; y='a/b/c'; echo "${y//\//_}"
#--
s="Hello"; echo "${s@Q}" "${s@U}" "${s@L}" "${s@u}"; a=(x 'y z'); echo "${a[@]@Q}"
#--
s=$'tab\there'; echo "${s@Q}"; n=""; echo "[${n@Q}]"
#--
set -- a b c d e; echo "${@:2}" "${@:2:2}" "${*: -1}" "${#}" "${@: -2:1}"
#--
set -- "a b" c; for x in "$@"; do echo "<$x>"; done; for x in $@; do echo "[$x]"; done; for x in "$*"; do echo "{$x}"; done
#--
IFS=,; set -- a b c; echo "$*"; echo "${*}"; x="$*"; echo "$x"; IFS=; echo "$*"
#--
v="x"; echo "${v:-$(echo sub)}" "${u:-$(echo sub)}" "${u:-'quoted default'}" "${u:-"dq $v"}"
#--
a=(1 2 3); echo "${a[*]/#/-}" "${a[@]/%/+}"; b=(apple banana); echo "${b[@]^}" "${b[@]#?}"
#--
s=abc; echo ${s:1:1}${s:0:1}; echo ${#s[@]}; unset s; echo ${#s}
#--
echo "${UNSET_VAR:-}" "x${UNSET_VAR}x"; : "${MUST:=set-now}"; echo "$MUST"
#--
file="my file.txt"; echo "${file%.*}" "${file##*.}" "${file// /_}"
#--
url="https://example.com:8080/path/to?q=1"; proto="${url%%://*}"; rest="${url#*://}"; host="${rest%%/*}"; echo "$proto $host ${host%:*} ${host#*:} /${rest#*/}"
#--
v=42; echo "${v:?}" ; (echo "${nope:?custom error}") 2>&1; echo "st=$?"
#--
s="CamelCaseString"; echo "${s,,}" "${s^^[aeiou]}" "${s,,[CS]}"
#--
x=5; echo "${x:+set}" "${y:+set}" "[${x:+}]"; declare -a e=(); echo "[${e[@]:-empty}]" "${#e[@]}"
#--
a=([0]=zero [5]=five [10]=ten); echo "${!a[@]}" "${#a[@]}" "${a[@]}"; unset 'a[5]'; echo "${!a[@]}"
#--
str="one two  three"; arr=($str); echo "${#arr[@]}"; echo "${arr[@]}"; arr2=("$str"); echo "${#arr2[@]}"
#--
s="x-y-z"; echo "${s/-/+}" "${s//-}" "${s/-*/}" "${s#*-}" "${s##*-}"
#--
v=abc; echo "${v:0:1}" "${v:1}" "${v::2}"; echo "${v:${#v}-1}"
#--
printf '%s\n' "${PWD:+pwd-set}" "${HOME:+home-set}" "${0##*/}"
#--
n=5; echo $((n++)) $n $((++n)) $((n--)) $n; echo $((n+=2)) $((n*=3)) $((n%=4)) $((n<<=2)) $n
#--
declare -A h=([b]=2 [a]=1 [c]=3); for k in $(printf '%s\n' "${!h[@]}" | sort); do echo "$k=${h[$k]}"; done; echo "${#h[@]}"
