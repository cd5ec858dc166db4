# Quoting as bash prints it (printf %q, @Q, declare -p), nested quotes in $( ), here-document bodies.
for s in "plain" "with space" "it's" 'dq"in' 'back\slash' '$dollar' '`bt`' 'semi;colon' 'amp&' 'pipe|' 'star*' 'q?' '[br]' '{br}' '~tilde' 'a~b' '#hash' 'a#b' '=eq' '!bang' '^caret' '%pct' ',comma' '@at' '+plus' 'tab	in' $'nl\nin' $'\x01ctl' $'\e' 'é' ''; do printf '%q|' "$s"; done; echo
#--
for s in "plain" "with space" "it's" 'dq"in' 'back\slash' '$dollar' '!bang' $'nl\nin' $'\x01ctl' 'é' ''; do v=$s; echo "${v@Q}"; done
#--
for s in "with space" "it's" 'dq"in' 'back\slash' '$dollar' $'nl\nin' $'tab\t' $'\x01' 'é'; do v=$s; declare -p v; done
#--
a=("it's" 'dq"' $'nl\n' 'sp ace' ''); declare -p a; echo "${a[@]@Q}"
#--
declare -A h=(["it's"]=1 ['a b']=2 [$'n\nl']=3); declare -p h | tr '\n' '~'; echo
#--
s='a\tb'; echo "${s@E}"; t=$'x\ty'; echo "${t@Q}"; u='$(echo hi)'; echo "${u@Q}"
#--
v="x"; echo "${v@A}"; declare -i n=5; echo "${n@A}" "${n@a}"; a=(1 2); echo "${a@a}" "${a[@]@A}"
#--
set -- "a b" c; echo "${@@Q}"; echo "${*@Q}"; printf '%s\n' "${@@Q}"
#--
x='single'"'"'quote'; printf '%q\n' "$x"; eval "y=$(printf '%q' "$x")"; [[ $x == "$y" ]] && echo roundtrip
#--
for s in "a b" $'c\nd' "e'f"; do q=$(printf '%q' "$s"); eval "r=$q"; [[ $r == "$s" ]] && echo ok; done
#--
echo "${x:-$(echo "nested \"quotes\"")}"; echo "$(echo '$(not)' "$(echo inner)")"
#--
a="$(printf '%s' "x y")"; b=$(printf '%s' "x  y"); echo "[$a] [$b]" [$b]
#--
echo "$(echo "a
b" | wc -l)"; echo $(echo "a
b")
#--
x='$HOME'; echo "$x" '$x' "\$x" \$x; eval echo "$x" | grep -c /
#--
echo "a\"b" 'a"b' "a'b" 'a'\''b' $'a\'b' "a\\b" 'a\\b'
#--
echo "tab:	:" 'nl:
:' "$(printf 'x\ty')"
#--
v="a b  c"; echo $v; echo "$v"; printf '[%s]' $v; echo; printf '[%s]' "$v"; echo
#--
f() { printf '[%s]' "$@"; echo; }; v="one two"; f $v; f "$v"; f "${v}"x; f ${v}x; f "" ''; f
#--
echo ${undefined}x "${undefined}"x; set -- ; echo "[$@]" "[$*]"; f() { echo $#; }; f "$@"; f "$*"
#--
IFS=; v="a b"; set -- $v; echo $#; unset IFS; IFS=' '; w=" lead trail "; set -- $w; echo $#
#--
echo `echo \$HOME | grep -c /` `echo '\`'`; echo "`echo "in bt"`"
#--
echo $(( $(echo 2) * $(echo 3) )) "$(( 1 + $(echo 4) ))"
#--
cat <<EOF
$(echo cs) `echo bt` $((1+1)) ${x:-def} \$ \` \\ "dq" 'sq'
EOF
#--
cat <<'EOF'
$(echo cs) `echo bt` $((1+1)) \$ 
EOF
#--
cat <<"EOF"
"quoted delim" $x
EOF
#--
x=val; cat <<E\OF
partially quoted $x
EOF
#--
cat <<EOF
line1 \
continued
EOF
