x=hello; echo "${x:-d}" "${y:-d}" "${y-d}"; y=; echo "[${y:-d}]" "[${y-d}]"
#--
unset v; echo "${v:=set}"; echo "$v"; w=; echo "[${w=kept}]" "[${w:=now}]"
#--
a=1; echo "[${a:+alt}]" "[${b:+alt}]"; b=; echo "[${b+alt}]" "[${b:+alt}]"
#--
(: "${nope:?custom message}"); echo "st=$?"
#--
(x=; : "${x?}"); echo "st=$?"; (x=; : "${x:?}"); echo "st=$?"
#--
s=abcdef; echo "${#s}" "${s:2}" "${s:2:3}" "${s: -2}" "${s:(-4):2}" "${s:1:-1}"
#--
s=abcdef; echo "[${s:10}]" "[${s:0:0}]" "${s: -10:3}x"
#--
p=/usr/local/lib/file.tar.gz; echo "${p#*/}" "${p##*/}" "${p%.*}" "${p%%.*}"
#--
p=aXbXcX; echo "${p#a*X}" "${p##a*X}" "${p%X*}" "${p%%X*}" "${p#nomatch}"
#--
s="hello world hello"; echo "${s/hello/bye}" "|" "${s//hello/bye}" "|" "${s/#hello/H}" "|" "${s/%hello/H}"
#--
s=aaa; echo "${s//a/b}" "${s/a}" "${s//a}" "${s//?/x}" "${s/*/all}"
#--
s="a.b.c"; echo "${s//[.]/_}" "${s//./-}"
#--
s=abc; r=X; echo "${s/b/$r}"
#--
s="Hello World"; echo "${s^}" "${s^^}" "${s,}" "${s,,}"
#--
s=banana; echo "${s^^a}" "${s^^[an]}" "${s,,[A-Z]}"
#--
s=abc; echo "${s@U}" "${s@u}" "${s@L}"; t='it'"'"'s here'; echo "${t@Q}"
#--
a=(x 'y z' ''); echo "${a[@]@Q}"; n=5; declare -i n; echo "${n@a}"
#--
s='a\tb'; echo "${s@E}"; p='[\u]'; echo "${#p}"
#--
x=1; y=x; echo "${!y}"; arr=(a b c); r='arr[1]'; echo "${!r}"
#--
foo_a=1; foo_b=2; foo_c=3; echo "${!foo_@}"; echo "${!foo_*}"
#--
a=(p q r); echo "${!a[@]}"; declare -A h=([one]=1); echo "${!h[@]}"
#--
set -- a b c d e; echo "${@:2}" "|" "${@:2:2}" "|" "${*: -2}" "|" "${#}"
#--
set -- one two three; echo "${#1}" "${#@}" "${@: -1}" "${!#}"
#--
x=abc; echo "${x:1:1}${x::1}"; unset x; echo "[${x:0:2}]"
#--
v="  spaced  out  "; echo "[${v}]" "[$v]"; echo "[${v# }]" "[${v%% }]"
#--
s=path/to/file; echo "${s//\//:}" "${s/#path/P}" "${s/%file/F}"
#--
s=aAbB; echo "${s//[[:upper:]]/_}" "${s//[[:lower:]]}"
#--
x=5; echo "${x:-$((x+1))}" "${unset_var:-$((2*3))}" "${unset_var:-"a b"}"
#--
x=''; echo "${x:-'quoted default'}" "${x:-"dq $((1+1))"}"
#--
unset a; echo "${#a}" "${a[@]:-empty}"; a=(); echo "${#a[@]}" "${a[@]:-empty}"
#--
s=hello; echo "${s:1:2}" "${s:$((1+1))}" "${s: $(echo 1)}"
#--
x=value; echo ${x/#/pre-} ${x/%/-post}
#--
f() { echo "${1:-none}" "${2-unset}" "$#"; }; f; f "" ; f a b
#--
s='*.txt'; touch a.txt b.txt; echo ${s}; echo "${s}"; echo ${s#\*}
#--
v=abc; echo ${v:+"yes $v"} ${nov:-"no value"}
#--
echo "${UNSET_VAR_X-default with spaces}" | wc -w
#--
s="a-b-c"; IFS=-; echo ${s}; echo "${s}"; unset IFS; echo ${s//-/ }
#--
n=12345; echo "${n:0:2}" "${n: -3:2}" $(( ${#n} * 2 ))
#--
declare -A m=([a]=1 [b]=2); echo "${m[a]:-x}" "${m[z]:-x}" "${#m[@]}"
#--
s="x y"; set -- $s; echo $#; set -- "$s"; echo $#
#--
str="The quick brown fox"; echo "${str// /_}"; echo "${str,,}"; echo "${str//[aeiou]/}"
#--
s=abc; echo "${s:-}" "${s:+}" "[${s#}]"
#--
x=3; echo "${x@A}"; declare -r ro=1; echo "${ro@A}"
#--
v=$'line1\nline2'; echo "${v@Q}"; echo "${#v}"
