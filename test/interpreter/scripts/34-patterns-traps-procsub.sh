# Pattern substitution and bracket expressions, globbing, output process substitution, $? in assignments, DEBUG/RETURN/EXIT/ERR traps.
s="hello world"; echo "${s/o/0}" "${s//o/0}" "${s/#h/H}" "${s/%d/D}" "${s/o*/X}" "${s//[aeiou]/_}"
#--
s="a/b/c"; echo "${s//\//|}" "${s/\//}" "${s##*/}" "${s%/*}"
#--
s="aaa"; echo "${s/a/&&}" "${s//a/\&}"; shopt -s patsub_replacement; echo "${s/a/[&]}"; shopt -u patsub_replacement; echo "${s/a/[&]}"
#--
s="x.y.z"; echo "${s//./}" "${s/./}" "${s//[.]/-}"; p="."; echo "${s//"$p"/+}" "${s//$p/+}"
#--
s="The Quick"; echo "${s//[[:upper:]]/_}" "${s//[[:space:]]/}" "${s//[^[:alpha:]]/}"
#--
s="abcabc"; echo "${s#*b}" "${s##*b}" "${s%b*}" "${s%%b*}" "${s#x}" "${s%c}"
#--
s="foo"; echo "${s/}" "${s//}" "${s/o}" "${s//o}" "${s/#/>}" "${s/%/<}"
#--
s='a*b?c[d]'; echo "${s//\*/x}" "${s//\?/y}" "${s//\[/(}" "${s//[][]/|}"
#--
s="path/to/file.tar.gz"; base="${s##*/}"; echo "${base%%.*}" "${base#*.}" "${base%.*}" "${s%/*}"
#--
v="  text  "; echo "[${v# }]" "[${v## }]" "[${v%% }]" "[${v//  /}]"; shopt -s extglob; echo "[${v##+( )}]" "[${v%%+( )}]"
#--
f="report-2023-final.pdf"; [[ $f =~ ([0-9]{4}) ]] && echo "${BASH_REMATCH[1]}"; echo "${f%%-*}" "${f#*-}"
#--
case "[x]" in \[*\]) echo bracketed;; esac; case "a]" in *]) echo closebr;; esac; case "-" in [a-]) echo dash;; esac
#--
case "x" in [!a-w]) echo not-a-w;; esac; case "^" in [\^]) echo caret;; esac; case "!" in [!]) echo bang;; *) echo no-bang;; esac
#--
for p in '*' '?' '[' 'a\b'; do case "$p" in "$p") echo "lit ok: $p";; esac; done
#--
x="a b"; case $x in a\ b) echo escaped-space;; esac; case $x in "a b"|c) echo alt;; esac
#--
case "" in *) echo empty-star;; esac; case "abc" in a?c) echo qmark;; esac; case "ac" in a?c) echo wrong;; *) echo right;; esac
#--
shopt -s nocaseglob; touch File.TXT; echo file.*; shopt -u nocaseglob; echo file.*
#--
touch a1 a2 b1; echo [ab]1 {a,b}1 a[!1]; echo *[12]; echo ?[2]
#--
touch '.dot' 'nodot'; echo *; echo .*; echo .[!.]*
#--
mkdir -p d1/d2; touch d1/f d1/d2/g; echo d1/*; echo */*; echo d1/*/
#--
touch 'sp ace'; for f in sp*; do echo "[$f]"; done; ls sp* | cat
#--
GLOBIGNORE='*.log'; touch x.log x.txt; echo x.*; unset GLOBIGNORE; echo x.*
#--
echo "${PATH:0:0}" "${x:-}" | cat -A 2>/dev/null | head -1
#--
source <(echo 'psub_var=from-psub'); echo "$psub_var"; . <(printf 'f_ps() { echo fn-from-psub; }\n'); f_ps
#--
eval "$(printf 'k%d=%d\n' 1 10 2 20)"; echo "$k1 $k2"; eval 'arr=(a "b c")'; echo "${#arr[@]}"
#--
cmd='echo "quoted arg"; echo second'; eval "$cmd"; eval echo '$HOME' | grep -c /
#--
vars="a=1 b=2"; for kv in $vars; do declare "$kv"; done; echo "$a $b"; declare "c=x y"; echo "$c"
#--
f() { declare -g G=global_from_f; declare L=local_to_f; }; f; echo "${G-unset} ${L-unset}"
#--
while IFS=, read -r name age city; do printf '%s is %s from %s\n' "$name" "$age" "$city"; done <<'EOF'
alice,30,paris
bob,25,"new york"
EOF
#--
data="a:1
b:2
c:3"; total=0; while IFS=: read -r k v; do total=$((total+v)); done <<< "$data"; echo $total
#--
out=""; for i in {1..5}; do out+="$i,"; done; echo "${out%,}"
#--
lines=(); while IFS= read -r line; do lines+=("$line"); done < <(printf 'x y\n\nz\n'); echo "${#lines[@]}"; printf '[%s]\n' "${lines[@]}"
#--
x=$(cat <<-EOF
	tabbed
	EOF
); echo "$x"
#--
{ echo header; printf '%s\n' c b a | sort; echo footer; } > report.txt; cat report.txt; wc -l < report.txt
#--
exec > >(tr a-z A-Z); echo "upper me"; exec >&-; wait
#--
printf '%s\n' one two three > list.txt; mapfile -t items < list.txt; for i in "${!items[@]}"; do echo "$((i+1)). ${items[i]}"; done
#--
n=0; while (( n < 3 )); do n=$((n+1)); [[ $n -eq 2 ]] && continue; echo "n=$n"; done
#--
for i in 1 2 3; do for j in a b; do [[ $j == b ]] && continue 2; echo "$i$j"; done; done
#--
for i in 1 2 3; do while true; do break 2; done; echo never; done; echo "out $i"
#--
i=0; until [[ $i -ge 3 ]]; do echo "until $i"; ((i++)); done
#--
select opt in "first" "second" "quit"; do case $opt in quit) break;; *) echo "chose $opt ($REPLY)";; esac; done <<< $'1\n2\n3' 2>/dev/null
#--
set -- "one two" three; echo "$#: $1 | $2"; shift; echo "$#: $1"; set -- $(echo "x y z"); echo "$#"
#--
f() { echo "args: $#"; for a; do echo "- $a"; done; }; f "a b" "" c
#--
f() { local IFS=:; echo "$*"; echo "$@"; local x="$*"; echo "$x"; }; f a b c
#--
printf -v line '%*s' 10 ''; echo "[${line// /-}]"; printf '%.0s=' {1..5}; echo
#--
str="abc"; for ((i=0; i<${#str}; i++)); do echo "${str:$i:1}"; done | tac | tr -d '\n'; echo
#--
num=42; if (( num % 2 == 0 )); then echo even; fi; (( num > 40 && num < 50 )) && echo "in range"
#--
a=5 b=3; echo $(( a > b ? a : b )); max=$(( a > b ? a : b )); echo "max=$max"
#--
hex=$(printf '%x' 255); echo "$hex"; dec=$((16#$hex)); echo "$dec"; printf '%08.3f\n' 3.14159; printf '%o\n' 8
#--
echo $((2**31)) $((2**32 - 1)) $(( -2**31 )); printf '%d\n' "$((0x7fffffff))"
#--
exec 2>&1; trap 'echo "caught $?"' ERR; f() { return 3; }; f; (exit 4); false | true; ! false; echo end
#--
exec 2>&1; set -E; trap 'echo "ERR in ${FUNCNAME[0]:-main} at $LINENO"' ERR; g() { false; }; g; echo end
#--
trap 'echo "exit code $?"' EXIT; (exit 7)
#--
trap 'rc=$?; echo "cleanup rc=$rc"; exit $rc' EXIT; false; echo "st=$?"; exit 5
#--
f() { trap 'echo "in-func EXIT"' EXIT; echo body; }; f; echo after-f
#--
trap 'echo one' USR1; trap 'echo two' USR2; kill -USR1 $$; kill -USR2 $$; trap - USR1; trap -p | sed 's/ SIG/ /'
#--
trap '' INT; trap -p INT; trap - INT; trap -p INT; echo "[$(trap -p INT)]"
#--
trap 'echo DEBUG $BASH_COMMAND' DEBUG; x=1; echo "x=$x"; trap - DEBUG; echo untraced
#--
f() { echo "f: $BASH_COMMAND"; }; trap f DEBUG; :; true; trap - DEBUG
#--
trap 'echo RET from ${FUNCNAME[0]}' RETURN; f() { :; }; f; g() { f; }; g
#--
set -T; trap 'echo "dbg: $BASH_COMMAND"' DEBUG; f() { echo in-f; }; f; trap - DEBUG
#--
( trap 'echo sub-exit' EXIT; exit 3 ); echo "st=$?"; x=$( trap 'echo cs-exit' EXIT; echo out ); echo "[$x]"
#--
trap 'echo trapped HUP' HUP; kill -HUP $$; echo continues
#--
trap 'echo a' EXIT; trap 'echo b' 0; trap -p EXIT
#--
trap "echo 'quoted \"exit\"'" EXIT; trap -p EXIT
#--
f() { local -; set -x; trap 'echo t' EXIT; }; f 2>&1; echo after
#--
case "x" in [!a-w]) echo not-a-w;; esac; case "^" in [\^]) echo caret;; esac; case "!" in [!]) echo bang;; *) echo no-bang;; esac
#--
case "-" in [a\-z]) echo dash;; *) echo nodash;; esac; case "b" in [a\-z]) echo range;; *) echo norange;; esac; case "-x" in -*) echo opt;; esac; case "a-b" in "a-b") echo q;; esac
#--
touch a-b a_b; echo a"-"*; echo "a-"b; x="-"; echo a${x}b; [[ "a-b" == a"-"b ]] && echo m; s="x-y"; echo "${s/"-"/+}"
#--
case "^x" in "^"*) echo caretq;; esac; [[ "^" == [\^] ]] && echo c2; [[ "!" == ["!"] ]] && echo bang2
#--
exec > >(tee log.txt) 2>&1; echo hi; echo err >&2
#--
exec > >(tr a-z A-Z); echo "upper me"
#--
exec 3> >(cat); echo via3 >&3; exec 3>&-; wait; echo done
#--
echo x > >(cat); wait; echo y
#--
{ echo a; echo b; } > >(sort -r); wait
#--
x=$(false) y=$(true); echo $?; x=$(true) y=$(false); echo $?; false; x=$?; echo $x; x=$(exit 3) y=$?; echo $y; false; x=1; echo $?; false; x=$? y=$?; echo $x $y
#--
false; rc=$?; echo "rc=$rc"; trap 'rc=$?; echo "cleanup rc=$rc"; exit $rc' EXIT; false; echo "st=$?"; exit 5
#--
f() { return 7; }; f; status=$?; echo "$status"; (exit 9); s2=$? s3=$s2; echo "$s2 $s3"
#--
cmd_status() { "$@"; local rc=$?; echo "rc=$rc"; }; cmd_status false; cmd_status true
#--
false; declare d=$?; echo $d; false; local_f() { local l=$?; echo $l; }; false; local_f; false; export E=$?; echo $E
#--
x=$(false); echo $?; x=$(true) && echo ok; x=$(false) || echo failed
#--
trap 'echo "dbg: $BASH_COMMAND"' DEBUG; f() { echo in-f; }; f; trap - DEBUG
#--
set -T; trap 'echo "dbg: $BASH_COMMAND"' DEBUG; f() { echo in-f; }; f; trap - DEBUG
#--
f() { trap "echo RET f" RETURN; echo in-f; }; g() { echo in-g; }; f; g; f; echo top; trap -p RETURN
#--
trap "echo RET" RETURN; printf "echo sourced\n" > src_r.sh; source src_r.sh; f() { :; }; f; set -T; f; echo end
#--
f() { trap "echo RET-f" RETURN; g; }; g() { echo in-g; }; f
#--
trap 'echo RET from ${FUNCNAME[0]}' RETURN; f() { :; }; f; g() { f; }; g
