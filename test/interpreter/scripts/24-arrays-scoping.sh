# Indexed and associative arrays (sparse, negative indices, unset), local/declare scoping, declare -p.
a=(1 2 3); a[10]=x; echo "${#a[@]} ${!a[*]}"; a+=(y); echo "${!a[@]}"; unset 'a[1]'; echo "${a[@]}" "${!a[@]}"
#--
a=(a b c d); echo "${a[-1]} ${a[-2]}"; a[-1]=Z; echo "${a[@]}"; unset 'a[-1]'; echo "${a[@]}" "${#a[@]}"
#--
a=(x y z); unset a[0]; echo "${a[0]-unset}" "${a[@]}"; a=("${a[@]}"); echo "${a[0]}" "${!a[@]}"
#--
declare -a a=(1 2); declare -p a; declare -A h=([k]=v [a b]=c); declare -p h
#--
x=5; declare -p x; declare -i n=3; declare -p n; declare -r r=1; declare -p r; export e=2; declare -p e
#--
declare -x -i both=7; declare -p both; declare -l low=ABC; declare -u up=abc; declare -p low up; echo "$low $up"
#--
declare -a empty=(); declare -p empty; declare -A eh=(); declare -p eh; declare decl; declare -p decl
#--
s='has "quotes" and $dollar'; declare -p s; t=$'new\nline'; declare -p t; u="back\\slash"; declare -p u
#--
a=("with space" 'sq'"'"'x' $'tab\t'); declare -p a
#--
f() { local x=inner; g; }; g() { echo "g sees $x"; }; x=outer; f; echo "after $x"
#--
f() { local x; echo "[${x-unset}]"; x=1; declare -p x; }; f; declare -p x 2>&1
#--
f() { local -a arr=(1 2); local -A m=([k]=v); declare -p arr m; }; f
#--
f() { declare x=local; declare -g y=global; }; f; echo "[${x-unset}] [$y]"
#--
counter=0; inc() { counter=$((counter+1)); }; for i in 1 2 3; do inc; done; echo $counter
#--
f() { local IFS=,; echo "$*"; }; f a b c; echo "$IFS" | od -c | head -1
#--
f() { local v="$1"; shift; echo "$v / $*"; }; f one two three
#--
outer() { local v=o; inner; echo "outer: $v"; }; inner() { v=changed; }; outer; echo "global: ${v-unset}"
#--
f() { local -n r=$1; r+=(added); }; arr=(x); f arr; echo "${arr[@]}"
#--
f() { local x=1; unset x; echo "[${x-unset}]"; }; x=g; f; echo "$x"
#--
f() { local x=1; g; }; g() { unset x; echo "g: [${x-unset}]"; }; x=global; f; echo "$x"
#--
declare -i i=5; i+=3; echo $i; i="2*3"; echo $i; i=abc; echo $i
#--
declare -u U; U=hello; echo $U; U+=" world"; echo "$U"; declare -l L="MiXeD"; echo $L
#--
readonly RO=1; (RO=2) 2>&1; echo "st=$?"; unset RO 2>&1; echo "st=$?"
#--
declare -A m; m[one]=1; m[two]=2; unset 'm[one]'; echo "${!m[@]} ${#m[@]}"; m+=([three]=3); echo "${m[three]}"
#--
declare -A m=([x]=1); echo "${m[y]-none}"; [[ -v m[x] ]] && echo has; [[ -v m[y] ]] || echo nothas
#--
a=(3 1 2); IFS=$'\n' sorted=($(sort <<<"${a[*]}")); unset IFS; echo "${sorted[@]}"
#--
a=(a b c); for i in "${!a[@]}"; do echo "$i:${a[i]}"; done; echo "${a[@]:1}" "${a[*]:0:1}"
#--
arr=(); arr+=("x y"); arr+=(z); echo "${#arr[@]}"; printf '<%s>' "${arr[@]}"; echo
#--
a=(1 2 3); b=("${a[@]}"); b[0]=9; echo "${a[0]} ${b[0]}"; c=${a[@]}; echo "$c"
#--
a=(x y); echo "${a}" "${a[0]}" "$a"; a=z; echo "${a[@]}"
#--
declare -a nums=(5 3 8); max=${nums[0]}; for n in "${nums[@]}"; do (( n > max )) && max=$n; done; echo $max
#--
a=([2]=b [0]=a); a[1]=m; echo "${a[*]}"; declare -p a
#--
declare -A h; h["key with spaces"]=1; h[k2]=2; for k in "${!h[@]}"; do echo "[$k]"; done | sort
#--
a=(1 2 3 4 5); echo "${a[@]:1:-1}" 2>&1; echo "${a[@]: -3:2}"
#--
unset a; a[3]=x; echo "${#a[@]} ${a[3]} ${!a[@]}"; a=(); echo "${#a[@]}"
#--
x=(a b); x[1]+=c; x+=(d); echo "${x[@]}"; s=str; s+=ing; echo "$s"; declare -i n=1; n+=1; echo $n
#--
a=(1 2); declare -p a | sed 's/declare -a //'; b=$(declare -p a); eval "${b/a=/c=}"; echo "${c[@]}"
#--
declare -A m=([a]=1 [b]=2); for k in "${!m[@]}"; do unset "m[$k]"; done; echo "${#m[@]}"
#--
f() { declare -p FUNCNAME 2>/dev/null | head -c 20; echo; local -; set -e; }; f; echo "e? $-" | grep -c e
#--
declare -f nope; echo "st=$?"; f() { :; }; declare -F f; declare -F; typeset -f f
#--
f() { declare -p FUNCNAME BASH_SOURCE BASH_LINENO; }; f 2>&1
#--
declare -p FUNCNAME BASH_SOURCE BASH_LINENO 2>&1
#--
declare -p LINENO 2>&1; declare -p BASH_SUBSHELL PIPESTATUS 2>&1 | head -2
#--
f() { echo "${FUNCNAME[@]}"; echo "${#FUNCNAME[@]}"; }; f
