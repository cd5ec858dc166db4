# $? as scripts capture it, declare/local/readonly listings and attributes, namerefs (elements, self references).
false; echo "$?"; false; x="$?"; echo "$x"; false; y=${?}; echo "$y"; false; arr=($?); echo "${arr[0]}"
#--
false; if [ $? -ne 0 ]; then echo failed; fi; true; [ $? -eq 0 ] && echo ok
#--
grep -q nothing /dev/null; status=$?; if [ "$status" -eq 1 ]; then echo "no match ($status)"; fi
#--
false
ret=$?
echo "ret=$ret"
#--
f() { return 3; }; f; local_rc=$?; echo $local_rc; f || rc2=$?; echo "${rc2:-none}"
#--
x=5; x=$((x + $?)); echo $x; false; y=$(( $? + 10 )); echo $y
#--
false; declare -i n=$?; echo $n; false; readonly R=$?; echo $R
#--
false; echo "$? $?"; false; echo $? && echo $?
#--
(exit 3); a=$? b=$?; echo $a $b; (exit 4); c=$?; (exit 5); echo $c $?
#--
false; for i in 1; do echo "in loop $?"; done; false; while [ $? -ne 0 ]; do echo once; break; done
#--
false; case $? in 1) echo one;; esac; false; [[ $? == 1 ]] && echo eq
#--
v=$(exit 2); echo $?; v="$(exit 3)"; echo "$?"; v=$(exit 4)$(exit 0); echo $?
#--
false | true; echo "${PIPESTATUS[@]} $?"; true | false; rc=${PIPESTATUS[1]}; echo $rc
#--
set -- a b; false; echo "$# $?"; shift; echo $?
#--
f() { echo $?; }; false; f; g() { local x=$?; echo $x; }; (exit 6); g
#--
false; trap 'echo trap sees $?' EXIT; exit
#--
declare -ai ia=(1 2 3); declare -p ia; declare -n nr=ia; declare -p nr; declare -rx rx=1; declare -p rx
#--
declare -A h=([b]=2 [a]=1); declare -r h; declare -p h; export -a 2>&1 | head -1
#--
f() { local -i n=5; local -a a=(x); local -A m=([k]=v); local s="str"; local -p; }; f
#--
f() { local a b=2; local; }; f
#--
x=1; export x; export -p | grep ' x='; declare +x x; export -p | grep -c ' x='
#--
declare -i n=010; echo $n; n=0x10; echo $n; n="2#101"; echo $n; n=" 7 "; echo $n
#--
declare -l l=ABC; l+=DEF; echo $l; declare -u u; u=abc; u+=def; echo $u
#--
declare -x ex=1; bash -c 'echo "child sees ${ex-none}"'; declare +x ex; bash -c 'echo "child sees ${ex-none}"'
#--
export arr=(1 2); bash -c 'echo "arr=${arr-unset}"'; declare -p arr
#--
f() { echo fn; }; export -f f; bash -c f; export -nf f; bash -c 'type -t f || echo gone'
#--
v=1; declare -n ref=v; declare -p ref; declare +n ref; declare -p ref; echo $ref
#--
declare -n ref=target; target=val; echo $ref; unset -n ref; echo "${ref-unset}" $target
#--
a=(x y); declare -n r=a; echo "${r[1]}" "${#r[@]}"; r[2]=z; echo "${a[@]}"
#--
declare -n r="arr[1]"; arr=(p q r); echo "$r"; r=Q; echo "${arr[@]}"
#--
declare -n r="arr[1]"; arr=(p q r); echo "$r"; r=Q; echo "${arr[@]}"; r+=x; echo "${arr[1]}"
#--
declare -A h=([k]=v); declare -n hr='h[k]'; hr=new; echo "${h[k]}"; i=2; declare -n ir='a[i]'; a=(0 1 2); ir=two; echo "${a[@]}"
#--
f() { local -n out=$1; out=result; }; declare -a res=(x y); f 'res[1]'; echo "${res[@]}"
#--
declare -n self=self 2>&1; echo st=$?; declare -p self 2>&1
#--
f() { local -i n=5; local -a a=(x); local -A m=([k]=v); local s="str"; local -p; local; }; f
#--
a=(1 "b c"); s="x y"; declare -A h=([k]=v); declare -i n=3; declare | grep -E "^(a|s|h|n)="; set | grep -E "^(a|s|h|n)="; f() { :; }; declare | grep -A3 "^f ()"
