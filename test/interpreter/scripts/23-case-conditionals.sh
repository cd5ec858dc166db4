# case with patterns and extglob, [[ ]] regexes and BASH_REMATCH, test/[.
x=abc; case $x in a*) echo A ;& b*) echo B ;;& *c) echo C ;; *) echo D ;; esac
#--
case "a b" in "a b") echo quoted;; esac; case x in [[:alpha:]]) echo class;; esac; case '*' in \*) echo star;; esac
#--
v=5; case $v in [0-9]|[1-9][0-9]) echo num;; *) echo not;; esac; case "" in "") echo empty;; esac
#--
shopt -s nocasematch; case ABC in abc) echo match;; esac; [[ ABC == abc ]] && echo m2
#--
shopt -s extglob; s="aaa-bbb"; echo "${s//+(a)/X}" "${s/#*(a)/Y}"; [[ $s == +([a-z])-+([a-z]) ]] && echo ok
#--
shopt -s extglob; for w in apple banana cherry; do [[ $w == @(a|c)* ]] && echo "$w"; done; [[ "abc" == ?(a)bc ]] && echo q
#--
[[ "hello123" =~ ^([a-z]+)([0-9]+)$ ]] && echo "${BASH_REMATCH[0]} ${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${#BASH_REMATCH[@]}"
#--
re='^v([0-9]+)\.([0-9]+)\.([0-9]+)$'; for v in v1.2.3 v10.0 1.2.3; do if [[ $v =~ $re ]]; then echo "major=${BASH_REMATCH[1]}"; else echo "no: $v"; fi; done
#--
[[ "a.b" =~ a.b ]] && echo 1; [[ "axb" =~ "a.b" ]] || echo 2; [[ "a.b" =~ "a.b" ]] && echo 3; [[ "x" =~ ^(y)?x$ ]] && echo "4 [${BASH_REMATCH[1]}]"
#--
s="key=value; other=thing"; while [[ $s =~ ([a-z]+)=([a-z]+) ]]; do echo "${BASH_REMATCH[1]} -> ${BASH_REMATCH[2]}"; s=${s#*"${BASH_REMATCH[0]}"}; done
#--
[[ "abc" =~ (x)|(b) ]]; declare -p BASH_REMATCH
#--
[[ "foo" =~ [ ]]; echo "st=$?"; [[ "a" =~ a\|b ]]; echo "st=$?"
#--
[[ -n "" ]] || echo empty; [[ -z "" ]] && echo z; [[ abc < abd ]] && echo lt; [[ 10 -lt 9 ]] || echo numlt; [[ 10 < 9 ]] && echo strlt
#--
x=5; [[ $x -gt 3 && $x -lt 10 ]] && echo range; [[ ! -e nonexist ]] && echo noexist; [[ (1 -eq 1) || (2 -eq 3) ]] && echo paren
#--
[[ "a b" == "a b" ]] && echo 1; v="a*"; [[ "abc" == $v ]] && echo 2; [[ "abc" == "$v" ]] || echo 3
#--
[[ -v HOME ]] && echo v1; unset zz; [[ -v zz ]] || echo v2; a=(1); [[ -v a[0] ]] && echo v3; [[ -v a[5] ]] || echo v4
#--
[[ 0x10 -eq 16 ]] && echo hex; [[ 010 -eq 8 ]] && echo oct; [[ 1+1 -eq 2 ]] && echo expr
#--
touch a.txt; [[ -f a.txt && -r a.txt && ! -d a.txt ]] && echo file; [[ -s a.txt ]] || echo emptyfile; mkdir -p d; [[ -d d ]] && echo dir
#--
[ "a" = "a" -a "b" = "b" ] && echo and; [ "a" = "b" -o 1 -eq 1 ] && echo or; [ ! -n "" ] && echo not
#--
[ -z ]; echo $?; [ -n ]; echo $?; [ ]; echo $?; [ x ]; echo $?; test; echo $?
#--
[ 1 -eq 1 ] && [ 2 -ne 3 ] && echo ok; [ "abc" \< "abd" ] && echo lt; [ a == a ] && echo eqeq
#--
[ 1 = 1 ] ]; echo $? ; [ 1 -eq ]  2>&1; echo $?; [ -x ] ; echo $?
#--
shopt -s extglob
for f in foo.txt bar.log baz.tmp qux; do case $f in *.@(txt|log)) echo "text $f";; !(*.*)) echo "noext $f";; *) echo "other $f";; esac; done
#--
[[ "foo" =~ [ ]]; echo "st=$?"; [[ "foo" =~ [ || 1 -eq 1 ]]; echo "st=$?"; [[ ! "foo" =~ [ ]]; echo "st=$?"; [[ "foo" =~ [ && 1 -eq 1 ]]; echo "st=$?"
#--
{ [ 1 = 1 ] ]; echo $?; test a b c d; test a = b -x; [ 1 -eq ]; [ -x ]; echo $?; } 2>&1
