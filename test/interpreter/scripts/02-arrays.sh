a=(one two three); echo "${a[0]}" "${a[2]}" "${a[-1]}" "${#a[@]}" "${#a[1]}"
#--
a=(x y z); a[5]=w; echo "${#a[@]}" "${!a[@]}" "${a[@]}"
#--
a=(1 2 3); a+=(4 5); a[1]+=0; echo "${a[@]}"
#--
a=(a b c d e); echo "${a[@]:1:2}" "|" "${a[@]: -2}" "|" "${a[*]:3}"
#--
a=(a b c); unset 'a[1]'; echo "${#a[@]}" "${!a[@]}"; a+=(d); echo "${!a[@]}"
#--
a=("a b" c); for x in "${a[@]}"; do echo "[$x]"; done; for x in ${a[@]}; do echo "<$x>"; done
#--
a=("a b" c); IFS=,; echo "${a[*]}"; echo "${a[@]}"; unset IFS; echo "${a[*]}"
#--
a=(foo bar baz); echo "${a[@]/a/A}" "|" "${a[@]#b}" "|" "${a[@]^}" "|" "${a[@]%?}"
#--
declare -A h; h[k1]=v1; h[k2]=v2; h["with space"]=v3; for k in "${!h[@]}"; do echo "$k=${h[$k]}"; done | sort
#--
declare -A h=([a]=1 [b]=2); unset 'h[a]'; echo "${#h[@]}" "${!h[@]}"; h[c]=3; echo "${h[@]}" | tr ' ' '\n' | sort | tr '\n' ' '; echo
#--
declare -A h; h[x]=1; [[ -v h[x] ]] && echo has; [[ -v h[y] ]] || echo no; echo "${h[y]-missing}"
#--
a=(); a[3]=c; a[1]=a; echo "${a[@]}"; echo "${!a[@]}"; a=("${a[@]}"); echo "${!a[@]}"
#--
a=(1 2 3); i=1; echo "${a[i]}" "${a[i+1]}" "${a[$i]}" "${a[-i]}"
#--
a=(x y); b=("${a[@]}" z); echo "${#b[@]}" "${b[*]}"; c=${a[@]}; echo "$c"
#--
s="a:b:c"; IFS=: read -ra parts <<< "$s"; echo "${#parts[@]}" "${parts[1]}"
#--
a=(3 1 2); readarray -t sorted < <(printf '%s\n' "${a[@]}" | sort); echo "${sorted[@]}"
#--
mapfile -t lines <<'X'
one
two
three
X
echo "${#lines[@]}" "${lines[2]}"
#--
printf 'a\nb\nc\nd\n' > f; mapfile -s 1 -n 2 arr < f; printf '[%s]' "${arr[@]}"; echo
#--
a=(zero one two); echo "${a}"; a=new; echo "${a[@]}"
#--
declare -a arr=([2]=two [0]=zero); echo "${arr[@]}" "${#arr[@]}"
#--
a=(a b c); echo "${a[@]@Q}"; echo "${#a[*]}"; unset a; echo "${#a[@]}"
#--
a=(1 2 3 4 5 6); echo $(( ${a[2]} + a[3] * 2 )); (( a[0] += 10 )); echo "${a[0]}"
#--
declare -A m=([x]=1); m[x]+=2; echo "${m[x]}"; declare -i n2=1; n2+=2; echo "$n2"
#--
k=key; declare -A m; m[$k]=val; m[${k}2]=v2; echo "${m[key]}" "${m[key2]}"
#--
a=(x y z); for i in "${!a[@]}"; do echo "$i:${a[$i]}"; done
#--
a=(a b); a[-1]=B; echo "${a[@]}"; (a[-5]=z) 2>/dev/null; echo "st=$?"
#--
declare -A h=([b]=2 [a]=1 [c]=3); for k in $(printf '%s\n' "${!h[@]}" | sort); do printf '%s ' "${h[$k]}"; done; echo
#--
a=( $(echo "p q r") ); echo "${#a[@]}"; a=( "$(echo "p q r")" ); echo "${#a[@]}"
#--
a=(*.none); echo "${#a[@]}" "${a[0]}"; shopt -s nullglob; b=(*.none); echo "${#b[@]}"
#--
set -- x y z; a=("$@"); echo "${a[1]}"; a=("$*"); echo "${#a[@]}"
#--
a=(1 2 3); unset a[0]; echo "${a[@]}"; unset a; a[0]=only; echo "${a[@]}"
#--
arr=(apple banana cherry); echo "${arr[@]:0:1}" "${arr[1]:1:3}" "${#arr[2]}"
#--
x=(one); x[1]=two; declare -p x
#--
declare -A m=(["a b"]=1 [c]=2); declare -p m 2>/dev/null | wc -l; echo "${m["a b"]}"
#--
a=([1]=b [0]=a); a=("${a[@]}" c); printf '%s,' "${a[@]}"; echo
#--
declare -a a; a+=(x); a+=y; echo "${a[@]}" "${a[0]}"
#--
a=(aa bb cc); echo "${a[@]//?/-}"; echo "${a[@]:1}"
