# set -u corners, ${!x} indirection errors, sparse/negative subscripts, declare array kinds, read into elements.
set -u; a=(); echo "${a[@]}" "${#a[@]}" "${a[*]}" x; echo "$@" "$#" "$*" y
#--
set -u; declare -A m=(); echo "${!m[@]}" "${#m[@]}" ok
#--
set -u; echo "${x-}" "${x:-}" "${y+set}"; [[ -v x ]] || echo unset
#--
set -u; a=(1); echo "${a[1]}" 2>&1; echo never
#--
set -u; declare -A m; echo "${m[k]}"; echo never
#--
set -u; echo ${#unset_var} 2>&1; echo never
#--
set -u; f() { echo "${1:-none}" "${2-}"; }; f; f a
#--
set -u; unset x; echo "${!x}" 2>&1; echo after
#--
set -u; x=(); for i in "${x[@]}"; do echo "$i"; done; echo loop-ok
#--
set -u; echo $(( unset_v + 1 )) 2>&1; echo never
#--
set -u; (( unset_a++ )) 2>&1; echo never
#--
set -u; [[ $unset_b == x ]] 2>&1; echo never
#--
set -u; case $unset_c in *) ;; esac; echo never
#--
set -u; for i in $unset_d; do :; done; echo never
#--
set -u; echo "${arr[@]:-default}"; declare -a e; echo "${e[@]:-edef}"
#--
set -u; v=""; echo "[${v}]" "[$v]"; echo "${v:?empty}" 2>&1; echo never
#--
set -u; x=1; unset x; echo "$x" 2>&1; echo never
#--
set -u; export EXP; echo "${EXP}" 2>&1; echo never
#--
set -u; local_f() { local l; echo "$l"; }; local_f 2>&1; echo never
#--
set -u; declare d; echo "[$d]" 2>&1; echo never
#--
set -u; : "${UNSET_WITH_DEFAULT:=val}"; echo "$UNSET_WITH_DEFAULT"
#--
set -u; echo "${@:1}" ok; set -- a; echo "${@:2}" ok2
#--
set -u; echo "$_" | head -c0; echo "$-" | grep -q u && echo has-u
#--
set -u; printf '%s\n' "${BASH_REMATCH[@]}" "${PIPESTATUS[0]}" ok
#--
arr=(a b c); for i in "${!arr[@]}"; do arr[$i]="${arr[$i]^^}"; done; echo "${arr[@]}"
#--
declare -A m=([x]=1 [y]=2); for k in "${!m[@]}"; do m[$k]=$(( m[$k] * 10 )); done; for k in x y; do echo "$k=${m[$k]}"; done
#--
a=(1 2 3 4 5 6); echo "${a[@]:2:2}" "${a[@]: -2}" "${#a[@]}"; unset 'a[2]'; echo "${a[@]:2:2}"
#--
a=(x y z); a[5]=w; for i in "${!a[@]}"; do printf '%d:%s ' "$i" "${a[i]}"; done; echo; echo "${a[@]: -1}"
#--
declare -a a=([3]=c [1]=a); a+=([0]=z); declare -p a; a=([5]=q "${a[@]}"); declare -p a
#--
a=(one two); b=("${a[@]/o/0}"); echo "${b[@]}"; c=("${a[@]#t}"); echo "${c[@]}"
#--
a=("a b" c); printf '[%s]' ${a[@]}; echo; printf '[%s]' "${a[@]}"; echo; printf '[%s]' "${a[*]}"; echo
#--
declare -A h=([one]=1); h+=([two]=2 [one]=11); echo "${h[one]} ${h[two]} ${#h[@]}"
#--
declare -A h; h[a]=1; unset h; declare -p h 2>&1; declare -A h2=([k]=v); h2=(); echo "${#h2[@]}"
#--
a=(1 2 3); unset a; echo "${#a[@]}"; a[2]=x; echo "${!a[@]}"
#--
a=(1 2 3); a=("${a[@]:1}"); echo "${a[@]} ${!a[@]}"
#--
str="a-b-c"; IFS=- read -ra parts <<< "$str"; echo "${parts[@]: -1}" "${#parts[@]}"; joined=$(IFS=+; echo "${parts[*]}"); echo "$joined"
#--
a=(5 3 9 1); for ((i=0; i<${#a[@]}; i++)); do for ((j=i+1; j<${#a[@]}; j++)); do if (( a[j] < a[i] )); then t=${a[i]}; a[i]=${a[j]}; a[j]=$t; fi; done; done; echo "${a[@]}"
#--
declare -A seen; dups=(); for w in a b a c b a; do if [[ -n ${seen[$w]:-} ]]; then dups+=("$w"); else seen[$w]=1; fi; done; echo "${dups[@]}"
#--
a=(); [[ ${#a[@]} -eq 0 ]] && echo empty; a+=(""); [[ ${#a[@]} -eq 1 ]] && echo one-empty; [[ -z ${a[0]} ]] && echo blank
#--
matrix=(); matrix[0*3+1]=x; matrix[2*3+2]=y; echo "${!matrix[@]}"
#--
a=(a b c); echo "${a[@]:0:0}" "[${a[@]:5}]" "${a[@]:-1}" 2>&1
#--
a=(1 2 3); echo $(( ${a[@]/#/+} )) 2>&1; sum=0; for n in "${a[@]}"; do (( sum += n )); done; echo $sum
#--
declare -a a=(x); declare -A a 2>&1; echo "st=$?"; declare -A b=([k]=v); declare -a b 2>&1; echo "st=$?"
#--
a[1]=x; a[01]=y; echo "${a[1]}"; declare -A h; h[1]=x; h[01]=y; echo "${h[1]} ${h[01]} ${#h[@]}"
#--
i=2; a=(p q r s); echo "${a[i]} ${a[$i]} ${a[i-1]} ${a[${#a[@]}-1]}"
#--
declare -A h=(["a b"]=1 ['c"d']=2); for k in "${!h[@]}"; do echo "<$k>"; done | sort; declare -p h
#--
a=(1 2 3); echo "${a[@]@Q}" "${a[*]@Q}"; declare -A h=([k]="v w"); echo "${h[@]@Q}"
#--
a=(1 2); local_copy() { local -a c=("$@"); c+=(3); echo "${c[@]}"; }; local_copy "${a[@]}"; echo "${a[@]}"
#--
f() { local -n ref=$1; ref[k]=v; }; declare -A mm; f mm; echo "${mm[k]}"
#--
f() { local arr=("$@"); echo "${#arr[@]}"; }; f; f a "b c" d
#--
a=(1 2 3); echo "${a[-1]}" "${a[-3]}"; echo "${a[-4]}" 2>&1; echo "st=$?"
#--
for i in $((1/0)); do echo $i; done; echo same
echo next $?
#--
echo hi > "${nofile:?missing}"; echo same
echo next $?
#--
set -u; for i in $unset_d; do :; done; echo never
#--
select x in $((1/0)); do break; done; echo same
echo next $?
#--
f() { for i in ${!nope}; do :; done; echo in-f; }; f; echo same
echo next $?
#--
a=(1 2 3); echo "${a[-1]}" "${a[-3]}"; echo "${a[-4]}" 2>&1; echo "st=$?"
#--
a=(1 2); { echo $(( a[@] )); echo $(( a[-5] )); echo "${a[-3]:-d}"; } 2>&1
#--
a=(1 2); x=${a[-3]} 2>&1; echo "st=$? [$x]"
#--
{ a=(1); declare -A a; echo $?; declare -A b; declare -a b; echo $?; declare -A c=([k]=v); declare +A c; echo $?; x=1; declare -A x; declare -p x; y=1; declare -a y; declare -p y; f(){ local -A a; declare -p a; }; f; } 2>&1
#--
declare -a a=(x); declare -A a 2>&1; echo "st=$?"; declare -A b=([k]=v); declare -a b 2>&1; echo "st=$?"
#--
declare -a arr=(1 2); declare -a arr; declare -p arr; declare -A h=([k]=v); declare -A h; declare -p h; local_t() { local -a arr=(9); declare -p arr; }; local_t
#--
declare -A g; declare -p g; f(){ local -A a; declare -p a; declare -A b; declare -p b; local -a c; declare -p c; a[k]=v; declare -p a; }; f; declare -a d; declare -p d
#--
declare -A m; m[k]=v; m[x y]=1; echo "${m[k]} ${m[x y]} ${#m[@]}"; declare -p m
#--
declare -A m; echo "${#m[@]} [${m[@]}] [${!m[@]}]"; m+=([a]=1); echo "${m[a]}"; [[ -v m ]] && echo set || echo unset
#--
declare -A m; for k in "${!m[@]}"; do echo "$k"; done; echo none; key="a b"; m[$key]=1; echo "${!m[@]}"
#--
f() { local -A m; m[$1]=x; echo "${!m[@]}"; }; f "k 1"
#--
declare -A m; m[1+1]=two; echo "${!m[@]}"; declare -A n; n=([1+1]=x); echo "${!n[@]}"
#--
declare -A m; read -r 'm[k]' <<< "val"; echo "${m[k]}"; printf -v 'm[p]' '%s' pv; echo "${m[p]}"
#--
declare -A m; m["a"]+=x; m["a"]+=y; echo "${m[a]}"; declare -iA c; c[n]+=5; c[n]+=2; echo "${c[n]}"
#--
declare -A m; unset 'm[nope]'; echo ok; declare -A m2; echo "${m2[k]:-empty}"
#--
a=(); read -r 'a[2]' b <<< "x y"; declare -p a b; read 'a[1+1]' <<< z; echo "${a[2]}"
#--
read 'bad[' <<< x 2>&1; echo "st=$?"; read '[x]' <<< x 2>&1; echo "st=$?"
