declare -A m=([x]=1); echo "${m[@]/1/one}"; unset m; declare -p m 2>/dev/null; echo "st=$?"
#--
x=abc; echo "${x[0]}" "${x[@]}" "${#x[@]}"; x[1]=d; echo "${x[@]}"
#--
set -- a b; echo "${@:0:1}" | grep -c bash; echo "${@:1:1}"
#--
v=hello; echo "${v:1:2:3}" 2>/dev/null; echo "st=$?"
#--
echo ${#}; set -- $(seq 12); echo $# ${10} ${12} $10
#--
x=5; echo ${x:+${x}0} ${x:-nope}; unset x; echo ${x:+set}${x-unset}
#--
a=(); a[${#a[@]}]=x; a[${#a[@]}]=y; echo "${a[@]}"
#--
declare -A m; m[a]=1; m[b]=2; for k in "${!m[@]}"; do unset "m[$k]"; done; echo ${#m[@]}
#--
s='a"b'; echo "${s//\"/Q}"; t="x'y"; echo "${t//\'/Q}"
#--
echo "${x-$'a\tb'}" | od -c | head -1 | tr -s ' '
#--
v=abc; echo ${v/#a/} ${v/%c/} "${v/b/}"; echo ${v//[ac]}
#--
f() { echo $#; }; f ''; f '' ''; a=('' ''); f "${a[@]}"; f ${a[@]}
#--
echo $((010 + 0x10 + 2#10)); echo $(( 1e3 )) 2>/dev/null; echo "st=$?"
#--
n=0; (( n++ )) || echo "post-incr zero is false"; (( ++n )) && echo "pre-incr true"
#--
declare -i x=2**10; echo $x; x=-x; echo $x
#--
cat <<EOF
$(for i in 1 2; do echo "row $i"; done)
EOF
#--
cat << 'E O F'
odd delimiter
E O F
#--
cat <<EOF
  ${undefined:-fallback}
	tab kept
EOF
#--
if cat <<EOF | grep -q yes
yes
EOF
then echo found; fi
#--
echo $(cat <<EOF
a
b
EOF
) end
#--
f() { cat <<EOF
in f: $1
EOF
}; f arg
#--
set -e; f() { local r; r=$(false); echo "never? $?"; }; f; echo "st=$?"
#--
set -e; false && echo a; echo b; ( false ) || echo c; echo d
#--
set -o pipefail; false | true | true; echo ${PIPESTATUS[@]} $?
#--
{ false; true; } | cat; echo "${PIPESTATUS[@]}"; ( exit 2 ) | ( exit 0 ); echo "${PIPESTATUS[@]}"
#--
x=1; x+=2; echo $x; declare -i y=1; y+=2; echo $y; a=(1); a+=2; echo "${a[@]}"
#--
readonly X=1; unset X 2>/dev/null; echo "st=$? $X"
#--
f() { local x=1; local x=2; echo $x; }; f; g() { local a; a=(1 2); echo ${#a[@]}; }; g
#--
f() { local v="$1"; shift; echo "$v|$*"; }; f a b c
#--
declare -A h=([k]=v); f() { local -A h=([z]=1); echo ${!h[@]}; }; f; echo ${!h[@]}
#--
echo "a" | { read v; echo "$v"; } ; echo "${v-unset}"
#--
x=$(printf '%s' "no-nl"); echo "$x"; y=$(echo -e 'a\r'); echo ${#y}
#--
u="${PATH:+has-path}"; echo $u
#--
[[ abc =~ ^a(b)?(x)?c$ ]]; declare -p BASH_REMATCH | sed 's/declare -a //'
#--
[[ $'a\nb' =~ ^a.b$ ]] && echo dot-newline; [[ ab =~ ^(a|b)+$ ]] && echo alt
#--
s="key=value"; [[ $s =~ ^([^=]+)=(.*)$ ]] && echo "${BASH_REMATCH[1]} -> ${BASH_REMATCH[2]}"
#--
i=0; for x in a b c; do (( i++ )); done; echo $i; for ((i=10; i>0; i-=4)); do echo -n "$i "; done; echo
#--
for i in 1 2 3; do if (( i == 2 )); then continue; fi; echo $i; done; echo "last=$i"
#--
select x in "a b" c; do echo "$x"; break; done <<< 1 2>/dev/null
#--
printf '%s\n' 3 1 2 | sort -n | while read n; do s=$((${s:-0}+n)); echo $s; done | tail -1
#--
echo one two | read a b; echo "[$a]"; { read a b; echo "[$a $b]"; } <<< "x y"
#--
echo $(( $(wc -l <<< $'a\nb\nc') + 1 ))
#--
unset arr; arr[5]=x; echo "${#arr[@]} ${!arr[@]}"; arr=([2]=a b c); echo "${!arr[@]}"
#--
declare -a x=(1 2); declare -p x; declare -A y=([a]="q r"); declare -p y
#--
a="one two"; printf '[%s]\n' $a "$a"; printf '%s\n' "${a%% *}"
#--
echo -e "\x41\0102\u263a" | od -c | head -1 | tr -s ' '
#--
echo $'\'' "$'\x'" $'a\\b'
