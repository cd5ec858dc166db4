s=a.b.c; echo "${s//./\/}" "${s/b/\&}" ${s//./-}
#--
s=abc; echo "${s/b/<&>}"
#--
IFS=:; set -- a:b c; x=$*; echo "$x"
#--
s=abc; echo "${s:1:-5}"; echo "st=$?"
#--
shopt -s failglob; echo nomatch*; echo after
#--
declare -r R=1; R=2; echo never
#--
(( 1/0 )); echo "st=$?"
#--
declare -i -A n=([x]=1); n[x]+=2; echo "${n[x]}"
#--
set -e; { false && :; }; echo ok; for i in 1; do false && :; done; echo ok2
#--
set -u; a=(); echo "${a[@]}" end
#--
echo abc > r.txt; z=$(< r.txt); echo "[$z]"
#--
echo a > >(cat); wait; echo b
#--
printf '' | { select x in a b; do :; done; echo "st=$?"; } 2>/dev/null
#--
x=1; x=2 eval 'echo $x'; echo $x; v=keep; v=temp :; echo $v
#--
a=(1 2 3); echo "${a[@]/2/<&>}"; s=x.y; echo "${s/./\\.}"
#--
declare -A h; h[x]=1; h[y]=2; h[abc]=3; h[zz]=4; echo "${!h[@]}"; echo "${h[@]}"; for k in "${!h[@]}"; do echo "$k=${h[$k]}"; done
#--
declare -A m=([one]=1 [two]=2 [three]=3); echo ${m[@]@K}; declare -A e; echo "${e[k]:=v}"; declare -p e
#--
set -x; x=$(echo in); y='a b'; echo "$x" $y; z=1 true; echo $(echo $(echo deep)) 2>&1
#--
f(){ echo from-f; }; export -f f; printf 'f\n' > s.sh; chmod +x s.sh; ./s.sh; bash -c f; g(){ echo g; }; bash -c g; echo "st=$?"
#--
shopt -s failglob; echo *.nonexistent; echo "exit:$?"
#--
shopt -s failglob
echo *.nonexistent
echo "exit:$?"
#--
shopt -s failglob
f() { echo *.nope; echo in-f; }
f; echo same-line
echo next "$?"
#--
shopt -s failglob
(echo *.nope; echo sub)
echo after $?
#--
return; echo "st=$?"; return 5; echo "st=$?"
#--
s=Hello; echo "${s~~}" "${s~}"; t=aBc; echo ${t~~a}; f() { echo "${s~~}"; }; declare -f f
#--
a=(1 2); echo "${a[@]@A}"; declare -A m=([k]=v); echo "${m[@]@A}"; x=5; echo "${x@A}"; declare -i n=3; echo "${n@A}"
