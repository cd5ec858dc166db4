set -- "a b" c; for x in "$@"; do echo "[$x]"; done; for x in $@; do echo "<$x>"; done
#--
set -- "a b" c; for x in "$*"; do echo "[$x]"; done; IFS=:; echo "$*"; IFS=; echo "$*"
#--
set -- a b; IFS=; for x in $*; do echo "[$x]"; done; x="$@"; echo "$x"
#--
v="a:b::c:"; IFS=:; for f in $v; do echo "[$f]"; done
#--
v=" a  b "; IFS=" "; set -- $v; echo $#; IFS=" :"; v=" a : b :: c "; set -- $v; echo $#; printf '[%s]' "$@"; echo
#--
v="a,b,,c"; IFS=,; set -- $v; echo $#; printf '<%s>' "$@"; echo
#--
IFS=; v="a b c"; set -- $v; echo $#
#--
unset IFS; v=$'a\tb\nc  d'; set -- $v; echo $#
#--
IFS=x; v=axbxxc; echo $v; set -- $v; echo $#; echo "$*"
#--
set --; for x in "$@"; do echo never; done; echo "[$*]" "[$@]" $#
#--
set -- "" ""; echo $#; set -- $@; echo $#; set -- "" ""; a=("$@"); echo ${#a[@]}
#--
e=""; set -- $e; echo $#; set -- "$e"; echo $#; set -- ${e}x; echo $#
#--
v="1 2 3"; a=($v); echo ${#a[@]}; IFS=; b=($v); echo ${#b[@]}
#--
read -r a b c <<< "one two three four"; echo "$a|$b|$c"
#--
IFS=: read -r a b <<< "x:y:z"; echo "$a|$b"; IFS=: read -r a b <<< "x:"; echo "$a|$b|"
#--
IFS=' ' read -r a <<< "   lead and trail   "; echo "[$a]"; IFS= read -r a <<< "   keep   "; echo "[$a]"
#--
set -- a b c; IFS=-; echo "${*}" "${@}"; x="${*}"; echo "$x"; unset IFS
#--
f() { echo $#; }; set -- "a b" "c d"; f "$@"; f $@; f "$*"; f $*; f "${@}x"
#--
v='a  b'; echo $v; echo "$v"; echo ${v}; echo "${v}"
#--
IFS=:; v="a:b"; echo $v "$v"; w=($v); echo ${#w[@]}; unset IFS
#--
x="*"; touch f1 f2; echo $x; echo "$x"; set -f; echo $x; set +f
#--
v=$'a\n\nb'; set -- $v; echo $#; IFS=$'\n'; set -- $v; echo $#
#--
IFS=' ,'; v='a , b,c ,  d'; for w in $v; do printf '[%s]' "$w"; done; echo
#--
s="x  y"; arr=( $s "$s" ); echo ${#arr[@]}
#--
echo $(printf 'a b\nc'); echo "$(printf 'a b\nc')"
