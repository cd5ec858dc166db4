# Multibyte text in expansions and case conversion; functions printed back by declare -f / type.
s="héllo wörld"; echo "${#s}" "${s:1:3}" "${s^^}"; printf '%s\n' "${s//ö/o}"
#--
s="日本語テキスト"; echo "${#s}" "${s:2:2}" "${s: -2}"; printf '%5s|%-5s|\n' "日本" "日"
#--
s="emoji 😀 here"; echo "${#s}"; for ((i=0;i<${#s};i++)); do printf '%s.' "${s:i:1}"; done; echo
#--
x="ÀÉÎ"; echo "${x,,}" "${x,}"; y="àéî"; echo "${y^^}" "${y^}"
#--
echo "ß" | tr a-z A-Z; s="straße"; echo "${s^^}"
#--
[[ "é" == ? ]] && echo one-char; [[ "日本" == ?? ]] && echo two-chars; case "ü" in [[:alpha:]]) echo alpha;; esac
#--
read -n 2 x <<< "日本語"; echo "[$x]"; read -N 1 y <<< "é"; echo "[$y]"
#--
a=(α β γ); echo "${a[@]^}"; echo "${#a[1]}"
#--
s=$'a\x00b'; echo "${#s}"; printf 'a\0b' | od -c | head -1
#--
x=$(printf 'a\0b'); echo "${#x}" 2>&1
#--
s="straße"; echo "${s^^}" "${s@U}"; declare -u u="maß"; echo "$u"; t="ǆ"; echo "${t^}" "${t^^}"; x="İstanbul"; echo "${x,,}" "${x@L}"
#--
s="héllo wörld"; echo "${s^}" "${s^^}" "${s~~}" "${s@u}"; declare -c c="élan VITAL"; echo "$c"
#--
f() { local x=1; if [[ $x -eq 1 ]]; then echo one; elif (( x > 2 )); then echo big; else echo other; fi; }; declare -f f
#--
g() { for i in "$@"; do case $i in a|b) echo ab;; *) echo "other: $i" ;; esac; done; while read -r l; do echo "$l"; done < /dev/null; }; type g
#--
h() { echo "$(date +%s)" `echo bt` $((1+2)) ${x:-d} "${a[@]}" >&2 2>/dev/null; cat <<EOF
body $x
EOF
}; declare -f h
#--
k() { { echo a; echo b; } | sort; ( cd /tmp && ls ) || true; [[ -n $1 && $2 =~ ^x ]] && return 0; }; declare -f k
#--
m() { local -a arr=(1 2 "three four"); declare -A map=([k]=v); arr+=(5); echo "${arr[@]:1}"; }; declare -f m
#--
n() { for ((i=0; i<3; i++)); do printf '%d\n' "$i"; done; select x in a b; do break; done; until false; do break; done; }; declare -f n
#--
p() { trap 'echo bye' EXIT; set -e; echo "a" && echo "b" || echo "c"; ! false; time sleep 0; coproc cat; }; declare -f p 2>&1 | head -12
#--
q() { echo 'single'"double"$'ansi\n'; x=$'tab\t'; echo \$escaped \\ "quote\"inside"; }; declare -f q
#--
r() { : <<'END'
literal $x
END
echo after; }; declare -f r
#--
s() (echo subshell function); declare -f s; function t { echo kw; }; declare -f t
#--
u() { echo one; echo two; } > /dev/null; declare -f u
#--
v() { [[ -f a.txt ]] && { echo exists; return; }; echo "missing"; }; declare -f v
#--
w() { local i; for i in 1 2; do echo $i; done | while read -r x; do echo "got $x"; done; }; declare -f w
#--
x() { echo ${#1} ${1:0:2} ${1//a/b} ${1%%.*} ${!1} ${1^^} ${arr[*]} ${#arr[@]}; }; declare -f x
#--
y() { if true; then :; fi; if false; then :; else :; fi; case 1 in 1) ;; esac; }; declare -f y
#--
z() { echo a; }; z2() { z; }; declare -f z z2; declare -F | tail -2
#--
#!/usr/bin/env bash
set -euo pipefail
log() { printf '[%s] %s\n' "$1" "${*:2}"; }
die() { log ERROR "$@" >&2; exit 1; }
main() {
  local count=0
  for f in a b c; do
    count=$((count + 1))
    log INFO "processing $f ($count)"
  done
  [[ $count -eq 3 ]] || die "bad count"
  log INFO "done"
}
main "$@"
#--
set -euo pipefail
usage() { echo "usage: $0 [-v] [-o out] file..." >&2; exit 2; }
verbose=0; out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    -v|--verbose) verbose=1; shift ;;
    -o|--output) out="$2"; shift 2 ;;
    --) shift; break ;;
    -*) echo "unknown: $1"; exit 2 ;;
    *) break ;;
  esac
done
echo "verbose=$verbose out=${out:-none} rest=$#"
#--
cleanup() { echo "cleanup (status $?)"; }
trap cleanup EXIT
echo "working"
false || echo "recovered"
exit 3
#--
retry() {
  local n=0 max=3
  until "$@"; do
    n=$((n+1))
    if (( n >= max )); then echo "failed after $n"; return 1; fi
    echo "retry $n"
  done
}
attempt=0
flaky() { attempt=$((attempt+1)); (( attempt >= 2 )); }
retry flaky && echo "ok after $attempt"
retry false || echo "gave up"
#--
declare -A counts=()
words="apple banana apple cherry banana apple"
for w in $words; do counts[$w]=$(( ${counts[$w]:-0} + 1 )); done
for k in $(echo "${!counts[@]}" | tr ' ' '\n' | sort); do printf '%-8s %d\n' "$k" "${counts[$k]}"; done
#--
version="1.2.3"
IFS=. read -r major minor patch <<< "$version"
echo "$major.$((minor + 1)).0"
next=$(( patch + 1 )); echo "${version%.*}.$next"
#--
str="Hello, World"
echo "${#str} ${str:7} ${str^^} ${str,,}"
[[ $str == *World* ]] && echo contains
[[ $str =~ ^Hello ]] && echo starts
rev=""; for (( i=${#str}-1; i>=0; i-- )); do rev+="${str:i:1}"; done; echo "$rev"
#--
join_by() { local IFS="$1"; shift; echo "$*"; }
join_by , a b c; join_by ' - ' x y; arr=(1 2 3); join_by + "${arr[@]}"
#--
is_number() { [[ $1 =~ ^-?[0-9]+$ ]]; }
for v in 42 -7 3.5 abc ""; do if is_number "$v"; then echo "$v: yes"; else echo "$v: no"; fi; done
#--
max() { local m=$1; shift; for n; do (( n > m )) && m=$n; done; echo "$m"; }
max 3 9 2 7; max -5 -2 -9
#--
to_upper() { echo "${1^^}"; }; result=$(to_upper "mixed Case"); echo "$result"
#--
fib() { local n=$1; if (( n < 2 )); then echo "$n"; else echo $(( $(fib $((n-1))) + $(fib $((n-2))) )); fi; }; fib 10
#--
count_lines() { local c=0; while IFS= read -r _; do ((c++)) || true; done; echo "$c"; }; printf 'a\nb\nc\n' | count_lines
#--
set -e; n=0; ((n++)) || true; echo "n=$n"; ((n++)); echo "n=$n"
#--
config="key1=value1
key2=value with spaces
# comment
key3 = spaced"
while IFS='=' read -r k v; do [[ -z $k || $k == \#* ]] && continue; k="${k// /}"; v="${v# }"; echo "[$k]=[$v]"; done <<< "$config"
#--
files=(); for i in 1 2 3; do files+=("file $i.txt"); done; printf '%s\n' "${files[@]}"; echo "count: ${#files[@]}"
#--
s="a,b;c d"; IFS=',; ' read -ra parts <<< "$s"; for p in "${parts[@]}"; do echo "<$p>"; done
#--
printf '%s\n' 3 1 2 | sort -n | while read -r n; do echo "n=$n"; done; echo "pipe-subshell: ${n:-unset}"
#--
shopt -s lastpipe; printf '%s\n' x y | while read -r l; do last=$l; done; echo "last=${last:-unset}"
#--
{ echo "to stderr" >&2; echo "to stdout"; } 2>&1 | sort
#--
exec 3>&1; out=$( { echo "captured"; echo "direct" >&3; } ); exec 3>&-; echo "[$out]"
#--
echo "line1" > f.txt; echo "line2" >> f.txt; while read -r l; do echo "> $l"; done < f.txt; wc -l < f.txt
#--
x=$(printf '%s\n' a b c | head -n 2 | tail -n 1); echo "$x"
#--
ls nonexistent 2>/dev/null || echo "ls failed: $?"
#--
if command -v nonexistent_cmd >/dev/null 2>&1; then echo found; else echo "not found"; fi; command -v echo
#--
type -t echo; type -t ls; type -t if; f() { :; }; type -t f; type -t nonexist; echo "st=$?"
#--
: > empty.txt; [[ -s empty.txt ]] || echo "empty"; echo x > nonempty; [[ -s nonempty ]] && echo "nonempty"
#--
declare -i total=0; for n in 1 2 3 4; do total+=n; done; echo $total
#--
arr=(banana apple cherry); IFS=$'\n' sorted=($(printf '%s\n' "${arr[@]}" | sort)); unset IFS; echo "${sorted[*]}"
#--
trim() { local s="$*"; s="${s#"${s%%[![:space:]]*}"}"; s="${s%"${s##*[![:space:]]}"}"; printf '%s' "$s"; }; echo "[$(trim '   hi there   ')]"
#--
seq 1 10 | paste -sd+ | bc; echo $(( $(seq -s+ 1 10) ))
#--
readarray -t arr < <(printf 'x\ny\nz\n'); echo "${#arr[@]}: ${arr[*]}"
#--
while read -r a b; do echo "$b $a"; done < <(echo "1 2"; echo "3 4")
#--
diff <(echo a) <(echo b) >/dev/null; echo "diff=$?"; cat <(echo proc-sub)
